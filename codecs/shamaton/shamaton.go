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
		// The library returns []byte values that are subslices of the
		// input (asBin + SetBytes): decoded byte slices alias it.
		Flags: codec.Flags{UnsafeStrings: true},
		Losses: []codec.Loss{{
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded (msgpack timestamp extension -1 holds the instant only) and times are decoded in time.Local, the library's default (SetDecodedTimeAsLocal)",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "integers in interface{} values decode as the Go type of the smallest MessagePack integer format that holds them (int64 7 as uint8, int -300 as int16, uint64 70000 as uint32)",
		}},
		Notes: "msgpack.Marshal/Unmarshal with default options; decoded []byte values alias the input buffer (the library has no option to copy them)",
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, msgpack.Marshal, msgpack.Unmarshal), nil
	}))
}
