package colfer

import (
	"fmt"

	gen "github.com/serbench/serbench/internal/gen/colfer"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical workload types and the generated
// Colfer types follow schema/*.colf. Slices whose element type is the same
// in both are shared, not copied. Nil and empty are kept apart on the way
// in, and Colfer then writes neither; on the way out an absent list is nil.

// bytesOfBools returns s as one byte, 0 or 1, per element.
func bytesOfBools(s []bool) []byte {
	if s == nil {
		return nil
	}
	out := make([]byte, len(s))
	for i, v := range s {
		if v {
			out[i] = 1
		}
	}
	return out
}

// boolsOfBytes returns what bytesOfBools wrote.
func boolsOfBytes(b []byte) ([]bool, error) {
	if b == nil {
		return nil, nil
	}
	out := make([]bool, len(b))
	for i, v := range b {
		switch v {
		case 0:
		case 1:
			out[i] = true
		default:
			return nil, fmt.Errorf("colfer: bool element %d is %d, not 0 or 1", i, v)
		}
	}
	return out, nil
}

// entries returns the list of entries, made by entry, that Colfer has for
// the map m (schema.Entries): nil for nil, a list of pointers to the
// elements of one new slice of entries.
func entries[V, E any](m map[string]V, entry func(k string, v V) (E, error)) ([]*E, string, error) {
	es, k, err := schema.Entries(m, entry)
	return schema.PointersTo(es), k, err
}

// The entries of the maps whose conversion cannot fail, both ways.
func stringEntry(k, v string) (gen.StringEntry, error) {
	return gen.StringEntry{Key: k, Value: v}, nil
}

func int64Entry(k string, v int64) (gen.Int64Entry, error) {
	return gen.Int64Entry{Key: k, Value: v}, nil
}

func boolEntry(k string, v bool) (gen.BoolEntry, error) {
	return gen.BoolEntry{Key: k, Value: v}, nil
}

func stringKV(e *gen.StringEntry) (string, string, error) { return e.Key, e.Value, nil }
func int64KV(e *gen.Int64Entry) (string, int64, error)    { return e.Key, e.Value, nil }
func boolKV(e *gen.BoolEntry) (string, bool, error)       { return e.Key, e.Value, nil }

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
		Money:            p.Money,
		Aliases:          p.Aliases,
	}
	m.Tags, _, _ = entries(p.Tags, stringEntry)
	return m, nil
}

func canonicalPerson(m *gen.Person) *workload.Person {
	tags, _, _ := schema.MapOfEntryPtrs(m.Tags, stringKV)
	return &workload.Person{
		Name:     m.Name,
		BirthDay: schema.JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: int(m.Siblings),
		Spouse:   m.Spouse,
		Money:    m.Money,
		Tags:     tags,
		Aliases:  m.Aliases,
	}
}

// valueOf returns the Value holding the interface{} value v: a
// schema.Union, whose fields gen.Value has.
func valueOf(v any) (gen.Value, error) {
	u, ok := schema.UnionOf[uint8](v)
	if !ok {
		return gen.Value{}, fmt.Errorf("colfer: interface{} value of type %T has no Value kind", v)
	}
	return gen.Value(u), nil
}

// canonicalValue returns the interface{} value that m holds: nil for nil.
func canonicalValue(m *gen.Value) (any, error) {
	if m == nil {
		return nil, nil
	}
	v, ok := schema.Union[uint8](*m).Value()
	if !ok {
		return nil, fmt.Errorf("colfer: unknown Value kind %d", m.Kind)
	}
	return v, nil
}

func testStrucOf(s *workload.TestStruc) (*gen.TestStruc, error) {
	tNano, tOff, err := schema.SplitTime(s.T)
	if err != nil {
		return nil, fmt.Errorf("T: %w", err)
	}
	m := &gen.TestStruc{
		S: s.S, I: int64(s.I), I8: int32(s.I8), I16: int32(s.I16), I32: s.I32, I64: s.I64,
		Ui: uint64(s.Ui), Ui8: s.Ui8, Ui16: s.Ui16, Ui32: s.Ui32, Ui64: s.Ui64,
		F32: s.F32, F64: s.F64, B: s.B, By: s.By,

		Sslice:    s.Sslice,
		Intslice:  schema.Numbers[int64](s.Intslice),
		I8slice:   schema.Numbers[int32](s.I8slice),
		I16slice:  schema.Numbers[int32](s.I16slice),
		I32slice:  s.I32slice,
		I64slice:  s.I64slice,
		Uintslice: schema.Numbers[int64](s.Uintslice),
		Ui8slice:  s.Ui8slice,
		Ui16slice: schema.Numbers[int32](s.Ui16slice),
		Ui32slice: schema.Numbers[int64](s.Ui32slice),
		Ui64slice: schema.Numbers[int64](s.Ui64slice),
		F32slice:  s.F32slice,
		F64slice:  s.F64slice,
		Bslice:    bytesOfBools(s.Bslice),
		Byslice:   s.Byslice,

		As: s.AS, Ai64: s.AI64, Ai16: int32(s.AI16), Aui64: s.AUi64, Asslice: s.ASslice, Ai64slice: s.AI64slice,

		TUnixNano: tNano,
		TOffset:   tOff,
		Nslice:    s.Nslice,
	}
	var (
		i int
		k string
	)
	islice, i, err := schema.SliceErr(s.Islice, valueOf)
	if err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	m.Islice = schema.PointersTo(islice)
	if m.Iptrslice, i = schema.Values(s.Iptrslice); i >= 0 {
		return nil, fmt.Errorf("colfer: Iptrslice[%d] is nil, which a list of int64 cannot hold", i)
	}
	// The values of Ms in one array, as those of Islice: its capacity is
	// one per entry, so append never moves the values the entries point to.
	vals := make([]gen.Value, 0, len(s.Ms))
	if m.Ms, k, err = entries(s.Ms, func(k string, v any) (gen.ValueEntry, error) {
		val, err := valueOf(v)
		vals = append(vals, val)
		return gen.ValueEntry{Key: k, Value: &vals[len(vals)-1]}, err
	}); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	m.Msi64, _, _ = entries(s.Msi64, int64Entry)
	if s.Nintf != nil {
		v, err := valueOf(s.Nintf)
		if err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
		m.Nintf = &v
	}
	m.Nmap, _, _ = entries(s.Nmap, boolEntry)
	m.Nint64 = schema.List(s.Nint64)
	if m.Mtsptr, k, err = entries(s.Mtsptr, func(k string, v *workload.TestStruc) (gen.TestStrucEntry, error) {
		e := gen.TestStrucEntry{Key: k}
		var err error
		if v != nil {
			e.Value, err = testStrucOf(v)
		}
		return e, err
	}); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if m.Mts, k, err = entries(s.Mts, func(k string, v workload.TestStruc) (gen.TestStrucEntry, error) {
		c, err := testStrucOf(&v)
		return gen.TestStrucEntry{Key: k, Value: c}, err
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return nil, fmt.Errorf("colfer: Its[%d] is nil, which a Colfer list of structs cannot hold", i)
	}
	if m.Its, i, err = schema.SliceErr(s.Its, testStrucOf); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if m.Nteststruc, err = schema.PointerErr(s.Nteststruc, testStrucOf); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return m, nil
}

func canonicalTestStruc(m *gen.TestStruc) (*workload.TestStruc, error) {
	bslice, err := boolsOfBytes(m.Bslice)
	if err != nil {
		return nil, err
	}
	s := &workload.TestStruc{
		S: m.S, I: int(m.I), I8: int8(m.I8), I16: int16(m.I16), I32: m.I32, I64: m.I64,
		Ui: uint(m.Ui), Ui8: m.Ui8, Ui16: m.Ui16, Ui32: m.Ui32, Ui64: m.Ui64,
		F32: m.F32, F64: m.F64, B: m.B, By: m.By,

		Sslice:    m.Sslice,
		Intslice:  schema.Numbers[int](m.Intslice),
		I8slice:   schema.Numbers[int8](m.I8slice),
		I16slice:  schema.Numbers[int16](m.I16slice),
		I32slice:  m.I32slice,
		I64slice:  m.I64slice,
		Uintslice: schema.Numbers[uint](m.Uintslice),
		Ui8slice:  m.Ui8slice,
		Ui16slice: schema.Numbers[uint16](m.Ui16slice),
		Ui32slice: schema.Numbers[uint32](m.Ui32slice),
		Ui64slice: schema.Numbers[uint64](m.Ui64slice),
		F32slice:  m.F32slice,
		F64slice:  m.F64slice,
		Bslice:    bslice,
		Byslice:   m.Byslice,

		AnonInTestStruc: workload.AnonInTestStruc{
			AS: m.As, AI64: m.Ai64, AI16: int16(m.Ai16), AUi64: m.Aui64, ASslice: m.Asslice, AI64slice: m.Ai64slice,
		},

		Iptrslice: schema.Pointers(m.Iptrslice),
		T:         schema.JoinTime(m.TUnixNano, m.TOffset),
		Nslice:    m.Nslice,
	}
	var (
		i  int
		k  string
		ok bool
	)
	if s.Islice, i, err = schema.SliceErr(m.Islice, canonicalValue); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if s.Ms, k, err = schema.MapOfEntryPtrs(m.Ms, func(e *gen.ValueEntry) (string, any, error) {
		v, err := canonicalValue(e.Value)
		return e.Key, v, err
	}); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	s.Msi64, _, _ = schema.MapOfEntryPtrs(m.Msi64, int64KV)
	if s.Nintf, err = canonicalValue(m.Nintf); err != nil {
		return nil, fmt.Errorf("Nintf: %w", err)
	}
	s.Nmap, _, _ = schema.MapOfEntryPtrs(m.Nmap, boolKV)
	if s.Nint64, ok = schema.Single(m.Nint64); !ok {
		return nil, fmt.Errorf("colfer: Nint64 has %d elements, not 0 or 1", len(m.Nint64))
	}
	if s.Mtsptr, k, err = schema.MapOfEntryPtrs(m.Mtsptr, func(e *gen.TestStrucEntry) (string, *workload.TestStruc, error) {
		if e.Value == nil {
			return e.Key, nil, nil
		}
		v, err := canonicalTestStruc(e.Value)
		return e.Key, v, err
	}); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if s.Mts, k, err = schema.MapOfEntryPtrs(m.Mts, func(e *gen.TestStrucEntry) (string, workload.TestStruc, error) {
		v := e.Value
		if v == nil {
			v = new(gen.TestStruc)
		}
		c, err := schema.Deref(canonicalTestStruc(v))
		return e.Key, c, err
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if s.Its, i, err = schema.SliceErr(m.Its, canonicalTestStruc); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if s.Nteststruc, err = schema.PointerErr(m.Nteststruc, canonicalTestStruc); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return s, nil
}
