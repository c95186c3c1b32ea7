package gotypes

import (
	"fmt"
	"reflect"

	"github.com/serbench/serbench/workload"
)

// The conversions share the slices, maps and pointers of their argument
// (other than those holding TestStruc values, which are converted): they
// convert types, they do not copy data. Nil stays nil and empty stays
// empty. The corpora's mirrors convert by the same rules
// (corpora_convert.go).

// PersonOf returns the mirror of a canonical Person: a plain Go conversion,
// since the two struct types have the same fields.
func PersonOf(p *workload.Person) *Person {
	m := Person(*p)
	return &m
}

// Canonical returns p as a canonical workload.Person.
func (p *Person) Canonical() *workload.Person {
	c := workload.Person(*p)
	return &c
}

// FloatsOf returns the mirror of a canonical []float32: the same slice.
func FloatsOf(f *[]float32) *Floats {
	m := Floats(*f)
	return &m
}

// Canonical returns f as a canonical []float32: the same slice.
func (f *Floats) Canonical() *[]float32 {
	c := []float32(*f)
	return &c
}

// TestStrucOf returns the mirror of a canonical TestStruc, converting its
// TestStruc children recursively.
func TestStrucOf(s *workload.TestStruc) *TestStruc {
	if s == nil {
		return nil
	}
	m := testStrucOf(s)
	return &m
}

func testStrucOf(s *workload.TestStruc) TestStruc {
	m := TestStruc{
		S: s.S, I: s.I, I8: s.I8, I16: s.I16, I32: s.I32, I64: s.I64,
		Ui: s.Ui, Ui8: s.Ui8, Ui16: s.Ui16, Ui32: s.Ui32, Ui64: s.Ui64,
		F32: s.F32, F64: s.F64, B: s.B, By: s.By,

		Sslice: s.Sslice, Intslice: s.Intslice, I8slice: s.I8slice, I16slice: s.I16slice,
		I32slice: s.I32slice, I64slice: s.I64slice, Uintslice: s.Uintslice, Ui8slice: s.Ui8slice,
		Ui16slice: s.Ui16slice, Ui32slice: s.Ui32slice, Ui64slice: s.Ui64slice,
		F32slice: s.F32slice, F64slice: s.F64slice, Bslice: s.Bslice, Byslice: s.Byslice,

		Islice: s.Islice, Iptrslice: s.Iptrslice,

		AnonInTestStruc: AnonInTestStruc(s.AnonInTestStruc),

		Ms: s.Ms, Msi64: s.Msi64,

		Nintf: s.Nintf, T: s.T, Nmap: s.Nmap, Nslice: s.Nslice, Nint64: s.Nint64,

		Nteststruc: TestStrucOf(s.Nteststruc),
	}
	if s.Mtsptr != nil {
		m.Mtsptr = make(map[string]*TestStruc, len(s.Mtsptr))
		for k, v := range s.Mtsptr {
			m.Mtsptr[k] = TestStrucOf(v)
		}
	}
	if s.Mts != nil {
		m.Mts = make(map[string]TestStruc, len(s.Mts))
		for k, v := range s.Mts {
			m.Mts[k] = testStrucOf(&v)
		}
	}
	if s.Its != nil {
		m.Its = make([]*TestStruc, len(s.Its))
		for i, v := range s.Its {
			m.Its[i] = TestStrucOf(v)
		}
	}
	return m
}

// Canonical returns s as a canonical workload.TestStruc, converting its
// TestStruc children recursively.
func (s *TestStruc) Canonical() *workload.TestStruc {
	if s == nil {
		return nil
	}
	c := s.canonical()
	return &c
}

func (s *TestStruc) canonical() workload.TestStruc {
	c := workload.TestStruc{
		S: s.S, I: s.I, I8: s.I8, I16: s.I16, I32: s.I32, I64: s.I64,
		Ui: s.Ui, Ui8: s.Ui8, Ui16: s.Ui16, Ui32: s.Ui32, Ui64: s.Ui64,
		F32: s.F32, F64: s.F64, B: s.B, By: s.By,

		Sslice: s.Sslice, Intslice: s.Intslice, I8slice: s.I8slice, I16slice: s.I16slice,
		I32slice: s.I32slice, I64slice: s.I64slice, Uintslice: s.Uintslice, Ui8slice: s.Ui8slice,
		Ui16slice: s.Ui16slice, Ui32slice: s.Ui32slice, Ui64slice: s.Ui64slice,
		F32slice: s.F32slice, F64slice: s.F64slice, Bslice: s.Bslice, Byslice: s.Byslice,

		Islice: s.Islice, Iptrslice: s.Iptrslice,

		AnonInTestStruc: workload.AnonInTestStruc(s.AnonInTestStruc),

		Ms: s.Ms, Msi64: s.Msi64,

		Nintf: s.Nintf, T: s.T, Nmap: s.Nmap, Nslice: s.Nslice, Nint64: s.Nint64,

		Nteststruc: s.Nteststruc.Canonical(),
	}
	if s.Mtsptr != nil {
		c.Mtsptr = make(map[string]*workload.TestStruc, len(s.Mtsptr))
		for k, v := range s.Mtsptr {
			c.Mtsptr[k] = v.Canonical()
		}
	}
	if s.Mts != nil {
		c.Mts = make(map[string]workload.TestStruc, len(s.Mts))
		for k, v := range s.Mts {
			c.Mts[k] = v.canonical()
		}
	}
	if s.Its != nil {
		c.Its = make([]*workload.TestStruc, len(s.Its))
		for i, v := range s.Its {
			c.Its[i] = v.Canonical()
		}
	}
	return c
}

// Mirror converts the values of one canonical type, passed and returned as
// pointers in any values, to and from its mirror type.
type Mirror struct {
	// Of returns the mirror of a pointer to a canonical value.
	Of func(canonical any) (any, error)
	// New returns a pointer to a new zero value of the mirror type.
	New func() any
	// Canonical returns the canonical value of a pointer to a mirror
	// value.
	Canonical func(mirror any) (any, error)
}

// MirrorFor returns the Mirror of canonical type t (workload.Person,
// workload.TestStruc, []float32, workload.TwitterStatus,
// workload.CITMPerformance or workload.CanadaFeature), and false for any
// other type.
func MirrorFor(t reflect.Type) (Mirror, bool) {
	switch t {
	case reflect.TypeFor[workload.Person]():
		return mirror(PersonOf, (*Person).Canonical), true
	case reflect.TypeFor[workload.TestStruc]():
		return mirror(TestStrucOf, (*TestStruc).Canonical), true
	case reflect.TypeFor[[]float32]():
		return mirror(FloatsOf, (*Floats).Canonical), true
	case reflect.TypeFor[workload.TwitterStatus]():
		return mirror(TwitterStatusOf, (*TwitterStatus).Canonical), true
	case reflect.TypeFor[workload.CITMPerformance]():
		return mirror(CITMPerformanceOf, (*CITMPerformance).Canonical), true
	case reflect.TypeFor[workload.CanadaFeature]():
		return mirror(CanadaFeatureOf, (*CanadaFeature).Canonical), true
	}
	return Mirror{}, false
}

func mirror[C, M any](of func(*C) *M, canonical func(*M) *C) Mirror {
	return Mirror{
		Of: func(v any) (any, error) {
			c, ok := v.(*C)
			if !ok || c == nil {
				return nil, fmt.Errorf("gotypes: cannot convert %T to %s", v, reflect.TypeFor[*M]())
			}
			return of(c), nil
		},
		New: func() any { return new(M) },
		Canonical: func(v any) (any, error) {
			m, ok := v.(*M)
			if !ok || m == nil {
				return nil, fmt.Errorf("gotypes: cannot convert %T to %s", v, reflect.TypeFor[*C]())
			}
			return canonical(m), nil
		},
	}
}
