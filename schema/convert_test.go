package schema

import (
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestNumbers(t *testing.T) {
	if got := Numbers[int64]([]int(nil)); got != nil {
		t.Errorf("Numbers(nil) = %#v, want nil", got)
	}
	if got := Numbers[int64]([]int{}); got == nil || len(got) != 0 {
		t.Errorf("Numbers(empty) = %#v, want empty", got)
	}
	if got, want := Numbers[int64]([]uint64{0, math.MaxUint64, 1 << 63}), []int64{0, -1, math.MinInt64}; !reflect.DeepEqual(got, want) {
		t.Errorf("Numbers[int64](uint64s) = %v, want %v", got, want)
	}
	if got, want := Numbers[uint64](Numbers[int64]([]uint64{math.MaxUint64})), []uint64{math.MaxUint64}; !reflect.DeepEqual(got, want) {
		t.Errorf("uint64 through int64 = %v, want %v", got, want)
	}
	if got, want := Numbers[float32]([]float64{0.5, -2}), []float32{0.5, -2}; !reflect.DeepEqual(got, want) {
		t.Errorf("Numbers[float32] = %v, want %v", got, want)
	}
}

func TestValuesPointers(t *testing.T) {
	one, two := int64(1), int64(2)
	vals, at := Values([]*int64{&one, &two})
	if !reflect.DeepEqual(vals, []int64{1, 2}) || at != -1 {
		t.Errorf("Values = %v, %d, want [1 2], -1", vals, at)
	}
	if vals, at := Values([]*int64{&one, nil, nil}); vals != nil || at != 1 {
		t.Errorf("Values with nil = %v, %d, want nil, 1", vals, at)
	}
	if vals, at := Values([]*int64(nil)); vals != nil || at != -1 {
		t.Errorf("Values(nil) = %v, %d, want nil, -1", vals, at)
	}
	if vals, _ := Values([]*int64{}); vals == nil {
		t.Errorf("Values(empty) = nil, want empty")
	}

	s := []int64{1, 2}
	ps := Pointers(s)
	if len(ps) != 2 || *ps[0] != 1 || *ps[1] != 2 || ps[0] == &s[0] {
		t.Errorf("Pointers = %v, want pointers to a copy of [1 2]", ps)
	}
}

func TestPointersTo(t *testing.T) {
	s := []int64{1, 2}
	if ps := PointersTo(s); len(ps) != 2 || ps[0] != &s[0] || ps[1] != &s[1] {
		t.Errorf("PointersTo = %v, want pointers to the elements of s", ps)
	}
	for name, f := range map[string]func([]int64) []*int64{"Pointers": Pointers[int64], "PointersTo": PointersTo[int64]} {
		if f(nil) != nil {
			t.Errorf("%s(nil) != nil", name)
		}
		if ps := f([]int64{}); ps == nil || len(ps) != 0 {
			t.Errorf("%s(empty) = %#v, want empty", name, ps)
		}
	}
}

func TestSingle(t *testing.T) {
	s := []int64{7}
	if p, ok := Single(s); !ok || p == nil || *p != 7 || p == &s[0] {
		t.Errorf("Single([7]) = %v, %v; want a pointer to a copy of 7, true", p, ok)
	}
	if p, ok := Single([]int64{}); p != nil || !ok {
		t.Errorf("Single(empty) = %v, %v; want nil, true", p, ok)
	}
	if p, ok := Single([]int64{1, 2}); p != nil || ok {
		t.Errorf("Single([1 2]) = %v, %v; want nil, false", p, ok)
	}
}

func TestList(t *testing.T) {
	v := int64(7)
	if l := List(&v); len(l) != 1 || l[0] != 7 || &l[0] == &v {
		t.Errorf("List(&7) = %v; want [7], a copy", l)
	}
	if l := List[int64](nil); l != nil {
		t.Errorf("List(nil) = %#v; want nil", l)
	}
	if p, ok := Single(List(&v)); !ok || *p != 7 {
		t.Errorf("Single(List(&7)) = %v, %v; want 7, true", p, ok)
	}
}

func TestOrNil(t *testing.T) {
	if got := OrNil([]string{}); got != nil {
		t.Errorf("OrNil(empty) = %#v, want nil", got)
	}
	s := []string{"a"}
	if got := OrNil(s); &got[0] != &s[0] {
		t.Errorf("OrNil(s) does not share s")
	}
	if got := MapOrNil(map[string]int{}); got != nil {
		t.Errorf("MapOrNil(empty) = %#v, want nil", got)
	}
	if m := map[string]int{"a": 1}; !reflect.DeepEqual(MapOrNil(m), m) {
		t.Errorf("MapOrNil(m) = %v, want %v", MapOrNil(m), m)
	}
	if got := NumbersOrNil[int]([]int64{}); got != nil {
		t.Errorf("NumbersOrNil(empty) = %#v, want nil", got)
	}
	if got, want := NumbersOrNil[int]([]int64{1, -2}), []int{1, -2}; !reflect.DeepEqual(got, want) {
		t.Errorf("NumbersOrNil = %v, want %v", got, want)
	}
}

func TestSliceMap(t *testing.T) {
	double := func(v int) int64 { return 2 * int64(v) }
	if got := Slice([]int(nil), double); got != nil {
		t.Errorf("Slice(nil) = %#v, want nil", got)
	}
	if got := Slice([]int{}, double); got == nil || len(got) != 0 {
		t.Errorf("Slice(empty) = %#v, want empty", got)
	}
	if got, want := Slice([]int{1, 2}, double), []int64{2, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("Slice = %v, want %v", got, want)
	}
	if got := Map(map[string]int(nil), double); got != nil {
		t.Errorf("Map(nil) = %#v, want nil", got)
	}
	if got := Map(map[string]int{}, double); got == nil || len(got) != 0 {
		t.Errorf("Map(empty) = %#v, want empty", got)
	}
	if got, want := Map(map[string]int{"a": 1}, double), map[string]int64{"a": 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("Map = %v, want %v", got, want)
	}
}

func TestSliceMapErr(t *testing.T) {
	bad := errors.New("negative")
	check := func(v int) (uint, error) {
		if v < 0 {
			return 0, bad
		}
		return uint(v), nil
	}
	checkPtr := func(v *int) (uint, error) { return check(*v) }
	for name, f := range map[string]func(s []int) ([]uint, int, error){
		"SliceErr":    func(s []int) ([]uint, int, error) { return SliceErr(s, check) },
		"SlicePtrErr": func(s []int) ([]uint, int, error) { return SlicePtrErr(s, checkPtr) },
	} {
		if got, _, err := f(nil); got != nil || err != nil {
			t.Errorf("%s(nil) = %#v, %v; want nil, nil", name, got, err)
		}
		if got, _, err := f([]int{}); got == nil || len(got) != 0 || err != nil {
			t.Errorf("%s(empty) = %#v, %v; want empty, nil", name, got, err)
		}
		if got, _, err := f([]int{1, 2}); !reflect.DeepEqual(got, []uint{1, 2}) || err != nil {
			t.Errorf("%s([1 2]) = %v, %v; want [1 2], nil", name, got, err)
		}
		if got, at, err := f([]int{1, -1, -2}); got != nil || at != 1 || err != bad {
			t.Errorf("%s([1 -1 -2]) = %v, %d, %v; want nil, 1, %v", name, got, at, err, bad)
		}
	}
	if got, _, err := MapErr(map[string]int(nil), check); got != nil || err != nil {
		t.Errorf("MapErr(nil) = %#v, %v; want nil, nil", got, err)
	}
	if got, _, err := MapErr(map[string]int{}, check); got == nil || len(got) != 0 || err != nil {
		t.Errorf("MapErr(empty) = %#v, %v; want empty, nil", got, err)
	}
	if got, _, err := MapErr(map[string]int{"a": 1}, check); !reflect.DeepEqual(got, map[string]uint{"a": 1}) || err != nil {
		t.Errorf("MapErr({a: 1}) = %v, %v; want {a: 1}, nil", got, err)
	}
	if got, at, err := MapErr(map[string]int{"a": 1, "b": -1}, check); got != nil || at != "b" || err != bad {
		t.Errorf("MapErr({a: 1, b: -1}) = %v, %q, %v; want nil, b, %v", got, at, err, bad)
	}
	// MapPtrErr is MapErr with f taking a pointer: the same results.
	for _, m := range []map[string]int{nil, {}, {"a": 1}, {"a": 1, "b": -1}} {
		got, at, err := MapPtrErr(m, checkPtr)
		want, wantAt, wantErr := MapErr(m, check)
		if !reflect.DeepEqual(got, want) || at != wantAt || err != wantErr {
			t.Errorf("MapPtrErr(%v) = %#v, %q, %v; want %#v, %q, %v", m, got, at, err, want, wantAt, wantErr)
		}
	}
}

// TestOptionalErr checks the conversions of an optional value, a pointer
// or a list of at most one element (PointerErr, ListErr and SingleErr),
// and Deref.
func TestOptionalErr(t *testing.T) {
	bad := errors.New("negative")
	check := func(v *int) (uint, error) {
		if *v < 0 {
			return 1, bad
		}
		return uint(*v), nil
	}
	one, minus := 1, -1
	if v, err := Deref(&one, nil); v != 1 || err != nil {
		t.Errorf("Deref(&1, nil) = %v, %v; want 1, nil", v, err)
	}
	if v, err := Deref(&one, bad); v != 0 || err != bad {
		t.Errorf("Deref(&1, %v) = %v, %v; want 0, %v", bad, v, err, bad)
	}
	for _, c := range []struct {
		p    *int
		want uint
		err  error
	}{{nil, 0, nil}, {&one, 1, nil}, {&minus, 1, bad}} {
		if got, err := PointerErr(c.p, check); got != c.want || err != c.err {
			t.Errorf("PointerErr(%v) = %v, %v; want %v, %v", c.p, got, err, c.want, c.err)
		}
		want := []uint{c.want}
		if c.p == nil || c.err != nil {
			want = nil
		}
		if got, err := ListErr(c.p, check); !reflect.DeepEqual(got, want) || err != c.err {
			t.Errorf("ListErr(%v) = %#v, %v; want %#v, %v", c.p, got, err, want, c.err)
		}
	}
	for _, c := range []struct {
		s    []int
		want uint
		ok   bool
		err  error
	}{{nil, 0, true, nil}, {[]int{2}, 2, true, nil}, {[]int{-2}, 0, true, bad}, {[]int{1, 2}, 0, false, nil}} {
		if got, ok, err := SingleErr(c.s, check); got != c.want || ok != c.ok || err != c.err {
			t.Errorf("SingleErr(%v) = %v, %v, %v; want %v, %v, %v", c.s, got, ok, err, c.want, c.ok, c.err)
		}
	}
}

func TestNilAtNilKey(t *testing.T) {
	one := int64(1)
	if at := NilAt([]*int64{&one, nil, nil}); at != 1 {
		t.Errorf("NilAt = %d, want 1", at)
	}
	if at := NilAt([]*int64{&one}); at != -1 {
		t.Errorf("NilAt without nil = %d, want -1", at)
	}
	if k, ok := NilKey(map[string]*int64{"a": &one, "b": nil}); k != "b" || !ok {
		t.Errorf("NilKey = %q, %v; want b, true", k, ok)
	}
	if k, ok := NilKey(map[string]*int64{"a": &one}); ok {
		t.Errorf("NilKey without nil = %q, true; want false", k)
	}
}

func TestUnion(t *testing.T) {
	type kind uint8
	for _, tc := range []struct {
		in, out any
		kind    kind
	}{
		{nil, nil, KindNil},
		{"s", "s", KindString},
		{true, true, KindBool},
		{int(-1), int64(-1), KindInt},
		{int8(math.MinInt8), int64(math.MinInt8), KindInt},
		{int16(-3), int64(-3), KindInt},
		{int32(-4), int64(-4), KindInt},
		{int64(math.MinInt64), int64(math.MinInt64), KindInt},
		{uint(1), uint64(1), KindUint},
		{uint8(math.MaxUint8), uint64(math.MaxUint8), KindUint},
		{uint16(3), uint64(3), KindUint},
		{uint32(4), uint64(4), KindUint},
		{uint64(math.MaxUint64), uint64(math.MaxUint64), KindUint},
		{float32(0.5), float32(0.5), KindFloat32},
		{0.25, 0.25, KindFloat64},
	} {
		u, ok := UnionOf[kind](tc.in)
		if !ok || u.Kind != tc.kind {
			t.Errorf("UnionOf(%T %v) = kind %d, %v; want kind %d, true", tc.in, tc.in, u.Kind, ok, tc.kind)
			continue
		}
		if v, ok := u.Value(); !ok || v != tc.out {
			t.Errorf("UnionOf(%T %v).Value() = %T %v, %v; want %T %v, true", tc.in, tc.in, v, v, ok, tc.out, tc.out)
		}
	}
	for _, v := range []any{uintptr(1), complex(1, 2), struct{}{}, []int{1}} {
		if u, ok := UnionOf[int](v); ok {
			t.Errorf("UnionOf(%T) = %+v, true; want false", v, u)
		}
	}
	if v, ok := (Union[int]{Kind: KindFloat64 + 1}).Value(); ok {
		t.Errorf("Value of an unknown kind = %v, true; want false", v)
	}
}
