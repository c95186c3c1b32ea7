// Package stdjson registers the standard library's encoding/json, the
// baseline every JSON library is compared with.
package stdjson

import (
	"encoding/json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
)

func init() {
	jsonlib.Register(codec.Info{
		Name:   "json",
		Module: "std",
		Notes:  "encoding/json Marshal/Unmarshal",
	}, json.Marshal, json.Unmarshal)
}
