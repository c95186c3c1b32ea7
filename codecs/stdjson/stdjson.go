// Package stdjson registers the standard library's encoding/json, the
// baseline every JSON library is compared with.
package stdjson

import (
	"encoding/json"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "json",
		Format: "json",
		Module: "std",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
		}},
		Notes: "encoding/json Marshal/Unmarshal",
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, json.Marshal, json.Unmarshal), nil
	}))
}
