package result_test

import (
	"slices"
	"testing"

	"github.com/serbench/serbench/result"
)

func TestForkGroups(t *testing.T) {
	ss := []result.Sample{{NsPerOp: 1, Fork: 2}, {NsPerOp: 2, Fork: 1}, {NsPerOp: 3}, {NsPerOp: 4, Fork: 2}, {NsPerOp: 5}}
	got := result.ForkGroups(ss, result.NsPerOp)
	// Ascending forks, the unknown fork 0 a group of its own; samples in
	// the order taken.
	want := [][]float64{{3, 5}, {2}, {1, 4}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("ForkGroups = %v, want %v", got, want)
	}
	ids, by := result.ForkValues(ss, func(s result.Sample) float64 { return 2 * s.NsPerOp })
	if !slices.Equal(ids, []int{0, 1, 2}) || !slices.Equal(by[2], []float64{2, 8}) {
		t.Errorf("ForkValues = %v %v, want forks [0 1 2] and fork 2 [2 8]", ids, by)
	}
}
