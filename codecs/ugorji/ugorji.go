// Package ugorji registers github.com/ugorji/go/codec, one library with
// five formats, as the codecs "ugorji-msgpack", "ugorji-cbor",
// "ugorji-binc", "ugorji-simple" and "ugorji-json".
//
// As the library documents, each Handle is created and configured once, at
// init, and never modified afterwards; every Encode and Decode call makes a
// new Encoder or Decoder on the handle with NewEncoderBytes or
// NewDecoderBytes.
package ugorji

import (
	"time"

	ugcodec "github.com/ugorji/go/codec"

	"github.com/serbench/serbench/codec"
)

const module = "github.com/ugorji/go/codec"

// The handles, configured at init and read-only afterwards (the library
// requires that a handle is not modified once used).
var (
	msgpackHandle = &ugcodec.MsgpackHandle{}
	cborHandle    = &ugcodec.CborHandle{}
	bincHandle    = &ugcodec.BincHandle{}
	simpleHandle  = &ugcodec.SimpleHandle{}
	jsonHandle    = &ugcodec.JsonHandle{}
)

// signInterfaceTypes is the loss of the cbor, binc and simple handles: with
// default options (SignedInteger false), integers decode into interface{}
// as uint64 or int64 by sign, and floats as float64.
var signInterfaceTypes = codec.Loss{
	Kind:   codec.InterfaceTypes,
	Detail: "numbers in interface{} values decode as uint64 when non-negative integers, int64 when negative, and float64 when floats (float32 included)",
}

func init() {
	// WriteExt selects the current MessagePack spec (str8, bin and ext
	// types, time as the timestamp extension -1) instead of the old spec,
	// as needed to interoperate with other MessagePack implementations;
	// RawToString decodes raw bytes into interface{} values as strings
	// (it does not affect typed struct fields).
	msgpackHandle.WriteExt = true
	msgpackHandle.RawToString = true

	register("ugorji-msgpack", "msgpack", msgpackHandle, []codec.Loss{{
		Kind:   codec.TimeZone,
		Detail: "the UTC offset is not encoded (msgpack timestamp extension -1 holds the instant only) and times are decoded in UTC",
	}, {
		Kind:   codec.InterfaceTypes,
		Detail: "numbers in interface{} values decode as int64 (signed integers, and unsigned ones below 128, written as positive fixints), uint64 (other unsigned integers) or float64 (float32 included)",
	}},
		"MsgpackHandle{WriteExt: true, RawToString: true} for the current spec (timestamp extension, str8, bin); NewEncoderBytes/NewDecoderBytes per call")
	register("ugorji-cbor", "cbor", cborHandle, []codec.Loss{{
		Kind:      codec.TimePrecision,
		Precision: 500 * time.Nanosecond,
		Detail:    "times are rounded to the microsecond and encoded as CBOR tag 1 epoch seconds in a float64, and decoded rounded to the microsecond",
	}, {
		Kind:   codec.TimeZone,
		Detail: "the UTC offset is not encoded (CBOR tag 1 epoch time) and times are decoded in UTC",
	}, signInterfaceTypes},
		"CborHandle with default options (time as tag 1 epoch float, rounded to microseconds); NewEncoderBytes/NewDecoderBytes per call")
	register("ugorji-binc", "binc", bincHandle, []codec.Loss{signInterfaceTypes},
		"BincHandle with default options (binc time keeps nanoseconds and the UTC offset); NewEncoderBytes/NewDecoderBytes per call")
	register("ugorji-simple", "simple", simpleHandle, []codec.Loss{signInterfaceTypes},
		"SimpleHandle with default options (time as time.MarshalBinary, which keeps nanoseconds and the UTC offset); NewEncoderBytes/NewDecoderBytes per call")
	register("ugorji-json", "json", jsonHandle, []codec.Loss{{
		Kind:   codec.InterfaceTypes,
		Detail: "numbers in interface{} values decode as uint64 or int64 (by sign) when written as integers, as integral float32 values are, and as float64 otherwise",
	}},
		"JsonHandle with default options (time as RFC 3339 with nanoseconds and offset); NewEncoderBytes/NewDecoderBytes per call")
}

func register(name, format string, h ugcodec.Handle, losses []codec.Loss, notes string) {
	codec.Register(codec.New(codec.Info{
		Name:   name,
		Format: format,
		Module: module,
		API:    codec.Reflection,
		Losses: losses,
		Notes:  notes,
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t,
			func(v any) ([]byte, error) {
				var b []byte
				err := ugcodec.NewEncoderBytes(&b, h).Encode(v)
				return b, err
			},
			func(data []byte, v any) error {
				return ugcodec.NewDecoderBytes(data, h).Decode(v)
			}), nil
	}))
}
