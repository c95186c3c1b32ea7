package pb

// This file is written by hand.

import (
	"fmt"
	"reflect"

	"google.golang.org/protobuf/proto"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

// Losses are the declared losses of the Protocol Buffers codecs of
// serbench (packages codecs/protobuf, codecs/vtprotobuf and codecs/gogo):
// what the schemas and the conversions of this package and of package gogo,
// the same, cannot carry, whatever the library.
var Losses = []codec.Loss{{
	Kind: codec.NilEmpty,
	Detail: "proto3 writes no empty repeated, map or bytes field, so nil and empty slices and maps " +
		"(Person.Tags and Aliases, TestStruc's slices and maps, and the corpora's slices: twitter's " +
		"entities, URLs and indices, citm's prices, seat categories, areas and block ids, canada's rings) " +
		"are written alike and decode as nil",
}, {
	Kind: codec.InterfaceTypes,
	Detail: "interface{} values are a Value message with a oneof of string, bool, sint64, uint64, float " +
		"and double: signed integers decode as int64 and unsigned ones as uint64, whatever their Go type; " +
		"the corpora's `any` fields (nil in every record) are bytes holding the value's JSON text, " +
		"decoded as encoding/json decodes into an interface{} (numbers as float64)",
}}

// Message is what protoc-gen-go and protoc-gen-go-vtproto generate for each
// message of the schemas (on its pointer): the google.golang.org/protobuf
// message and vtprotobuf's methods, the pool's among them.
type Message interface {
	proto.Message
	MarshalVT() ([]byte, error)
	MarshalToSizedBufferVT(dAtA []byte) (int, error)
	SizeVT() int
	UnmarshalVT(dAtA []byte) error
	ResetVT()
	ReturnToVTPool()
}

// Binding converts the values of one canonical type to and from its
// message.
type Binding struct {
	// Of returns the message of a pointer to a canonical value.
	Of func(canonical any) (Message, error)
	// New returns a new empty message.
	New func() Message
	// FromVTPool returns an empty message from vtprotobuf's pool of the
	// message type (PersonFromVTPool, ...).
	FromVTPool func() Message
	// Canonical returns a pointer to the canonical value of a message,
	// sharing memory with it unless clone is set (see ToPerson).
	Canonical func(m Message, clone bool) (any, error)
}

// BindingFor returns the Binding of canonical type t (workload.Person,
// workload.TestStruc, []float32, and the typed corpora's
// workload.TwitterStatus, workload.CITMPerformance and
// workload.CanadaFeature), and false for any other type.
func BindingFor(t reflect.Type) (Binding, bool) {
	switch t {
	case reflect.TypeFor[workload.Person]():
		return binding(FromPerson, ToPerson, PersonFromVTPool), true
	case reflect.TypeFor[workload.TestStruc]():
		return binding(FromTestStruc, ToTestStruc, TestStrucFromVTPool), true
	case reflect.TypeFor[[]float32]():
		return binding(func(v *[]float32) (*Floats, error) { return FromFloats(v), nil },
			ToFloats, FloatsFromVTPool), true
	case reflect.TypeFor[workload.TwitterStatus]():
		return bindingErr(FromTwitterStatus, ToTwitterStatus, TwitterStatusFromVTPool), true
	case reflect.TypeFor[workload.CITMPerformance]():
		return bindingErr(FromCITMPerformance, ToCITMPerformance, CITMPerformanceFromVTPool), true
	case reflect.TypeFor[workload.CanadaFeature]():
		return bindingErr(FromCanadaFeature, ToCanadaFeature, CanadaFeatureFromVTPool), true
	}
	return Binding{}, false
}

// binding is bindingErr for a conversion to the canonical value that
// cannot fail.
func binding[C any, M any, PM interface {
	*M
	Message
}](of func(*C) (PM, error), canonical func(PM, bool) *C, fromPool func() PM) Binding {
	return bindingErr(of, func(m PM, clone bool) (*C, error) { return canonical(m, clone), nil }, fromPool)
}

// bindingErr returns the Binding of canonical type C and message type M.
func bindingErr[C any, M any, PM interface {
	*M
	Message
}](of func(*C) (PM, error), canonical func(PM, bool) (*C, error), fromPool func() PM) Binding {
	return Binding{
		Of: func(v any) (Message, error) {
			c, ok := v.(*C)
			if !ok || c == nil {
				return nil, fmt.Errorf("pb: cannot convert %T to %s", v, reflect.TypeFor[PM]())
			}
			m, err := of(c)
			if err != nil {
				return nil, err
			}
			return m, nil
		},
		New:        func() Message { return PM(new(M)) },
		FromVTPool: func() Message { return fromPool() },
		Canonical: func(m Message, clone bool) (any, error) {
			pm, ok := m.(PM)
			if !ok || pm == nil {
				return nil, fmt.Errorf("pb: cannot convert %T to %s", m, reflect.TypeFor[*C]())
			}
			c, err := canonical(pm, clone)
			if err != nil {
				return nil, err
			}
			return c, nil
		},
	}
}
