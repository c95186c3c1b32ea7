package mirrors

import (
	"reflect"
	"testing"
	"time"

	"example.com/mirrors/fixture"
)

// TestRoundTrip checks that the generated conversions convert a value of
// every shape to its mirror and back to an equal value, keeping nil and
// empty apart, and share what holds no fixture types.
func TestRoundTrip(t *testing.T) {
	item := fixture.Item{P: fixture.Plain{A: 1, B: 2, C: map[string]any{"x": 1.5}}}
	full := &fixture.Doc{
		Name:     "full",
		Times:    []time.Time{time.Unix(1, 2)},
		Plain:    fixture.Plain{A: 3, C: map[string]any{}},
		Ptr:      &fixture.Plain{B: 4},
		Items:    []fixture.Item{item, {}},
		ByKey:    map[fixture.Key]*fixture.Item{{A: 5}: &item, {}: nil},
		Array:    [2]fixture.Item{item},
		Named:    fixture.Items{item},
		Self:     &fixture.Doc{Name: "self", Items: []fixture.Item{}},
		Children: map[string][]*fixture.Doc{"a": {{Name: "child"}, nil}, "b": nil, "c": {}},
		Embedded: fixture.Embedded{E: "e"},
		Shared:   []int{1, 2},
	}
	empty := &fixture.Doc{Times: []time.Time{}, Items: []fixture.Item{}, ByKey: map[fixture.Key]*fixture.Item{},
		Named: fixture.Items{}, Children: map[string][]*fixture.Doc{}, Shared: []int{}}
	for _, c := range []*fixture.Doc{full, empty, {}} {
		m := DocOf(c)
		if got := m.Canonical(); !reflect.DeepEqual(got, c) {
			t.Errorf("%q does not round-trip: got %#v", c.Name, got)
		}
	}
	m := DocOf(full)
	if &m.Shared[0] != &full.Shared[0] || &m.Times[0] != &full.Times[0] {
		t.Error("the slices that hold no fixture types are not shared")
	}
	if &m.Items[0] == (*Item)(nil) || reflect.ValueOf(m.Items).Pointer() == reflect.ValueOf(full.Items).Pointer() {
		t.Error("the slice of items is not a new one")
	}
	if DocOf(nil) != nil || (*Doc)(nil).Canonical() != nil {
		t.Error("nil does not stay nil")
	}
	docs := []fixture.Doc{*full, {}}
	if got := DocsOf(&docs).Canonical(); !reflect.DeepEqual(*got, docs) {
		t.Errorf("Docs does not round-trip: got %#v", *got)
	}
	for _, ints := range [][]int{nil, {}, {1}} {
		if got := IntsOf(&ints).Canonical(); !reflect.DeepEqual(*got, ints) {
			t.Errorf("Ints of %#v gave %#v", ints, *got)
		}
	}
}
