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
// gotiny.Unmarshal sets a []byte to a slice of its input (decbase.go,
// decBytes: the README promises no allocation but for maps), so Decode
// clones its input for the workloads whose type holds a []byte (nested,
// bsontypes-binary, bsontypes-document), the cost of the plain, safe
// variant; strings are copied.
package gotiny

import (
	"bytes"
	"fmt"

	"github.com/serbench/serbench/codecs/internal/typewalk"

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
		Notes: "gotiny.Marshal/Unmarshal; Decode clones its input for types holding a []byte, which gotiny.Unmarshal sets to slices of its input",
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
		"Encode returns the Encoder's buffer, overwritten by the next Encode; Decode clones its input for types holding a []byte"
	codec.Register(codec.New(info, bindReuse))
}

func bindReuse(t codec.Target) (codec.Instance, error) {
	clone := typewalk.HoldsBytes(t.Type)
	enc := gotiny.NewEncoderWithType(t.Type)
	dec := gotiny.NewDecoderWithType(t.Type)
	return codec.Reflect(t, func(v any) ([]byte, error) { return enc.Encode(v), nil }, func(data []byte, v any) (err error) {
		if clone {
			data = bytes.Clone(data)
		}
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
	clone := typewalk.HoldsBytes(t.Type)
	return codec.Reflect(t, marshal, func(data []byte, v any) (err error) {
		if clone {
			data = bytes.Clone(data)
		}
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
