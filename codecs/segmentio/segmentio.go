// Package segmentio registers github.com/segmentio/encoding/json, a
// drop-in replacement for encoding/json, as the codec "segmentio-json".
package segmentio

import (
	"github.com/segmentio/encoding/json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
)

func init() {
	jsonlib.Register(codec.Info{
		Name:    "segmentio-json",
		Module:  "github.com/segmentio/encoding",
		Package: "github.com/segmentio/encoding/json",
		Notes:   "json.Marshal/Unmarshal (encoding/json compatible API)",
	}, json.Marshal, json.Unmarshal)
}
