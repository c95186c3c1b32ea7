package schema

import (
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
	if Pointers([]int64(nil)) != nil {
		t.Errorf("Pointers(nil) != nil")
	}
	if ps := Pointers([]int64{}); ps == nil || len(ps) != 0 {
		t.Errorf("Pointers(empty) = %#v, want empty", ps)
	}
}
