// Package gogo registers github.com/gogo/protobuf, a fork of the old Go
// Protocol Buffers implementation whose protoc plugins generate marshalling
// code, as two codecs on the messages that protoc-gen-gogofaster generates
// from schema/*.proto (package internal/gen/gogo):
//
//   - "gogofaster": the generated Marshal method, which sizes the output
//     with Size and allocates it once, and the generated Unmarshal method
//     into a new message, which is what gogo's proto.Marshal and
//     proto.Unmarshal call for such messages. The canonical values are
//     converted to and from the messages at setup, outside the timed calls.
//   - "gogofaster+convert": the same, with the conversions timed too.
//
// github.com/gogo/protobuf is unmaintained (its maintainers deprecated it
// in 2022); it is measured as a legacy reference, for the many projects
// that still use it. Its messages are registered in gogo's own registry,
// not in google.golang.org/protobuf's, so they live alongside package
// protobuf's messages of the same names.
//
// The schemas and the conversions are those of packages protobuf and
// vtprotobuf (internal/gen/gogo/convert.go is internal/gen/pb/convert.go),
// and so are the encoding and the declared losses.
//
// It binds the person, nested and floats workloads, and no other.
package gogo

import (
	"fmt"
	"reflect"

	"github.com/serbench/serbench/codec"
	gen "github.com/serbench/serbench/internal/gen/gogo"
	"github.com/serbench/serbench/internal/gen/pb"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/gogo/protobuf"

const legacy = "github.com/gogo/protobuf is unmaintained (deprecated): shown as a legacy reference"

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:   "gogofaster",
		Format: "protobuf",
		Module: module,
		API:    codec.CodeGen,
		Losses: pb.Losses,
		Notes: legacy + "; the Marshal / Unmarshal methods that protoc-gen-gogofaster generates, unmarshalling into a new message, " +
			"converted from the canonical values at setup",
	}, bind))
}

// message is what protoc-gen-gogofaster generates for each message (on its
// pointer).
type message interface {
	Marshal() ([]byte, error)
	Unmarshal(dAtA []byte) error
}

func bind(t codec.Target) (codec.Instance, error) {
	switch t.Type {
	case reflect.TypeFor[workload.Person]():
		return instance(gen.FromPerson, gen.ToPerson), nil
	case reflect.TypeFor[workload.TestStruc]():
		return instance(gen.FromTestStruc, gen.ToTestStruc), nil
	case reflect.TypeFor[[]float32]():
		return instance(func(f *[]float32) (*gen.Floats, error) { return gen.FromFloats(f), nil }, gen.ToFloats), nil
	}
	return nil, codec.Unsupportedf("gogofaster has messages for workload.Person, workload.TestStruc and []float32 only, not %s (workload %q)", t.Type, t.Workload)
}

// instance returns the instance for canonical type C and message type M,
// converted by of and canonical.
func instance[C any, M any, PM interface {
	*M
	message
}](of func(*C) (PM, error), canonical func(PM, bool) *C) codec.Instance {
	return codec.Funcs{
		PrepareFunc: func(v any) (any, error) {
			c, ok := v.(*C)
			if !ok || c == nil {
				return nil, fmt.Errorf("gogofaster: cannot convert %T to %s", v, reflect.TypeFor[PM]())
			}
			m, err := of(c)
			if err != nil {
				return nil, err
			}
			return m, nil
		},
		EncodeFunc: func(v any) ([]byte, error) {
			m, ok := v.(PM)
			if !ok || m == nil {
				return nil, fmt.Errorf("gogofaster: cannot encode %T", v)
			}
			return m.Marshal()
		},
		DecodeFunc: func(data []byte) (any, error) {
			m := PM(new(M))
			err := m.Unmarshal(data)
			return m, err
		},
		CanonicalFunc: func(v any) (any, error) {
			m, ok := v.(PM)
			if !ok || m == nil {
				return nil, fmt.Errorf("gogofaster: cannot convert %T to %s", v, reflect.TypeFor[*C]())
			}
			return canonical(m, false), nil
		},
	}
}
