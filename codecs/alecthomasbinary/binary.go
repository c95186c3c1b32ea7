// Package alecthomasbinary registers github.com/alecthomas/binary, a
// compact reflection-based binary encoding that "extends [encoding/binary]
// support to arbitrary, variable-sized values by prefixing these values with
// their varint-encoded size, recursively" (README), as the codec
// "alecthomas-binary".
//
// It is called as the README shows: binary.Marshal of the canonical pointer
// and binary.Unmarshal into a new value. The format carries no type
// information and no field names ("It expects the encoded type and decoded
// type to match exactly"): a value is its fields in order, integers of
// fixed size little-endian (int and uint as 64 bits), strings, slices and
// maps prefixed by their length. Types that implement
// encoding.BinaryMarshaler (time.Time) are written as their MarshalBinary.
//
// Bind refuses the types the library cannot encode or decode, which it
// would otherwise report only per value, some with a panic: interface{}
// values, pointers below the top level, and arrays held directly by a
// struct field or a map (see check).
package alecthomasbinary

import (
	"encoding"
	"fmt"
	"reflect"

	"github.com/alecthomas/binary"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/typewalk"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "alecthomas-binary",
		Format: "alecthomas-binary",
		Module: "github.com/alecthomas/binary",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "a nil slice or map is written as length 0, like an empty one, and decodes as an empty, non-nil one",
		}},
		Notes: "binary.Marshal/Unmarshal (little-endian, varint lengths, no field names or types)",
		Expect: []codec.Expectation{
			{Workload: "bsontypes-string", Kind: codec.ExpectUnsupported, Why: emptyLastString("25 of the 100 documents")},
			{Workload: "bsontypes-regex", Kind: codec.ExpectUnsupported, Why: emptyLastString("37 of the 100 documents, whose last options string is empty")},
		},
	}, func(t codec.Target) (codec.Instance, error) {
		if err := check(t.Type, "", true, map[reflect.Type]bool{}); err != nil {
			return nil, codec.Unsupportedf("alecthomas/binary cannot represent %s: %v", t.Type, err)
		}
		return codec.Reflect(t, binary.Marshal, binary.Unmarshal), nil
	}))
}

// emptyLastString is why alecthomas-binary cannot represent a workload
// whose values may end with an empty string, seen by the conformance test
// (and TestEmptyLastString): the decoder reads a string with one Read of
// its length, and bytes.Reader, which Unmarshal reads from, returns io.EOF
// for a read of 0 bytes at the end of its input, so binary.Unmarshal fails
// with EOF on every message whose last value is an empty string.
func emptyLastString(which string) string {
	return "binary.Unmarshal fails with EOF on every message whose last value is an empty string (" + which +
		"): the decoder reads a string of length 0 with a Read of 0 bytes, which bytes.Reader answers with io.EOF at the end of the input"
}

var (
	binaryMarshaler   = reflect.TypeFor[encoding.BinaryMarshaler]()
	binaryUnmarshaler = reflect.TypeFor[encoding.BinaryUnmarshaler]()
)

// check returns why the library cannot encode and decode values of type t,
// at path, or nil. addressable says whether the library reaches the value
// through a pointer (the top level, slice and array elements), which
// arrays need: the encoder takes the address of each array element
// (binary.go: rv.Index(i).Addr()), and a struct field or map entry is
// passed to it by value, so an array there panics with "reflect.Value.Addr
// of unaddressable value".
func check(t reflect.Type, path string, addressable bool, seen map[reflect.Type]bool) error {
	if t.Implements(binaryMarshaler) && reflect.PointerTo(t).Implements(binaryUnmarshaler) {
		return nil
	}
	if seen[t] && addressable {
		return nil
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return fmt.Errorf("%s is an interface{} (%s): the encoder writes the dynamic value without its type, and the decoder fails with \"binary: unsupported type %s\"", typewalk.At(path), t, t)
	case reflect.Pointer:
		return fmt.Errorf("%s is a pointer (%s): the encoder dereferences only the value passed to it, so a pointer field makes it panic when nil, and the decoder fails with \"binary: unsupported type %s\"", typewalk.At(path), t, t)
	case reflect.Array:
		if !addressable {
			return fmt.Errorf("%s is an array (%s) held by a struct field or a map, which the encoder receives by value: it panics with \"reflect.Value.Addr of unaddressable value\"", typewalk.At(path), t)
		}
		return check(t.Elem(), path+"[i]", true, seen)
	case reflect.Slice:
		return check(t.Elem(), path+"[i]", true, seen)
	case reflect.Map:
		if err := check(t.Key(), path+"[key]", false, seen); err != nil {
			return err
		}
		return check(t.Elem(), path+"[value]", false, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || f.Name == "_" {
				continue
			}
			if err := check(f.Type, path+"."+f.Name, false, seen); err != nil {
				return err
			}
		}
	case reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Uintptr:
		return fmt.Errorf("%s has unsupported type %s", typewalk.At(path), t)
	}
	return nil
}
