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

// personOf returns the generated Person of p. It fails for a BirthDay
// outside the range of the time mapping (schema.SplitTime).
func personOf(p *workload.Person) (*gen.Person, error) {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	return &gen.Person{
		Name:             p.Name,
		BirthDayUnixNano: ns,
		BirthDayOffset:   off,
		Phone:            p.Phone,
		Siblings:         p.Siblings,
		Spouse:           p.Spouse,
		Money:            p.Money,
		Tags:             p.Tags,
		Aliases:          p.Aliases,
	}, nil
}

func canonicalPerson(m *gen.Person) *workload.Person {
	return &workload.Person{
		Name:     m.Name,
		BirthDay: schema.JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: m.Siblings,
		Spouse:   m.Spouse,
		Money:    m.Money,
		Tags:     m.Tags,
		Aliases:  m.Aliases,
	}
}

// valueOf returns the Value holding the interface{} value v.
func valueOf(v any) (gen.Value, error) {
	var m gen.Value
	switch x := v.(type) {
	case nil:
		m.Kind = gen.KindNil
	case string:
		m.Kind, m.S = gen.KindString, x
	case bool:
		m.Kind, m.B = gen.KindBool, x
	case int:
		m.Kind, m.I = gen.KindInt, int64(x)
	case int8:
		m.Kind, m.I = gen.KindInt, int64(x)
	case int16:
		m.Kind, m.I = gen.KindInt, int64(x)
	case int32:
		m.Kind, m.I = gen.KindInt, int64(x)
	case int64:
		m.Kind, m.I = gen.KindInt, x
	case uint:
		m.Kind, m.U = gen.KindUint, uint64(x)
	case uint8:
		m.Kind, m.U = gen.KindUint, uint64(x)
	case uint16:
		m.Kind, m.U = gen.KindUint, uint64(x)
	case uint32:
		m.Kind, m.U = gen.KindUint, uint64(x)
	case uint64:
		m.Kind, m.U = gen.KindUint, x
	case float32:
		m.Kind, m.F32 = gen.KindFloat32, x
	case float64:
		m.Kind, m.F64 = gen.KindFloat64, x
	default:
		return m, fmt.Errorf("benc: interface{} value of type %T has no Value kind", v)
	}
	return m, nil
}

// canonicalValue returns the interface{} value that m holds.
func canonicalValue(m gen.Value) (any, error) {
	switch m.Kind {
	case gen.KindNil:
		return nil, nil
	case gen.KindString:
		return m.S, nil
	case gen.KindBool:
		return m.B, nil
	case gen.KindInt:
		return m.I, nil
	case gen.KindUint:
		return m.U, nil
	case gen.KindFloat32:
		return m.F32, nil
	case gen.KindFloat64:
		return m.F64, nil
	}
	return nil, fmt.Errorf("benc: unknown Value kind %d", m.Kind)
}

// testStrucMapOf converts a map of TestStruc children.
func testStrucMapOf(field string, m map[string]*workload.TestStruc) (map[string]gen.TestStruc, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[string]gen.TestStruc, len(m))
	for k, v := range m {
		if v == nil {
			return nil, fmt.Errorf("benc: %s[%q] is nil, which a map of TestStruc cannot hold", field, k)
		}
		c, err := testStrucOf(v)
		if err != nil {
			return nil, fmt.Errorf("%s[%q]: %w", field, k, err)
		}
		out[k] = c
	}
	return out, nil
}

// testStrucsOf converts a slice of TestStruc children.
func testStrucsOf(field string, s []*workload.TestStruc) ([]gen.TestStruc, error) {
	if s == nil {
		return nil, nil
	}
	out := make([]gen.TestStruc, len(s))
	for i, v := range s {
		if v == nil {
			return nil, fmt.Errorf("benc: %s[%d] is nil, which a list of TestStruc cannot hold", field, i)
		}
		var err error
		if out[i], err = testStrucOf(v); err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", field, i, err)
		}
	}
	return out, nil
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
	if s.Islice != nil {
		m.Islice = make([]gen.Value, len(s.Islice))
		for i, v := range s.Islice {
			if m.Islice[i], err = valueOf(v); err != nil {
				return m, fmt.Errorf("Islice[%d]: %w", i, err)
			}
		}
	}
	var nilAt int
	if m.Iptrslice, nilAt = schema.Values(s.Iptrslice); nilAt >= 0 {
		return m, fmt.Errorf("benc: Iptrslice[%d] is nil, which a list of int64 cannot hold", nilAt)
	}
	if s.Ms != nil {
		m.Ms = make(map[string]gen.Value, len(s.Ms))
		for k, v := range s.Ms {
			if m.Ms[k], err = valueOf(v); err != nil {
				return m, fmt.Errorf("Ms[%q]: %w", k, err)
			}
		}
	}
	if m.Nintf, err = valueOf(s.Nintf); err != nil {
		return m, fmt.Errorf("Nintf: %w", err)
	}
	if s.Nint64 != nil {
		m.Nint64 = []int64{*s.Nint64}
	}
	if m.Mtsptr, err = testStrucMapOf("Mtsptr", s.Mtsptr); err != nil {
		return m, err
	}
	if s.Mts != nil {
		m.Mts = make(map[string]gen.TestStruc, len(s.Mts))
		for k, v := range s.Mts {
			if m.Mts[k], err = testStrucOf(&v); err != nil {
				return m, fmt.Errorf("Mts[%q]: %w", k, err)
			}
		}
	}
	if m.Its, err = testStrucsOf("Its", s.Its); err != nil {
		return m, err
	}
	if s.Nteststruc != nil {
		v, err := testStrucOf(s.Nteststruc)
		if err != nil {
			return m, fmt.Errorf("Nteststruc: %w", err)
		}
		m.Nteststruc = []gen.TestStruc{v}
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

		Msi64:  m.Msi64,
		T:      schema.JoinTime(m.TUnixNano, m.TOffset),
		Nmap:   m.Nmap,
		Nslice: m.Nslice,
	}
	var err error
	if m.Islice != nil {
		s.Islice = make([]interface{}, len(m.Islice))
		for i, v := range m.Islice {
			if s.Islice[i], err = canonicalValue(v); err != nil {
				return s, fmt.Errorf("Islice[%d]: %w", i, err)
			}
		}
	}
	s.Iptrslice = schema.Pointers(m.Iptrslice)
	if m.Ms != nil {
		s.Ms = make(map[string]interface{}, len(m.Ms))
		for k, v := range m.Ms {
			if s.Ms[k], err = canonicalValue(v); err != nil {
				return s, fmt.Errorf("Ms[%q]: %w", k, err)
			}
		}
	}
	if s.Nintf, err = canonicalValue(m.Nintf); err != nil {
		return s, fmt.Errorf("Nintf: %w", err)
	}
	switch len(m.Nint64) {
	case 0:
	case 1:
		v := m.Nint64[0]
		s.Nint64 = &v
	default:
		return s, fmt.Errorf("benc: Nint64 has %d elements, not 0 or 1", len(m.Nint64))
	}
	if m.Mtsptr != nil {
		s.Mtsptr = make(map[string]*workload.TestStruc, len(m.Mtsptr))
		for k, v := range m.Mtsptr {
			c, err := canonicalTestStruc(&v)
			if err != nil {
				return s, fmt.Errorf("Mtsptr[%q]: %w", k, err)
			}
			s.Mtsptr[k] = &c
		}
	}
	if m.Mts != nil {
		s.Mts = make(map[string]workload.TestStruc, len(m.Mts))
		for k, v := range m.Mts {
			if s.Mts[k], err = canonicalTestStruc(&v); err != nil {
				return s, fmt.Errorf("Mts[%q]: %w", k, err)
			}
		}
	}
	if m.Its != nil {
		s.Its = make([]*workload.TestStruc, len(m.Its))
		for i := range m.Its {
			c, err := canonicalTestStruc(&m.Its[i])
			if err != nil {
				return s, fmt.Errorf("Its[%d]: %w", i, err)
			}
			s.Its[i] = &c
		}
	}
	switch len(m.Nteststruc) {
	case 0:
	case 1:
		c, err := canonicalTestStruc(&m.Nteststruc[0])
		if err != nil {
			return s, fmt.Errorf("Nteststruc: %w", err)
		}
		s.Nteststruc = &c
	default:
		return s, fmt.Errorf("benc: Nteststruc has %d elements, not 0 or 1", len(m.Nteststruc))
	}
	return s, nil
}
