package trend

import (
	"fmt"
	"math"
	"testing"
)

// TestPermutationLevel checks that a split is accepted only when its
// permutation p-value is at most the level it is tested at, also when
// that level is below the smallest p-value the permutations can give,
// 1/(Permutations+1): the segments found by a deep binary segmentation
// are tested at Alpha/2^depth, which with 99 permutations is below 0.01
// from the second level down.
func TestPermutationLevel(t *testing.T) {
	d := detector{opts: Options{Permutations: 99}.withDefaults()}
	r := ranks([]float64{1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2})
	_, stat := maxU(r, d.opts.MinSegment)
	for _, alpha := range []float64{0.02, 0.01, 0.005, 0.0025} {
		p, ok := d.permutationP(r, stat, alpha, 1)
		if ok && p > alpha {
			t.Errorf("level %v: accepted with p = %v", alpha, p)
		}
	}
	// Eight levels of 8 runs, each 10% above the one before: binary
	// segmentation tests the first split at 0.02, the two halves at 0.01
	// and the quarters at 0.005, which no p-value of 99 permutations (at
	// least 0.01) reaches: 3 changes, where all 7 are found with 999.
	var series []Point
	for i := range 64 {
		level := 100 * math.Pow(1.1, float64(i/8)) * (1 + 0.001*float64(i%3))
		series = append(series, Point{Run: fmt.Sprint(i), Machine: "m", Median: level})
	}
	if got := Detect(series, Options{Permutations: 99}); len(got) != 3 {
		t.Errorf("99 permutations: %d changes, want 3 (the quarters cannot reach p ≤ 0.005): %+v", len(got), got)
	}
	if got := Detect(series, Options{}); len(got) != 7 {
		t.Errorf("999 permutations: %d changes, want 7", len(got))
	}
}
