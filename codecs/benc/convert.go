package benc

import (
	"fmt"

	gen "github.com/serbench/serbench/internal/gen/benc"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical workload types and the generated
// benc types follow schema/*.benc. Slices and maps whose types are the same
// in both are shared, not copied.

// personOf returns the generated Person of p, the schemas' Person with an
// int for Siblings (schema.PersonWithOf). It fails for a BirthDay outside
// the range of the time mapping (schema.SplitTime).
func personOf(p *workload.Person) (*gen.Person, error) {
	m, err := schema.PersonWithOf[int](p)
	return (*gen.Person)(m), err
}

func canonicalPerson(m *gen.Person) *workload.Person {
	return (*schema.PersonWith[int])(m).Canonical()
}

// valueOf returns the Value holding the interface{} value v: a
// schema.Union, whose fields gen.Value has.
func valueOf(v any) (gen.Value, error) {
	u, ok := schema.UnionOf[gen.Kind](v)
	if !ok {
		return gen.Value{}, fmt.Errorf("benc: interface{} value of type %T has no Value kind", v)
	}
	return gen.Value(u), nil
}

// canonicalValue returns the interface{} value that m holds.
func canonicalValue(m gen.Value) (any, error) {
	v, ok := schema.Union[gen.Kind](m).Value()
	if !ok {
		return nil, fmt.Errorf("benc: unknown Value kind %d", m.Kind)
	}
	return v, nil
}

// canonicalChildPtr converts a child where the canonical type holds a
// *TestStruc and the generated one a TestStruc value.
func canonicalChildPtr(m *gen.TestStruc) (*workload.TestStruc, error) {
	s, err := canonicalTestStruc(m)
	return &s, err
}

func testStrucOf(s *workload.TestStruc) (gen.TestStruc, error) {
	tNano, tOff, err := schema.SplitTime(s.T)
	if err != nil {
		return gen.TestStruc{}, fmt.Errorf("T: %w", err)
	}
	m := gen.TestStruc{
		S: s.S, I: s.I, I8: int16(s.I8), I16: s.I16, I32: s.I32, I64: s.I64,
		Ui: s.Ui, Ui8: s.Ui8, Ui16: s.Ui16, Ui32: s.Ui32, Ui64: s.Ui64,
		F32: s.F32, F64: s.F64, B: s.B, By: s.By,

		Sslice:    s.Sslice,
		Intslice:  schema.Numbers[int64](s.Intslice),
		I8slice:   schema.Numbers[int16](s.I8slice),
		I16slice:  s.I16slice,
		I32slice:  s.I32slice,
		I64slice:  s.I64slice,
		Uintslice: schema.Numbers[uint64](s.Uintslice),
		Ui8slice:  s.Ui8slice,
		Ui16slice: s.Ui16slice,
		Ui32slice: s.Ui32slice,
		Ui64slice: s.Ui64slice,
		F32slice:  s.F32slice,
		F64slice:  s.F64slice,
		Bslice:    s.Bslice,
		Byslice:   s.Byslice,

		As: s.AS, Ai64: s.AI64, Ai16: s.AI16, Aui64: s.AUi64, Asslice: s.ASslice, Ai64slice: s.AI64slice,

		Msi64:     s.Msi64,
		TUnixNano: tNano,
		TOffset:   tOff,
		Nmap:      s.Nmap,
		Nslice:    s.Nslice,
	}
	var (
		i int
		k string
	)
	if m.Islice, i, err = schema.SliceErr(s.Islice, valueOf); err != nil {
		return m, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if m.Iptrslice, i = schema.Values(s.Iptrslice); i >= 0 {
		return m, fmt.Errorf("benc: Iptrslice[%d] is nil, which a list of int64 cannot hold", i)
	}
	if m.Ms, k, err = schema.MapErr(s.Ms, valueOf); err != nil {
		return m, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	if m.Nintf, err = valueOf(s.Nintf); err != nil {
		return m, fmt.Errorf("Nintf: %w", err)
	}
	m.Nint64 = schema.List(s.Nint64)
	if k, nilValue := schema.NilKey(s.Mtsptr); nilValue {
		return m, fmt.Errorf("benc: Mtsptr[%q] is nil, which a map of TestStruc cannot hold", k)
	}
	if m.Mtsptr, k, err = schema.MapErr(s.Mtsptr, testStrucOf); err != nil {
		return m, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if m.Mts, k, err = schema.MapPtrErr(s.Mts, testStrucOf); err != nil {
		return m, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return m, fmt.Errorf("benc: Its[%d] is nil, which a list of TestStruc cannot hold", i)
	}
	if m.Its, i, err = schema.SliceErr(s.Its, testStrucOf); err != nil {
		return m, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if m.Nteststruc, err = schema.ListErr(s.Nteststruc, testStrucOf); err != nil {
		return m, fmt.Errorf("Nteststruc: %w", err)
	}
	return m, nil
}

func canonicalTestStruc(m *gen.TestStruc) (workload.TestStruc, error) {
	s := workload.TestStruc{
		S: m.S, I: m.I, I8: int8(m.I8), I16: m.I16, I32: m.I32, I64: m.I64,
		Ui: m.Ui, Ui8: m.Ui8, Ui16: m.Ui16, Ui32: m.Ui32, Ui64: m.Ui64,
		F32: m.F32, F64: m.F64, B: m.B, By: m.By,

		Sslice:    m.Sslice,
		Intslice:  schema.Numbers[int](m.Intslice),
		I8slice:   schema.Numbers[int8](m.I8slice),
		I16slice:  m.I16slice,
		I32slice:  m.I32slice,
		I64slice:  m.I64slice,
		Uintslice: schema.Numbers[uint](m.Uintslice),
		Ui8slice:  m.Ui8slice,
		Ui16slice: m.Ui16slice,
		Ui32slice: m.Ui32slice,
		Ui64slice: m.Ui64slice,
		F32slice:  m.F32slice,
		F64slice:  m.F64slice,
		Bslice:    m.Bslice,
		Byslice:   m.Byslice,

		AnonInTestStruc: workload.AnonInTestStruc{
			AS: m.As, AI64: m.Ai64, AI16: m.Ai16, AUi64: m.Aui64, ASslice: m.Asslice, AI64slice: m.Ai64slice,
		},

		Iptrslice: schema.Pointers(m.Iptrslice),
		Msi64:     m.Msi64,
		T:         schema.JoinTime(m.TUnixNano, m.TOffset),
		Nmap:      m.Nmap,
		Nslice:    m.Nslice,
	}
	var (
		err error
		i   int
		k   string
	)
	if s.Islice, i, err = schema.SliceErr(m.Islice, canonicalValue); err != nil {
		return s, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if s.Ms, k, err = schema.MapErr(m.Ms, canonicalValue); err != nil {
		return s, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	if s.Nintf, err = canonicalValue(m.Nintf); err != nil {
		return s, fmt.Errorf("Nintf: %w", err)
	}
	var ok bool
	if s.Nint64, ok = schema.Single(m.Nint64); !ok {
		return s, fmt.Errorf("benc: Nint64 has %d elements, not 0 or 1", len(m.Nint64))
	}
	if s.Mtsptr, k, err = schema.MapPtrErr(m.Mtsptr, canonicalChildPtr); err != nil {
		return s, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if s.Mts, k, err = schema.MapPtrErr(m.Mts, canonicalTestStruc); err != nil {
		return s, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if s.Its, i, err = schema.SlicePtrErr(m.Its, canonicalChildPtr); err != nil {
		return s, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if s.Nteststruc, ok, err = schema.SingleErr(m.Nteststruc, canonicalChildPtr); !ok {
		return s, fmt.Errorf("benc: Nteststruc has %d elements, not 0 or 1", len(m.Nteststruc))
	} else if err != nil {
		return s, fmt.Errorf("Nteststruc: %w", err)
	}
	return s, nil
}
