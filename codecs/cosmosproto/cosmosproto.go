// Package cosmosproto registers github.com/cosmos/cosmos-proto, the Cosmos
// SDK's fast Protocol Buffers generator protoc-gen-go-pulsar, as the codecs
// "cosmos-proto" and "cosmos-proto+convert", on the messages it generates
// (features protoc+fast) from schema/person.proto and schema/floats.proto
// into internal/gen/cosmos.
//
//   - "cosmos-proto": proto.Marshal of the message and proto.Unmarshal into
//     a new message (google.golang.org/protobuf/proto), which the Cosmos SDK
//     calls and which run the generated fast Marshal, Unmarshal and Size
//     that the messages' ProtoMethods return (the README's "protoc+fast"
//     features). The canonical values are converted to and from the
//     messages at setup, outside the timed calls (convert.go).
//   - "cosmos-proto+convert": the same, with the conversions timed too.
//
// The schemas are package pb's, so the bytes are those of the protobuf
// codec: the same mapping (schema/README.md) and the same losses.
//
// It binds the person and floats workloads. nested is unsupported: the
// generator cannot compile schema/nested.proto (internal/gen/cosmos says
// why). The other workloads have no schema for it.
package cosmosproto

import (
	"fmt"
	"reflect"

	"google.golang.org/protobuf/proto"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/genbind"
	gen "github.com/serbench/serbench/internal/gen/cosmos"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/cosmos/cosmos-proto"

// losses are those of the person and floats workloads of every protobuf
// codec of these schemas (the interface-types loss of pb.Losses is
// nested's, which this codec does not bind).
var losses = []codec.Loss{{
	Kind:   codec.NilEmpty,
	Detail: "proto3 writes no empty repeated or map field, so nil and empty slices and maps (Person.Tags and Aliases) are written alike and decode as nil",
}}

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:    "cosmos-proto",
		Format:  "protobuf",
		Module:  module,
		Package: "google.golang.org/protobuf/proto",
		API:     codec.CodeGen,
		Losses:  losses,
		Notes: "proto.Marshal / proto.Unmarshal into a new message, on protoc-gen-go-pulsar's messages (features protoc+fast: fast reflection and generated Marshal/Unmarshal/Size in ProtoMethods, internal/gen/cosmos), " +
			"converted from the canonical values at setup; nested unsupported (the generator writes unparsable Go for schema/nested.proto)",
	}, bind))
}

var mappings = genbind.Mappings[proto.Message]{
	reflect.TypeFor[workload.Person](): {
		New:       func() proto.Message { return new(gen.Person) },
		Of:        func(v any) (any, error) { return personOf(v.(*workload.Person)) },
		Canonical: func(v any) (any, error) { return canonicalPerson(v.(*gen.Person)), nil },
	},
	reflect.TypeFor[[]float32](): {
		New:       func() proto.Message { return new(gen.Floats) },
		Of:        func(v any) (any, error) { return &gen.Floats{Values: *v.(*[]float32)}, nil },
		Canonical: func(v any) (any, error) { return &v.(*gen.Floats).Values, nil },
	},
}

func bind(t codec.Target) (codec.Instance, error) {
	if t.Type == reflect.TypeFor[workload.TestStruc]() {
		return nil, codec.Unsupportedf("protoc-gen-go-pulsar v1.0.0-beta.3 cannot generate schema/nested.proto: " +
			"for a sint64 field in a oneof it writes a size method with an unopened '}', which does not parse (internal/gen/cosmos)")
	}
	m, err := mappings.For(t, "cosmos-proto has messages for workload.Person and []float32")
	if err != nil {
		return nil, err
	}
	return codec.Funcs{
		PrepareFunc: m.Of,
		EncodeFunc: func(v any) ([]byte, error) {
			msg, ok := v.(proto.Message)
			if !ok {
				return nil, fmt.Errorf("cosmos-proto: cannot encode %T", v)
			}
			return proto.Marshal(msg)
		},
		DecodeFunc: func(data []byte) (any, error) {
			v := m.New()
			err := proto.Unmarshal(data, v)
			return v, err
		},
		CanonicalFunc: m.Canonical,
	}, nil
}
