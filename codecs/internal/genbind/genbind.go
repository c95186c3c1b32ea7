// Package genbind binds the workloads' Go types to the types a code
// generator made for them from the project's schemas (schema/), for the
// code-generated codecs whose generated messages share one interface
// (bebop.Record, benc's and Colfer's message methods, Avro's records):
// which generated type stands for which workload type, the conversion
// each way, and the codec.Instance that prepares by converting, encodes
// the generated message and decodes into a new one.
package genbind

import (
	"fmt"
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

// Encoder returns the Encode of codec name: it checks that the prepared
// value is a message (an M) and encodes it with encode.
func Encoder[M any](name string, encode func(msg M) ([]byte, error)) func(prepared any) ([]byte, error) {
	return func(v any) ([]byte, error) {
		msg, ok := v.(M)
		if !ok {
			return nil, fmt.Errorf("%s: cannot encode %T", name, v)
		}
		return encode(msg)
	}
}

// Instance returns the instance of m: Prepare converts with m.Of, Encode
// is encode, Decode unmarshals into m.New() with unmarshal, and
// Canonical converts back with m.Canonical.
func Instance[M any](m Mapping[M], encode func(prepared any) ([]byte, error), unmarshal func(msg M, data []byte) error) codec.Instance {
	return codec.Funcs{
		PrepareFunc: m.Of,
		EncodeFunc:  encode,
		DecodeFunc: func(data []byte) (any, error) {
			v := m.New()
			err := unmarshal(v, data)
			return v, err
		},
		CanonicalFunc: m.Canonical,
	}
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
