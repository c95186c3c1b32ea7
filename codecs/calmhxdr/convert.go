package calmhxdr

import (
	"fmt"
	"math"

	gen "github.com/serbench/serbench/internal/gen/xdr"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical workload types and the generated
// types follow schema/genxdr.go. Slices whose element type is the same in
// both, or has the same bits (a float and the unsigned integer of its IEEE
// 754 bits, schema.Float32Bits), are shared, not copied; the decoded
// []byte fields, which alias the input (the package doc says why), are
// shared too, as a user of the generated types has them. Nil and empty are
// kept apart on the way in; the decoder then makes every empty list nil.
// Maps are lists of entries (schema.Entries, schema.MapOfEntries).

// personOf returns the generated Person of p. It fails for a BirthDay
// outside the range of the time mapping (schema.SplitTime).
func personOf(p *workload.Person) (*gen.Person, error) {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	m := &gen.Person{
		Name:             p.Name,
		BirthDayUnixNano: ns,
		BirthDayOffset:   off,
		Phone:            p.Phone,
		Siblings:         int64(p.Siblings),
		Spouse:           p.Spouse,
		Money:            math.Float64bits(p.Money),
		Aliases:          p.Aliases,
	}
	m.Tags, _, _ = schema.Entries(p.Tags, func(k, v string) (gen.StringEntry, error) {
		return gen.StringEntry{Key: k, Value: v}, nil
	})
	return m, nil
}

func canonicalPerson(m *gen.Person) *workload.Person {
	tags, _, _ := schema.MapOfEntries(m.Tags, func(e *gen.StringEntry) (string, string, error) { return e.Key, e.Value, nil })
	return &workload.Person{
		Name:     m.Name,
		BirthDay: schema.JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: int(m.Siblings),
		Spouse:   m.Spouse,
		Money:    math.Float64frombits(m.Money),
		Tags:     tags,
		Aliases:  m.Aliases,
	}
}

// valueOf returns the Value holding the interface{} value v.
func valueOf(v any) (gen.Value, error) {
	u, ok := schema.UnionOf[uint8](v)
	if !ok {
		return gen.Value{}, fmt.Errorf("calmh-xdr: interface{} value of type %T has no Value kind", v)
	}
	return gen.Value{
		Kind: u.Kind, S: u.S, B: u.B, I: u.I, U: u.U,
		F32: math.Float32bits(u.F32), F64: math.Float64bits(u.F64),
	}, nil
}

// canonicalValue returns the interface{} value that m holds.
func canonicalValue(m *gen.Value) (any, error) {
	v, ok := schema.Union[uint8]{
		Kind: m.Kind, S: m.S, B: m.B, I: m.I, U: m.U,
		F32: math.Float32frombits(m.F32), F64: math.Float64frombits(m.F64),
	}.Value()
	if !ok {
		return nil, fmt.Errorf("calmh-xdr: unknown Value kind %d", m.Kind)
	}
	return v, nil
}

func testStrucOf(s *workload.TestStruc) (*gen.TestStruc, error) {
	tNano, tOff, err := schema.SplitTime(s.T)
	if err != nil {
		return nil, fmt.Errorf("T: %w", err)
	}
	m := &gen.TestStruc{
		S: s.S, I: int64(s.I), I8: s.I8, I16: s.I16, I32: s.I32, I64: s.I64,
		Ui: uint64(s.Ui), Ui8: s.Ui8, Ui16: s.Ui16, Ui32: s.Ui32, Ui64: s.Ui64,
		F32: math.Float32bits(s.F32), F64: math.Float64bits(s.F64), B: s.B, By: s.By,

		Sslice:    s.Sslice,
		Intslice:  schema.Numbers[int64](s.Intslice),
		I8slice:   s.I8slice,
		I16slice:  s.I16slice,
		I32slice:  s.I32slice,
		I64slice:  s.I64slice,
		Uintslice: schema.Numbers[uint64](s.Uintslice),
		Ui8slice:  s.Ui8slice,
		Ui16slice: s.Ui16slice,
		Ui32slice: s.Ui32slice,
		Ui64slice: s.Ui64slice,
		F32slice:  schema.Float32Bits(s.F32slice),
		F64slice:  schema.Float64Bits(s.F64slice),
		Bslice:    s.Bslice,
		Byslice:   s.Byslice,

		As: s.AS, Ai64: s.AI64, Ai16: s.AI16, Aui64: s.AUi64, Asslice: s.ASslice, Ai64slice: s.AI64slice,

		TUnixNano: tNano,
		TOffset:   tOff,
		Nslice:    s.Nslice,
	}
	var (
		i int
		k string
	)
	if m.Islice, i, err = schema.SliceErr(s.Islice, valueOf); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if m.Iptrslice, i = schema.Values(s.Iptrslice); i >= 0 {
		return nil, fmt.Errorf("calmh-xdr: Iptrslice[%d] is nil, which a list of int64 cannot hold", i)
	}
	if m.Ms, k, err = schema.Entries(s.Ms, func(k string, v any) (gen.ValueEntry, error) {
		val, err := valueOf(v)
		return gen.ValueEntry{Key: k, Value: val}, err
	}); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	m.Msi64, _, _ = schema.Entries(s.Msi64, func(k string, v int64) (gen.Int64Entry, error) {
		return gen.Int64Entry{Key: k, Value: v}, nil
	})
	if s.Nintf != nil {
		v, err := valueOf(s.Nintf)
		if err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
		m.Nintf = []gen.Value{v}
	}
	m.Nmap, _, _ = schema.Entries(s.Nmap, func(k string, v bool) (gen.BoolEntry, error) {
		return gen.BoolEntry{Key: k, Value: v}, nil
	})
	m.Nint64 = schema.List(s.Nint64)
	if m.Mtsptr, k, err = schema.Entries(s.Mtsptr, func(k string, v *workload.TestStruc) (gen.TestStrucEntry, error) {
		l, err := schema.ListErr(v, testStrucValueOf)
		return gen.TestStrucEntry{Key: k, Value: l}, err
	}); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if m.Mts, k, err = schema.Entries(s.Mts, func(k string, v workload.TestStruc) (gen.TestStrucEntry, error) {
		l, err := schema.ListErr(&v, testStrucValueOf)
		return gen.TestStrucEntry{Key: k, Value: l}, err
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return nil, fmt.Errorf("calmh-xdr: Its[%d] is nil, which a list of TestStruc cannot hold", i)
	}
	if m.Its, i, err = schema.SliceErr(s.Its, testStrucValueOf); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if m.Nteststruc, err = schema.ListErr(s.Nteststruc, testStrucValueOf); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return m, nil
}

// testStrucValueOf is testStrucOf for a child, which the generated types
// hold by value.
func testStrucValueOf(s *workload.TestStruc) (gen.TestStruc, error) {
	return schema.Deref(testStrucOf(s))
}

func canonicalTestStruc(m *gen.TestStruc) (*workload.TestStruc, error) {
	s := &workload.TestStruc{
		S: m.S, I: int(m.I), I8: m.I8, I16: m.I16, I32: m.I32, I64: m.I64,
		Ui: uint(m.Ui), Ui8: m.Ui8, Ui16: m.Ui16, Ui32: m.Ui32, Ui64: m.Ui64,
		F32: math.Float32frombits(m.F32), F64: math.Float64frombits(m.F64), B: m.B, By: m.By,

		Sslice:    m.Sslice,
		Intslice:  schema.Numbers[int](m.Intslice),
		I8slice:   m.I8slice,
		I16slice:  m.I16slice,
		I32slice:  m.I32slice,
		I64slice:  m.I64slice,
		Uintslice: schema.Numbers[uint](m.Uintslice),
		Ui8slice:  m.Ui8slice,
		Ui16slice: m.Ui16slice,
		Ui32slice: m.Ui32slice,
		Ui64slice: m.Ui64slice,
		F32slice:  schema.Float32sOfBits(m.F32slice),
		F64slice:  schema.Float64sOfBits(m.F64slice),
		Bslice:    m.Bslice,
		Byslice:   m.Byslice,

		AnonInTestStruc: workload.AnonInTestStruc{
			AS: m.As, AI64: m.Ai64, AI16: m.Ai16, AUi64: m.Aui64, ASslice: m.Asslice, AI64slice: m.Ai64slice,
		},

		Iptrslice: schema.Pointers(m.Iptrslice),
		T:         schema.JoinTime(m.TUnixNano, m.TOffset),
		Nslice:    m.Nslice,
	}
	var (
		i   int
		k   string
		ok  bool
		err error
	)
	if s.Islice, i, err = schema.SlicePtrErr(m.Islice, canonicalValue); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if s.Ms, k, err = schema.MapOfEntries(m.Ms, func(e *gen.ValueEntry) (string, any, error) {
		v, err := canonicalValue(&e.Value)
		return e.Key, v, err
	}); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	s.Msi64, _, _ = schema.MapOfEntries(m.Msi64, func(e *gen.Int64Entry) (string, int64, error) { return e.Key, e.Value, nil })
	if s.Nintf, ok, err = schema.SingleErr(m.Nintf, canonicalValue); !ok {
		return nil, fmt.Errorf("calmh-xdr: Nintf has %d elements, not 0 or 1", len(m.Nintf))
	} else if err != nil {
		return nil, fmt.Errorf("Nintf: %w", err)
	}
	s.Nmap, _, _ = schema.MapOfEntries(m.Nmap, func(e *gen.BoolEntry) (string, bool, error) { return e.Key, e.Value, nil })
	if s.Nint64, ok = schema.Single(m.Nint64); !ok {
		return nil, fmt.Errorf("calmh-xdr: Nint64 has %d elements, not 0 or 1", len(m.Nint64))
	}
	if s.Mtsptr, k, err = schema.MapOfEntries(m.Mtsptr, func(e *gen.TestStrucEntry) (string, *workload.TestStruc, error) {
		c, err := optional(e.Value)
		return e.Key, c, err
	}); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if s.Mts, k, err = schema.MapOfEntries(m.Mts, func(e *gen.TestStrucEntry) (string, workload.TestStruc, error) {
		if len(e.Value) != 1 {
			return e.Key, workload.TestStruc{}, fmt.Errorf("calmh-xdr: entry has %d values, not 1", len(e.Value))
		}
		c, err := schema.Deref(canonicalTestStruc(&e.Value[0]))
		return e.Key, c, err
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if s.Its, i, err = schema.SlicePtrErr(m.Its, canonicalTestStruc); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if s.Nteststruc, err = optional(m.Nteststruc); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return s, nil
}

// optional returns the canonical value of the one element of a list of at
// most one TestStruc, the form of a *TestStruc: nil for none.
func optional(l []gen.TestStruc) (*workload.TestStruc, error) {
	c, ok, err := schema.SingleErr(l, canonicalTestStruc)
	if !ok {
		return nil, fmt.Errorf("calmh-xdr: %d TestStruc values, not 0 or 1", len(l))
	}
	return c, err
}
