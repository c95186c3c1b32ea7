package gotypes

import (
	"fmt"
	"reflect"

	"github.com/serbench/serbench/workload"
)

// Mirror and MirrorFor are written by hand, not generated: MirrorFor has a
// case for each root of the two mirrorgen runs of generate.go, which
// neither run sees whole.

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
