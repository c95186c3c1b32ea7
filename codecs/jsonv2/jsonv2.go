// Package jsonv2 registers github.com/go-json-experiment/json, the
// experimental encoding/json/v2 API usable without GOEXPERIMENT=jsonv2, as
// the codec "jsonv2" with the library's default options.
package jsonv2

import (
	"github.com/go-json-experiment/json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
)

func init() {
	jsonlib.Register(codec.Info{
		Name:   "jsonv2",
		Module: "github.com/go-json-experiment/json",
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "nil maps and slices are encoded as {} and [] by default, so they decode as empty",
		}},
		Notes: "json.Marshal/Unmarshal with default (v2) options",
	},
		// json.Marshal and json.Unmarshal take variadic options, so
		// they are wrapped to the plain signatures.
		func(v any) ([]byte, error) { return json.Marshal(v) },
		func(data []byte, v any) error { return json.Unmarshal(data, v) },
	)
}
