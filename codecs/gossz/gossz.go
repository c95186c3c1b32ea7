// Package gossz registers github.com/prysmaticlabs/go-ssz, SSZ (Simple
// Serialize, the Ethereum consensus encoding) by reflection over Go types
// with ssz-max tags, as the codecs "go-ssz" and "go-ssz+convert": ssz.Marshal
// of a value and ssz.Unmarshal into a new one, the encoding/json-like API
// its README shows, on the SSZ types of schema/ssz.go (package
// internal/gen/ssz, the types sszgen generates fastssz's methods for, which
// go-ssz does not call).
//
//   - "go-ssz": the canonical values are converted to and from the SSZ types
//     at setup, outside the timed calls (internal/gen/ssz's FromPerson,
//     ToPerson, ...).
//   - "go-ssz+convert": the same, with the conversions timed too.
//
// The library is archived by its authors (Prysm moved to fastssz); the
// version measured is the one go_serialization_benchmarks used.
//
// SSZ has unsigned integers, bools, bounded lists and containers only: the
// schema carries strings as lists of bytes, signed integers and floats as
// the unsigned integers of the same bits, and maps as lists of entries,
// which keeps every value (schema/ssz.go); nested's TestStruc
// (schema/ssz_nested.go, which fastssz cannot generate, as it contains
// itself) adds a Value container for interface{} values, whose numbers
// come back as int64 or uint64 (interface-types), and lists of at most one
// element for optional values. It binds the person and nested workloads.
// floats is unsupported: ssz.Unmarshal takes time quadratic in the length of
// a list of numbers, as basicSliceSSZ.Unmarshal (types/slice_basic.go)
// grows the slice one element at a time, each time into a new slice with a
// copy of the old (growConcreteSliceType); measured here, 16,000 uint32s
// decode in 0.34 s and 64,000 in 4.2 s, so the workload's 1,000,000 would
// take about 17 minutes per message. The other workloads have no SSZ
// schema.
package gossz

import (
	"reflect"

	"github.com/prysmaticlabs/go-ssz"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/genbind"
	gen "github.com/serbench/serbench/internal/gen/ssz"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/prysmaticlabs/go-ssz"

// losses are those of the SSZ schemas (gen.Losses) and, for nested,
// interface-types.
var losses = append(append([]codec.Loss{}, gen.Losses...),
	genbind.UnionLoss("a Value container with a kind and a field for each of string, bool, int64, uint64, float32 and float64", "schema/ssz_nested.go"))

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:   "go-ssz",
		Format: "ssz",
		Module: module,
		API:    codec.Reflection,
		Losses: losses,
		Notes: "ssz.Marshal / ssz.Unmarshal by reflection over the ssz-max-tagged types of schema/ssz.go (internal/gen/ssz), converted from the canonical values at setup; " +
			"strings as byte lists, signed integers and floats as the unsigned integers of their bits, maps as lists of entries; nested through schema/ssz_nested.go",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if t.Type == reflect.TypeFor[[]float32]() {
		return nil, codec.Unsupportedf("ssz.Unmarshal grows a list of numbers one element at a time, copying it each time "+
			"(types/slice_basic.go, growConcreteSliceType): 64,000 values take 4.2 s to decode here, the floats workload's %d would take about 17 minutes", workload.FloatsCount)
	}
	b, ok := gen.BindingFor(t.Type)
	if t.Type == reflect.TypeFor[workload.TestStruc]() {
		b, ok = gen.NestedBinding(), true
	}
	if !ok {
		return nil, codec.Unsupportedf("go-ssz has an SSZ schema for workload.Person, workload.TestStruc (and []float32) only, not %s (workload %q)", t.Type, t.Workload)
	}
	return codec.Funcs{
		PrepareFunc: b.Of,
		EncodeFunc:  ssz.Marshal,
		DecodeFunc: func(data []byte) (any, error) {
			v := b.New()
			err := ssz.Unmarshal(data, v)
			return v, err
		},
		CanonicalFunc: b.Canonical,
	}, nil
}
