// Package ikeapack registers github.com/ikkerens/ikeapack, a packed struct
// serializer (an extension of encoding/binary's Read and Write with
// strings, slices and maps), as the codec "ikeapack".
//
// It is called as the README's "Usage" does: ikea.Pack of the canonical
// pointer into a bytes.Buffer, whose bytes Encode returns, and ikea.Unpack
// from a bytes.Reader over the input into a new value. The format is the
// exported fields in order, primitives big-endian, strings, slices and maps
// prefixed by a uint32 length, with no field names or types. The library
// panics, by design, on a type it cannot handle and on a nil pointer ("Be
// safe, don't try to serialize nil values"): Encode and Decode turn the
// panics into errors.
//
// Bind refuses the types the library panics on (int and uint, which it
// refuses "as their actual size is dependant on compiler architecture",
// interface{} values and arrays; see check) before any value reaches it:
// a type handler that panics while it is built is left half-made in the
// library's cache, and every later Pack of the type panics.
package ikeapack

import (
	"bytes"
	"fmt"
	"reflect"

	ikea "github.com/ikkerens/ikeapack"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/typewalk"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "ikeapack",
		Format: "ikeapack",
		Module: "github.com/ikkerens/ikeapack",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "a nil slice is written as length 0, like an empty one, and decodes as an empty, non-nil one",
		}},
		Notes: "ikea.Pack into a bytes.Buffer, ikea.Unpack from a bytes.Reader; panics turned into errors",
		Expect: []codec.Expectation{{
			Workload: "bsontypes-datetime", Kind: codec.ExpectMismatch,
			Why: "silently loses every time: time.Time has only unexported fields, which the library skips, so a time is written as nothing and decodes as the zero time",
		}, {
			Workload: "bigfloat", Kind: codec.ExpectMismatch,
			Why: "silently loses the number: big.Float has only unexported fields, which the library skips, so a *big.Float is written as nothing and decodes as 0 (a nil one panics: \"Attempting to marshal nil value\")",
		}},
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if err := check(t.Type, "", map[reflect.Type]bool{}); err != nil {
		return nil, codec.Unsupportedf("ikeapack cannot represent %s: %v", t.Type, err)
	}
	return codec.Reflect(t, pack, unpack), nil
}

func pack(v any) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ikeapack: Pack panicked: %v", r)
		}
	}()
	var buf bytes.Buffer
	err = ikea.Pack(&buf, v)
	return buf.Bytes(), err
}

func unpack(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ikeapack: Unpack panicked: %v", r)
		}
	}()
	return ikea.Unpack(bytes.NewReader(data), v)
}

// check returns why the library cannot build a type handler for type t, at
// path, or nil: it follows the library's getTypeHandler (types.go), which
// panics on every kind it does not list.
func check(t reflect.Type, path string, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	at := typewalk.At(path)
	switch t.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return nil
	case reflect.Int, reflect.Uint:
		return fmt.Errorf("%s has type %s: the library refuses int and uint (\"their actual size is dependant on compiler architecture\")", at, t)
	case reflect.Pointer:
		if path != "" {
			// The packer panics on a nil pointer ("Attempting to marshal
			// nil value") and has no way to write one.
			return fmt.Errorf("%s has type %s: the library cannot write a nil pointer (it panics: \"Attempting to marshal nil value\")", at, t)
		}
		return check(t.Elem(), path, seen)
	case reflect.Slice:
		return check(t.Elem(), path+"[i]", seen)
	case reflect.Map:
		if err := check(t.Key(), path+"[key]", seen); err != nil {
			return err
		}
		return check(t.Elem(), path+"[value]", seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || f.Tag.Get("ikea") == "-" {
				continue
			}
			if err := check(f.Type, path+"."+f.Name, seen); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s has type %s: the library has no handler for its kind (%s) and panics (\"Cannot build type handler\")", at, t, t.Kind())
}
