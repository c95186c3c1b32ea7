// Package protobuf registers google.golang.org/protobuf, the Go
// implementation of Protocol Buffers, on the messages that protoc-gen-go
// generates from schema/*.proto (package internal/gen/pb), as two codecs:
//
//   - "protobuf": proto.Marshal of the message, and proto.Unmarshal into a
//     new message, as the library documents them. The canonical values are
//     converted to and from the messages at setup, outside the timed calls.
//   - "protobuf+convert": the same, with the conversions timed too, as an
//     application that keeps its data in its own Go types pays them.
//
// The schemas follow schema/README.md's mapping: signed integers zigzag
// (sint32, sint64), unsigned ones uint32 or uint64, times two fields (Unix
// nanoseconds and UTC offset), interface{} values a Value message with a
// oneof, and TestStruc's children TestStruc messages in maps and a repeated
// field. The typed corpora's schemas (schema/twitter.proto, citm.proto,
// canada.proto) make the Go pointers proto3 optional fields and the `any`
// fields, null in every record, bytes holding their JSON text. The
// conversions are internal/gen/pb's (FromPerson, ToPerson, ...,
// FromTwitterStatus, ToTwitterStatus, ...).
//
// It binds the person, nested and floats workloads and the typed corpora
// (twitter, citm, canada), and no other. It does not use the methods that
// protoc-gen-go-vtproto adds to the same messages: those are package
// vtprotobuf's.
package protobuf

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/gen/pb"
)

const module = "google.golang.org/protobuf"

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:    "protobuf",
		Format:  "protobuf",
		Module:  module,
		Package: module + "/proto",
		API:     codec.CodeGen,
		Losses:  pb.Losses,
		Notes: "proto.Marshal / proto.Unmarshal into a new message, on protoc-gen-go's messages (internal/gen/pb), " +
			"converted from the canonical values at setup; the typed corpora's any fields (always nil) are bytes of JSON text",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	b, ok := pb.BindingFor(t.Type)
	if !ok {
		return nil, codec.Unsupportedf("protobuf has messages for workload.Person, workload.TestStruc, []float32, workload.TwitterStatus, workload.CITMPerformance and workload.CanadaFeature only, not %s (workload %q)", t.Type, t.Workload)
	}
	return codec.Funcs{
		PrepareFunc: func(v any) (any, error) { return b.Of(v) },
		EncodeFunc: func(v any) ([]byte, error) {
			m, ok := v.(proto.Message)
			if !ok {
				return nil, fmt.Errorf("protobuf: cannot encode %T", v)
			}
			return proto.Marshal(m)
		},
		DecodeFunc: func(data []byte) (any, error) {
			m := b.New()
			err := proto.Unmarshal(data, m)
			return m, err
		},
		CanonicalFunc: func(v any) (any, error) {
			m, ok := v.(pb.Message)
			if !ok {
				return nil, fmt.Errorf("protobuf: cannot convert %T", v)
			}
			return b.Canonical(m, false)
		},
	}, nil
}
