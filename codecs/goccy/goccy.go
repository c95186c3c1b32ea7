// Package goccy registers github.com/goccy/go-json, a drop-in replacement
// for encoding/json, as the codec "goccy-json".
package goccy

import (
	"github.com/goccy/go-json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonloss"
)

func init() {
	codec.Register(codec.NewReflect(codec.Info{
		Name:   "goccy-json",
		Format: "json",
		Module: "github.com/goccy/go-json",
		API:    codec.Reflection,
		Losses: []codec.Loss{jsonloss.InterfaceNumbers},
		Notes:  "json.Marshal/Unmarshal (encoding/json compatible API)",
	}, json.Marshal, json.Unmarshal))
}
