package ssz

// This file is written by hand.

import (
	"fmt"
	"math"

	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// NestedBinding returns the Binding of workload.TestStruc to the TestStruc
// of schema/ssz_nested.go, which only go-ssz reads (sszgen cannot generate
// it: see package fastssz).
func NestedBinding() Binding {
	return Binding{
		New:       func() any { return new(TestStruc) },
		Of:        func(v any) (any, error) { return FromTestStruc(v.(*workload.TestStruc)) },
		Canonical: func(v any) (any, error) { return ToTestStruc(v.(*TestStruc)) },
	}
}

func stringOf(b []byte) string { return string(b) }

// valueOf returns the Value holding the interface{} value v.
func valueOf(v any) (*Value, error) {
	u, ok := schema.UnionOf[uint8](v)
	if !ok {
		return nil, fmt.Errorf("ssz: interface{} value of type %T has no Value kind", v)
	}
	return &Value{
		Kind: u.Kind, S: bytesOf(u.S), B: u.B, I: uint64(u.I), U: u.U,
		F32: math.Float32bits(u.F32), F64: math.Float64bits(u.F64),
	}, nil
}

// canonicalValue returns the interface{} value that m holds.
func canonicalValue(m *Value) (any, error) {
	v, ok := schema.Union[uint8]{
		Kind: m.Kind, S: string(m.S), B: m.B, I: int64(m.I), U: m.U,
		F32: math.Float32frombits(m.F32), F64: math.Float64frombits(m.F64),
	}.Value()
	if !ok {
		return nil, fmt.Errorf("ssz: unknown Value kind %d", m.Kind)
	}
	return v, nil
}

// mapOf returns the map of the list of entries es (schema.MapOfEntryPtrs):
// nil for an empty list, which go-ssz decodes as empty, not nil.
func mapOf[E, V any](es []*E, kv func(e *E) (string, V, error)) (map[string]V, string, error) {
	return schema.MapOfEntryPtrs(schema.OrNil(es), kv)
}

// FromTestStruc returns the SSZ TestStruc of s, with its children. It
// fails on what the schema cannot carry: a time outside the range of the
// time mapping (schema.SplitTime), a dynamic type in an interface{} value
// that the Value union has no field for, and nil pointers in Iptrslice and
// Its.
func FromTestStruc(s *workload.TestStruc) (*TestStruc, error) {
	tNano, tOff, err := schema.SplitTime(s.T)
	if err != nil {
		return nil, fmt.Errorf("T: %w", err)
	}
	m := &TestStruc{
		S: bytesOf(s.S), I: uint64(s.I), I8: uint8(s.I8), I16: uint16(s.I16), I32: uint32(s.I32), I64: uint64(s.I64),
		Ui: uint64(s.Ui), Ui8: s.Ui8, Ui16: s.Ui16, Ui32: s.Ui32, Ui64: s.Ui64,
		F32: math.Float32bits(s.F32), F64: math.Float64bits(s.F64), B: s.B, By: s.By,

		Sslice:    schema.Slice(s.Sslice, bytesOf),
		Intslice:  schema.Numbers[uint64](s.Intslice),
		I8slice:   schema.Numbers[uint8](s.I8slice),
		I16slice:  schema.Numbers[uint16](s.I16slice),
		I32slice:  schema.Numbers[uint32](s.I32slice),
		I64slice:  schema.Numbers[uint64](s.I64slice),
		Uintslice: schema.Numbers[uint64](s.Uintslice),
		Ui8slice:  s.Ui8slice,
		Ui16slice: s.Ui16slice,
		Ui32slice: s.Ui32slice,
		Ui64slice: s.Ui64slice,
		F32slice:  schema.Float32Bits(s.F32slice),
		F64slice:  schema.Float64Bits(s.F64slice),
		Bslice:    s.Bslice,
		Byslice:   s.Byslice,

		As: bytesOf(s.AS), Ai64: uint64(s.AI64), Ai16: uint16(s.AI16), Aui64: s.AUi64,
		Asslice: schema.Slice(s.ASslice, bytesOf), Ai64slice: schema.Numbers[uint64](s.AI64slice),

		TUnixNano: uint64(tNano),
		TOffset:   uint32(tOff),
		Nslice:    s.Nslice,
	}
	var (
		i int
		k string
	)
	if m.Islice, i, err = schema.SliceErr(s.Islice, valueOf); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	iptrs, i := schema.Values(s.Iptrslice)
	if i >= 0 {
		return nil, fmt.Errorf("ssz: Iptrslice[%d] is nil, which a list of int64 cannot hold", i)
	}
	m.Iptrslice = schema.Numbers[uint64](iptrs)
	if m.Ms, k, err = schema.Entries(s.Ms, func(k string, v any) (*ValueEntry, error) {
		val, err := valueOf(v)
		return &ValueEntry{Key: bytesOf(k), Value: val}, err
	}); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	m.Msi64, _, _ = schema.Entries(s.Msi64, func(k string, v int64) (*Int64Entry, error) {
		return &Int64Entry{Key: bytesOf(k), Value: uint64(v)}, nil
	})
	if s.Nintf != nil {
		v, err := valueOf(s.Nintf)
		if err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
		m.Nintf = []*Value{v}
	}
	m.Nmap, _, _ = schema.Entries(s.Nmap, func(k string, v bool) (*BoolEntry, error) {
		return &BoolEntry{Key: bytesOf(k), Value: v}, nil
	})
	if s.Nint64 != nil {
		m.Nint64 = []uint64{uint64(*s.Nint64)}
	}
	if m.Mtsptr, k, err = schema.Entries(s.Mtsptr, testStrucEntry); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if m.Mts, k, err = schema.Entries(s.Mts, func(k string, v workload.TestStruc) (*TestStrucEntry, error) {
		return testStrucEntry(k, &v)
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return nil, fmt.Errorf("ssz: Its[%d] is nil, which a list of TestStruc cannot hold", i)
	}
	if m.Its, i, err = schema.SliceErr(s.Its, FromTestStruc); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if m.Nteststruc, err = schema.ListErr(s.Nteststruc, FromTestStruc); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return m, nil
}

// testStrucEntry returns the entry of key k and child v: its Value is
// empty for a nil v.
func testStrucEntry(k string, v *workload.TestStruc) (*TestStrucEntry, error) {
	l, err := schema.ListErr(v, FromTestStruc)
	if err != nil {
		return nil, err
	}
	return &TestStrucEntry{Key: bytesOf(k), Value: l}, nil
}

// ToTestStruc returns the canonical value of m. Empty lists become nil:
// the encoding does not tell nil from empty.
func ToTestStruc(m *TestStruc) (*workload.TestStruc, error) {
	s := &workload.TestStruc{
		S: string(m.S), I: int(int64(m.I)), I8: int8(m.I8), I16: int16(m.I16), I32: int32(m.I32), I64: int64(m.I64),
		Ui: uint(m.Ui), Ui8: m.Ui8, Ui16: m.Ui16, Ui32: m.Ui32, Ui64: m.Ui64,
		F32: math.Float32frombits(m.F32), F64: math.Float64frombits(m.F64), B: m.B, By: m.By,

		Sslice:    schema.Slice(schema.OrNil(m.Sslice), stringOf),
		Intslice:  schema.NumbersOrNil[int](m.Intslice),
		I8slice:   schema.NumbersOrNil[int8](m.I8slice),
		I16slice:  schema.NumbersOrNil[int16](m.I16slice),
		I32slice:  schema.NumbersOrNil[int32](m.I32slice),
		I64slice:  schema.NumbersOrNil[int64](m.I64slice),
		Uintslice: schema.NumbersOrNil[uint](m.Uintslice),
		Ui8slice:  schema.OrNil(m.Ui8slice),
		Ui16slice: schema.OrNil(m.Ui16slice),
		Ui32slice: schema.OrNil(m.Ui32slice),
		Ui64slice: schema.OrNil(m.Ui64slice),
		F32slice:  schema.Float32sOfBits(schema.OrNil(m.F32slice)),
		F64slice:  schema.Float64sOfBits(schema.OrNil(m.F64slice)),
		Bslice:    schema.OrNil(m.Bslice),
		Byslice:   schema.OrNil(m.Byslice),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS: string(m.As), AI64: int64(m.Ai64), AI16: int16(m.Ai16), AUi64: m.Aui64,
			ASslice: schema.Slice(schema.OrNil(m.Asslice), stringOf), AI64slice: schema.NumbersOrNil[int64](m.Ai64slice),
		},

		Iptrslice: schema.Pointers(schema.NumbersOrNil[int64](m.Iptrslice)),
		T:         schema.JoinTime(int64(m.TUnixNano), int32(m.TOffset)),
		Nslice:    schema.OrNil(m.Nslice),
	}
	var (
		i   int
		k   string
		err error
	)
	if s.Islice, i, err = schema.SliceErr(schema.OrNil(m.Islice), canonicalValue); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if s.Ms, k, err = mapOf(m.Ms, func(e *ValueEntry) (string, any, error) {
		if e.Value == nil {
			return string(e.Key), nil, fmt.Errorf("ssz: entry without a Value")
		}
		v, err := canonicalValue(e.Value)
		return string(e.Key), v, err
	}); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	s.Msi64, _, _ = mapOf(m.Msi64, func(e *Int64Entry) (string, int64, error) { return string(e.Key), int64(e.Value), nil })
	switch len(m.Nintf) {
	case 0:
	case 1:
		if s.Nintf, err = canonicalValue(m.Nintf[0]); err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
	default:
		return nil, fmt.Errorf("ssz: Nintf has %d elements, not 0 or 1", len(m.Nintf))
	}
	s.Nmap, _, _ = mapOf(m.Nmap, func(e *BoolEntry) (string, bool, error) { return string(e.Key), e.Value, nil })
	switch len(m.Nint64) {
	case 0:
	case 1:
		x := int64(m.Nint64[0])
		s.Nint64 = &x
	default:
		return nil, fmt.Errorf("ssz: Nint64 has %d elements, not 0 or 1", len(m.Nint64))
	}
	if s.Mtsptr, k, err = mapOf(m.Mtsptr, func(e *TestStrucEntry) (string, *workload.TestStruc, error) {
		c, err := optional(e.Value)
		return string(e.Key), c, err
	}); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if s.Mts, k, err = mapOf(m.Mts, func(e *TestStrucEntry) (string, workload.TestStruc, error) {
		c, err := optional(e.Value)
		if err == nil && c == nil {
			err = fmt.Errorf("ssz: entry without a value")
		}
		v, err := schema.Deref(c, err)
		return string(e.Key), v, err
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if s.Its, i, err = schema.SliceErr(schema.OrNil(m.Its), ToTestStruc); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if s.Nteststruc, err = optional(m.Nteststruc); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return s, nil
}

// optional returns the canonical value of the one element of a list of at
// most one TestStruc, the form of a *TestStruc: nil for none.
func optional(l []*TestStruc) (*workload.TestStruc, error) {
	switch len(l) {
	case 0:
		return nil, nil
	case 1:
		return ToTestStruc(l[0])
	}
	return nil, fmt.Errorf("ssz: %d TestStruc values, not 0 or 1", len(l))
}
