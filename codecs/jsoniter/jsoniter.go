// Package jsoniter registers github.com/json-iterator/go twice: as the codec
// "jsoniter" with ConfigCompatibleWithStandardLibrary, and as the codec
// "jsoniter-fastest" with ConfigFastest, which writes floats with at most
// six decimal places.
package jsoniter

import (
	jsoniter "github.com/json-iterator/go"

	"github.com/serbench/serbench/codec"
)

// fastestEpsilon is the smallest relative error bound that holds for
// ConfigFastest on the person workload's default values, measured: every
// Money value loses digits, at most 4.97e-7 in absolute terms, and the worst
// relative error is that of the smallest value, 4.2759929113433964e-05,
// written as 4.3e-05. The bound is relative to the smaller of the two values,
// as verify compares them; the next smaller float64 does not hold. Other
// seeds or counts make smaller values, with larger relative errors.
const fastestEpsilon = 0.005614389255163989

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
			Kind:    codec.FloatPrecision,
			Epsilon: fastestEpsilon,
			Detail:  "MarshalFloatWith6Digits writes float64 values below 0x4ffffff with six decimal places (absolute error up to 5e-7); relative error up to 0.56% on the default person values",
		}},
		Notes: "ConfigFastest Marshal/Unmarshal: floats with six decimal places, no HTML escaping",
	}, func(t codec.Target) (codec.Instance, error) {
		fastest := jsoniter.ConfigFastest
		return codec.Reflect(t, fastest.Marshal, fastest.Unmarshal), nil
	}))
}
