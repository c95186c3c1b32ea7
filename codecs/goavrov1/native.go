package goavrov1

import (
	"fmt"

	"github.com/linkedin/goavro"

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

// same returns its argument as an interface{}: the element conversion of
// arrays and maps whose elements have the same type natively.
func same[T any](v T) any { return v }

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
		"tags", schema.Map(p.Tags, same),
		"aliases", schema.Slice(p.Aliases, same),
	)
}

func floatsNative(newRecord func() (*goavro.Record, error), f []float32) (*goavro.Record, error) {
	return set(newRecord, "values", schema.Slice(f, same))
}

// decoder converts a native value back, keeping the first error.
type decoder struct{ err error }

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

// as returns v as a T, or fails naming what v is.
func as[T any](d *decoder, v any, what string) T {
	t, ok := v.(T)
	if !ok && v != nil {
		d.fail("%s is a %T, want %T", what, v, t)
	}
	return t
}

// field returns the field of record r as a T.
func field[T any](d *decoder, r *goavro.Record, name string) T {
	v, err := r.Get(name)
	if err != nil {
		d.fail("record %s: %v", r.Name, err)
	}
	return as[T](d, v, name)
}

// slice returns the native array v as a []T, f converting each element;
// nil stays nil.
func slice[T, N any](d *decoder, v any, what string, f func(N) T) []T {
	return schema.Slice(as[[]any](d, v, what), func(e any) T { return f(as[N](d, e, what)) })
}

// mapOf returns the native map v as a map[string]T, f converting each
// value; nil stays nil.
func mapOf[T, N any](d *decoder, v any, what string, f func(N) T) map[string]T {
	return schema.Map(as[map[string]any](d, v, what), func(e any) T { return f(as[N](d, e, what)) })
}

// ident returns its argument.
func ident[T any](v T) T { return v }

// record returns native as a *goavro.Record, or fails.
func record(d *decoder, native any, what string) *goavro.Record {
	r, ok := native.(*goavro.Record)
	if !ok || r == nil {
		d.fail("%s is a %T, want a *goavro.Record", what, native)
		return nil
	}
	return r
}

func canonicalPerson(native any) (*workload.Person, error) {
	var d decoder
	r := record(&d, native, "Person")
	if d.err != nil {
		return nil, d.err
	}
	p := &workload.Person{
		Name:     field[string](&d, r, "name"),
		BirthDay: schema.JoinTime(field[int64](&d, r, "birthDayUnixNano"), field[int32](&d, r, "birthDayOffset")),
		Phone:    field[string](&d, r, "phone"),
		Siblings: int(field[int64](&d, r, "siblings")),
		Spouse:   field[bool](&d, r, "spouse"),
		Money:    field[float64](&d, r, "money"),
		Tags:     mapOf(&d, field[any](&d, r, "tags"), "tags", ident[string]),
		Aliases:  slice(&d, field[any](&d, r, "aliases"), "aliases", ident[string]),
	}
	return p, d.err
}

func canonicalFloats(native any) (*[]float32, error) {
	var d decoder
	r := record(&d, native, "Floats")
	if d.err != nil {
		return nil, d.err
	}
	f := slice(&d, field[any](&d, r, "values"), "values", ident[float32])
	return &f, d.err
}
