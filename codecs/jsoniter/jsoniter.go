// Package jsoniter registers github.com/json-iterator/go twice: as the codec
// "jsoniter" with ConfigCompatibleWithStandardLibrary, and as the codec
// "jsoniter-fastest" with ConfigFastest, which writes floats with at most
// six decimal places.
package jsoniter

import (
	jsoniter "github.com/json-iterator/go"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
)

// fastestMargin bounds the absolute error of ConfigFastest's floats: it
// writes float64 values below 0x4ffffff rounded to six decimal places (an
// error of at most 5e-7, plus the rounding of val*1e6 in float64 and of
// the decimal back to binary, up to about 1.2e-8 together just below
// 0x4ffffff: the bsontypes-double workload saw 5.1e-7 at 6.26e7) and
// larger ones exactly. An absolute bound holds for any data, where a
// relative one would not: small values can even come back as 0.
const fastestMargin = 5.2e-7

func init() {
	jsonlib.Register(codec.Info{
		Name:   "jsoniter",
		Module: "github.com/json-iterator/go",
		Notes:  "ConfigCompatibleWithStandardLibrary Marshal/Unmarshal",
	}, jsoniter.ConfigCompatibleWithStandardLibrary.Marshal, jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal)
	jsonlib.Register(codec.Info{
		Name:   "jsoniter-fastest",
		Module: "github.com/json-iterator/go",
		Losses: []codec.Loss{{
			Kind:   codec.FloatPrecision,
			Margin: fastestMargin,
			Detail: "floats below 0x4ffffff written with six decimal places: absolute error up to 5e-7, small values may become 0",
		}, {
			// The six-decimal text of a float32 from 8 to 16, where
			// float32 values are 2^-20 apart, may be nearer the
			// original's neighbour, which a float32 field then gets.
			Kind:   codec.FloatPrecision,
			Margin: 0x1p-20,
			Detail: "float32 values from 8 to 16 may come back one float32 step (2^-20, about 9.5e-7) off, read back from their six-decimal text",
		}},
		Notes: "ConfigFastest Marshal/Unmarshal: floats with six decimal places, no HTML escaping",
		// The floats workload's own values are in [0, 1) and hold no -0;
		// the conformance test's edge values do, and so does the
		// fidelity matrix, where the codec shows FAIL in the -0 columns.
		Expect: []codec.Expectation{{
			Workload: "floats", Kind: codec.ExpectMismatch,
			Why: "writes -0 as 0 (ConfigFastest writes floats with Stream.WriteFloat32Lossy, which writes a minus sign only when val < 0, and -0 is not), which decodes as +0",
		}},
	}, jsoniter.ConfigFastest.Marshal, jsoniter.ConfigFastest.Unmarshal)
}
