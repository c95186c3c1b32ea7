package stats

import (
	"math"
	"reflect"
	"testing"
)

// forksAt returns F forks whose samples are fork1 scaled by each of
// factors: fork medians 100·factor, the same noise in every fork.
func forksAt(factors ...float64) [][]float64 {
	out := make([][]float64, len(factors))
	for i, f := range factors {
		for _, x := range fork1 {
			out[i] = append(out[i], x*f)
		}
	}
	return out
}

func TestPoolForksEstimate(t *testing.T) {
	// Two cells: log fork medians ln(100)+{0, 0.1} and +{0, 0.05, 0.1}.
	// Pooled variance (1·0.005 + 2·0.0025)/3.
	p := PoolForks([][][]float64{
		forksAt(1, math.Exp(0.1)),
		forksAt(1, math.Exp(0.05), math.Exp(0.1)),
		forksAt(1.3),          // one fork: nothing
		{{}, fork1, nil},      // one non-empty fork: nothing
		{fork1, {0, 1, 2, 3}}, // a sample that is not positive: nothing
	})
	want := (0.005 + 2*0.0025) / 3
	if p.DF != 3 || p.Cells != 2 || math.Abs(p.Var-want) > 1e-12 {
		t.Errorf("PoolForks = %+v, want DF 3, Cells 2, Var %v", p, want)
	}
	if !(p.P < PoolAlpha) || !p.Applies() {
		t.Errorf("P = %v: forks 5–10%% apart with 1%% noise should differ", p.P)
	}
	if z := PoolForks(nil); z.DF != 0 || z.P != 1 || z.Applies() {
		t.Errorf("PoolForks(nil) = %+v", z)
	}
	if z := PoolForks([][][]float64{forksAt(1, 1, 1)}); z.Var != 0 || z.P <= PoolAlpha || z.Applies() {
		t.Errorf("identical forks: %+v, want Var 0 and not applying", z)
	}
}

func TestPoolSummarize(t *testing.T) {
	cell := forksAt(1, 1.01, 0.99)
	own := SummarizeForks(cell)
	// The zero Pool, and a pool that does not apply, change nothing.
	for _, p := range []Pool{{}, {Var: 0.01, DF: 10, P: 0.5}} {
		if got := p.Summarize(cell); !reflect.DeepEqual(got, own) {
			t.Errorf("%+v.Summarize = %+v, want SummarizeForks's %+v", p, got, own)
		}
	}
	p := Pool{Var: 0.1 * 0.1, DF: 30, P: 0.001}
	got := p.Summarize(cell)
	finiteSummary(t, got)
	if got.Method != MethodRun || got.Center != own.Center || got.Forks != 3 || got.N != own.N {
		t.Errorf("Summarize = %+v, want two-level-run around %v", got, own.Center)
	}
	// ±t(0.975, 30)·0.1/√3 on the log scale, around the mean of the log
	// fork medians (ln 100 + (ln 1.01 + ln 0.99)/3) and of the pooled
	// median.
	hw := 2.0422724563 * 0.1 / math.Sqrt(3)
	mean := math.Log(100) + (math.Log(1.01)+math.Log(0.99))/3
	c := math.Log(own.Center)
	wantLo, wantHi := math.Exp(math.Min(mean, c)-hw), math.Exp(math.Max(mean, c)+hw)
	if math.Abs(got.Lo-wantLo) > 1e-6 || math.Abs(got.Hi-wantHi) > 1e-6 {
		t.Errorf("interval [%v, %v], want [%v, %v]", got.Lo, got.Hi, wantLo, wantHi)
	}
	// One fork: its median carries a fork effect all the same.
	one := p.Summarize([][]float64{fork1})
	if one.Method != MethodRun || !(one.RelHalfWidth() > 0.19) {
		t.Errorf("one fork: %+v, want two-level-run about ±20%%", one)
	}
	// A cell that is already wider keeps its own interval.
	wide := forksAt(1, 2, 0.5)
	if w, o := p.Summarize(wide), SummarizeForks(wide); !reflect.DeepEqual(w, o) {
		t.Errorf("wide cell: %+v, want its own %+v", w, o)
	}
	// Samples that are not all positive are left alone.
	odd := [][]float64{{0, 1, 2, 3}, {1, 2, 3, 4}}
	if w, o := p.Summarize(odd), SummarizeForks(odd); !reflect.DeepEqual(w, o) {
		t.Errorf("non-positive samples: %+v, want %+v", w, o)
	}
	if e := p.Summarize(nil); e.Forks != 0 || !math.IsNaN(e.Center) {
		t.Errorf("Summarize(nil) = %+v", e)
	}
}
