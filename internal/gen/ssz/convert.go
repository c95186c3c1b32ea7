package ssz

// This file is written by hand.

import (
	"fmt"
	"math"
	"reflect"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// Losses are the declared losses of the SSZ codecs (codecs/fastssz,
// codecs/gossz): what the mapping of schema/ssz.go cannot carry, whatever
// the library.
var Losses = []codec.Loss{{
	Kind: codec.NilEmpty,
	Detail: "an SSZ list is its elements (their number follows from the offsets), so nil and empty slices and maps " +
		"(Person.Tags and Aliases, the floats) are written alike and decode as nil",
}}

// Binding converts the values of one canonical type to and from its SSZ
// type.
type Binding struct {
	// New returns a new, empty value of the SSZ type, a pointer.
	New func() any
	// Of returns the SSZ value of a pointer to a canonical value.
	Of func(canonical any) (any, error)
	// Canonical returns a pointer to the canonical value of an SSZ value.
	Canonical func(v any) (any, error)
}

// BindingFor returns the Binding of canonical type t (workload.Person and
// []float32), and false for any other type.
func BindingFor(t reflect.Type) (Binding, bool) {
	switch t {
	case reflect.TypeFor[workload.Person]():
		return Binding{
			New:       func() any { return new(Person) },
			Of:        func(v any) (any, error) { return FromPerson(v.(*workload.Person)) },
			Canonical: func(v any) (any, error) { return ToPerson(v.(*Person)), nil },
		}, true
	case reflect.TypeFor[[]float32]():
		return Binding{
			New:       func() any { return new(Floats) },
			Of:        func(v any) (any, error) { return FromFloats(v.(*[]float32)), nil },
			Canonical: func(v any) (any, error) { return ToFloats(v.(*Floats)), nil },
		}, true
	}
	return Binding{}, false
}

// bytesOf returns the bytes of s, nil for "".
func bytesOf(s string) []byte {
	if s == "" {
		return nil
	}
	return []byte(s)
}

// FromPerson returns the SSZ Person of p: its strings as bytes, its
// signed integers and its float as the unsigned integers of the same bits.
// It fails for a BirthDay outside the range of the time mapping
// (schema.SplitTime).
func FromPerson(p *workload.Person) (*Person, error) {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	m := &Person{
		Name:             bytesOf(p.Name),
		BirthDayUnixNano: uint64(ns),
		BirthDayOffset:   uint32(off),
		Phone:            bytesOf(p.Phone),
		Siblings:         uint64(p.Siblings),
		Spouse:           p.Spouse,
		Money:            math.Float64bits(p.Money),
	}
	if p.Tags != nil {
		entries := make([]StringEntry, 0, len(p.Tags))
		for k, v := range p.Tags {
			entries = append(entries, StringEntry{Key: bytesOf(k), Value: bytesOf(v)})
		}
		m.Tags = schema.PointersTo(entries)
	}
	m.Aliases = schema.Slice(p.Aliases, bytesOf)
	return m, nil
}

// ToPerson returns the canonical value of m. Empty lists become nil: the
// encoding does not tell nil from empty.
func ToPerson(m *Person) *workload.Person {
	p := &workload.Person{
		Name:     string(m.Name),
		BirthDay: schema.JoinTime(int64(m.BirthDayUnixNano), int32(m.BirthDayOffset)),
		Phone:    string(m.Phone),
		Siblings: int(int64(m.Siblings)),
		Spouse:   m.Spouse,
		Money:    math.Float64frombits(m.Money),
	}
	if len(m.Tags) > 0 {
		p.Tags = make(map[string]string, len(m.Tags))
		for _, e := range m.Tags {
			p.Tags[string(e.Key)] = string(e.Value)
		}
	}
	if len(m.Aliases) > 0 {
		p.Aliases = schema.Slice(m.Aliases, func(b []byte) string { return string(b) })
	}
	return p
}

// FromFloats returns the SSZ Floats of a slice of the floats workload: the
// IEEE 754 bits of its values, sharing its memory (schema.Float32Bits).
func FromFloats(v *[]float32) *Floats {
	return &Floats{Values: schema.Float32Bits(*v)}
}

// ToFloats returns the canonical value of m, sharing its memory: nil when
// empty.
func ToFloats(m *Floats) *[]float32 {
	s := schema.Float32sOfBits(schema.OrNil(m.Values))
	return &s
}
