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
	if p.Tags != nil {
		entries := make([]gen.StringEntry, 0, len(p.Tags))
		for k, v := range p.Tags {
			entries = append(entries, gen.StringEntry{Key: k, Value: v})
		}
		m.Tags = make([]*gen.StringEntry, len(entries))
		for i := range entries {
			m.Tags[i] = &entries[i]
		}
	}
	return m, nil
}

func canonicalPerson(m *gen.Person) *workload.Person {
	p := &workload.Person{
		Name:     m.Name,
		BirthDay: schema.JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: int(m.Siblings),
		Spouse:   m.Spouse,
		Money:    m.Money,
		Aliases:  m.Aliases,
	}
	if m.Tags != nil {
		p.Tags = make(map[string]string, len(m.Tags))
		for _, e := range m.Tags {
			p.Tags[e.Key] = e.Value
		}
	}
	return p
}

// The kinds of Value, as schema/nested.colf numbers them.
const (
	kindNil uint8 = iota
	kindString
	kindBool
	kindInt
	kindUint
	kindFloat32
	kindFloat64
)

// setValue sets m to the interface{} value v.
func setValue(m *gen.Value, v any) error {
	switch x := v.(type) {
	case nil:
		m.Kind = kindNil
	case string:
		m.Kind, m.S = kindString, x
	case bool:
		m.Kind, m.B = kindBool, x
	case int:
		m.Kind, m.I = kindInt, int64(x)
	case int8:
		m.Kind, m.I = kindInt, int64(x)
	case int16:
		m.Kind, m.I = kindInt, int64(x)
	case int32:
		m.Kind, m.I = kindInt, int64(x)
	case int64:
		m.Kind, m.I = kindInt, x
	case uint:
		m.Kind, m.U = kindUint, uint64(x)
	case uint8:
		m.Kind, m.U = kindUint, uint64(x)
	case uint16:
		m.Kind, m.U = kindUint, uint64(x)
	case uint32:
		m.Kind, m.U = kindUint, uint64(x)
	case uint64:
		m.Kind, m.U = kindUint, x
	case float32:
		m.Kind, m.F32 = kindFloat32, x
	case float64:
		m.Kind, m.F64 = kindFloat64, x
	default:
		return fmt.Errorf("colfer: interface{} value of type %T has no Value kind", v)
	}
	return nil
}

// valueOf returns the interface{} value that m holds.
func valueOf(m *gen.Value) (any, error) {
	if m == nil {
		return nil, nil
	}
	switch m.Kind {
	case kindNil:
		return nil, nil
	case kindString:
		return m.S, nil
	case kindBool:
		return m.B, nil
	case kindInt:
		return m.I, nil
	case kindUint:
		return m.U, nil
	case kindFloat32:
		return m.F32, nil
	case kindFloat64:
		return m.F64, nil
	}
	return nil, fmt.Errorf("colfer: unknown Value kind %d", m.Kind)
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
	if s.Islice != nil {
		vals := make([]gen.Value, len(s.Islice))
		m.Islice = make([]*gen.Value, len(s.Islice))
		for i, v := range s.Islice {
			if err := setValue(&vals[i], v); err != nil {
				return nil, fmt.Errorf("Islice[%d]: %w", i, err)
			}
			m.Islice[i] = &vals[i]
		}
	}
	var nilAt int
	if m.Iptrslice, nilAt = schema.Values(s.Iptrslice); nilAt >= 0 {
		return nil, fmt.Errorf("colfer: Iptrslice[%d] is nil, which a list of int64 cannot hold", nilAt)
	}
	if s.Ms != nil {
		entries := make([]gen.ValueEntry, 0, len(s.Ms))
		vals := make([]gen.Value, len(s.Ms))
		for k, v := range s.Ms {
			val := &vals[len(entries)]
			if err := setValue(val, v); err != nil {
				return nil, fmt.Errorf("Ms[%q]: %w", k, err)
			}
			entries = append(entries, gen.ValueEntry{Key: k, Value: val})
		}
		m.Ms = make([]*gen.ValueEntry, len(entries))
		for i := range entries {
			m.Ms[i] = &entries[i]
		}
	}
	if s.Msi64 != nil {
		entries := make([]gen.Int64Entry, 0, len(s.Msi64))
		for k, v := range s.Msi64 {
			entries = append(entries, gen.Int64Entry{Key: k, Value: v})
		}
		m.Msi64 = make([]*gen.Int64Entry, len(entries))
		for i := range entries {
			m.Msi64[i] = &entries[i]
		}
	}
	if s.Nintf != nil {
		m.Nintf = new(gen.Value)
		if err := setValue(m.Nintf, s.Nintf); err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
	}
	if s.Nmap != nil {
		entries := make([]gen.BoolEntry, 0, len(s.Nmap))
		for k, v := range s.Nmap {
			entries = append(entries, gen.BoolEntry{Key: k, Value: v})
		}
		m.Nmap = make([]*gen.BoolEntry, len(entries))
		for i := range entries {
			m.Nmap[i] = &entries[i]
		}
	}
	if s.Nint64 != nil {
		m.Nint64 = []int64{*s.Nint64}
	}
	if s.Mtsptr != nil {
		entries := make([]gen.TestStrucEntry, 0, len(s.Mtsptr))
		for k, v := range s.Mtsptr {
			e := gen.TestStrucEntry{Key: k}
			if v != nil {
				if e.Value, err = testStrucOf(v); err != nil {
					return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
				}
			}
			entries = append(entries, e)
		}
		m.Mtsptr = make([]*gen.TestStrucEntry, len(entries))
		for i := range entries {
			m.Mtsptr[i] = &entries[i]
		}
	}
	if s.Mts != nil {
		entries := make([]gen.TestStrucEntry, 0, len(s.Mts))
		for k, v := range s.Mts {
			e := gen.TestStrucEntry{Key: k}
			if e.Value, err = testStrucOf(&v); err != nil {
				return nil, fmt.Errorf("Mts[%q]: %w", k, err)
			}
			entries = append(entries, e)
		}
		m.Mts = make([]*gen.TestStrucEntry, len(entries))
		for i := range entries {
			m.Mts[i] = &entries[i]
		}
	}
	if s.Its != nil {
		m.Its = make([]*gen.TestStruc, len(s.Its))
		for i, v := range s.Its {
			if v == nil {
				return nil, fmt.Errorf("colfer: Its[%d] is nil, which a Colfer list of structs cannot hold", i)
			}
			if m.Its[i], err = testStrucOf(v); err != nil {
				return nil, fmt.Errorf("Its[%d]: %w", i, err)
			}
		}
	}
	if s.Nteststruc != nil {
		if m.Nteststruc, err = testStrucOf(s.Nteststruc); err != nil {
			return nil, fmt.Errorf("Nteststruc: %w", err)
		}
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

		T:      schema.JoinTime(m.TUnixNano, m.TOffset),
		Nslice: m.Nslice,
	}
	if m.Islice != nil {
		s.Islice = make([]interface{}, len(m.Islice))
		for i, v := range m.Islice {
			if s.Islice[i], err = valueOf(v); err != nil {
				return nil, fmt.Errorf("Islice[%d]: %w", i, err)
			}
		}
	}
	s.Iptrslice = schema.Pointers(m.Iptrslice)
	if m.Ms != nil {
		s.Ms = make(map[string]interface{}, len(m.Ms))
		for _, e := range m.Ms {
			if s.Ms[e.Key], err = valueOf(e.Value); err != nil {
				return nil, fmt.Errorf("Ms[%q]: %w", e.Key, err)
			}
		}
	}
	if m.Msi64 != nil {
		s.Msi64 = make(map[string]int64, len(m.Msi64))
		for _, e := range m.Msi64 {
			s.Msi64[e.Key] = e.Value
		}
	}
	if s.Nintf, err = valueOf(m.Nintf); err != nil {
		return nil, fmt.Errorf("Nintf: %w", err)
	}
	if m.Nmap != nil {
		s.Nmap = make(map[string]bool, len(m.Nmap))
		for _, e := range m.Nmap {
			s.Nmap[e.Key] = e.Value
		}
	}
	switch len(m.Nint64) {
	case 0:
	case 1:
		v := m.Nint64[0]
		s.Nint64 = &v
	default:
		return nil, fmt.Errorf("colfer: Nint64 has %d elements, not 0 or 1", len(m.Nint64))
	}
	if m.Mtsptr != nil {
		s.Mtsptr = make(map[string]*workload.TestStruc, len(m.Mtsptr))
		for _, e := range m.Mtsptr {
			var v *workload.TestStruc
			if e.Value != nil {
				if v, err = canonicalTestStruc(e.Value); err != nil {
					return nil, fmt.Errorf("Mtsptr[%q]: %w", e.Key, err)
				}
			}
			s.Mtsptr[e.Key] = v
		}
	}
	if m.Mts != nil {
		s.Mts = make(map[string]workload.TestStruc, len(m.Mts))
		for _, e := range m.Mts {
			v := new(gen.TestStruc)
			if e.Value != nil {
				v = e.Value
			}
			c, err := canonicalTestStruc(v)
			if err != nil {
				return nil, fmt.Errorf("Mts[%q]: %w", e.Key, err)
			}
			s.Mts[e.Key] = *c
		}
	}
	if m.Its != nil {
		s.Its = make([]*workload.TestStruc, len(m.Its))
		for i, v := range m.Its {
			if s.Its[i], err = canonicalTestStruc(v); err != nil {
				return nil, fmt.Errorf("Its[%d]: %w", i, err)
			}
		}
	}
	if m.Nteststruc != nil {
		if s.Nteststruc, err = canonicalTestStruc(m.Nteststruc); err != nil {
			return nil, fmt.Errorf("Nteststruc: %w", err)
		}
	}
	return s, nil
}
