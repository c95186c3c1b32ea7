package thrift

import (
	"fmt"

	gen "github.com/serbench/serbench/internal/gen/thrift"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The conversions between the canonical Go types (package workload) and
// the generated structs, as schema/README.md and the comments of the
// .thrift files describe them. Slices and maps whose element types are the
// same on both sides are shared, not copied; nil stays nil and empty stays
// empty, as the optional collection fields keep them apart on the wire.

// personToThrift returns the generated Person of p, the schemas' Person
// (schema.PersonOf). It fails for a BirthDay outside the range of the
// time mapping (schema.SplitTime).
func personToThrift(p *workload.Person) (*gen.Person, error) {
	m, err := schema.PersonOf(p)
	return (*gen.Person)(m), err
}

func personFromThrift(p *gen.Person) *workload.Person { return (*schema.Person)(p).Canonical() }

func floatsToThrift(s []float32) *gen.Floats {
	return &gen.Floats{Values: schema.Numbers[float64](s)}
}

func floatsFromThrift(f *gen.Floats) []float32 {
	return schema.Numbers[float32](f.Values)
}

// valueToThrift converts an interface{} value into the Value union.
func valueToThrift(v any) (*gen.Value, error) {
	switch x := v.(type) {
	case nil:
		return &gen.Value{NullValue: &gen.Null{}}, nil
	case string:
		return &gen.Value{StringValue: &x}, nil
	case bool:
		return &gen.Value{BoolValue: &x}, nil
	case float32:
		f := float64(x)
		return &gen.Value{FloatValue: &f}, nil
	case float64:
		return &gen.Value{DoubleValue: &x}, nil
	}
	if i, ok := schema.Signed(v); ok {
		return intValue(i), nil
	}
	if u, ok := schema.Unsigned(v); ok {
		return uintValue(u), nil
	}
	return nil, fmt.Errorf("the Value union has no field for an interface{} holding %T", v)
}

// intValue and uintValue return the Value of an integer, in a variable of
// its own: that of Signed or Unsigned would be moved to the heap whatever
// the branch.
func intValue(i int64) *gen.Value { return &gen.Value{IntValue: &i} }

func uintValue(u uint64) *gen.Value {
	i := int64(u)
	return &gen.Value{UintValue: &i}
}

// valueFromThrift converts a Value union into an interface{} value.
func valueFromThrift(v *gen.Value) (any, error) {
	switch {
	case v == nil:
		return nil, fmt.Errorf("nil Value")
	case v.CountSetFieldsValue() != 1:
		return nil, fmt.Errorf("a Value union has %d fields set, want 1", v.CountSetFieldsValue())
	case v.NullValue != nil:
		return nil, nil
	case v.StringValue != nil:
		return *v.StringValue, nil
	case v.BoolValue != nil:
		return *v.BoolValue, nil
	case v.IntValue != nil:
		return *v.IntValue, nil
	case v.UintValue != nil:
		return uint64(*v.UintValue), nil
	case v.FloatValue != nil:
		return float32(*v.FloatValue), nil
	default:
		return *v.DoubleValue, nil
	}
}

func testStrucToThrift(s *workload.TestStruc) (*gen.TestStruc, error) {
	ns, off, err := schema.SplitTime(s.T)
	if err != nil {
		return nil, fmt.Errorf("T: %w", err)
	}
	t := &gen.TestStruc{
		S:    s.S,
		I:    int64(s.I),
		I8:   s.I8,
		I16:  s.I16,
		I32:  s.I32,
		I64:  s.I64,
		UI:   int64(s.Ui),
		Ui8:  int16(s.Ui8),
		Ui16: int32(s.Ui16),
		Ui32: int64(s.Ui32),
		Ui64: int64(s.Ui64),
		F32:  float64(s.F32),
		F64:  s.F64,
		B:    s.B,
		By:   int16(s.By),

		Sslice:    s.Sslice,
		Intslice:  schema.Numbers[int64](s.Intslice),
		I8slice:   s.I8slice,
		I16slice:  s.I16slice,
		I32slice:  s.I32slice,
		I64slice:  s.I64slice,
		Uintslice: schema.Numbers[int64](s.Uintslice),
		Ui8slice:  s.Ui8slice,
		Ui16slice: schema.Numbers[int32](s.Ui16slice),
		Ui32slice: schema.Numbers[int64](s.Ui32slice),
		Ui64slice: schema.Numbers[int64](s.Ui64slice),
		F32slice:  schema.Numbers[float64](s.F32slice),
		F64slice:  s.F64slice,
		Bslice:    s.Bslice,
		Byslice:   s.Byslice,

		AS:        s.AS,
		AI64:      s.AI64,
		AI16:      s.AI16,
		AUi64:     int64(s.AUi64),
		ASslice:   s.ASslice,
		AI64slice: s.AI64slice,

		Msi64:     s.Msi64,
		TUnixNano: ns,
		TOffset:   off,
		Nmap:      s.Nmap,
		Nslice:    s.Nslice,
		Nint64:    s.Nint64,
	}
	var (
		i int
		k string
	)
	if t.Islice, i, err = schema.SliceErr(s.Islice, valueToThrift); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	if t.Iptrslice, i = schema.Values(s.Iptrslice); i >= 0 {
		return nil, fmt.Errorf("Iptrslice[%d] is nil: a list<i64> has no nil elements", i)
	}
	if t.Ms, k, err = schema.MapErr(s.Ms, valueToThrift); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	if s.Nintf != nil {
		if t.Nintf, err = valueToThrift(s.Nintf); err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
	}
	if k, nilValue := schema.NilKey(s.Mtsptr); nilValue {
		// The generated Write would write an empty struct.
		return nil, fmt.Errorf("Mtsptr[%q] is nil: a map<string, TestStruc> has no nil values", k)
	}
	if t.Mtsptr, k, err = schema.MapErr(s.Mtsptr, testStrucToThrift); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q].%w", k, err)
	}
	if t.Mts, k, err = schema.MapPtrErr(s.Mts, testStrucToThrift); err != nil {
		return nil, fmt.Errorf("Mts[%q].%w", k, err)
	}
	if i = schema.NilAt(s.Its); i >= 0 {
		return nil, fmt.Errorf("Its[%d] is nil: a list<TestStruc> has no nil elements", i)
	}
	if t.Its, i, err = schema.SliceErr(s.Its, testStrucToThrift); err != nil {
		return nil, fmt.Errorf("Its[%d].%w", i, err)
	}
	if t.Nteststruc, err = schema.PointerErr(s.Nteststruc, testStrucToThrift); err != nil {
		return nil, fmt.Errorf("Nteststruc.%w", err)
	}
	return t, nil
}

// narrower converts decoded integers into the narrower Go types they were
// widened from, and keeps the first value that does not fit.
type narrower struct{ err error }

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// narrow returns v as a To; a v out of To's range is n's error, which
// names the field.
func narrow[To, From integer](n *narrower, field string, v From) To {
	t := To(v)
	if From(t) != v || (t < 0) != (v < 0) {
		if n.err == nil {
			n.err = fmt.Errorf("%s: decoded value %d is out of the range of its Go type", field, v)
		}
	}
	return t
}

func testStrucFromThrift(t *gen.TestStruc) (*workload.TestStruc, error) {
	var n narrower
	s := &workload.TestStruc{
		S:    t.S,
		I:    int(t.I),
		I8:   t.I8,
		I16:  t.I16,
		I32:  t.I32,
		I64:  t.I64,
		Ui:   uint(t.UI),
		Ui8:  narrow[uint8](&n, "Ui8", t.Ui8),
		Ui16: narrow[uint16](&n, "Ui16", t.Ui16),
		Ui32: narrow[uint32](&n, "Ui32", t.Ui32),
		Ui64: uint64(t.Ui64),
		F32:  float32(t.F32),
		F64:  t.F64,
		B:    t.B,
		By:   narrow[uint8](&n, "By", t.By),

		Sslice:    t.Sslice,
		Intslice:  schema.Numbers[int](t.Intslice),
		I8slice:   t.I8slice,
		I16slice:  t.I16slice,
		I32slice:  t.I32slice,
		I64slice:  t.I64slice,
		Uintslice: schema.Numbers[uint](t.Uintslice),
		Ui8slice:  t.Ui8slice,
		Ui16slice: schema.Slice(t.Ui16slice, func(v int32) uint16 { return narrow[uint16](&n, "Ui16slice", v) }),
		Ui32slice: schema.Slice(t.Ui32slice, func(v int64) uint32 { return narrow[uint32](&n, "Ui32slice", v) }),
		Ui64slice: schema.Numbers[uint64](t.Ui64slice),
		F32slice:  schema.Numbers[float32](t.F32slice),
		F64slice:  t.F64slice,
		Bslice:    t.Bslice,
		Byslice:   t.Byslice,

		AnonInTestStruc: workload.AnonInTestStruc{
			AS:        t.AS,
			AI64:      t.AI64,
			AI16:      t.AI16,
			AUi64:     uint64(t.AUi64),
			ASslice:   t.ASslice,
			AI64slice: t.AI64slice,
		},

		Msi64:  t.Msi64,
		T:      schema.JoinTime(t.TUnixNano, t.TOffset),
		Nmap:   t.Nmap,
		Nslice: t.Nslice,
		Nint64: t.Nint64,
	}
	if n.err != nil {
		return nil, n.err
	}
	var (
		err error
		i   int
		k   string
	)
	if s.Islice, i, err = schema.SliceErr(t.Islice, valueFromThrift); err != nil {
		return nil, fmt.Errorf("Islice[%d]: %w", i, err)
	}
	s.Iptrslice = schema.Pointers(t.Iptrslice)
	if s.Ms, k, err = schema.MapErr(t.Ms, valueFromThrift); err != nil {
		return nil, fmt.Errorf("Ms[%q]: %w", k, err)
	}
	if t.Nintf != nil {
		if s.Nintf, err = valueFromThrift(t.Nintf); err != nil {
			return nil, fmt.Errorf("Nintf: %w", err)
		}
	}
	if s.Mtsptr, k, err = schema.MapErr(t.Mtsptr, testStrucFromThrift); err != nil {
		return nil, fmt.Errorf("Mtsptr[%q].%w", k, err)
	}
	if s.Mts, k, err = schema.MapErr(t.Mts, func(c *gen.TestStruc) (workload.TestStruc, error) {
		return schema.Deref(testStrucFromThrift(c))
	}); err != nil {
		return nil, fmt.Errorf("Mts[%q].%w", k, err)
	}
	if s.Its, i, err = schema.SliceErr(t.Its, testStrucFromThrift); err != nil {
		return nil, fmt.Errorf("Its[%d].%w", i, err)
	}
	if s.Nteststruc, err = schema.PointerErr(t.Nteststruc, testStrucFromThrift); err != nil {
		return nil, fmt.Errorf("Nteststruc.%w", err)
	}
	return s, nil
}
