package workload

import (
	"math"
	"runtime"
	"testing"
)

// heapInUse is the bytes of live heap objects after two collections.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestFootprint: a workload's Footprint is at least the memory its values
// take once generated, and at most twice it (bigfloat's random values,
// half of them small integers, at most three times), so that commands
// refuse only what could not fit; nested's grows threefold a level. (Not
// parallel: it reads the heap.)
func TestFootprint(t *testing.T) {
	if math.MaxInt == math.MaxInt32 {
		t.Skip("the figures are those of 64-bit platforms")
	}
	for _, tc := range []struct {
		workload string
		opts     Options
		slack    float64
	}{
		{"nested", Options{Params: map[string]string{"depth": "0"}}, 2},
		{"nested", Options{Params: map[string]string{"depth": "3"}}, 2},
		{"nested", Options{Count: 20, Params: map[string]string{"depth": "5"}}, 2},
		{"person", Options{}, 2},
		{"person", Options{Count: 20000}, 2},
		{"bsontypes-binary", Options{}, 2},
		{"bsontypes-document", Options{}, 2},
		{"bigfloat", Options{}, 2},
		{"twitter", Options{}, 2},
		{"twitter-generic", Options{Count: 250}, 2},
		{"citm", Options{}, 2},
		{"citm-generic", Options{}, 2},
		{"canada", Options{}, 2},
		{"canada-generic", Options{}, 2},
		{"bigfloat", Options{Params: map[string]string{"precision": "6400"}}, 3},
		{"bigfloat", Options{Params: map[string]string{"from": "0", "to": "20000"}}, 2},
	} {
		w, err := Lookup(tc.workload)
		if err != nil {
			t.Fatal(err)
		}
		before := heapInUse()
		v := w.Values(tc.opts)
		took := float64(heapInUse() - before)
		runtime.KeepAlive(v)
		est := w.Footprint(tc.opts)
		t.Logf("%s %+v: %.0f bytes, estimated %.0f (%.2f×)", tc.workload, tc.opts, took, est, est/took)
		if est < took || est > tc.slack*took {
			t.Errorf("%s %+v: Footprint %.0f, the values took %.0f bytes; want %.0f to %.0f", tc.workload, tc.opts, est, took, took, tc.slack*took)
		}
	}
	nested, err := Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	at := func(depth string) float64 {
		return nested.Footprint(Options{Params: map[string]string{"depth": depth}})
	}
	if r := at("7") / at("6"); math.Abs(r-3) > 0.01 {
		t.Errorf("nested: Footprint at depth 7 is %.3f times depth 6's, want 3", r)
	}
	if !math.IsInf(at("1000"), 1) {
		t.Errorf("nested: Footprint at depth 1000 is %g, want +Inf", at("1000"))
	}
	if got := NestedNodes(6); got != 1093 {
		t.Errorf("NestedNodes(6) = %g, want 1093", got)
	}
}
