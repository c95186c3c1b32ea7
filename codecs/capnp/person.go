package capnp

import (
	"capnproto.org/go/capnp/v3"

	gen "github.com/serbench/serbench/internal/gen/capnp"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// newPerson sets the root of seg's message to the Person of
// schema/person.capnp made from p.
func newPerson(seg *capnp.Segment, p *workload.Person) error {
	nanos, offset, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return err
	}
	r, err := gen.NewRootPerson(seg)
	if err != nil {
		return err
	}
	var w writer
	w.check(r.SetName(p.Name))
	r.SetBirthDayUnixNano(nanos)
	r.SetBirthDayOffset(offset)
	w.check(r.SetPhone(p.Phone))
	r.SetSiblings(int64(p.Siblings))
	r.SetSpouse(p.Spouse)
	r.SetMoney(p.Money)
	if p.Tags != nil {
		l, err := r.NewTags(int32(len(p.Tags)))
		if err != nil {
			return err
		}
		i := 0
		for k, v := range p.Tags {
			e := l.At(i)
			w.check(e.SetKey(k))
			w.check(e.SetValue(v))
			i++
		}
	}
	w.setTexts(p.Aliases, r.NewAliases)
	return w.err
}

// readPerson reads every field of the message's Person into a new
// workload.Person.
func readPerson(msg *capnp.Message) (*workload.Person, error) {
	r, err := gen.ReadRootPerson(msg)
	if err != nil {
		return nil, err
	}
	var rd reader
	p := &workload.Person{
		Name:     rd.text(r.Name()),
		BirthDay: schema.JoinTime(r.BirthDayUnixNano(), r.BirthDayOffset()),
		Phone:    rd.text(r.Phone()),
		Siblings: int(r.Siblings()),
		Spouse:   r.Spouse(),
		Money:    r.Money(),
		Aliases:  texts(&rd, r.HasAliases(), r.Aliases),
	}
	if r.HasTags() {
		l, err := r.Tags()
		if err != nil {
			return nil, err
		}
		p.Tags = make(map[string]string, l.Len())
		for i := 0; i < l.Len(); i++ {
			e := l.At(i)
			p.Tags[rd.text(e.Key())] = rd.text(e.Value())
		}
	}
	return p, rd.err
}

// accessPerson reads the access fields of the person workload from the
// message.
func accessPerson(msg *capnp.Message) (workload.PersonFields, error) {
	r, err := gen.ReadRootPerson(msg)
	if err != nil {
		return workload.PersonFields{}, err
	}
	name, err := r.Name()
	return workload.PersonFields{Name: name, Siblings: int(r.Siblings()), Money: r.Money()}, err
}
