// Package avro registers github.com/hamba/avro/v2, the fast reflection
// and code-generation Avro library, as the codecs "hamba-avro" and
// "hamba-avro+convert", on the structs that its avrogen generates from
// schema/*.avsc into internal/gen/avro.
//
//   - "hamba-avro": Marshal and Unmarshal of an API frozen from the
//     default avro.Config, as the library's documentation recommends, with
//     the workload's schema parsed once at Bind. The canonical values are
//     converted to and from the generated structs at setup, outside the
//     timed calls (convert.go says how).
//   - "hamba-avro+convert": the same, with the conversions timed too.
//
// The frozen API is the package's own, not avro.DefaultConfig, so that
// registering the record U64 (the unsigned branch of the union Value of
// the interface{} fields) for union resolution changes no global state;
// the schemas are parsed with a schema cache of their own for the same
// reason.
//
// It binds the person, nested and floats workloads and no other: Avro
// needs a schema for every type.
package avro

import (
	"fmt"
	"reflect"

	"github.com/hamba/avro/v2"

	"github.com/serbench/serbench/codec"
	gen "github.com/serbench/serbench/internal/gen/avro"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/hamba/avro/v2"

// losses are the declared losses of both variants.
var losses = []codec.Loss{{
	Kind: codec.NilEmpty,
	Detail: "Avro arrays, maps and bytes have no null, and hamba/avro decodes every one of them, " +
		"nil or empty when encoded, as an empty, non-nil slice or map",
}, {
	Kind: codec.InterfaceTypes,
	Detail: "interface{} values are the union Value of null, string, boolean, long, U64 (a record of one long), float and double " +
		"(schema/nested.avsc): signed integers decode as int64 and unsigned ones as uint64, whatever their Go type",
}}

// api is the frozen configuration every instance uses, with U64
// registered under its full Avro name.
var api = func() avro.API {
	a := avro.Config{}.Freeze()
	a.Register(gen.U64Name, gen.U64{})
	return a
}()

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:   "hamba-avro",
		Format: "avro",
		Module: module,
		API:    codec.CodeGen,
		Losses: losses,
		Notes: "Marshal / Unmarshal of avro.Config{}.Freeze() on internal/gen/avro structs (avrogen), " +
			"schema parsed once at Bind, converted from the canonical values at setup",
	}, bind))
}

// mapping binds one workload type to its schema file and generated type.
type mapping struct {
	schema    string // the workload whose .avsc file it is
	newValue  func() any
	of        func(canonical any) (any, error)
	canonical func(decoded any) (any, error)
}

var mappings = map[reflect.Type]mapping{
	reflect.TypeFor[workload.Person](): {
		schema:    "person",
		newValue:  func() any { return new(gen.Person) },
		of:        func(v any) (any, error) { return personOf(v.(*workload.Person)) },
		canonical: func(v any) (any, error) { return canonicalPerson(v.(*gen.Person)), nil },
	},
	reflect.TypeFor[workload.TestStruc](): {
		schema:    "nested",
		newValue:  func() any { return new(gen.TestStruc) },
		of:        func(v any) (any, error) { return testStrucOf(v.(*workload.TestStruc)) },
		canonical: func(v any) (any, error) { return canonicalTestStruc(v.(*gen.TestStruc)) },
	},
	reflect.TypeFor[[]float32](): {
		schema:    "floats",
		newValue:  func() any { return new(gen.Floats) },
		of:        func(v any) (any, error) { return &gen.Floats{Values: *v.(*[]float32)}, nil },
		canonical: func(v any) (any, error) { return &v.(*gen.Floats).Values, nil },
	},
}

// parseSchema parses the Avro schema of m's workload.
func parseSchema(m mapping) (avro.Schema, error) {
	text, err := schema.AvroSchema(m.schema)
	if err != nil {
		return nil, err
	}
	s, err := avro.ParseWithCache(text, "", &avro.SchemaCache{})
	if err != nil {
		return nil, fmt.Errorf("hamba-avro: parse %s.avsc: %w", m.schema, err)
	}
	return s, nil
}

func bind(t codec.Target) (codec.Instance, error) {
	m, ok := mappings[t.Type]
	if !ok {
		return nil, codec.Unsupportedf("hamba-avro has a schema for workload.Person, workload.TestStruc and []float32 only, not %s (workload %q)", t.Type, t.Workload)
	}
	s, err := parseSchema(m)
	if err != nil {
		return nil, err
	}
	return codec.Funcs{
		PrepareFunc: m.of,
		EncodeFunc:  func(v any) ([]byte, error) { return api.Marshal(s, v) },
		DecodeFunc: func(data []byte) (any, error) {
			v := m.newValue()
			err := api.Unmarshal(s, data, v)
			return v, err
		},
		CanonicalFunc: m.canonical,
	}, nil
}
