package schema

import (
	"fmt"

	"github.com/serbench/serbench/workload"
)

// Person is workload.Person as the schemas have it (README.md): the time
// as its two fields, the int as an int64. The Person types that bebop,
// Thrift and hamba/avro generate from person.bop, person.thrift and
// person.avsc have these fields, of these types, in this order, so that
// their codecs convert with a Go conversion, (*gen.Person)(m), and share
// PersonOf and Canonical.
type Person = PersonWith[int64]

// PersonWith is the Person of the schemas with the int of Siblings as an
// S: benc generates its Person with an int (PersonWith[int]), the other
// schemas with an int64 (Person).
type PersonWith[S int | int64] struct {
	Name             string
	BirthDayUnixNano int64
	BirthDayOffset   int32
	Phone            string
	Siblings         S
	Spouse           bool
	Money            float64
	Tags             map[string]string
	Aliases          []string
}

// PersonOf returns the schemas' Person of p, sharing its map and slice.
// It fails for a BirthDay outside the range of the time mapping
// (SplitTime).
func PersonOf(p *workload.Person) (*Person, error) { return PersonWithOf[int64](p) }

// PersonWithOf is PersonOf for a PersonWith[S].
func PersonWithOf[S int | int64](p *workload.Person) (*PersonWith[S], error) {
	ns, off, err := SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	return &PersonWith[S]{
		Name:             p.Name,
		BirthDayUnixNano: ns,
		BirthDayOffset:   off,
		Phone:            p.Phone,
		Siblings:         S(p.Siblings),
		Spouse:           p.Spouse,
		Money:            p.Money,
		Tags:             p.Tags,
		Aliases:          p.Aliases,
	}, nil
}

// Canonical returns the canonical person of m, sharing its map and slice.
func (m *PersonWith[S]) Canonical() *workload.Person {
	return &workload.Person{
		Name:     m.Name,
		BirthDay: JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: int(m.Siblings),
		Spouse:   m.Spouse,
		Money:    m.Money,
		Tags:     m.Tags,
		Aliases:  m.Aliases,
	}
}
