// Package segmentio registers github.com/segmentio/encoding/json, a
// drop-in replacement for encoding/json, as the codec "segmentio-json".
package segmentio

import (
	"github.com/segmentio/encoding/json"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonloss"
)

func init() {
	codec.Register(codec.NewReflect(codec.Info{
		Name:    "segmentio-json",
		Format:  "json",
		Module:  "github.com/segmentio/encoding",
		Package: "github.com/segmentio/encoding/json",
		API:     codec.Reflection,
		Losses:  []codec.Loss{jsonloss.InterfaceNumbers},
		Notes:   "json.Marshal/Unmarshal (encoding/json compatible API)",
	}, json.Marshal, json.Unmarshal))
}
