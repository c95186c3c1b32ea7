package goavrov1

import (
	"fmt"

	"github.com/linkedin/goavro"

	"github.com/serbench/serbench/codecs/internal/avronative"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical values and goavro v1's native
// form follow schema/README.md and the doc fields of schema/*.avsc, as
// those of codecs/goavro do: a record is a *goavro.Record whose fields are
// set by their schema names, an array a []interface{}, a map a
// map[string]interface{}; an Avro int is an int32 and a long an int64 (the
// types goavro decodes). Back from the native form, every value is checked
// to have the type the schema gives it, and a value of another type is an
// error. Nil stays nil and empty stays empty, both ways.

// set sets the fields of a new record, in order: names and values
// alternate.
func set(newRecord func() (*goavro.Record, error), fields ...any) (*goavro.Record, error) {
	r, err := newRecord()
	if err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(fields); i += 2 {
		if err := r.Set(fields[i].(string), fields[i+1]); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func personNative(newRecord func() (*goavro.Record, error), p *workload.Person) (*goavro.Record, error) {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	return set(newRecord,
		"name", p.Name,
		"birthDayUnixNano", ns,
		"birthDayOffset", off,
		"phone", p.Phone,
		"siblings", int64(p.Siblings),
		"spouse", p.Spouse,
		"money", p.Money,
		"tags", schema.Map(p.Tags, avronative.Same),
		"aliases", schema.Slice(p.Aliases, avronative.Same),
	)
}

func floatsNative(newRecord func() (*goavro.Record, error), f []float32) (*goavro.Record, error) {
	return set(newRecord, "values", schema.Slice(f, avronative.Same))
}

// field returns the field of record r as a T.
func field[T any](d *avronative.Decoder, r *goavro.Record, name string) T {
	v, err := r.Get(name)
	if err != nil {
		d.Fail("record %s: %v", r.Name, err)
	}
	return avronative.As[T](d, v, name)
}

// record returns native as a *goavro.Record, or fails.
func record(d *avronative.Decoder, native any, what string) *goavro.Record {
	r, ok := native.(*goavro.Record)
	if !ok || r == nil {
		d.Fail("%s is a %T, want a *goavro.Record", what, native)
		return nil
	}
	return r
}

func canonicalPerson(native any) (*workload.Person, error) {
	var d avronative.Decoder
	r := record(&d, native, "Person")
	if d.Err != nil {
		return nil, d.Err
	}
	p := &workload.Person{
		Name:     field[string](&d, r, "name"),
		BirthDay: schema.JoinTime(field[int64](&d, r, "birthDayUnixNano"), field[int32](&d, r, "birthDayOffset")),
		Phone:    field[string](&d, r, "phone"),
		Siblings: int(field[int64](&d, r, "siblings")),
		Spouse:   field[bool](&d, r, "spouse"),
		Money:    field[float64](&d, r, "money"),
		Tags:     avronative.Map(&d, field[any](&d, r, "tags"), "tags", avronative.Ident[string]),
		Aliases:  avronative.Slice(&d, field[any](&d, r, "aliases"), "aliases", avronative.Ident[string]),
	}
	return p, d.Err
}

func canonicalFloats(native any) (*[]float32, error) {
	var d avronative.Decoder
	r := record(&d, native, "Floats")
	if d.Err != nil {
		return nil, d.Err
	}
	f := avronative.Slice(&d, field[any](&d, r, "values"), "values", avronative.Ident[float32])
	return &f, d.Err
}
