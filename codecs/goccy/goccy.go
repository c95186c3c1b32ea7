// Package goccy registers github.com/goccy/go-json, a drop-in replacement
// for encoding/json, as the codec "goccy-json".
package goccy

import (
	"github.com/goccy/go-json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
)

func init() {
	jsonlib.Register(codec.Info{
		Name:   "goccy-json",
		Module: "github.com/goccy/go-json",
		Notes:  "json.Marshal/Unmarshal (encoding/json compatible API)",
	}, json.Marshal, json.Unmarshal)
}
