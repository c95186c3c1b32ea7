// Package fxcbor registers github.com/fxamacker/cbor/v2 as two codecs:
// "fxcbor", with the library's default options, which encode time.Time as
// integer Unix seconds, and "fxcbor-rfc3339nano", which encodes time.Time as
// an RFC 3339 text string with nanoseconds and the UTC offset
// (EncOptions{Time: cbor.TimeRFC3339Nano}).
//
// As the library recommends, the encoding and decoding modes are built once,
// at init, with EncOptions.EncMode and DecOptions.DecMode, and are then
// shared: modes are immutable and safe for concurrent use.
package fxcbor

import (
	"time"

	"github.com/fxamacker/cbor/v2"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/expect"
)

const module = "github.com/fxamacker/cbor/v2"

// interfaceTypes is the loss of both codecs: with the default
// DecOptions.IntDec (IntDecConvertNone), CBOR integers decode into
// interface{} as uint64 or int64 by sign, and floats as float64.
var interfaceTypes = codec.Loss{
	Kind:   codec.InterfaceTypes,
	Detail: "numbers in interface{} values decode as uint64 when non-negative integers, int64 when negative, and float64 when floats (float32 included)",
}

// bigFloatSilentZero is the known mismatch of both codecs on the bigfloat
// workload, seen by the conformance test: *big.Float has only unexported
// fields and implements neither encoding.BinaryMarshaler nor an interface
// of the library's (only GobEncoder and TextMarshaler), so it is encoded,
// without an error, as an empty map, and every value decodes as 0.
//
// The corpora's generic workloads, seen by the conformance test: the
// objects nested in interface{} values decode as map[interface{}]interface{},
// the type the default DecOptions (DefaultMapType unset) give a CBOR map
// in an interface{}, where the value held a map[string]interface{}.
var bigFloatSilentZero = append([]codec.Expectation{expect.BigFloatEmptyMap("CBOR map")},
	expect.InterfaceMaps("the default DecOptions (DefaultMapType unset)")...)

func init() {
	decMode, err := cbor.DecOptions{}.DecMode()
	if err != nil {
		panic("fxcbor: " + err.Error())
	}
	defaultEnc, err := cbor.EncOptions{}.EncMode()
	if err != nil {
		panic("fxcbor: " + err.Error())
	}
	nanoEnc, err := cbor.EncOptions{Time: cbor.TimeRFC3339Nano}.EncMode()
	if err != nil {
		panic("fxcbor: " + err.Error())
	}

	register(codec.Info{
		Name:   "fxcbor",
		Format: "cbor",
		Module: module,
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:      codec.TimePrecision,
			Precision: time.Second,
			Detail:    "times are encoded as integer Unix seconds (EncOptions.Time TimeUnix, the default): nanoseconds are dropped",
		}, {
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded and times are decoded with time.Unix, in time.Local",
		}, interfaceTypes},
		Notes:  "default EncOptions and DecOptions; EncMode/DecMode built once; Marshal/Unmarshal on the modes",
		Expect: bigFloatSilentZero,
	}, defaultEnc, decMode)

	register(codec.Info{
		Name:   "fxcbor-rfc3339nano",
		Format: "cbor",
		Module: module,
		API:    codec.Reflection,
		Losses: []codec.Loss{interfaceTypes},
		Notes:  "EncOptions{Time: TimeRFC3339Nano}, default DecOptions: times as RFC 3339 text with nanoseconds and the UTC offset, parsed back with time.Parse, which keeps the offset",
		Expect: bigFloatSilentZero,
	}, nanoEnc, decMode)
}

func register(info codec.Info, em cbor.EncMode, dm cbor.DecMode) {
	codec.Register(codec.NewReflect(info, em.Marshal, dm.Unmarshal))
}
