// Package gotiny registers github.com/niubaoshu/gotiny, the
// reflection-based serializer that builds an encoding function per type
// ahead of use, as the codec "gotiny": the library of
// go_serialization_benchmarks' "gotiny" rows, at v0.0.3 (its README warns,
// in Chinese, that it is in an early stage of development and not yet
// recommended for use; github.com/cybriq/gotiny is a fork).
//
// It is called as the README's example does: gotiny.Marshal of the
// canonical pointer and gotiny.Unmarshal into a new value. The encoding
// holds no type information or field names; times are written as their
// Unix nanoseconds. gotiny.Unmarshal returns the number of bytes read, not
// an error, and panics on malformed input: Decode turns the panic into an
// error.
//
// "gotiny-reuse" is the library's other documented use, and the one
// go_serialization_benchmarks timed: one Encoder and one Decoder per
// instance, made for the workload's type with NewEncoderWithType and
// NewDecoderWithType and used for every value. Encoder.Encode returns its
// own buffer and encodes the next value into the same memory (encoder.go,
// reset), so the variant is flagged BufferReuse.
//
// gotiny.Unmarshal (and Decoder.Decode) decodes from the caller's bytes
// without copying them first, and it returns some values as slices of
// them (read from the library source, decbase.go and decEngine.go, and
// checked per workload by TestAliasing):
//
//   - a value of type []byte (or []uint8, the same type) is set by decBytes
//     to d.buf[d.index:d.index+l], a slice of the input (the README
//     promises no allocation but for maps): it aliases the input, and its
//     capacity runs to the end of the input, so appending to it overwrites
//     the bytes that follow. Of the workloads, that is TestStruc.Byslice
//     and TestStruc.Ui8slice in nested (at every depth), the values of
//     bsontypes-binary and the Binary field of bsontypes-document; a
//     []byte held in an interface{} is decoded the same way, but no value
//     of a workload has one;
//   - a named byte slice type is decoded as a slice of uint8, element by
//     element, into a new slice, and byte arrays ([12]byte object IDs)
//     element by element: both are copied;
//   - strings (decString: string(d.buf[...])), map keys among them, are
//     copied: person and every other workload alias nothing.
//
// The library has no option to copy byte slices. The decoder does not
// modify its input; a Decoder (gotiny-reuse) keeps the last input it
// decoded until the next Decode, which does not change what it decoded.
// Aliasing is a property of a workload's types, not of the codec, so the
// codecs declare no UnsafeStrings flag and the harness detects aliasing
// per workload when it verifies a cell.
package gotiny

import (
	"fmt"

	"github.com/niubaoshu/gotiny"

	"github.com/serbench/serbench/codec"
)

// farTime is the known mismatch of gotiny on the workloads whose type has a
// time.Time, seen by the conformance test on their zero values.
const farTime = "corrupts times outside 1678-2262, which have no int64 of Unix nanoseconds (time.Time.UnixNano is undefined there): " +
	"the zero time.Time comes back as 1754-08-30T22:43:41.128654848Z"

func init() {
	info := codec.Info{
		Name:   "gotiny",
		Format: "gotiny",
		Module: "github.com/niubaoshu/gotiny",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.TimeZone,
			Detail: "times are written as Unix nanoseconds and decoded with time.Unix, in time.Local",
		}},
		Notes: "gotiny.Marshal/Unmarshal; decoded byte slices ([]byte, []uint8) alias the input buffer " +
			"(nested's Byslice and Ui8slice, bsontypes-binary, bsontypes-document's Binary; the library has no option to copy them); decoded strings are copied",
		Expect: []codec.Expectation{
			{Workload: "person", Kind: codec.ExpectMismatch, Why: farTime + " (a zero BirthDay)"},
			{Workload: "nested", Kind: codec.ExpectMismatch, Why: farTime + " (a zero T)"},
			{Workload: "bsontypes-document", Kind: codec.ExpectMismatch, Why: farTime + " (a zero DateTime)"},
		},
	}
	codec.Register(codec.New(info, bind))

	info.Name = "gotiny-reuse"
	info.Flags.BufferReuse = true
	info.Notes = "one Encoder (NewEncoderWithType) and one Decoder (NewDecoderWithType) per instance, as go_serialization_benchmarks used them; " +
		"Encode returns the Encoder's buffer, overwritten by the next Encode; decoded byte slices alias the input buffer, as gotiny's"
	codec.Register(codec.New(info, bindReuse))
}

func bindReuse(t codec.Target) (codec.Instance, error) {
	enc := gotiny.NewEncoderWithType(t.Type)
	dec := gotiny.NewDecoderWithType(t.Type)
	return codec.Reflect(t, func(v any) ([]byte, error) { return enc.Encode(v), nil }, func(data []byte, v any) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("gotiny: Decoder.Decode panicked: %v", r)
			}
		}()
		dec.Decode(data, v)
		return nil
	}), nil
}

func bind(t codec.Target) (codec.Instance, error) {
	return codec.Reflect(t, marshal, func(data []byte, v any) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("gotiny: Unmarshal panicked: %v", r)
			}
		}()
		gotiny.Unmarshal(data, v)
		return nil
	}), nil
}

func marshal(v any) ([]byte, error) { return gotiny.Marshal(v), nil }
