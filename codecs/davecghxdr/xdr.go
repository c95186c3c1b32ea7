// Package davecghxdr registers github.com/davecgh/go-xdr/xdr, a
// reflection-based implementation of XDR (RFC 4506, the External Data
// Representation of ONC RPC and NFS), as the codec "davecgh-xdr".
//
// It is called as the package documents: xdr.Marshal of the canonical
// pointer and xdr.Unmarshal into a new value (the bytes left after the
// value, which Unmarshal returns, are ignored as in the package example).
// XDR carries no type information and no field names: a value is its
// fields in order, in 4-byte units; the package maps int and uint to 32-bit
// XDR integers, int64 and uint64 to hypers, a map to an array of key-value
// pairs and a time.Time to its RFC 3339 text with nanoseconds. A Go int or
// uint beyond 32 bits is silently truncated (encode.go:
// EncodeInt(int32(v.Int())); TestIntTruncated): no workload it binds holds
// one (person's Siblings are below 12), so it is not a declared loss, but
// data with larger ints would come back changed.
//
// xdr.Unmarshal sets a []byte (XDR opaque data) to a slice of its input
// (decode.go: v.SetBytes of DecodeFixedOpaque's slice), so Decode clones its
// input for the workloads whose type holds a []byte (bsontypes-binary), the
// cost of the plain, safe variant; strings are copied by the library.
//
// Bind refuses the types XDR cannot represent here: interface{} values (the
// decoder fails with "can't decode to nil interface", and a nil one cannot be
// encoded) and pointers below the top level (XDR has no optional data in
// this package: a pointer is encoded as the value it points to, and a nil
// pointer fails with "type 'invalid' is not valid").
package davecghxdr

import (
	"bytes"
	"fmt"
	"math/big"
	"reflect"

	"github.com/serbench/serbench/codecs/internal/typewalk"

	"github.com/davecgh/go-xdr/xdr"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "davecgh-xdr",
		Format:  "xdr",
		Module:  "github.com/davecgh/go-xdr",
		Package: "github.com/davecgh/go-xdr/xdr",
		API:     codec.Reflection,
		Losses: []codec.Loss{{
			Kind: codec.NilEmpty,
			Detail: "nil and empty slices and maps are both written as length 0: slices decode as nil, " +
				"maps as empty, non-nil ones",
		}},
		Notes: "xdr.Marshal/Unmarshal; Decode clones its input for types holding a []byte, which xdr.Unmarshal sets to slices of its input",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if err := check(t.Type, "", map[reflect.Type]bool{}); err != nil {
		return nil, codec.Unsupportedf("go-xdr cannot represent %s: %v", t.Type, err)
	}
	unmarshal := func(data []byte, v any) error { _, err := xdr.Unmarshal(data, v); return err }
	if typewalk.HoldsBytes(t.Type) {
		unmarshal = func(data []byte, v any) error { _, err := xdr.Unmarshal(bytes.Clone(data), v); return err }
	}
	return codec.Reflect(t, xdr.Marshal, unmarshal), nil
}

var bigFloat = reflect.TypeFor[big.Float]()

// check returns why values of type t, at path, cannot be encoded and
// decoded, or nil.
func check(t reflect.Type, path string, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	at := path
	if at == "" {
		at = "the value"
	}
	switch t.Kind() {
	case reflect.Interface:
		return fmt.Errorf("%s is an interface{}: xdr.Unmarshal fails with \"can't decode to nil interface\", and a nil interface{} cannot be encoded", at)
	case reflect.Pointer:
		if t.Elem() == bigFloat {
			return fmt.Errorf("%s is a *big.Float: a nil one fails to encode (\"type 'invalid' is not valid\"), and a number is written as the struct big.Float, whose fields are unexported, so as nothing: it would decode as 0", at)
		}
		return fmt.Errorf("%s is a pointer (%s): XDR optional data is not implemented, a pointer is encoded as the value it points to, and a nil one fails with \"type 'invalid' is not valid\"", at, t)
	case reflect.Slice, reflect.Array:
		return check(t.Elem(), path+"[i]", seen)
	case reflect.Map:
		if err := check(t.Key(), path+"[key]", seen); err != nil {
			return err
		}
		return check(t.Elem(), path+"[value]", seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				if err := check(f.Type, path+"."+f.Name, seen); err != nil {
					return err
				}
			}
		}
	case reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Uintptr, reflect.Complex64, reflect.Complex128:
		return fmt.Errorf("%s has unsupported type %s", at, t)
	}
	return nil
}
