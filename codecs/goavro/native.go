package goavro

import (
	"fmt"

	"github.com/serbench/serbench/codecs/internal/avronative"
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
		"tags":             schema.Map(p.Tags, avronative.Same),
		"aliases":          schema.Slice(p.Aliases, avronative.Same),
	}, nil
}

func floatsNative(f []float32) map[string]any {
	return map[string]any{"values": schema.Slice(f, avronative.Same)}
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

		"sslice":    schema.Slice(s.Sslice, avronative.Same),
		"intslice":  schema.Slice(s.Intslice, func(v int) any { return int64(v) }),
		"i8slice":   schema.Slice(s.I8slice, func(v int8) any { return int32(v) }),
		"i16slice":  schema.Slice(s.I16slice, func(v int16) any { return int32(v) }),
		"i32slice":  schema.Slice(s.I32slice, avronative.Same),
		"i64slice":  schema.Slice(s.I64slice, avronative.Same),
		"uintslice": schema.Slice(s.Uintslice, func(v uint) any { return int64(v) }),
		"ui8slice":  s.Ui8slice,
		"ui16slice": schema.Slice(s.Ui16slice, func(v uint16) any { return int32(v) }),
		"ui32slice": schema.Slice(s.Ui32slice, func(v uint32) any { return int64(v) }),
		"ui64slice": schema.Slice(s.Ui64slice, func(v uint64) any { return int64(v) }),
		"f32slice":  schema.Slice(s.F32slice, avronative.Same),
		"f64slice":  schema.Slice(s.F64slice, avronative.Same),
		"bslice":    schema.Slice(s.Bslice, avronative.Same),
		"byslice":   s.Byslice,

		"aS":        s.AS,
		"aI64":      s.AI64,
		"aI16":      int32(s.AI16),
		"aUi64":     int64(s.AUi64),
		"aSslice":   schema.Slice(s.ASslice, avronative.Same),
		"aI64slice": schema.Slice(s.AI64slice, avronative.Same),

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
	m["msi64"] = schema.Map(s.Msi64, avronative.Same)
	if m["nintf"], err = valueNative(s.Nintf); err != nil {
		return nil, fmt.Errorf("Nintf: %w", err)
	}
	m["nmap"] = schema.Map(s.Nmap, avronative.Same)
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

// field returns the field of record r as a T.
func field[T any](d *avronative.Decoder, r map[string]any, name string) T {
	v, ok := r[name]
	if !ok {
		d.Fail("record has no field %q", name)
	}
	return avronative.As[T](d, v, name)
}

func canonicalPerson(native any) (*workload.Person, error) {
	var d avronative.Decoder
	r := avronative.As[map[string]any](&d, native, "Person")
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
		Tags:     avronative.Map(&d, r["tags"], "tags", avronative.Ident[string]),
		Aliases:  avronative.Slice(&d, r["aliases"], "aliases", avronative.Ident[string]),
	}
	return p, d.Err
}

func canonicalFloats(native any) (*[]float32, error) {
	var d avronative.Decoder
	r := avronative.As[map[string]any](&d, native, "Floats")
	if d.Err != nil {
		return nil, d.Err
	}
	f := avronative.Slice(&d, r["values"], "values", avronative.Ident[float32])
	return &f, d.Err
}

func canonicalTestStruc(native any) (*workload.TestStruc, error) {
	var d avronative.Decoder
	s := testStruc(&d, native, "TestStruc")
	return s, d.Err
}

func testStruc(d *avronative.Decoder, native any, what string) *workload.TestStruc {
	r := avronative.As[map[string]any](d, native, what)
	if d.Err != nil {
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

		Sslice:    avronative.Slice(d, r["sslice"], "sslice", avronative.Ident[string]),
		Intslice:  avronative.Slice(d, r["intslice"], "intslice", func(v int64) int { return int(v) }),
		I8slice:   avronative.Slice(d, r["i8slice"], "i8slice", func(v int32) int8 { return int8(v) }),
		I16slice:  avronative.Slice(d, r["i16slice"], "i16slice", func(v int32) int16 { return int16(v) }),
		I32slice:  avronative.Slice(d, r["i32slice"], "i32slice", avronative.Ident[int32]),
		I64slice:  avronative.Slice(d, r["i64slice"], "i64slice", avronative.Ident[int64]),
		Uintslice: avronative.Slice(d, r["uintslice"], "uintslice", func(v int64) uint { return uint(v) }),
		Ui8slice:  field[[]byte](d, r, "ui8slice"),
		Ui16slice: avronative.Slice(d, r["ui16slice"], "ui16slice", func(v int32) uint16 { return uint16(v) }),
		Ui32slice: avronative.Slice(d, r["ui32slice"], "ui32slice", func(v int64) uint32 { return uint32(v) }),
		Ui64slice: avronative.Slice(d, r["ui64slice"], "ui64slice", func(v int64) uint64 { return uint64(v) }),
		F32slice:  avronative.Slice(d, r["f32slice"], "f32slice", avronative.Ident[float32]),
		F64slice:  avronative.Slice(d, r["f64slice"], "f64slice", avronative.Ident[float64]),
		Bslice:    avronative.Slice(d, r["bslice"], "bslice", avronative.Ident[bool]),
		Byslice:   field[[]byte](d, r, "byslice"),

		Islice:    avronative.Slice(d, r["islice"], "islice", func(v any) any { return value(d, v) }),
		Iptrslice: avronative.Slice(d, r["iptrslice"], "iptrslice", func(v int64) *int64 { return &v }),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS:        field[string](d, r, "aS"),
			AI64:      field[int64](d, r, "aI64"),
			AI16:      int16(field[int32](d, r, "aI16")),
			AUi64:     uint64(field[int64](d, r, "aUi64")),
			ASslice:   avronative.Slice(d, r["aSslice"], "aSslice", avronative.Ident[string]),
			AI64slice: avronative.Slice(d, r["aI64slice"], "aI64slice", avronative.Ident[int64]),
		},

		Msi64:  avronative.Map(d, r["msi64"], "msi64", avronative.Ident[int64]),
		Nintf:  value(d, r["nintf"]),
		T:      schema.JoinTime(field[int64](d, r, "tUnixNano"), field[int32](d, r, "tOffset")),
		Nmap:   avronative.Map(d, r["nmap"], "nmap", avronative.Ident[bool]),
		Nslice: field[[]byte](d, r, "nslice"),
	}
	s.Ms = avronative.Map(d, r["ms"], "ms", func(v any) any { return value(d, v) })
	if u := avronative.As[map[string]any](d, r["nint64"], "nint64"); u != nil {
		v := avronative.As[int64](d, u["long"], "nint64")
		s.Nint64 = &v
	}
	s.Mtsptr = avronative.Map(d, r["mtsptr"], "mtsptr", func(v any) *workload.TestStruc { return testStruc(d, v, "mtsptr") })
	s.Mts = avronative.Map(d, r["mts"], "mts", func(v any) workload.TestStruc {
		if c := testStruc(d, v, "mts"); c != nil {
			return *c
		}
		return workload.TestStruc{} // d.Err says why
	})
	s.Its = avronative.Slice(d, r["its"], "its", func(v any) *workload.TestStruc { return testStruc(d, v, "its") })
	if u := avronative.As[map[string]any](d, r["nteststruc"], "nteststruc"); u != nil {
		s.Nteststruc = testStruc(d, u[testStrucName], "nteststruc")
	}
	return s
}

// value returns the interface{} value of a native union Value.
func value(d *avronative.Decoder, v any) any {
	if v == nil {
		return nil
	}
	u := avronative.As[map[string]any](d, v, "union Value")
	for branch, x := range u {
		switch branch {
		case "string", "boolean", "float", "double":
			return x // goavro's native types are those of the canonical value
		case "long":
			return avronative.As[int64](d, x, "long of union Value")
		case gen.U64Name:
			return uint64(field[int64](d, avronative.As[map[string]any](d, x, "U64 of union Value"), "v"))
		}
		d.Fail("union Value has an unknown branch %q", branch)
	}
	return nil
}
