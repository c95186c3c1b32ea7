// Package ugorji registers github.com/ugorji/go/codec, one library with
// five formats, as the codecs "ugorji-msgpack", "ugorji-cbor",
// "ugorji-binc", "ugorji-simple" and "ugorji-json", and binc once more
// with symbols, as "ugorji-binc-sym".
//
// "ugorji-binc-sym" is the BincHandle with AsSymbols set to 1 ("use
// symbols", binc.base.go: "Encoding as symbols can reduce the encoded size
// significantly. However, during decoding, each string to be encoded as a
// symbol must be checked to see if it has been seen before"), as
// go-codec-bench, the library's own benchmark, measured "binc-sym" beside
// "binc-nosym": every map key and struct field name is written once per
// message as a symbol definition and then referred to by number. The
// symbol table lives in the Encoder and Decoder and is cleared by
// ResetBytes, so every message is self-contained.
//
// As the library documents (doc.go, "Usage"), each Handle is created and
// configured once, at init, and never modified afterwards, and an Encoder or
// Decoder is re-used by calling Reset on it first ("To re-use an
// Encoder/Decoder, call Reset(...) on it first. This allows you use state
// maintained on the Encoder/Decoder."). Each instance (used by one goroutine
// at a time) so keeps one Encoder, made with NewEncoderBytes, and one
// Decoder, made with NewDecoderBytes, and every Encode or Decode call first
// calls their ResetBytes.
//
// ResetBytes(&out) makes the Encoder append to out[:0] and store the
// result in out when the encoding ends (writer.go, bytesEncAppender), so
// Encode resets it with a nil slice every time: the encoding is a new
// slice, allocated and grown by the library inside the call, that the
// caller owns and that the next Encode does not touch. Passing the
// previous result instead would overwrite it (the BufferReuse behaviour),
// and encoding into a buffer kept by the instance and returning a copy of
// it would time a buffer-reuse strategy and a copy of the adapter's own
// instead of the library's allocation (in BenchmarkEncode it makes 1 to 3
// allocations per person encode instead of 4 to 7). The Decoder keeps the
// input only until its next ResetBytes and, with the handles' default
// ZeroCopy false, copies decoded strings and byte slices out of it, so
// decoded values do not alias the input.
package ugorji

import (
	"time"

	ugcodec "github.com/ugorji/go/codec"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/expect"
)

const module = "github.com/ugorji/go/codec"

// The handles, configured at init and read-only afterwards (the library
// requires that a handle is not modified once used).
var (
	msgpackHandle = &ugcodec.MsgpackHandle{}
	cborHandle    = &ugcodec.CborHandle{}
	bincHandle    = &ugcodec.BincHandle{}
	bincSymHandle = &ugcodec.BincHandle{AsSymbols: 1}
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

// genericMaps returns the known mismatches of every ugorji codec on the
// generic forms of the corpora, seen by the conformance test: the maps
// nested in interface{} values decode as map[interface{}]interface{}, the
// type a Handle whose MapType is unset (the default) gives a map in an
// interface{}, where the value held a map[string]interface{}.
func genericMaps() []codec.Expectation {
	return expect.InterfaceMaps("Handle.MapType unset, the default")
}

// bincExpect returns the known mismatches of the binc and binc-sym codecs
// (besides genericMaps), seen by the conformance test.
func bincExpect() []codec.Expectation {
	return []codec.Expectation{
		expect.BigFloatEmptyMap("binc map"),
		// Seen: -4294967295 (an edge value) decodes as -255, and
		// -4292310602 as -14120522, in int64 fields, slices and maps.
		{Workload: "nested", Kind: codec.ExpectMismatch,
			Why: "silently corrupts negative integers from -(2^32-1) to -0xff000000: " +
				"the binc encoder of github.com/ugorji/go/codec v1.3.2 drops the leading 0xff byte " +
				"of their magnitude (-4294967295 decodes as -255)"},
		// The floats workload's own values are in [0, 1) and hold no -0;
		// the conformance test's edge values do, and so does the
		// fidelity matrix, where the codec shows FAIL in the -0 columns.
		{Workload: "floats", Kind: codec.ExpectMismatch,
			Why: "loses the sign of -0: the binc encoder writes float32 -0 as the zero-value float (bytes 65 06), which decodes as +0"},
	}
}

// emptyStruct is why ugorji-json cannot represent the bsontypes workloads
// of bson.MinKey and bson.MaxKey, seen by the conformance test.
const emptyStruct = "decoding a slice of an empty struct type (bson.MinKey, bson.MaxKey) fails: json decode error [pos 12]: runtime error: integer divide by zero"

func init() {
	// WriteExt selects the current MessagePack spec (str8, bin and ext
	// types, time as the timestamp extension -1) instead of the old spec,
	// as needed to interoperate with other MessagePack implementations;
	// RawToString decodes raw bytes into interface{} values as strings
	// (it does not affect typed struct fields).
	msgpackHandle.WriteExt = true
	msgpackHandle.RawToString = true

	// On the bigfloat workload, seen by the conformance test, the
	// msgpack, cbor, binc and simple codecs silently lose the number
	// (expect.BigFloatEmptyMap): *big.Float has only unexported fields and
	// implements neither encoding.BinaryMarshaler nor an interface of the
	// library's (only GobEncoder and TextMarshaler), so it is encoded,
	// without an error, as an empty map in the format's words, and every
	// value decodes as 0.

	register("ugorji-msgpack", "msgpack", msgpackHandle, []codec.Loss{{
		Kind:   codec.TimeZone,
		Detail: "the UTC offset is not encoded (msgpack timestamp extension -1 holds the instant only) and times are decoded in UTC",
	}, {
		Kind:   codec.InterfaceTypes,
		Detail: "numbers in interface{} values decode as int64 (signed integers, and unsigned ones below 128, written as positive fixints), uint64 (other unsigned integers) or float64 (float32 included)",
	}},
		"MsgpackHandle{WriteExt: true, RawToString: true} for the current spec (timestamp extension, str8, bin); one Encoder and one Decoder per instance, ResetBytes before each call",
		expect.BigFloatEmptyMap("msgpack map"))
	register("ugorji-cbor", "cbor", cborHandle, []codec.Loss{{
		Kind:      codec.TimePrecision,
		Precision: 500 * time.Nanosecond,
		Detail:    "times are rounded to the microsecond and encoded as CBOR tag 1 epoch seconds in a float64, and decoded rounded to the microsecond",
	}, {
		Kind:   codec.TimeZone,
		Detail: "the UTC offset is not encoded (CBOR tag 1 epoch time) and times are decoded in UTC",
	}, signInterfaceTypes},
		"CborHandle with default options (time as tag 1 epoch float, rounded to microseconds); one Encoder and one Decoder per instance, ResetBytes before each call",
		expect.BigFloatEmptyMap("CBOR map"))
	register("ugorji-binc", "binc", bincHandle, []codec.Loss{signInterfaceTypes},
		"BincHandle with default options (binc time keeps nanoseconds and the UTC offset); one Encoder and one Decoder per instance, ResetBytes before each call",
		bincExpect()...)
	register("ugorji-binc-sym", "binc", bincSymHandle, []codec.Loss{signInterfaceTypes},
		"BincHandle{AsSymbols: 1}: map keys and struct field names as binc symbols, defined once per message, as go-codec-bench's binc-sym; one Encoder and one Decoder per instance, ResetBytes before each call",
		bincExpect()...)
	register("ugorji-simple", "simple", simpleHandle, []codec.Loss{signInterfaceTypes},
		"SimpleHandle with default options (time as time.MarshalBinary, which keeps nanoseconds and the UTC offset); one Encoder and one Decoder per instance, ResetBytes before each call",
		expect.BigFloatEmptyMap("simple-format map"))
	register("ugorji-json", "json", jsonHandle, []codec.Loss{{
		Kind:   codec.InterfaceTypes,
		Detail: "numbers in interface{} values decode as uint64 or int64 (by sign) when written as integers, as integral float32 values are, and as float64 otherwise",
	}},
		"JsonHandle with default options (time as RFC 3339 with nanoseconds and offset); one Encoder and one Decoder per instance, ResetBytes before each call",
		codec.Expectation{Workload: "bsontypes-minkey", Kind: codec.ExpectUnsupported, Why: emptyStruct},
		codec.Expectation{Workload: "bsontypes-maxkey", Kind: codec.ExpectUnsupported, Why: emptyStruct})
}

func register(name, format string, h ugcodec.Handle, losses []codec.Loss, notes string, expect ...codec.Expectation) {
	codec.Register(codec.New(codec.Info{
		Name:   name,
		Format: format,
		Module: module,
		API:    codec.Reflection,
		Losses: losses,
		Notes:  notes,
		Expect: append(append([]codec.Expectation(nil), expect...), genericMaps()...),
	}, func(t codec.Target) (codec.Instance, error) {
		in := &instance{
			enc: ugcodec.NewEncoderBytes(nil, h),
			dec: ugcodec.NewDecoderBytes(nil, h),
		}
		return codec.Reflect(t, in.encode, in.decode), nil
	}))
}

// instance is the Encoder and Decoder of one codec instance, re-used with
// ResetBytes by every call, as the library documents.
type instance struct {
	enc *ugcodec.Encoder
	dec *ugcodec.Decoder
	// out is the output slice of the Encoder during one Encode. It is a
	// field, not a local variable, so that handing its address to
	// ResetBytes does not allocate it on every call.
	out []byte
}

// encode resets the Encoder with a nil output slice, so that the library
// allocates a new one that the caller owns, and encodes v into it.
func (in *instance) encode(v any) ([]byte, error) {
	in.out = nil
	in.enc.ResetBytes(&in.out)
	err := in.enc.Encode(v)
	b := in.out
	in.out = nil
	return b, err
}

// decode resets the Decoder with data and decodes it into v.
func (in *instance) decode(data []byte, v any) error {
	in.dec.ResetBytes(data)
	return in.dec.Decode(v)
}
