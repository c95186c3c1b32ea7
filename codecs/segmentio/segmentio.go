// Package segmentio registers github.com/segmentio/encoding/json, a
// drop-in replacement for encoding/json, as the codec "segmentio-json".
package segmentio

import (
	"github.com/segmentio/encoding/json"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "segmentio-json",
		Format:  "json",
		Module:  "github.com/segmentio/encoding",
		Package: "github.com/segmentio/encoding/json",
		API:     codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
		}},
		Notes: "json.Marshal/Unmarshal (encoding/json compatible API)",
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, json.Marshal, json.Unmarshal), nil
	}))
}
