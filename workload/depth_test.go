package workload

import "testing"

// TestDepthOf: nested declares its depth (the default for Options.Depth
// 0, none for a negative one); a workload of flat values has none.
func TestDepthOf(t *testing.T) {
	nested, err := Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ opt, want int }{{0, NestedDepth}, {-1, 0}, {3, 3}} {
		if got, ok := nested.DepthOf(Options{Depth: tc.opt}); !ok || got != tc.want {
			t.Errorf("nested.DepthOf(Depth %d) = %d, %v; want %d, true", tc.opt, got, ok, tc.want)
		}
	}
	person, err := Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := person.DepthOf(Options{Depth: 2}); ok {
		t.Error("person.DepthOf: ok, want no depth")
	}
}
