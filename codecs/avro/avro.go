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
	"github.com/serbench/serbench/codecs/internal/genbind"
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
}, genbind.UnionLoss("the union Value of null, string, boolean, long, U64 (a record of one long), float and double", "schema/nested.avsc")}

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

// mappings bind the workload types to their generated types and to the
// workload whose .avsc file they were generated from.
var mappings = genbind.Mappings[any]{
	reflect.TypeFor[workload.Person](): {
		Schema:    "person",
		New:       func() any { return new(gen.Person) },
		Of:        func(v any) (any, error) { return personOf(v.(*workload.Person)) },
		Canonical: func(v any) (any, error) { return canonicalPerson(v.(*gen.Person)), nil },
	},
	reflect.TypeFor[workload.TestStruc](): {
		Schema:    "nested",
		New:       func() any { return new(gen.TestStruc) },
		Of:        func(v any) (any, error) { return testStrucOf(v.(*workload.TestStruc)) },
		Canonical: func(v any) (any, error) { return canonicalTestStruc(v.(*gen.TestStruc)) },
	},
	reflect.TypeFor[[]float32](): {
		Schema:    "floats",
		New:       func() any { return new(gen.Floats) },
		Of:        func(v any) (any, error) { return &gen.Floats{Values: *v.(*[]float32)}, nil },
		Canonical: func(v any) (any, error) { return &v.(*gen.Floats).Values, nil },
	},
}

// parseSchema parses the Avro schema of m's workload.
func parseSchema(m genbind.Mapping[any]) (avro.Schema, error) {
	text, err := schema.AvroSchema(m.Schema)
	if err != nil {
		return nil, err
	}
	s, err := avro.ParseWithCache(text, "", &avro.SchemaCache{})
	if err != nil {
		return nil, fmt.Errorf("hamba-avro: parse %s.avsc: %w", m.Schema, err)
	}
	return s, nil
}

func bind(t codec.Target) (codec.Instance, error) {
	m, err := mappings.For(t, "hamba-avro has a schema for workload.Person, workload.TestStruc and []float32")
	if err != nil {
		return nil, err
	}
	s, err := parseSchema(m)
	if err != nil {
		return nil, err
	}
	return codec.Funcs{
		PrepareFunc: m.Of,
		EncodeFunc:  func(v any) ([]byte, error) { return api.Marshal(s, v) },
		DecodeFunc: func(data []byte) (any, error) {
			v := m.New()
			err := api.Unmarshal(s, data, v)
			return v, err
		},
		CanonicalFunc: m.Canonical,
	}, nil
}
