// Package jsonv2 registers github.com/go-json-experiment/json, the
// experimental encoding/json/v2 API usable without GOEXPERIMENT=jsonv2, as
// the codec "jsonv2" with the library's default options.
package jsonv2

import (
	"github.com/go-json-experiment/json"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "jsonv2",
		Format: "json",
		Module: "github.com/go-json-experiment/json",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "nil maps and slices are encoded as {} and [] by default, so they decode as empty",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
		}},
		Notes: "json.Marshal/Unmarshal with default (v2) options",
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t,
			func(v any) ([]byte, error) { return json.Marshal(v) },
			func(data []byte, v any) error { return json.Unmarshal(data, v) },
		), nil
	}))
}
