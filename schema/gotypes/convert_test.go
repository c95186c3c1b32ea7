package gotypes

import (
	"reflect"
	"testing"

	"github.com/serbench/serbench/workload"
)

// TestMirrorsMatchWorkload fails when a canonical type gains, loses or
// changes a field that its mirror does not: the mirrors must carry exactly
// the canonical fields, in the same order.
func TestMirrorsMatchWorkload(t *testing.T) {
	pairs := []struct{ canonical, mirror reflect.Type }{
		{reflect.TypeFor[workload.Person](), reflect.TypeFor[Person]()},
		{reflect.TypeFor[workload.TestStruc](), reflect.TypeFor[TestStruc]()},
		{reflect.TypeFor[workload.AnonInTestStruc](), reflect.TypeFor[AnonInTestStruc]()},
	}
	rename := map[reflect.Type]reflect.Type{
		reflect.TypeFor[workload.TestStruc]():       reflect.TypeFor[TestStruc](),
		reflect.TypeFor[workload.AnonInTestStruc](): reflect.TypeFor[AnonInTestStruc](),
	}
	for _, p := range pairs {
		if p.canonical.NumField() != p.mirror.NumField() {
			t.Errorf("%s has %d fields, its mirror %s %d", p.canonical, p.canonical.NumField(), p.mirror, p.mirror.NumField())
			continue
		}
		for i := 0; i < p.canonical.NumField(); i++ {
			c, m := p.canonical.Field(i), p.mirror.Field(i)
			if c.Name != m.Name || c.Anonymous != m.Anonymous || mirrorType(c.Type, rename) != m.Type.String() {
				t.Errorf("%s field %d is %s %s, its mirror's %s %s", p.canonical, i, c.Name, c.Type, m.Name, m.Type)
			}
		}
	}
}

// mirrorType returns the name of the mirror of type t.
func mirrorType(t reflect.Type, rename map[reflect.Type]reflect.Type) string {
	if m, ok := rename[t]; ok {
		return m.String()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + mirrorType(t.Elem(), rename)
	case reflect.Slice:
		return "[]" + mirrorType(t.Elem(), rename)
	case reflect.Map:
		return "map[" + mirrorType(t.Key(), rename) + "]" + mirrorType(t.Elem(), rename)
	}
	return t.String()
}

func TestConversionRoundTrip(t *testing.T) {
	for _, d := range []int{-1, 1, 3} {
		for i, s := range workload.Nested(workload.NestedSeed, 20, d) {
			s.Nteststruc = &workload.TestStruc{S: "not nil"}
			if got := TestStrucOf(s).Canonical(); !reflect.DeepEqual(got, s) {
				t.Errorf("depth %d, value %d: TestStruc conversion does not round-trip", d, i)
			}
		}
	}
	for i, p := range workload.People(workload.PersonSeed, 50) {
		if got := PersonOf(p).Canonical(); !reflect.DeepEqual(got, p) {
			t.Errorf("value %d: Person conversion does not round-trip", i)
		}
	}
	for _, f := range [][]float32{nil, {}, {1, 2.5}} {
		if got := FloatsOf(&f).Canonical(); !reflect.DeepEqual(*got, f) {
			t.Errorf("Floats conversion of %#v gave %#v", f, *got)
		}
	}
	var zero workload.TestStruc
	if got := TestStrucOf(&zero).Canonical(); !reflect.DeepEqual(*got, zero) {
		t.Errorf("the zero TestStruc does not round-trip: %#v", got)
	}
}
