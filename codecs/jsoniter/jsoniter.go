// Package jsoniter registers github.com/json-iterator/go twice: as the codec
// "jsoniter" with ConfigCompatibleWithStandardLibrary, and as the codec
// "jsoniter-fastest" with ConfigFastest, which writes floats with at most
// six decimal places.
package jsoniter

import (
	jsoniter "github.com/json-iterator/go"

	"github.com/serbench/serbench/codec"
)

// fastestMargin bounds the absolute error of ConfigFastest's floats: it
// writes float64 values below 0x4ffffff rounded to six decimal places (an
// error of at most 5e-7, plus the rounding of the decimal back to binary)
// and larger ones exactly. An absolute bound holds for any data, where a
// relative one would not: small values can even come back as 0.
const fastestMargin = 5.000001e-7

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "jsoniter",
		Format: "json",
		Module: "github.com/json-iterator/go",
		API:    codec.Reflection,
		Notes:  "ConfigCompatibleWithStandardLibrary Marshal/Unmarshal",
	}, func(t codec.Target) (codec.Instance, error) {
		std := jsoniter.ConfigCompatibleWithStandardLibrary
		return codec.Reflect(t, std.Marshal, std.Unmarshal), nil
	}))
	codec.Register(codec.New(codec.Info{
		Name:   "jsoniter-fastest",
		Format: "json",
		Module: "github.com/json-iterator/go",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.FloatPrecision,
			Margin: fastestMargin,
			Detail: "floats below 0x4ffffff written with six decimal places: absolute error up to 5e-7, small values may become 0",
		}},
		Notes: "ConfigFastest Marshal/Unmarshal: floats with six decimal places, no HTML escaping",
	}, func(t codec.Target) (codec.Instance, error) {
		fastest := jsoniter.ConfigFastest
		return codec.Reflect(t, fastest.Marshal, fastest.Unmarshal), nil
	}))
}
