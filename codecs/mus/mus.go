// Package mus registers github.com/mus-format/mus-go, a library of
// serialization primitives for the MUS binary format, as two codecs whose
// serializers are written by hand, as mus-go's README shows ("mus doesn't
// support structs out of the box ... implement the mus.Serializer
// interface yourself by choosing the specific encoding for each field"),
// for workload.Person, workload.TestStruc and []float32, on the canonical
// types themselves (no conversion):
//
//   - "mus-go": strings with ord.String, which copies them out of the input;
//   - "mus-go-unsafe": strings with mus-go's unsafe.String, which aliases
//     the input (Flags.UnsafeStrings); everything else as "mus-go".
//
// Encode computes Size, allocates exactly that and calls Marshal; Decode
// calls Unmarshal and fails on trailing bytes. The encoding of each type is
// described in serializers.go.
//
// The package writes no serializer for the other workloads; binding them
// returns an error wrapping codec.ErrUnsupported.
package mus

import (
	"fmt"
	"reflect"

	musgo "github.com/mus-format/mus-go"
	"github.com/mus-format/mus-go/ord"
	musunsafe "github.com/mus-format/mus-go/unsafe"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/mus-format/mus-go"

// losses are the declared losses of both codecs.
var losses = []codec.Loss{{
	Kind: codec.NilEmpty,
	Detail: "nil slices and maps decode as empty: mus-go's slice, map and byte-slice serializers " +
		"(ord.NewSliceSer, ord.NewMapSer, ord.ByteSlice) write a length only",
}, {
	Kind: codec.InterfaceTypes,
	Detail: "interface{} values are written as a type tag and a value of the schema mapping's Value union: " +
		"signed integers decode as int64, unsigned as uint64, whatever their Go type; floats keep theirs",
}}

func init() {
	safe := newSerializers(ord.String)
	codec.Register(codec.New(codec.Info{
		Name:   "mus-go",
		Format: "mus",
		Module: module,
		API:    codec.HandWritten,
		Losses: losses,
		Notes: "hand-written mus.Serializer for each workload type, composed of varint (integers; raw for 8-bit ones), raw (floats, time), " +
			"ord (strings, bool, slices, maps, pointers); Size, one exact allocation, Marshal",
	}, safe.bind))

	unsafe := newSerializers(musunsafe.String)
	codec.Register(codec.New(codec.Info{
		Name:   "mus-go-unsafe",
		Format: "mus",
		Module: module,
		API:    codec.HandWritten,
		Flags:  codec.Flags{UnsafeStrings: true},
		Losses: losses,
		Notes:  "as mus-go, with strings (map keys included) read by mus-go's unsafe.String, which aliases the input; []float32 is encoded as by mus-go",
	}, unsafe.bind))
}

// serializers are the serializers of one codec, made with one string
// serializer.
type serializers struct {
	person    personSer
	testStruc *testStrucSer
	floats    musgo.Serializer[[]float32]
}

func newSerializers(str musgo.Serializer[string]) serializers {
	return serializers{
		person:    newPersonSer(str),
		testStruc: newTestStrucSer(str),
		floats:    floatsSer,
	}
}

func (s serializers) bind(t codec.Target) (codec.Instance, error) {
	switch t.Type {
	case reflect.TypeFor[workload.Person]():
		return instance(s.person), nil
	case reflect.TypeFor[workload.TestStruc]():
		return instance[workload.TestStruc](s.testStruc), nil
	case reflect.TypeFor[[]float32]():
		return instance(s.floats), nil
	}
	return nil, codec.Unsupportedf("mus-go has hand-written serializers for workload.Person, workload.TestStruc and []float32 only, not %s (workload %q)", t.Type, t.Workload)
}

// instance returns the instance of a serializer of T, which encodes and
// decodes pointers to T.
func instance[T any](ser musgo.Serializer[T]) codec.Instance {
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			p, ok := v.(*T)
			if !ok || p == nil {
				return nil, fmt.Errorf("mus-go: cannot encode %T", v)
			}
			bs := make([]byte, ser.Size(*p))
			ser.Marshal(*p, bs)
			return bs, nil
		},
		DecodeFunc: func(data []byte) (any, error) {
			p := new(T)
			v, n, err := ser.Unmarshal(data)
			if err != nil {
				return p, err
			}
			*p = v
			if n != len(data) {
				return p, fmt.Errorf("mus-go: %d bytes after the value", len(data)-n)
			}
			return p, nil
		},
	}
}
