package bench

import (
	"reflect"
	"testing"
	"time"
)

type node struct {
	Name     string
	Tags     []string
	Attrs    map[string]any
	Next     *node
	Any      any
	When     time.Time
	Arr      [2][]int
	internal int
}

// TestDeepCopy checks that a copy shares no slice, map or pointer with
// the original (a codec that changes its copy must not reach the values
// verification compares with), keeps cycles, and is equal to it.
func TestDeepCopy(t *testing.T) {
	orig := &node{Name: "a", Tags: []string{"x"}, Attrs: map[string]any{"k": []int{1}}, Any: &node{Name: "b"},
		When: time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("", 7200)), Arr: [2][]int{{1}, {2}}, internal: 7}
	orig.Next = orig
	c := deepCopy(reflect.ValueOf(orig)).Interface().(*node)
	if c == orig || c.Next != c {
		t.Fatalf("copy %p of %p: Next %p, want the copy itself", c, orig, c.Next)
	}
	if c.Name != "a" || c.internal != 7 || !c.When.Equal(orig.When) || c.Any.(*node).Name != "b" {
		t.Errorf("copy differs: %+v", c)
	}
	c.Tags[0] = "changed"
	c.Attrs["k"].([]int)[0] = 9
	c.Any.(*node).Name = "changed"
	c.Arr[1][0] = 9
	if orig.Tags[0] != "x" || orig.Attrs["k"].([]int)[0] != 1 || orig.Any.(*node).Name != "b" || orig.Arr[1][0] != 2 {
		t.Errorf("changing the copy changed the original: %+v", orig)
	}
}
