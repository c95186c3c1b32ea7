// Package genbind binds the workloads' Go types to the types a code
// generator made for them from the project's schemas (schema/), for the
// code-generated codecs whose generated messages share one interface
// (bebop.Record, benc's and Colfer's message methods, Avro's records):
// which generated type stands for which workload type and the conversion
// each way. Each codec writes its own Encode and Decode, which are timed:
// a direct call of the generated method, no function value between.
package genbind

import (
	"reflect"

	"github.com/serbench/serbench/codec"
)

// Mapping binds one workload type to its generated type, a value of M
// (usually an interface the generated pointers implement).
type Mapping[M any] struct {
	// New returns a new, empty generated message to decode into.
	New func() M
	// Of converts a pointer to a workload value into its generated
	// message (the codec's Prepare).
	Of func(canonical any) (any, error)
	// Canonical converts a decoded message back into a pointer to a
	// workload value (the codec's Canonical).
	Canonical func(decoded any) (any, error)
	// Schema names the schema file of the type, for codecs that parse
	// one at run time (Avro); "" for the others.
	Schema string
}

// Mappings are the mappings of a codec, by workload type.
type Mappings[M any] map[reflect.Type]Mapping[M]

// For returns the mapping of t's type, or an error wrapping
// codec.ErrUnsupported that says what the codec has ("bebop has a schema
// for workload.Person, workload.TestStruc and []float32 only") and which
// type of which workload it lacks.
func (ms Mappings[M]) For(t codec.Target, has string) (Mapping[M], error) {
	m, ok := ms[t.Type]
	if !ok {
		return m, codec.Unsupportedf("%s only, not %s (workload %q)", has, t.Type, t.Workload)
	}
	return m, nil
}

// UnionLoss is the interface-types loss of a codec whose schema carries
// interface{} values as the project's Value union (schema.Union): union
// describes the union in the codec's own terms ("a Value union of string,
// bool, int64, uint64, float32 and float64"), file names its schema
// ("schema/nested.bop").
func UnionLoss(union, file string) codec.Loss {
	return codec.Loss{
		Kind:   codec.InterfaceTypes,
		Detail: "interface{} values are " + union + " (" + file + "): signed integers decode as int64 and unsigned ones as uint64, whatever their Go type",
	}
}
