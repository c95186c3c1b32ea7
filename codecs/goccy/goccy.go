// Package goccy registers github.com/goccy/go-json, a drop-in replacement
// for encoding/json, as the codec "goccy-json".
package goccy

import (
	"github.com/goccy/go-json"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "goccy-json",
		Format: "json",
		Module: "github.com/goccy/go-json",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
		}},
		Notes: "json.Marshal/Unmarshal (encoding/json compatible API)",
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, json.Marshal, json.Unmarshal), nil
	}))
}
