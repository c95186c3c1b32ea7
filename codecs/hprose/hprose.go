// Package hprose registers the two Go implementations of Hprose (High
// Performance Remote Object Service Engine), the serialization format of
// the hprose RPC framework, as the codecs "hprose-go" (github.com/hprose/
// hprose-go, the first implementation) and "hprose-golang"
// (github.com/hprose/hprose-golang at v2.0.4, its successor, package io).
//
// Each is called as its formatter documents: hprose-go's hprose.Marshal and
// hprose.Unmarshal (formatter.go: Serialize and Unserialize in "simple"
// mode, the default of Marshal: no references between repeated values),
// and hprose-golang's io.Marshal and io.Unmarshal (the same, simple mode).
// hprose-golang's Unmarshal returns no error and panics on malformed input:
// Decode turns the panic into an error. Struct types are not registered
// (io.Register gives a struct a class alias for RPC peers in other
// languages; decoding into a typed Go value does not need it).
package hprose

import (
	"fmt"
	"reflect"

	hprosego "github.com/hprose/hprose-go"
	hio "github.com/hprose/hprose-golang/io"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/expect"
	"github.com/serbench/serbench/codecs/internal/typewalk"
)

// wallClock is the known mismatch of both codecs on the workloads whose
// times carry UTC offsets, seen by the conformance test.
const wallClock = "shifts times that are not in UTC: hprose writes a time as its wall-clock date and time, " +
	"with no UTC offset unless the location is UTC, and decodes it in time.Local, so the instant moves by the difference " +
	"(1973-09-18T02:31:48-05:00 comes back as 02:31:48 in time.Local)"

// nestedWhy is the known mismatch of both codecs on the nested workload.
const nestedWhy = "changes integers beyond 32 bits held in interface{} values into *big.Int (hprose's long type decodes into an interface{} as *big.Int: " +
	"Islice and Ms values such as 4294967295), and " + wallClock

// bigFloatZero is the known mismatch of hprose-go on the bigfloat workload
// (hprose-golang writes a *big.Float as a number, and keeps it).
const bigFloatZero = `silently loses the number: *big.Float has only unexported fields and is encoded as an empty object, which decodes as 0`

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "hprose-go",
		Format: "hprose",
		Module: "github.com/hprose/hprose-go",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "nil slices of bool, int32, int64, float64, string and interface{} (those of the bsontypes workloads and person.Aliases) are written as empty lists and decode as empty, non-nil ones",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "integers of at most 32 bits in interface{} values decode as int (larger ones as *big.Int: a known mismatch on nested)",
		}},
		Notes: "hprose.Marshal/Unmarshal (simple mode, no references)",
		Expect: append([]codec.Expectation{
			{Workload: "person", Kind: codec.ExpectMismatch, Why: wallClock},
			{Workload: "nested", Kind: codec.ExpectMismatch, Why: nestedWhy},
			{Workload: "bigfloat", Kind: codec.ExpectMismatch, Why: bigFloatZero},
		}, expect.GenericCorpora(codec.ExpectMismatch, "changes the types nested in the document: objects in interface{} values decode as *map[interface{}]interface{} and arrays as *[]interface{} (pointers)")...),
	}, func(t codec.Target) (codec.Instance, error) {
		if err := noArrays(t.Type); err != nil {
			return nil, codec.Unsupportedf("hprose-go cannot decode %s: %v", t.Type, err)
		}
		return codec.Reflect(t, hprosego.Marshal, hprosego.Unmarshal), nil
	}))

	codec.Register(codec.New(codec.Info{
		Name:    "hprose-golang",
		Format:  "hprose",
		Module:  "github.com/hprose/hprose-golang",
		Package: "github.com/hprose/hprose-golang/io",
		API:     codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "empty slices decode as nil, and nil maps as empty, non-nil ones",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "integers of at most 32 bits in interface{} values decode as int (larger ones as *big.Int: a known mismatch on nested)",
		}},
		Notes: "io.Marshal/Unmarshal (simple mode, no references); Unmarshal's panics turned into errors",
		Expect: append([]codec.Expectation{
			{Workload: "person", Kind: codec.ExpectMismatch, Why: wallClock},
			{Workload: "nested", Kind: codec.ExpectMismatch, Why: nestedWhy},
		}, expect.GenericCorpora(codec.ExpectMismatch, "changes the type of the objects nested in the document: map[string]interface{} values decode as map[interface{}]interface{}")...),
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, golangMarshal, golangUnmarshal), nil
	}))
}

func golangMarshal(v any) ([]byte, error) { return hio.Marshal(v), nil }

func golangUnmarshal(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("hprose-golang: Unmarshal panicked: %v", r)
		}
	}()
	hio.Unmarshal(data, v)
	return nil
}

// noArrays returns why hprose-go cannot decode values of type t: its
// reader has no case for Go arrays ("unsupported Type:[2]float64").
func noArrays(t reflect.Type) error {
	return typewalk.Check(t, func(t reflect.Type, at string) error {
		if t.Kind() == reflect.Array {
			return fmt.Errorf("%s is an array (%s): the reader fails with \"unsupported Type:%s\"", at, t, t)
		}
		return nil
	})
}
