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
// xdr.Unmarshal decodes from the caller's bytes without copying them
// first, and it returns some values as slices of them (read from the
// library source, xdr/decode.go, and checked per workload by
// TestAliasing):
//
//   - a slice of bytes ([]byte, []uint8 or a named type of them) is XDR
//     opaque data unless tagged xdropaque:"false", and decodeArray sets it
//     with v.SetBytes to the slice DecodeFixedOpaque returns,
//     data[0:size], a slice of the input (after allocating a slice of that
//     length, which it drops): it aliases the input, and its capacity runs
//     to the end of the input, so appending to it overwrites the bytes
//     that follow. Of the workloads it binds, that is the values of
//     bsontypes-binary (nested and bsontypes-document, which also hold
//     byte slices, are not bound: they hold interface{} values);
//   - strings (DecodeString: string(opaque)), map keys among them, and
//     times (parsed from a string) are copied, and byte arrays ([12]byte
//     object IDs) are copied with reflect.Copy: person and every other
//     workload alias nothing.
//
// The library has no option to copy byte slices. The decoder neither
// modifies nor keeps its input. Aliasing is a property of a workload's
// types, not of the codec, so the codec declares no UnsafeStrings flag and
// the harness detects aliasing per workload when it verifies a cell.
//
// Bind refuses the types XDR cannot represent here: interface{} values (the
// decoder fails with "can't decode to nil interface", and a nil one cannot be
// encoded) and pointers below the top level (XDR has no optional data in
// this package: a pointer is encoded as the value it points to, and a nil
// pointer fails with "type 'invalid' is not valid").
package davecghxdr

import (
	"fmt"
	"math/big"
	"reflect"

	"github.com/davecgh/go-xdr/xdr"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/typewalk"
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
		Notes: "xdr.Marshal/Unmarshal; decoded byte slices (XDR opaque data) alias the input buffer " +
			"(bsontypes-binary; the library has no option to copy them); decoded strings are copied",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if err := check(t.Type); err != nil {
		return nil, codec.Unsupportedf("go-xdr cannot represent %s: %v", t.Type, err)
	}
	return codec.Reflect(t, xdr.Marshal, unmarshal), nil
}

// unmarshal is xdr.Unmarshal, ignoring the bytes left after the value as
// the package example does.
func unmarshal(data []byte, v any) error { _, err := xdr.Unmarshal(data, v); return err }

var bigFloat = reflect.TypeFor[big.Float]()

// check returns why values of type t cannot be encoded and decoded, or
// nil.
func check(t reflect.Type) error {
	return typewalk.Check(t, func(t reflect.Type, at string) error {
		switch t.Kind() {
		case reflect.Interface:
			return fmt.Errorf("%s is an interface{}: xdr.Unmarshal fails with \"can't decode to nil interface\", and a nil interface{} cannot be encoded", at)
		case reflect.Pointer:
			if t.Elem() == bigFloat {
				return fmt.Errorf("%s is a *big.Float: a nil one fails to encode (\"type 'invalid' is not valid\"), and a number is written as the struct big.Float, whose fields are unexported, so as nothing: it would decode as 0", at)
			}
			return fmt.Errorf("%s is a pointer (%s): XDR optional data is not implemented, a pointer is encoded as the value it points to, and a nil one fails with \"type 'invalid' is not valid\"", at, t)
		case reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Uintptr, reflect.Complex64, reflect.Complex128:
			return fmt.Errorf("%s has unsupported type %s", at, t)
		}
		return nil
	})
}
