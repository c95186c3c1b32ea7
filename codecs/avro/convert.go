package avro

import (
	"fmt"

	gen "github.com/serbench/serbench/internal/gen/avro"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical values and the generated structs
// follow schema/README.md and the doc fields of schema/*.avsc:
//
//   - a time.Time is two fields, Unix nanoseconds and UTC offset
//     (schema.SplitTime, schema.JoinTime);
//   - integers are widened to the Avro int (int32) or long (int64) of
//     their Go type and narrowed back; uint and uint64 are the int64 of
//     the same 64 bits;
//   - []*int64 is []int64, and nil pointers in it are an error;
//   - an interface{} value is the union Value: nil, string, bool, float32
//     and float64 as they are, every signed integer as int64, every
//     unsigned one as gen.U64; any other dynamic type is an error;
//   - the embedded AnonInTestStruc is flattened;
//   - *TestStruc values in maps and slices are TestStruc values, and nil
//     ones are an error.
//
// Slices and maps of the same type on both sides (strings, int64, float32,
// float64, bool, bytes) are shared, not copied: the conversions convert
// types, they do not copy data. Nil stays nil and empty stays empty.

// personOf returns the generated Person of p, the schemas' Person
// (schema.PersonOf). It fails for a BirthDay outside the range of the
// time mapping (schema.SplitTime).
func personOf(p *workload.Person) (*gen.Person, error) {
	m, err := schema.PersonOf(p)
	return (*gen.Person)(m), err
}

func canonicalPerson(m *gen.Person) *workload.Person { return (*schema.Person)(m).Canonical() }

// testStrucOf and canonicalTestStruc convert a value of the workload, for
// Prepare and Canonical; genOf and canonicalOf convert it and its
// children, by value, as the generated type holds them.
func testStrucOf(s *workload.TestStruc) (*gen.TestStruc, error) {
	g, err := genOf(s)
	if err != nil {
		return nil, err
	}
	return &g, nil
}

func canonicalTestStruc(g *gen.TestStruc) (*workload.TestStruc, error) {
	s, err := canonicalOf(g)
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func genOf(s *workload.TestStruc) (gen.TestStruc, error) {
	ns, off, err := schema.SplitTime(s.T)
	if err != nil {
		return gen.TestStruc{}, fmt.Errorf("T: %w", err)
	}
	g := gen.TestStruc{
		S: s.S, I: int64(s.I), I8: int32(s.I8), I16: int32(s.I16), I32: s.I32, I64: s.I64,
		UI: int64(s.Ui), Ui8: int32(s.Ui8), Ui16: int32(s.Ui16), Ui32: int64(s.Ui32), Ui64: int64(s.Ui64),
		F32: s.F32, F64: s.F64, B: s.B, By: int32(s.By),

		Sslice: s.Sslice, Intslice: schema.Numbers[int64](s.Intslice), I8slice: schema.Numbers[int32](s.I8slice),
		I16slice: schema.Numbers[int32](s.I16slice), I32slice: s.I32slice, I64slice: s.I64slice,
		Uintslice: schema.Numbers[int64](s.Uintslice), Ui8slice: s.Ui8slice, Ui16slice: schema.Numbers[int32](s.Ui16slice),
		Ui32slice: schema.Numbers[int64](s.Ui32slice), Ui64slice: schema.Numbers[int64](s.Ui64slice),
		F32slice: s.F32slice, F64slice: s.F64slice, Bslice: s.Bslice, Byslice: s.Byslice,

		AS: s.AS, AI64: s.AI64, AI16: int32(s.AI16), AUi64: int64(s.AUi64),
		ASslice: s.ASslice, AI64slice: s.AI64slice,

		Msi64: s.Msi64, TUnixNano: ns, TOffset: off, Nmap: s.Nmap, Nslice: s.Nslice, Nint64: s.Nint64,
	}
	var (
		i int
		k string
	)
	if g.Islice, i, err = schema.SliceErr(s.Islice, valueOf); err != nil {
		return g, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if g.Iptrslice, i = schema.Values(s.Iptrslice); i >= 0 {
		return g, fmt.Errorf("Iptrslice[%d] is a nil *int64: the schema has a long for it", i)
	}
	if g.Ms, k, err = schema.MapErr(s.Ms, valueOf); err != nil {
		return g, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	if g.Nintf, err = valueOf(s.Nintf); err != nil {
		return g, fmt.Errorf("Nintf: %w", err)
	}
	if k, nilValue := schema.NilKey(s.Mtsptr); nilValue {
		return g, fmt.Errorf("Mtsptr[%q] is a nil *TestStruc: the schema has a TestStruc for it", k)
	}
	if g.Mtsptr, k, err = schema.MapErr(s.Mtsptr, genOf); err != nil {
		return g, fmt.Errorf("Mtsptr[%q].%w", k, err)
	}
	if g.Mts, k, err = schema.MapPtrErr(s.Mts, genOf); err != nil {
		return g, fmt.Errorf("Mts[%q].%w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return g, fmt.Errorf("Its[%d] is a nil *TestStruc: the schema has a TestStruc for it", i)
	}
	if g.Its, i, err = schema.SliceErr(s.Its, genOf); err != nil {
		return g, fmt.Errorf("Its[%d].%w", i, err)
	}
	if g.Nteststruc, err = schema.PointerErr(s.Nteststruc, testStrucOf); err != nil {
		return g, fmt.Errorf("Nteststruc.%w", err)
	}
	return g, nil
}

// valueOf returns the Go value of the union Value for an interface{}
// value.
func valueOf(v any) (any, error) {
	switch v := v.(type) {
	case nil, string, bool, int64, float32, float64:
		return v, nil
	}
	if i, ok := schema.Signed(v); ok {
		return i, nil
	}
	if u, ok := schema.Unsigned(v); ok {
		return gen.U64{V: int64(u)}, nil
	}
	return nil, fmt.Errorf("an interface{} value of type %T has no branch in the union Value", v)
}

// canonicalValue returns the interface{} value of a decoded union Value.
func canonicalValue(v any) (any, error) {
	switch v := v.(type) {
	case nil, string, bool, int64, float32, float64:
		return v, nil
	case gen.U64:
		return uint64(v.V), nil
	}
	return nil, fmt.Errorf("decoded union Value of unexpected type %T", v)
}

func canonicalOf(g *gen.TestStruc) (workload.TestStruc, error) {
	s := workload.TestStruc{
		S: g.S, I: int(g.I), I8: int8(g.I8), I16: int16(g.I16), I32: g.I32, I64: g.I64,
		Ui: uint(g.UI), Ui8: uint8(g.Ui8), Ui16: uint16(g.Ui16), Ui32: uint32(g.Ui32), Ui64: uint64(g.Ui64),
		F32: g.F32, F64: g.F64, B: g.B, By: byte(g.By),

		Sslice: g.Sslice, Intslice: schema.Numbers[int](g.Intslice), I8slice: schema.Numbers[int8](g.I8slice),
		I16slice: schema.Numbers[int16](g.I16slice), I32slice: g.I32slice, I64slice: g.I64slice,
		Uintslice: schema.Numbers[uint](g.Uintslice), Ui8slice: g.Ui8slice, Ui16slice: schema.Numbers[uint16](g.Ui16slice),
		Ui32slice: schema.Numbers[uint32](g.Ui32slice), Ui64slice: schema.Numbers[uint64](g.Ui64slice),
		F32slice: g.F32slice, F64slice: g.F64slice, Bslice: g.Bslice, Byslice: g.Byslice,

		AnonInTestStruc: workload.AnonInTestStruc{
			AS: g.AS, AI64: g.AI64, AI16: int16(g.AI16), AUi64: uint64(g.AUi64),
			ASslice: g.ASslice, AI64slice: g.AI64slice,
		},

		Msi64: g.Msi64, T: schema.JoinTime(g.TUnixNano, g.TOffset), Nmap: g.Nmap, Nslice: g.Nslice, Nint64: g.Nint64,
		Iptrslice: schema.PointersTo(g.Iptrslice),
	}
	var (
		err error
		i   int
		k   string
	)
	if s.Islice, i, err = schema.SliceErr(g.Islice, canonicalValue); err != nil {
		return s, fmt.Errorf("islice[%d]: %w", i, err)
	}
	if s.Ms, k, err = schema.MapErr(g.Ms, canonicalValue); err != nil {
		return s, fmt.Errorf("ms[%q]: %w", k, err)
	}
	if s.Nintf, err = canonicalValue(g.Nintf); err != nil {
		return s, fmt.Errorf("nintf: %w", err)
	}
	if s.Mtsptr, k, err = schema.MapPtrErr(g.Mtsptr, canonicalTestStruc); err != nil {
		return s, fmt.Errorf("mtsptr[%q].%w", k, err)
	}
	if s.Mts, k, err = schema.MapPtrErr(g.Mts, canonicalOf); err != nil {
		return s, fmt.Errorf("mts[%q].%w", k, err)
	}
	if s.Its, i, err = schema.SlicePtrErr(g.Its, canonicalTestStruc); err != nil {
		return s, fmt.Errorf("its[%d].%w", i, err)
	}
	if s.Nteststruc, err = schema.PointerErr(g.Nteststruc, canonicalTestStruc); err != nil {
		return s, fmt.Errorf("nteststruc.%w", err)
	}
	return s, nil
}
