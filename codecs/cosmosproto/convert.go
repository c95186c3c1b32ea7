package cosmosproto

import (
	"fmt"

	gen "github.com/serbench/serbench/internal/gen/cosmos"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical workload types and the generated
// messages are package pb's (FromPerson, ToPerson): the messages have the
// same fields. The map and slices are shared, not copied.

// personOf returns the message of p. It fails for a BirthDay outside the
// range of the time mapping (schema.SplitTime).
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
		Siblings:         int64(p.Siblings),
		Spouse:           p.Spouse,
		Money:            p.Money,
		Tags:             p.Tags,
		Aliases:          p.Aliases,
	}, nil
}

// canonicalPerson returns the canonical value of m, sharing its map and
// slice. Empty ones become nil: the encoding does not tell nil from empty.
func canonicalPerson(m *gen.Person) *workload.Person {
	return &workload.Person{
		Name:     m.Name,
		BirthDay: schema.JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: int(m.Siblings),
		Spouse:   m.Spouse,
		Money:    m.Money,
		Tags:     schema.MapOrNil(m.Tags),
		Aliases:  schema.OrNil(m.Aliases),
	}
}
