package fidelity

import (
	"math"
	"time"

	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// The carriers: the workloads whose types carry the edge values, in the
// order they are tried.
const (
	CarrierNested = "nested"
	CarrierPerson = "person"
)

// Carriers are the names of the carrier workloads, in the order they are
// tried: nested (workload.TestStruc) first, person (workload.Person) for
// codecs that do not bind nested.
var Carriers = []string{CarrierNested, CarrierPerson}

// BaseCase is the name of the first column: the carrier's base value,
// unchanged.
const BaseCase = "base"

// DepthCase is the name of the deep-nesting column and Depth its depth.
const (
	DepthCase = "depth100"
	Depth     = 100
)

// baseTime is the base values' time: whole seconds in UTC, which every
// format keeps.
var baseTime = time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)

// BaseNested returns the base value on the nested carrier: a TestStruc
// with small numbers that every format keeps exactly (1, 1.5), the string
// "a", one element in every slice and one entry in every map (so that nil
// versus empty plays no part), a string in each interface{} value, the
// time 2001-02-03T04:05:06Z, and no children; the N fields are nil, as in
// the nested workload.
func BaseNested() *workload.TestStruc {
	one := int64(1)
	return &workload.TestStruc{
		S: "a", I: 1, I8: 1, I16: 1, I32: 1, I64: 1,
		Ui: 1, Ui8: 1, Ui16: 1, Ui32: 1, Ui64: 1,
		F32: 1.5, F64: 1.5, B: true, By: 1,
		Sslice: []string{"a"}, Intslice: []int{1}, I8slice: []int8{1}, I16slice: []int16{1},
		I32slice: []int32{1}, I64slice: []int64{1}, Uintslice: []uint{1}, Ui8slice: []uint8{1},
		Ui16slice: []uint16{1}, Ui32slice: []uint32{1}, Ui64slice: []uint64{1},
		F32slice: []float32{1.5}, F64slice: []float64{1.5}, Bslice: []bool{true}, Byslice: []byte{1},
		Islice:    []interface{}{"a"},
		Iptrslice: []*int64{&one},
		AnonInTestStruc: workload.AnonInTestStruc{
			AS: "a", AI64: 1, AI16: 1, AUi64: 1, ASslice: []string{"a"}, AI64slice: []int64{1},
		},
		Ms:    map[string]interface{}{"k": "a"},
		Msi64: map[string]int64{"k": 1},
		T:     baseTime,
	}
}

// BasePerson returns the base value on the person carrier: the name "a",
// the time 2001-02-03T04:05:06Z, small numbers, one tag and one alias.
func BasePerson() *workload.Person {
	return &workload.Person{
		Name: "a", BirthDay: baseTime, Phone: "1", Siblings: 1, Spouse: true, Money: 1.5,
		Tags: map[string]string{"k": "a"}, Aliases: []string{"a"},
	}
}

// Case is one column of the matrix: an edge value, as a change of the base
// value of each carrier that has a field for it.
type Case struct {
	// Name is the column's short label.
	Name string
	// Doc says what the value is and where each carrier holds it.
	Doc string
	// Nested and Person change a base value of their carrier to hold the
	// edge value; nil when the carrier has no field for it.
	Nested func(*workload.TestStruc)
	Person func(*workload.Person)
}

// Info returns the column's name and doc.
func (c Case) Info() result.FidelityCase { return result.FidelityCase{Name: c.Name, Doc: c.Doc} }

// value returns a new value of c on carrier, a pointer to the carrier's
// type, or nil when the carrier has no field for c. Every call builds a
// new value, sharing nothing with the values of earlier calls.
func (c Case) value(carrier string) any {
	switch carrier {
	case CarrierNested:
		if c.Nested == nil {
			return nil
		}
		v := BaseNested()
		c.Nested(v)
		return v
	case CarrierPerson:
		if c.Person == nil {
			return nil
		}
		v := BasePerson()
		c.Person(v)
		return v
	}
	return nil
}

var negZero = math.Copysign(0, -1)

// Cases returns the columns of the matrix, in order, the base value first.
func Cases() []Case {
	return []Case{
		{Name: BaseCase, Doc: "the base value, unchanged (nested: BaseNested, person: BasePerson); every other column changes one thing in it, and differences the base shows too are not counted against it",
			Nested: func(*workload.TestStruc) {}, Person: func(*workload.Person) {}},
		{Name: "-0 f64", Doc: "negative zero in a float64 field (F64; person: Money)",
			Nested: func(s *workload.TestStruc) { s.F64 = negZero }, Person: func(p *workload.Person) { p.Money = negZero }},
		{Name: "-0 f32", Doc: "negative zero in a float32 field (F32)",
			Nested: func(s *workload.TestStruc) { s.F32 = float32(negZero) }},
		{Name: "NaN", Doc: "NaN in a float64 field (F64; person: Money)",
			Nested: func(s *workload.TestStruc) { s.F64 = math.NaN() }, Person: func(p *workload.Person) { p.Money = math.NaN() }},
		{Name: "+Inf", Doc: "+Inf in a float64 field (F64; person: Money)",
			Nested: func(s *workload.TestStruc) { s.F64 = math.Inf(1) }, Person: func(p *workload.Person) { p.Money = math.Inf(1) }},
		{Name: "-Inf", Doc: "-Inf in a float64 field (F64; person: Money)",
			Nested: func(s *workload.TestStruc) { s.F64 = math.Inf(-1) }, Person: func(p *workload.Person) { p.Money = math.Inf(-1) }},
		{Name: "MaxF32", Doc: "math.MaxFloat32 in a float32 field (F32)",
			Nested: func(s *workload.TestStruc) { s.F32 = math.MaxFloat32 }},
		{Name: "SubnF32", Doc: "math.SmallestNonzeroFloat32, the smallest float32 subnormal, in a float32 field (F32)",
			Nested: func(s *workload.TestStruc) { s.F32 = math.SmallestNonzeroFloat32 }},
		{Name: "MaxF64", Doc: "math.MaxFloat64 in a float64 field (F64; person: Money)",
			Nested: func(s *workload.TestStruc) { s.F64 = math.MaxFloat64 }, Person: func(p *workload.Person) { p.Money = math.MaxFloat64 }},
		{Name: "MinI64", Doc: "math.MinInt64 in an int64 field (I64; person: Siblings, an int of 64 bits)",
			Nested: func(s *workload.TestStruc) { s.I64 = math.MinInt64 }, Person: func(p *workload.Person) { p.Siblings = math.MinInt64 }},
		{Name: "MaxI64", Doc: "math.MaxInt64 in an int64 field (I64; person: Siblings, an int of 64 bits)",
			Nested: func(s *workload.TestStruc) { s.I64 = math.MaxInt64 }, Person: func(p *workload.Person) { p.Siblings = math.MaxInt64 }},
		{Name: "MaxU64", Doc: "math.MaxUint64 in a uint64 field (Ui64)",
			Nested: func(s *workload.TestStruc) { s.Ui64 = math.MaxUint64 }},
		{Name: "2^53+1", Doc: "int64(1<<53 + 1), the first integer a float64 cannot hold, inside interface{} (Islice[0])",
			Nested: func(s *workload.TestStruc) { s.Islice = []interface{}{int64(1<<53 + 1)} }},
		{Name: "2^63+1", Doc: "uint64(1<<63 + 1), beyond int64, inside interface{} (Islice[0])",
			Nested: func(s *workload.TestStruc) { s.Islice = []interface{}{uint64(1<<63 + 1)} }},
		{Name: "-1e19", Doc: "float64 -1e19, integral and beyond the int64 range, inside interface{} (Islice[0])",
			Nested: func(s *workload.TestStruc) { s.Islice = []interface{}{-1e19} }},
		{Name: "badUTF8", Doc: `invalid UTF-8 in a string: "\xff\xfe" (S; person: Name)`,
			Nested: func(s *workload.TestStruc) { s.S = "\xff\xfe" }, Person: func(p *workload.Person) { p.Name = "\xff\xfe" }},
		{Name: "NUL", Doc: `U+0000 inside a string: "a\x00b" (S; person: Name)`,
			Nested: func(s *workload.TestStruc) { s.S = "a\x00b" }, Person: func(p *workload.Person) { p.Name = "a\x00b" }},
		{Name: "1969", Doc: "a time before 1970: 1969-07-20T20:17:40Z (T; person: BirthDay)",
			Nested: func(s *workload.TestStruc) { s.T = before1970() }, Person: func(p *workload.Person) { p.BirthDay = before1970() }},
		{Name: "2300", Doc: "a time after 2262, outside int64 Unix nanoseconds: 2300-01-02T03:04:05Z (T; person: BirthDay)",
			Nested: func(s *workload.TestStruc) { s.T = after2262() }, Person: func(p *workload.Person) { p.BirthDay = after2262() }},
		{Name: "+0545ns", Doc: "a time with a non-UTC offset and nanoseconds: 2001-02-03T04:05:06.123456789+05:45 (T; person: BirthDay)",
			Nested: func(s *workload.TestStruc) { s.T = offsetNanos() }, Person: func(p *workload.Person) { p.BirthDay = offsetNanos() }},
		{Name: "nil/[]", Doc: "a nil and an empty slice side by side (Sslice nil, Intslice []int{}; person: Aliases nil)",
			Nested: func(s *workload.TestStruc) { s.Sslice, s.Intslice = nil, []int{} }, Person: func(p *workload.Person) { p.Aliases = nil }},
		{Name: "nil/{}", Doc: "a nil and an empty map side by side (Ms nil, Msi64 map[string]int64{}; person: Tags nil)",
			Nested: func(s *workload.TestStruc) { s.Ms, s.Msi64 = nil, map[string]int64{} }, Person: func(p *workload.Person) { p.Tags = nil }},
		{Name: DepthCase, Doc: `deep nesting: a chain of 100 children, each a base value, through Mtsptr["0"]`,
			Nested: func(s *workload.TestStruc) { chain(s, Depth) }},
	}
}

// CaseInfos returns the names and docs of Cases, in order.
func CaseInfos() []result.FidelityCase {
	var out []result.FidelityCase
	for _, c := range Cases() {
		out = append(out, c.Info())
	}
	return out
}

func before1970() time.Time { return time.Date(1969, 7, 20, 20, 17, 40, 0, time.UTC) }
func after2262() time.Time  { return time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC) }
func offsetNanos() time.Time {
	return time.Date(2001, 2, 3, 4, 5, 6, 123456789, time.FixedZone("+0545", 5*3600+45*60))
}

// chain gives s a chain of n children through Mtsptr["0"], each a base
// value. (Not through Its: go-cmp compares the elements of a slice twice,
// once to align the two slices and once to report, so comparing a chain
// of slices takes time exponential in its depth; a map's entries are
// compared once.)
func chain(s *workload.TestStruc, n int) {
	for range n {
		child := BaseNested()
		s.Mtsptr = map[string]*workload.TestStruc{"0": child}
		s = child
	}
}
