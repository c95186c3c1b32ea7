// Package goavro registers github.com/linkedin/goavro/v2, LinkedIn's Avro
// library, as the codecs "goavro" and "goavro+convert".
//
// goavro has no struct binding: it encodes and decodes its native form,
// generic Go values (a record is a map[string]interface{} keyed by field
// name, an array a []interface{}, a map a map[string]interface{}, a
// non-null union value a map[string]interface{} of one entry keyed by the
// branch's type name, as goavro.Union makes it). So the codecs build a
// goavro.Codec from the workload's schema (schema/*.avsc, the one
// hamba-avro uses) once at Bind, and convert the canonical values to and
// from the native form as the code-generated codecs convert them to and
// from their generated types (native.go says how):
//
//   - "goavro": Codec.BinaryFromNative(nil, native) and
//     Codec.NativeFromBinary(data), with the conversions at setup,
//     outside the timed calls.
//   - "goavro+convert": the same, with the conversions timed too, as an
//     application that keeps its data in its own Go types pays them.
//
// Codec.NativeFromBinary decodes from the caller's bytes without copying
// them first, and it returns some values as slices of them (read from the
// library source, bytes.go, fixed.go and map.go, and checked per workload
// by TestAliasing):
//
//   - an Avro bytes value is returned by bytesNativeFromBinary as
//     buf[:size], a slice of the input: it aliases the input, and its
//     capacity runs to the end of the input, so appending to it overwrites
//     the bytes that follow. Of the workloads, that is the bytes fields
//     ui8slice, byslice and nslice of schema/nested.avsc, which the
//     conversion to the canonical TestStruc shares (Ui8slice and Byslice,
//     at every depth; Nslice is always empty), in both variants;
//   - a fixed value is a slice of the input too (buf[:size]); no schema
//     here has one;
//   - strings (stringNativeFromBinary: string(bytes)), map keys among
//     them, are copied, and record field names, union branch names and
//     enum symbols come from the schema: person and floats alias nothing.
//
// The library has no option to copy bytes values, and the decoder neither
// modifies nor keeps its input. Aliasing is a property of a workload's
// types, not of the codec, so the codecs declare no UnsafeStrings flag and
// the harness detects aliasing per workload when it verifies a cell.
// Decode fails when bytes are left after the value.
//
// It binds the person, nested and floats workloads and no other: Avro
// needs a schema for every type.
package goavro

import (
	"fmt"
	"reflect"

	"github.com/linkedin/goavro/v2"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/genbind"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/linkedin/goavro/v2"

// losses are the declared losses of both variants.
var losses = []codec.Loss{{
	Kind: codec.NilEmpty,
	Detail: "Avro arrays, maps and bytes have no null, and goavro decodes every one of them, " +
		"nil or empty when encoded, as an empty, non-nil []interface{}, map or []byte",
}, genbind.UnionLoss("the union Value of null, string, boolean, long, U64 (a record of one long), float and double", "schema/nested.avsc")}

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:   "goavro",
		Format: "avro",
		Module: module,
		API:    codec.Reflection,
		Losses: losses,
		Notes: "Codec.BinaryFromNative / NativeFromBinary on goavro's native form (map[string]interface{} records, goavro.Union values), " +
			"codec built from schema/*.avsc at Bind, converted from the canonical values at setup; " +
			"decoded bytes values alias the input buffer (nested's Byslice and Ui8slice, in both variants: the conversion shares them; the library has no option to copy them); " +
			"decoded strings are copied",
	}, bind))
}

// mapping binds one workload type to its schema file and native form.
type mapping struct {
	schema    string // the workload whose .avsc file it is
	native    func(canonical any) (any, error)
	canonical func(native any) (any, error)
}

var mappings = map[reflect.Type]mapping{
	reflect.TypeFor[workload.Person](): {
		schema:    "person",
		native:    func(v any) (any, error) { return personNative(v.(*workload.Person)) },
		canonical: func(v any) (any, error) { return canonicalPerson(v) },
	},
	reflect.TypeFor[workload.TestStruc](): {
		schema:    "nested",
		native:    func(v any) (any, error) { return testStrucNative(v.(*workload.TestStruc)) },
		canonical: func(v any) (any, error) { return canonicalTestStruc(v) },
	},
	reflect.TypeFor[[]float32](): {
		schema:    "floats",
		native:    func(v any) (any, error) { return floatsNative(*v.(*[]float32)), nil },
		canonical: func(v any) (any, error) { return canonicalFloats(v) },
	},
}

func bind(t codec.Target) (codec.Instance, error) {
	m, ok := mappings[t.Type]
	if !ok {
		return nil, codec.Unsupportedf("goavro has a schema for workload.Person, workload.TestStruc and []float32 only, not %s (workload %q)", t.Type, t.Workload)
	}
	text, err := schema.AvroSchema(m.schema)
	if err != nil {
		return nil, err
	}
	c, err := goavro.NewCodec(text)
	if err != nil {
		return nil, fmt.Errorf("goavro: %s.avsc: %w", m.schema, err)
	}
	return codec.Funcs{
		PrepareFunc: m.native,
		EncodeFunc:  func(v any) ([]byte, error) { return c.BinaryFromNative(nil, v) },
		DecodeFunc: func(data []byte) (any, error) {
			v, rest, err := c.NativeFromBinary(data)
			if err == nil && len(rest) > 0 {
				err = fmt.Errorf("goavro: %d bytes left after the value", len(rest))
			}
			return v, err
		},
		CanonicalFunc: m.canonical,
	}, nil
}
