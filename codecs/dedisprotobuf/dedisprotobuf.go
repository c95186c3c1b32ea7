// Package dedisprotobuf registers go.dedis.ch/protobuf, which writes
// Protocol Buffers by reflection over Go structs, without .proto files, as
// the codec "dedis-protobuf": protobuf.Encode of a pointer to the struct and
// protobuf.Decode into a new one, as the package documentation
// (https://pkg.go.dev/go.dedis.ch/protobuf) shows them.
//
// The package's wire mapping, read from its documentation and its source
// (encode.go, decode.go of v1.0.11): struct fields are numbered from 1 in
// their order; int, int32 and int64 are zigzag varints (sint32, sint64),
// uint32 and uint64 varints, float32 and float64 fixed32 and fixed64,
// []byte and string length-delimited, nested structs embedded messages,
// slices of numbers and bools packed, maps repeated key/value entry
// messages, pointers optional fields, and a time.Time an sfixed64 of its
// Unix nanoseconds, decoded with time.Unix (so in the local zone). It has no
// wire type for int8, int16, uint, uint8 and uint16 (outside []byte),
// interface{} elements of slices and maps (a nil element is dropped, the
// others need constructors registered for their types), slices of slices
// other than [][]byte, slices of times, structs without exported fields, or
// a value that is not a struct at the top level: Bind says which of these a
// workload's type has, and the codec binds the others (person and the typed
// corpora twitter and citm, whose interface{} fields, nil in every record,
// are left out as absent optional fields; among the bsontypes workloads
// those of numbers, strings, bytes and embedded documents). nested and
// floats are unsupported: TestStruc has int8, int16 and uint fields and
// interface{} elements, and []float32 is not a struct.
//
// Known library bugs, surfaced, not steered around (declared as known
// mismatches on the workloads where they show): the decoder undoes the
// zigzag encoding with an arithmetic shift (int64(v) >> 1 in
// decodeSignedInt), so an int64 whose magnitude is 2^62 or more comes back
// with its sign bit flipped; and a time.Time outside 1678-2262, the zero
// time.Time among them, has no int64 of Unix nanoseconds (UnixNano's result
// is undefined there) and comes back as another time
// (0001-01-01T00:00:00Z as 1754-08-30T22:43:41.128654848Z), so a Person
// whose BirthDay is the zero time does not round-trip.
//
// Decoded []byte values alias the input (decoder.slice sets them with
// reflect.Value.SetBytes on the input's bytes); serbench detects that per
// workload (bsontypes-binary, bsontypes-document), and the codec declares
// no flag: no workload of strings and numbers aliases.
package dedisprotobuf

import (
	"fmt"
	"reflect"
	"time"

	"go.dedis.ch/protobuf"

	"github.com/serbench/serbench/codec"
)

const module = "go.dedis.ch/protobuf"

// signBug is what the decoder's zigzag bug corrupts.
const signBug = "corrupts int64 values of magnitude 2^62 or more: the decoder undoes zigzag with an arithmetic shift " +
	"(int64(v) >> 1 in decodeSignedInt), flipping their sign bit (8901533776705192484 decodes as -321838260149583324)"

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "dedis-protobuf",
		Format: "protobuf",
		Module: module,
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.TimeZone,
			Detail: "a time.Time is an sfixed64 of its Unix nanoseconds, decoded with time.Unix in the local zone: the UTC offset is not encoded",
		}, {
			Kind:   codec.NilEmpty,
			Detail: "protobuf writes no empty repeated, map or bytes field, so empty slices and maps decode as nil",
		}},
		Notes: "protobuf.Encode / protobuf.Decode by reflection over the Go structs (no .proto): int as sint64, time.Time as sfixed64 Unix nanoseconds",
		Expect: []codec.Expectation{
			{Workload: "person", Kind: codec.ExpectMismatch, Why: "corrupts times outside 1678-2262, which have no int64 of Unix nanoseconds: " +
				"the zero time.Time (a zero BirthDay) comes back as 1754-08-30T22:43:41.128654848Z"},
			{Workload: "bsontypes-int64", Kind: codec.ExpectMismatch, Why: signBug},
		},
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if t.Type.Kind() != reflect.Struct {
		return nil, codec.Unsupportedf("go.dedis.ch/protobuf encodes a struct (a message) at the top level, not %s", t.Type)
	}
	if why := unsupported(t.Type, map[reflect.Type]bool{}); why != "" {
		return nil, codec.Unsupportedf("go.dedis.ch/protobuf cannot encode %s: %s", t.Type, why)
	}
	return codec.Reflect(t, protobuf.Encode, func(data []byte, v any) error { return protobuf.Decode(data, v) }), nil
}

var timeType = reflect.TypeFor[time.Time]()

// unsupported says why go.dedis.ch/protobuf cannot encode or decode a
// value of type t, or returns "" when it can: the kinds its encoder
// (encoder.value) and decoder (decoder.putvalue) have no case for.
func unsupported(t reflect.Type, seen map[reflect.Type]bool) string {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return ""
	case reflect.Pointer:
		return unsupported(t.Elem(), seen)
	case reflect.Slice:
		e := t.Elem()
		switch {
		case e.Kind() == reflect.Uint8:
			return ""
		case e == timeType:
			return "a slice of time.Time (" + t.String() + ") is written as repeated sfixed64 that the decoder refuses (bad wiretype for repeated field)"
		case (e.Kind() == reflect.Slice || e.Kind() == reflect.Array) && e.Elem().Kind() != reflect.Uint8:
			return "a slice of slices or arrays (" + t.String() + ") other than of bytes has no wire type"
		case e.Kind() == reflect.Interface:
			return "the elements of a slice of interface{} values (" + t.String() + ") are written without a wrapper: " +
				"nil ones are dropped, and the others need a constructor registered for their dynamic type"
		}
		return unsupported(e, seen)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return ""
		}
		return "an array (" + t.String() + ") other than of bytes has no wire type"
	case reflect.Map:
		if why := unsupported(t.Key(), seen); why != "" {
			return why
		}
		if e := t.Elem(); e.Kind() == reflect.Slice && e.Elem().Kind() != reflect.Uint8 {
			return "a map of slices (" + t.String() + ") has no wire type"
		} else if e.Kind() == reflect.Interface {
			return "the values of a map of interface{} values (" + t.String() + ") need a constructor registered for their dynamic type"
		}
		return unsupported(t.Elem(), seen)
	case reflect.Struct:
		if t == timeType || seen[t] {
			return ""
		}
		seen[t] = true
		exported := false
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			exported = true
			if why := unsupported(f.Type, seen); why != "" {
				return fmt.Sprintf("field %s.%s: %s", t.Name(), f.Name, why)
			}
		}
		if !exported {
			return "struct " + t.String() + " has no exported field (the encoder panics: struct has no serializable fields)"
		}
		return ""
	case reflect.Interface:
		// A nil interface{} field is left out, as an absent optional
		// field, and decodes as nil; a value in it is written, but
		// decoding it needs a constructor registered for its dynamic type
		// (DecodeWithConstructors), so it fails with an error, never
		// silently. The typed corpora's interface{} fields are nil in
		// every record.
		return ""
	}
	return "the encoder has no case for kind " + t.Kind().String() + " (" + t.String() + "): protobuf has no 8- or 16-bit integers and no uint"
}
