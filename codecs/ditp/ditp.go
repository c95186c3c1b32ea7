// Package ditp registers github.com/chmike/ditp's low-level encoder of the
// Information Data Representation (IDR, package idr/low) as the codec
// "ditp", with the encoding of each workload type written by hand from the
// package's primitives, as its README describes them ("the low level
// encoding package supports basic type values encoding/decoding methods
// ... Composed types require a special type encoding which is not covered
// by this package"), on the canonical types themselves (no conversion):
//
//   - numbers with the fixed-size PutInt64, PutFloat64, ... (little-endian),
//     bools with PutBool, strings with PutString (a VarUint size and the
//     bytes) and low.String, which copies them out of the input;
//   - byte slices with PutBlob and low.Blob, which returns them "without
//     making a copy" (its doc comment; idr/low/decoder.go: d[:n]), a slice
//     of the input, which Decode keeps as the decoded value;
//   - times with PutTime and low.Time: Unix seconds, nanoseconds and UTC
//     offset, the whole range of time.Time (the zero time included), decoded
//     in UTC for offset 0 and in a fixed zone otherwise, so instant and
//     offset survive and the zone's name does not;
//   - slices and maps, which the package leaves to its users, as a size
//     (PutSize) and the elements, or the key and value of each entry.
//
// So a decoded []byte aliases the input, and its capacity runs to the end
// of the input, so appending to it overwrites the bytes that follow: of
// the workloads, that is TestStruc.Byslice and TestStruc.Ui8slice in
// nested (at every depth; Nslice is always nil), checked by TestAliasing;
// person and floats alias nothing. The package has no decoder that copies
// a blob, and the decoder neither modifies nor keeps its input. Aliasing
// is a property of a workload's types, not of the codec, so the codec
// declares no UnsafeStrings flag and the harness detects aliasing per
// workload when it verifies a cell.
//
// Encode appends to a nil Encoder, which grows it as needed, as the README
// describes the default Encoder. Decode reads a new value and fails on
// trailing bytes; the decoder "panics in case invalid or truncated encoding
// is met" (README), and Decode turns such a panic into an error, as a user
// of the package has to.
//
// It binds the person, nested and floats workloads (nested.go says how a
// TestStruc is written); the package writes no encoding for the others.
package ditp

import (
	"fmt"
	"reflect"

	"github.com/chmike/ditp/idr/low"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/chmike/ditp"

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "ditp",
		Format:  "idr",
		Module:  module,
		Package: module + "/idr/low",
		API:     codec.HandWritten,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "slices and maps are a size and their elements, so nil and empty are written alike and decode as nil",
		}, {
			Kind: codec.InterfaceTypes,
			Detail: "interface{} values are written as a kind byte and a value of the schema mapping's Value union: " +
				"signed integers decode as int64, unsigned as uint64, whatever their Go type; floats keep theirs",
		}},
		Notes: "hand-written encodings composed of idr/low's primitives: fixed-size little-endian numbers, PutString, PutTime (seconds, nanoseconds, offset), " +
			"sizes (VarUint) before slices and maps; appends to a nil Encoder; " +
			"decoded byte slices (low.Blob) alias the input buffer (nested's Byslice and Ui8slice; the package has no decoder that copies them); decoded strings are copied",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	switch t.Type {
	case reflect.TypeFor[workload.Person]():
		return instance(putPerson, getPerson), nil
	case reflect.TypeFor[workload.TestStruc]():
		return instanceErr(putTestStruc, getTestStruc), nil
	case reflect.TypeFor[[]float32]():
		return instance(putFloats, getFloats), nil
	}
	return nil, codec.Unsupportedf("the ditp codec has encodings for workload.Person, workload.TestStruc and []float32 only, not %s (workload %q)", t.Type, t.Workload)
}

// instance returns the instance that encodes a *V with put and decodes one
// with get.
func instance[V any](put func(low.Encoder, *V) low.Encoder, get func(low.Decoder, *V) low.Decoder) codec.Instance {
	return instanceErr(func(e low.Encoder, v *V) (low.Encoder, error) { return put(e, v), nil }, get)
}

// instanceErr is instance for a put that can fail.
func instanceErr[V any](put func(low.Encoder, *V) (low.Encoder, error), get func(low.Decoder, *V) low.Decoder) codec.Instance {
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			p, ok := v.(*V)
			if !ok {
				return nil, fmt.Errorf("ditp: cannot encode %T", v)
			}
			return put(nil, p)
		},
		DecodeFunc: func(data []byte) (v any, err error) {
			defer func() {
				if r := recover(); r != nil {
					v, err = nil, fmt.Errorf("ditp: invalid or truncated encoding: %v", r)
				}
			}()
			p := new(V)
			if rest := get(data, p); len(rest) != 0 {
				return nil, fmt.Errorf("ditp: %d trailing bytes", len(rest))
			}
			return p, nil
		},
	}
}

// getString returns the string in front of d, copied; its size is checked
// against what is left of d.
func getString(d low.Decoder) (low.Decoder, string) {
	return low.String(d, uint64(len(d)))
}

// getSize returns the size of a slice or map in front of d, which must not
// exceed what is left of d (every element takes a byte at least).
func getSize(d low.Decoder) (low.Decoder, int) {
	d, n := low.Size(d)
	if n > uint64(len(d)) {
		panic(fmt.Sprintf("size %d exceeds the %d bytes left", n, len(d)))
	}
	return d, int(n)
}

func putStrings(e low.Encoder, s []string) low.Encoder {
	e = low.PutSize(e, uint64(len(s)))
	for _, v := range s {
		e = low.PutString(e, v)
	}
	return e
}

func getStrings(d low.Decoder) (low.Decoder, []string) {
	d, n := getSize(d)
	if n == 0 {
		return d, nil
	}
	s := make([]string, n)
	for i := range s {
		d, s[i] = getString(d)
	}
	return d, s
}

func putPerson(e low.Encoder, p *workload.Person) low.Encoder {
	e = low.PutString(e, p.Name)
	e = low.PutTime(e, p.BirthDay)
	e = low.PutString(e, p.Phone)
	e = low.PutInt64(e, int64(p.Siblings))
	e = low.PutBool(e, p.Spouse)
	e = low.PutFloat64(e, p.Money)
	e = low.PutSize(e, uint64(len(p.Tags)))
	for k, v := range p.Tags {
		e = low.PutString(e, k)
		e = low.PutString(e, v)
	}
	return putStrings(e, p.Aliases)
}

func getPerson(d low.Decoder, p *workload.Person) low.Decoder {
	var siblings int64
	d, p.Name = getString(d)
	d, p.BirthDay = low.Time(d)
	d, p.Phone = getString(d)
	d, siblings = low.Int64(d)
	p.Siblings = int(siblings)
	d, p.Spouse = low.Bool(d)
	d, p.Money = low.Float64(d)
	d, n := getSize(d)
	if n > 0 {
		p.Tags = make(map[string]string, n)
		for range n {
			var k, v string
			d, k = getString(d)
			d, v = getString(d)
			p.Tags[k] = v
		}
	}
	d, p.Aliases = getStrings(d)
	return d
}

func putFloats(e low.Encoder, s *[]float32) low.Encoder {
	e = low.PutSize(e, uint64(len(*s)))
	for _, v := range *s {
		e = low.PutFloat32(e, v)
	}
	return e
}

func getFloats(d low.Decoder, s *[]float32) low.Decoder {
	d, n := getSize(d)
	if n == 0 {
		return d
	}
	*s = make([]float32, n)
	for i := range *s {
		d, (*s)[i] = low.Float32(d)
	}
	return d
}
