package flatbuffers

import (
	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/internal/gen/fbs"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// person builds the Person table of schema/person.fbs from p.
func (e *encoder) person(p *workload.Person) ([]byte, error) {
	nanos, offset, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, err
	}
	b := e.b
	name := b.CreateString(p.Name)
	phone := b.CreateString(p.Phone)
	var tags fb.UOffsetT
	if p.Tags != nil {
		mark := len(e.offs)
		for k, v := range p.Tags {
			key, value := b.CreateString(k), b.CreateString(v)
			fbs.StringEntryStart(b)
			fbs.StringEntryAddKey(b, key)
			fbs.StringEntryAddValue(b, value)
			e.offs = append(e.offs, fbs.StringEntryEnd(b))
		}
		tags = e.vectorOfOffsets(mark, fbs.PersonStartTagsVector)
	}
	aliases := e.strings(p.Aliases, fbs.PersonStartAliasesVector)

	fbs.PersonStart(b)
	fbs.PersonAddName(b, name)
	fbs.PersonAddBirthDayUnixNano(b, nanos)
	fbs.PersonAddBirthDayOffset(b, offset)
	fbs.PersonAddPhone(b, phone)
	fbs.PersonAddSiblings(b, int64(p.Siblings))
	fbs.PersonAddSpouse(b, p.Spouse)
	fbs.PersonAddMoney(b, p.Money)
	fbs.PersonAddTags(b, tags) // an offset of 0 (nil map) adds no field
	fbs.PersonAddAliases(b, aliases)
	return e.finish(fbs.PersonEnd(b)), nil
}

// decodePerson reads every field of the Person in data into a new
// workload.Person.
func decodePerson(data []byte) *workload.Person {
	r := fbs.GetRootAsPerson(data, 0)
	t := r.Table()
	p := &workload.Person{
		Name:     string(r.Name()),
		BirthDay: schema.JoinTime(r.BirthDayUnixNano(), r.BirthDayOffset()),
		Phone:    string(r.Phone()),
		Siblings: int(r.Siblings()),
		Spouse:   r.Spouse(),
		Money:    r.Money(),
		Aliases:  stringVector(t, slotPersonAliases, r.AliasesLength(), r.Aliases),
	}
	if present(t, slotPersonTags) {
		n := r.TagsLength()
		p.Tags = make(map[string]string, n)
		var e fbs.StringEntry
		for j := 0; j < n; j++ {
			r.Tags(&e, j)
			p.Tags[string(e.Key())] = string(e.Value())
		}
	}
	return p
}

// accessPerson reads the access fields of the person workload straight
// from data.
func accessPerson(data []byte) (any, error) {
	r := fbs.GetRootAsPerson(data, 0)
	return workload.PersonFields{Name: string(r.Name()), Siblings: int(r.Siblings()), Money: r.Money()}, nil
}
