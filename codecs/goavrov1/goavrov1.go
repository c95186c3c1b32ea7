// Package goavrov1 registers the v1 API of LinkedIn's Avro library,
// github.com/linkedin/goavro at v1.0.5 (before the module moved to
// github.com/linkedin/goavro/v2, which codecs/goavro measures), as the
// codecs "goavro-v1" and "goavro-v1+convert".
//
// goavro v1 has no struct binding: it encodes and decodes its native form,
// in which a record is a *goavro.Record (made with goavro.NewRecord and
// goavro.RecordSchema, filled with Record.Set, read with Record.Get), an
// array a []interface{} and a map a map[string]interface{}. As its README
// says ("Creating a goavro.Codec is fast, but ought to be performed exactly
// once per Avro schema"), Bind builds one goavro.Codec per instance from
// the workload's schema (schema/*.avsc, those of codecs/goavro and
// hamba-avro) with goavro.NewCodec, and the RecordSchema setter once;
// then
//
//   - "goavro-v1": Codec.Encode into a bytes.Buffer, whose bytes Encode
//     returns, and Codec.Decode from a bytes.Reader over the input, with
//     the conversions between the canonical values and *goavro.Record at
//     setup, outside the timed calls (flagged gen-types);
//   - "goavro-v1+convert": the same, with the conversions timed, as an
//     application that keeps its data in its own Go types pays them.
//
// Decode fails when bytes are left after the value. The conversions follow
// codecs/goavro (schema/README.md): a time.Time is two fields, Unix
// nanoseconds and UTC offset (schema.SplitTime, schema.JoinTime), a Go int
// a long.
//
// It binds the person and floats workloads. v1 cannot build the codec of
// schema/nested.avsc, whose record TestStruc refers to itself
// (goavro.NewCodec: "cannot build unknown: unknown type name:
// serbench.TestStruc"): v1 resolves a named type only after its
// definition is complete. Avro needs a schema for every other type.
package goavrov1

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/linkedin/goavro"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:   "goavro-v1",
		Format: "avro",
		Module: "github.com/linkedin/goavro",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind: codec.NilEmpty,
			Detail: "Avro arrays and maps have no null: goavro v1 decodes an empty array as a nil []interface{} " +
				"and every map as a non-nil map[string]interface{}, so empty slices come back nil and nil maps empty",
		}},
		Notes: "Codec.Encode / Codec.Decode (v1.0.5 API) on *goavro.Record values, codec built from schema/*.avsc at Bind, converted from the canonical values at setup",
	}, bind))
}

// mapping binds one workload type to its schema file and native form.
type mapping struct {
	schema    string // the workload whose .avsc file it is
	native    func(r func() (*goavro.Record, error), canonical any) (any, error)
	canonical func(native any) (any, error)
}

var mappings = map[reflect.Type]mapping{
	reflect.TypeFor[workload.Person](): {
		schema: "person",
		native: func(r func() (*goavro.Record, error), v any) (any, error) {
			return personNative(r, v.(*workload.Person))
		},
		canonical: func(v any) (any, error) { return canonicalPerson(v) },
	},
	reflect.TypeFor[[]float32](): {
		schema:    "floats",
		native:    func(r func() (*goavro.Record, error), v any) (any, error) { return floatsNative(r, *v.(*[]float32)) },
		canonical: func(v any) (any, error) { return canonicalFloats(v) },
	},
}

// nestedSchema is why the nested workload is not bound.
const nestedSchema = "goavro v1 cannot build the codec of schema/nested.avsc, whose record TestStruc refers to itself " +
	"(goavro.NewCodec: \"cannot build unknown: unknown type name: serbench.TestStruc\")"

func bind(t codec.Target) (codec.Instance, error) {
	m, ok := mappings[t.Type]
	if !ok {
		if t.Type == reflect.TypeFor[workload.TestStruc]() {
			return nil, codec.Unsupportedf("%s", nestedSchema)
		}
		return nil, codec.Unsupportedf("goavro-v1 has a schema for workload.Person and []float32 only, not %s (workload %q)", t.Type, t.Workload)
	}
	text, err := schema.AvroSchema(m.schema)
	if err != nil {
		return nil, err
	}
	c, err := goavro.NewCodec(text)
	if err != nil {
		return nil, fmt.Errorf("goavro v1: %s.avsc: %w", m.schema, err)
	}
	setter := goavro.RecordSchema(text)
	newRecord := func() (*goavro.Record, error) { return goavro.NewRecord(setter) }
	if _, err := newRecord(); err != nil {
		return nil, fmt.Errorf("goavro v1: %s.avsc: %w", m.schema, err)
	}
	return codec.Funcs{
		PrepareFunc: func(v any) (any, error) { return m.native(newRecord, v) },
		EncodeFunc: func(v any) ([]byte, error) {
			var buf bytes.Buffer
			err := c.Encode(&buf, v)
			return buf.Bytes(), err
		},
		DecodeFunc: func(data []byte) (any, error) {
			r := bytes.NewReader(data)
			v, err := c.Decode(r)
			if err == nil && r.Len() > 0 {
				err = fmt.Errorf("goavro v1: %d bytes left after the value", r.Len())
			}
			return v, err
		},
		CanonicalFunc: m.canonical,
	}, nil
}
