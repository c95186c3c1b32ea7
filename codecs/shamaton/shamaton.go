// Package shamaton registers github.com/shamaton/msgpack/v2, a fast
// reflection-based MessagePack library, as the codec "shamaton-msgpack".
package shamaton

import (
	"github.com/shamaton/msgpack/v2"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "shamaton-msgpack",
		Format: "msgpack",
		Module: "github.com/shamaton/msgpack/v2",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded (msgpack timestamp extension -1 holds the instant only) and times are decoded in time.Local, the library's default (SetDecodedTimeAsLocal)",
		}},
		Notes: "msgpack.Marshal/Unmarshal with default options",
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, msgpack.Marshal, msgpack.Unmarshal), nil
	}))
}
