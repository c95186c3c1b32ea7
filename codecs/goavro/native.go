package goavro

import (
	"fmt"

	gen "github.com/serbench/serbench/internal/gen/avro"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical values and goavro's native form
// follow schema/README.md and the doc fields of schema/*.avsc, as those of
// hamba-avro (codecs/avro) do:
//
//   - a record is a map[string]interface{} keyed by the schema's field
//     names; an array a []interface{}; a map a map[string]interface{};
//     bytes a []byte;
//   - a time.Time is two fields, Unix nanoseconds (int64) and UTC offset
//     (int32) (schema.SplitTime, schema.JoinTime);
//   - an Avro int is an int32 and a long an int64 (the types goavro
//     decodes); uint and uint64 are the int64 of the same 64 bits;
//   - a union value is nil for null, else goavro.Union(branch, value):
//     map[string]interface{}{branch: value}, where branch is "long" or the
//     record's full name, "serbench.TestStruc" or "serbench.U64";
//   - an interface{} value is the union Value: nil, string, bool, float32
//     and float64 as they are, every signed integer as a long, every
//     unsigned one as a U64 record; any other dynamic type is an error;
//   - the embedded AnonInTestStruc is flattened;
//   - *TestStruc values in maps and slices are records, and nil ones are
//     an error.
//
// Back from the native form, every value is checked to have the type the
// schema gives it, and a value of another type is an error. Nil stays nil
// and empty stays empty, both ways.

// testStrucName is the full Avro name of the record TestStruc, its branch
// name in the union of Nteststruc.
const testStrucName = "serbench.TestStruc"

// union returns the native form of a non-null union value.
func union(branch string, v any) any { return map[string]any{branch: v} }

// same returns its argument as an interface{}: the element conversion of
// arrays and maps whose elements have the same type natively.
func same[T any](v T) any { return v }

func personNative(p *workload.Person) (map[string]any, error) {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	return map[string]any{
		"name":             p.Name,
		"birthDayUnixNano": ns,
		"birthDayOffset":   off,
		"phone":            p.Phone,
		"siblings":         int64(p.Siblings),
		"spouse":           p.Spouse,
		"money":            p.Money,
		"tags":             schema.Map(p.Tags, same),
		"aliases":          schema.Slice(p.Aliases, same),
	}, nil
}

func floatsNative(f []float32) map[string]any {
	return map[string]any{"values": schema.Slice(f, same)}
}

// testStrucNative returns the record of s: a map[string]any, as an
// interface{}, the form of the elements of the native arrays and maps that
// hold it.
func testStrucNative(s *workload.TestStruc) (any, error) {
	ns, off, err := schema.SplitTime(s.T)
	if err != nil {
		return nil, fmt.Errorf("T: %w", err)
	}
	m := map[string]any{
		"s":    s.S,
		"i":    int64(s.I),
		"i8":   int32(s.I8),
		"i16":  int32(s.I16),
		"i32":  s.I32,
		"i64":  s.I64,
		"ui":   int64(s.Ui),
		"ui8":  int32(s.Ui8),
		"ui16": int32(s.Ui16),
		"ui32": int64(s.Ui32),
		"ui64": int64(s.Ui64),
		"f32":  s.F32,
		"f64":  s.F64,
		"b":    s.B,
		"by":   int32(s.By),

		"sslice":    schema.Slice(s.Sslice, same),
		"intslice":  schema.Slice(s.Intslice, func(v int) any { return int64(v) }),
		"i8slice":   schema.Slice(s.I8slice, func(v int8) any { return int32(v) }),
		"i16slice":  schema.Slice(s.I16slice, func(v int16) any { return int32(v) }),
		"i32slice":  schema.Slice(s.I32slice, same),
		"i64slice":  schema.Slice(s.I64slice, same),
		"uintslice": schema.Slice(s.Uintslice, func(v uint) any { return int64(v) }),
		"ui8slice":  s.Ui8slice,
		"ui16slice": schema.Slice(s.Ui16slice, func(v uint16) any { return int32(v) }),
		"ui32slice": schema.Slice(s.Ui32slice, func(v uint32) any { return int64(v) }),
		"ui64slice": schema.Slice(s.Ui64slice, func(v uint64) any { return int64(v) }),
		"f32slice":  schema.Slice(s.F32slice, same),
		"f64slice":  schema.Slice(s.F64slice, same),
		"bslice":    schema.Slice(s.Bslice, same),
		"byslice":   s.Byslice,

		"aS":        s.AS,
		"aI64":      s.AI64,
		"aI16":      int32(s.AI16),
		"aUi64":     int64(s.AUi64),
		"aSslice":   schema.Slice(s.ASslice, same),
		"aI64slice": schema.Slice(s.AI64slice, same),

		"tUnixNano": ns,
		"tOffset":   off,
		"nslice":    s.Nslice,
	}
	var (
		i int
		k string
	)
	if m["islice"], i, err = schema.SliceErr(s.Islice, valueNative); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if i = schema.NilAt(s.Iptrslice); i >= 0 {
		return nil, fmt.Errorf("Iptrslice[%d] is a nil *int64: the schema has a long for it", i)
	}
	m["iptrslice"] = schema.Slice(s.Iptrslice, func(p *int64) any { return *p })
	if m["ms"], k, err = schema.MapErr(s.Ms, valueNative); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	m["msi64"] = schema.Map(s.Msi64, same)
	if m["nintf"], err = valueNative(s.Nintf); err != nil {
		return nil, fmt.Errorf("Nintf: %w", err)
	}
	m["nmap"] = schema.Map(s.Nmap, same)
	if s.Nint64 != nil {
		m["nint64"] = union("long", *s.Nint64)
	} else {
		m["nint64"] = nil
	}
	if k, nilValue := schema.NilKey(s.Mtsptr); nilValue {
		return nil, fmt.Errorf("Mtsptr[%q] is a nil *TestStruc: the schema has a TestStruc for it", k)
	}
	if m["mtsptr"], k, err = schema.MapErr(s.Mtsptr, testStrucNative); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q].%w", k, err)
	}
	if m["mts"], k, err = schema.MapErr(s.Mts, func(v workload.TestStruc) (any, error) { return testStrucNative(&v) }); err != nil {
		return nil, fmt.Errorf("Mts[%q].%w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return nil, fmt.Errorf("Its[%d] is a nil *TestStruc: the schema has a TestStruc for it", i)
	}
	if m["its"], i, err = schema.SliceErr(s.Its, testStrucNative); err != nil {
		return nil, fmt.Errorf("Its[%d].%w", i, err)
	}
	if s.Nteststruc != nil {
		n, err := testStrucNative(s.Nteststruc)
		if err != nil {
			return nil, fmt.Errorf("Nteststruc.%w", err)
		}
		m["nteststruc"] = union(testStrucName, n)
	} else {
		m["nteststruc"] = nil
	}
	return m, nil
}

// valueNative returns the native form of the union Value for an
// interface{} value.
func valueNative(v any) (any, error) {
	switch v := v.(type) {
	case nil:
		return nil, nil
	case string:
		return union("string", v), nil
	case bool:
		return union("boolean", v), nil
	case float32:
		return union("float", v), nil
	case float64:
		return union("double", v), nil
	}
	if i, ok := schema.Signed(v); ok {
		return union("long", i), nil
	}
	if u, ok := schema.Unsigned(v); ok {
		return u64(u), nil
	}
	return nil, fmt.Errorf("an interface{} value of type %T has no branch in the union Value", v)
}

func u64(v uint64) any { return union(gen.U64Name, map[string]any{"v": int64(v)}) }

// decoder converts a native value back, keeping the first error.
type decoder struct{ err error }

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

// as returns v as a T, or fails naming what v is. A nil v, which goavro
// decodes only where the schema has a null (in a union), is the zero T.
func as[T any](d *decoder, v any, what string) T {
	t, ok := v.(T)
	if !ok && v != nil {
		d.fail("%s is a %T, want %T", what, v, t)
	}
	return t
}

// field returns the field of record r as a T.
func field[T any](d *decoder, r map[string]any, name string) T {
	v, ok := r[name]
	if !ok {
		d.fail("record has no field %q", name)
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

// ident returns its argument: the element conversion of slices and maps
// whose elements have the same type natively.
func ident[T any](v T) T { return v }

func canonicalPerson(native any) (*workload.Person, error) {
	var d decoder
	r := as[map[string]any](&d, native, "Person")
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
		Tags:     mapOf(&d, r["tags"], "tags", ident[string]),
		Aliases:  slice(&d, r["aliases"], "aliases", ident[string]),
	}
	return p, d.err
}

func canonicalFloats(native any) (*[]float32, error) {
	var d decoder
	r := as[map[string]any](&d, native, "Floats")
	if d.err != nil {
		return nil, d.err
	}
	f := slice(&d, r["values"], "values", ident[float32])
	return &f, d.err
}

func canonicalTestStruc(native any) (*workload.TestStruc, error) {
	var d decoder
	s := d.testStruc(native, "TestStruc")
	return s, d.err
}

func (d *decoder) testStruc(native any, what string) *workload.TestStruc {
	r := as[map[string]any](d, native, what)
	if d.err != nil {
		return nil
	}
	s := &workload.TestStruc{
		S:    field[string](d, r, "s"),
		I:    int(field[int64](d, r, "i")),
		I8:   int8(field[int32](d, r, "i8")),
		I16:  int16(field[int32](d, r, "i16")),
		I32:  field[int32](d, r, "i32"),
		I64:  field[int64](d, r, "i64"),
		Ui:   uint(field[int64](d, r, "ui")),
		Ui8:  uint8(field[int32](d, r, "ui8")),
		Ui16: uint16(field[int32](d, r, "ui16")),
		Ui32: uint32(field[int64](d, r, "ui32")),
		Ui64: uint64(field[int64](d, r, "ui64")),
		F32:  field[float32](d, r, "f32"),
		F64:  field[float64](d, r, "f64"),
		B:    field[bool](d, r, "b"),
		By:   byte(field[int32](d, r, "by")),

		Sslice:    slice(d, r["sslice"], "sslice", ident[string]),
		Intslice:  slice(d, r["intslice"], "intslice", func(v int64) int { return int(v) }),
		I8slice:   slice(d, r["i8slice"], "i8slice", func(v int32) int8 { return int8(v) }),
		I16slice:  slice(d, r["i16slice"], "i16slice", func(v int32) int16 { return int16(v) }),
		I32slice:  slice(d, r["i32slice"], "i32slice", ident[int32]),
		I64slice:  slice(d, r["i64slice"], "i64slice", ident[int64]),
		Uintslice: slice(d, r["uintslice"], "uintslice", func(v int64) uint { return uint(v) }),
		Ui8slice:  field[[]byte](d, r, "ui8slice"),
		Ui16slice: slice(d, r["ui16slice"], "ui16slice", func(v int32) uint16 { return uint16(v) }),
		Ui32slice: slice(d, r["ui32slice"], "ui32slice", func(v int64) uint32 { return uint32(v) }),
		Ui64slice: slice(d, r["ui64slice"], "ui64slice", func(v int64) uint64 { return uint64(v) }),
		F32slice:  slice(d, r["f32slice"], "f32slice", ident[float32]),
		F64slice:  slice(d, r["f64slice"], "f64slice", ident[float64]),
		Bslice:    slice(d, r["bslice"], "bslice", ident[bool]),
		Byslice:   field[[]byte](d, r, "byslice"),

		Islice:    slice(d, r["islice"], "islice", d.value),
		Iptrslice: slice(d, r["iptrslice"], "iptrslice", func(v int64) *int64 { return &v }),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS:        field[string](d, r, "aS"),
			AI64:      field[int64](d, r, "aI64"),
			AI16:      int16(field[int32](d, r, "aI16")),
			AUi64:     uint64(field[int64](d, r, "aUi64")),
			ASslice:   slice(d, r["aSslice"], "aSslice", ident[string]),
			AI64slice: slice(d, r["aI64slice"], "aI64slice", ident[int64]),
		},

		Msi64:  mapOf(d, r["msi64"], "msi64", ident[int64]),
		Nintf:  d.value(r["nintf"]),
		T:      schema.JoinTime(field[int64](d, r, "tUnixNano"), field[int32](d, r, "tOffset")),
		Nmap:   mapOf(d, r["nmap"], "nmap", ident[bool]),
		Nslice: field[[]byte](d, r, "nslice"),
	}
	s.Ms = mapOf(d, r["ms"], "ms", d.value)
	if u := as[map[string]any](d, r["nint64"], "nint64"); u != nil {
		v := as[int64](d, u["long"], "nint64")
		s.Nint64 = &v
	}
	s.Mtsptr = mapOf(d, r["mtsptr"], "mtsptr", func(v any) *workload.TestStruc { return d.testStruc(v, "mtsptr") })
	s.Mts = mapOf(d, r["mts"], "mts", func(v any) workload.TestStruc {
		if c := d.testStruc(v, "mts"); c != nil {
			return *c
		}
		return workload.TestStruc{} // d.err says why
	})
	s.Its = slice(d, r["its"], "its", func(v any) *workload.TestStruc { return d.testStruc(v, "its") })
	if u := as[map[string]any](d, r["nteststruc"], "nteststruc"); u != nil {
		s.Nteststruc = d.testStruc(u[testStrucName], "nteststruc")
	}
	return s
}

// value returns the interface{} value of a native union Value.
func (d *decoder) value(v any) any {
	if v == nil {
		return nil
	}
	u := as[map[string]any](d, v, "union Value")
	for branch, x := range u {
		switch branch {
		case "string", "boolean", "float", "double":
			return x // goavro's native types are those of the canonical value
		case "long":
			return as[int64](d, x, "long of union Value")
		case gen.U64Name:
			return uint64(field[int64](d, as[map[string]any](d, x, "U64 of union Value"), "v"))
		}
		d.fail("union Value has an unknown branch %q", branch)
	}
	return nil
}
