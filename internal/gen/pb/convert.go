package pb

// This file is written by hand. go generate copies it, with its package
// clause changed, to internal/gen/gogo/convert.go: the messages that
// protoc-gen-go and protoc-gen-gogofaster generate from the same schema
// have the same field and type names.

import (
	"fmt"
	"maps"
	"slices"

	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// FromPerson returns the message of p. Its Tags and Aliases are p's. It
// fails for a BirthDay outside the range of the time mapping
// (schema.SplitTime).
func FromPerson(p *workload.Person) (*Person, error) {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return nil, fmt.Errorf("BirthDay: %w", err)
	}
	return &Person{
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

// ToPerson returns the canonical value of m. Empty maps and slices become
// nil: the encoding does not tell nil from empty. The result shares m's
// map and slices unless clone is set; set it when m is to be reused, as a
// message returned to a vtprotobuf pool is (its ResetVT keeps the slices'
// arrays for the next message).
func ToPerson(m *Person, clone bool) *workload.Person {
	return &workload.Person{
		Name:     m.Name,
		BirthDay: schema.JoinTime(m.BirthDayUnixNano, m.BirthDayOffset),
		Phone:    m.Phone,
		Siblings: int(m.Siblings),
		Spouse:   m.Spouse,
		Money:    m.Money,
		Tags:     shareMap(m.Tags, clone),
		Aliases:  share(m.Aliases, clone),
	}
}

// FromFloats returns the message of a slice of the floats workload; its
// Values is *v.
func FromFloats(v *[]float32) *Floats { return &Floats{Values: *v} }

// ToFloats returns the canonical value of m: a pointer to its Values, or to
// a copy of them when clone is set (see ToPerson), or to nil when empty.
func ToFloats(m *Floats, clone bool) *[]float32 {
	v := share(m.Values, clone)
	return &v
}

// FromTestStruc returns the message of s, with its children. Slices whose
// element type is the same in both share memory with s. It fails on what
// the schema cannot carry: a time outside the range of the time mapping
// (schema.SplitTime), a dynamic type in an interface{} value that the
// Value union has no field for, and nil pointers in Iptrslice, Its and
// Mtsptr.
func FromTestStruc(s *workload.TestStruc) (*TestStruc, error) {
	tNano, tOff, err := schema.SplitTime(s.T)
	if err != nil {
		return nil, fmt.Errorf("T: %w", err)
	}
	m := &TestStruc{
		S:    s.S,
		I:    int64(s.I),
		I8:   int32(s.I8),
		I16:  int32(s.I16),
		I32:  s.I32,
		I64:  s.I64,
		Ui:   uint64(s.Ui),
		Ui8:  uint32(s.Ui8),
		Ui16: uint32(s.Ui16),
		Ui32: s.Ui32,
		Ui64: s.Ui64,
		F32:  s.F32,
		F64:  s.F64,
		B:    s.B,
		By:   uint32(s.By),

		Sslice:    s.Sslice,
		Intslice:  schema.NumbersOrNil[int64](s.Intslice),
		I8Slice:   schema.NumbersOrNil[int32](s.I8slice),
		I16Slice:  schema.NumbersOrNil[int32](s.I16slice),
		I32Slice:  s.I32slice,
		I64Slice:  s.I64slice,
		Uintslice: schema.NumbersOrNil[uint64](s.Uintslice),
		Ui8Slice:  s.Ui8slice,
		Ui16Slice: schema.NumbersOrNil[uint32](s.Ui16slice),
		Ui32Slice: s.Ui32slice,
		Ui64Slice: s.Ui64slice,
		F32Slice:  s.F32slice,
		F64Slice:  s.F64slice,
		Bslice:    s.Bslice,
		Byslice:   s.Byslice,

		As:        s.AS,
		Ai64:      s.AI64,
		Ai16:      int32(s.AI16),
		Aui64:     s.AUi64,
		Asslice:   s.ASslice,
		Ai64Slice: s.AI64slice,

		Msi64:     s.Msi64,
		TUnixNano: tNano,
		TOffset:   tOff,
		Nmap:      s.Nmap,
		Nslice:    s.Nslice,
	}
	var (
		i int
		k string
	)
	if m.Islice, i, err = schema.SliceErr(s.Islice, fromValue); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if m.Iptrslice, i = schema.Values(s.Iptrslice); i >= 0 {
		return nil, fmt.Errorf("Iptrslice[%d] is nil: the schema has no nil int64", i)
	}
	if m.Ms, k, err = schema.MapErr(s.Ms, fromValue); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	if s.Nintf != nil {
		if m.Nintf, err = fromValue(s.Nintf); err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
	}
	if s.Nint64 != nil {
		m.OptionalNint64 = &TestStruc_Nint64{Nint64: *s.Nint64}
	}
	if k, nilValue := schema.NilKey(s.Mtsptr); nilValue {
		return nil, fmt.Errorf("Mtsptr[%q] is nil: the schema has no nil map value", k)
	}
	if m.Mtsptr, k, err = schema.MapErr(s.Mtsptr, FromTestStruc); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q]: %w", k, err)
	}
	if m.Mts, k, err = schema.MapErr(s.Mts, func(c workload.TestStruc) (*TestStruc, error) { return FromTestStruc(&c) }); err != nil {
		return nil, fmt.Errorf("Mts[%q]: %w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return nil, fmt.Errorf("Its[%d] is nil: the schema has no nil list element", i)
	}
	if m.Its, i, err = schema.SliceErr(s.Its, FromTestStruc); err != nil {
		return nil, fmt.Errorf("Its[%d]: %w", i, err)
	}
	if s.Nteststruc != nil {
		if m.Nteststruc, err = FromTestStruc(s.Nteststruc); err != nil {
			return nil, fmt.Errorf("Nteststruc: %w", err)
		}
	}
	return m, nil
}

// ToTestStruc returns the canonical value of m, with its children. Empty
// maps, slices and byte strings become nil, and interface{} values hold
// string, bool, int64, uint64, float32 or float64 (see Value). The result
// shares m's slices of the same element type and maps unless clone is set
// (see ToPerson).
func ToTestStruc(m *TestStruc, clone bool) *workload.TestStruc {
	s := &workload.TestStruc{
		S:    m.S,
		I:    int(m.I),
		I8:   int8(m.I8),
		I16:  int16(m.I16),
		I32:  m.I32,
		I64:  m.I64,
		Ui:   uint(m.Ui),
		Ui8:  uint8(m.Ui8),
		Ui16: uint16(m.Ui16),
		Ui32: m.Ui32,
		Ui64: m.Ui64,
		F32:  m.F32,
		F64:  m.F64,
		B:    m.B,
		By:   byte(m.By),

		Sslice:    share(m.Sslice, clone),
		Intslice:  schema.NumbersOrNil[int](m.Intslice),
		I8slice:   schema.NumbersOrNil[int8](m.I8Slice),
		I16slice:  schema.NumbersOrNil[int16](m.I16Slice),
		I32slice:  share(m.I32Slice, clone),
		I64slice:  share(m.I64Slice, clone),
		Uintslice: schema.NumbersOrNil[uint](m.Uintslice),
		Ui8slice:  share(m.Ui8Slice, clone),
		Ui16slice: schema.NumbersOrNil[uint16](m.Ui16Slice),
		Ui32slice: share(m.Ui32Slice, clone),
		Ui64slice: share(m.Ui64Slice, clone),
		F32slice:  share(m.F32Slice, clone),
		F64slice:  share(m.F64Slice, clone),
		Bslice:    share(m.Bslice, clone),
		Byslice:   share(m.Byslice, clone),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS:        m.As,
			AI64:      m.Ai64,
			AI16:      int16(m.Ai16),
			AUi64:     m.Aui64,
			ASslice:   share(m.Asslice, clone),
			AI64slice: share(m.Ai64Slice, clone),
		},

		Msi64:  shareMap(m.Msi64, clone),
		T:      schema.JoinTime(m.TUnixNano, m.TOffset),
		Nmap:   shareMap(m.Nmap, clone),
		Nslice: share(m.Nslice, clone),
	}
	if len(m.Islice) > 0 {
		s.Islice = schema.Slice(m.Islice, toValue)
	}
	if len(m.Iptrslice) > 0 {
		s.Iptrslice = schema.Pointers(m.Iptrslice)
	}
	if len(m.Ms) > 0 {
		s.Ms = schema.Map(m.Ms, toValue)
	}
	s.Nintf = toValue(m.Nintf)
	if n, ok := m.OptionalNint64.(*TestStruc_Nint64); ok {
		v := n.Nint64
		s.Nint64 = &v
	}
	child := func(c *TestStruc) *workload.TestStruc { return toChild(c, clone) }
	if len(m.Mtsptr) > 0 {
		s.Mtsptr = schema.Map(m.Mtsptr, child)
	}
	if len(m.Mts) > 0 {
		s.Mts = schema.Map(m.Mts, func(c *TestStruc) workload.TestStruc { return *toChild(c, clone) })
	}
	if len(m.Its) > 0 {
		s.Its = schema.Slice(m.Its, child)
	}
	if m.Nteststruc != nil {
		s.Nteststruc = ToTestStruc(m.Nteststruc, clone)
	}
	return s
}

// toChild converts a child message; a nil one, which decoders do not
// return, is an empty TestStruc.
func toChild(c *TestStruc, clone bool) *workload.TestStruc {
	if c == nil {
		return ToTestStruc(&TestStruc{}, clone)
	}
	return ToTestStruc(c, clone)
}

// fromValue returns the Value of an interface{} value: an empty one for
// nil.
func fromValue(v interface{}) (*Value, error) {
	switch x := v.(type) {
	case nil:
		return &Value{}, nil
	case string:
		return &Value{Kind: &Value_StringValue{StringValue: x}}, nil
	case bool:
		return &Value{Kind: &Value_BoolValue{BoolValue: x}}, nil
	case float32:
		return &Value{Kind: &Value_FloatValue{FloatValue: x}}, nil
	case float64:
		return &Value{Kind: &Value_DoubleValue{DoubleValue: x}}, nil
	}
	if i, ok := schema.Signed(v); ok {
		return &Value{Kind: &Value_IntValue{IntValue: i}}, nil
	}
	if u, ok := schema.Unsigned(v); ok {
		return &Value{Kind: &Value_UintValue{UintValue: u}}, nil
	}
	return nil, fmt.Errorf("the Value union has no field for an interface{} value of type %T", v)
}

// toValue returns the interface{} value of v: nil for nil or an empty
// Value, else a string, bool, int64, uint64, float32 or float64.
func toValue(v *Value) interface{} {
	if v == nil {
		return nil
	}
	switch k := v.Kind.(type) {
	case *Value_StringValue:
		return k.StringValue
	case *Value_BoolValue:
		return k.BoolValue
	case *Value_IntValue:
		return k.IntValue
	case *Value_UintValue:
		return k.UintValue
	case *Value_FloatValue:
		return k.FloatValue
	case *Value_DoubleValue:
		return k.DoubleValue
	default:
		return nil
	}
}

// share returns s, or a copy of it when clone is set; nil when s is empty.
func share[T any](s []T, clone bool) []T {
	switch {
	case len(s) == 0:
		return nil
	case clone:
		return slices.Clone(s)
	default:
		return s
	}
}

// shareMap returns m, or a copy of it when clone is set; nil when m is
// empty.
func shareMap[K comparable, V any](m map[K]V, clone bool) map[K]V {
	switch {
	case len(m) == 0:
		return nil
	case clone:
		return maps.Clone(m)
	default:
		return m
	}
}
