// Package stdjson registers the standard library's encoding/json, the
// baseline every JSON library is compared with.
package stdjson

import (
	"encoding/json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonloss"
)

func init() {
	codec.Register(codec.NewReflect(codec.Info{
		Name:   "json",
		Format: "json",
		Module: "std",
		API:    codec.Reflection,
		Losses: []codec.Loss{jsonloss.InterfaceNumbers},
		Notes:  "encoding/json Marshal/Unmarshal",
	}, json.Marshal, json.Unmarshal))
}
