// Package vmsgpack registers github.com/vmihailenco/msgpack/v5, a widely
// used reflection-based MessagePack library, as the codec
// "vmihailenco-msgpack".
package vmsgpack

import (
	"github.com/vmihailenco/msgpack/v5"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.NewReflect(codec.Info{
		Name:   "vmihailenco-msgpack",
		Format: "msgpack",
		Module: "github.com/vmihailenco/msgpack/v5",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded (msgpack timestamp extension -1 holds the instant only) and times are decoded with time.Unix, in time.Local",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "int values in interface{} values are written in the smallest MessagePack integer format and decode as its Go type (int8 to int32, uint8 to uint32); sized integers and floats keep their type",
		}},
		Notes: "msgpack.Marshal/Unmarshal with default options",
	}, msgpack.Marshal, msgpack.Unmarshal))
}
