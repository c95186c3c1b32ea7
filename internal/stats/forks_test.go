package stats

import (
	"math"
	"reflect"
	"slices"
	"testing"
	"time"
)

var fork1 = []float64{100, 101, 99, 100, 102, 98, 100, 101, 99, 100}

func finiteSummary(t *testing.T, s Summary) {
	t.Helper()
	for name, v := range map[string]float64{"Center": s.Center, "Lo": s.Lo, "Hi": s.Hi, "Between": s.Between, "ForkP": s.ForkP} {
		if math.IsNaN(v) {
			t.Errorf("%s is NaN: %+v", name, s)
		}
	}
	if s.Between < 0 || s.Between > 1 || s.ForkP < 0 || s.ForkP > 1 {
		t.Errorf("Between %v or ForkP %v outside [0, 1]", s.Between, s.ForkP)
	}
	if !(s.Lo <= s.Center && s.Center <= s.Hi) {
		t.Errorf("interval [%v, %v] does not contain the center %v", s.Lo, s.Hi, s.Center)
	}
}

func TestSummarizeFields(t *testing.T) {
	s := Summarize(fork1)
	if s.Forks != 1 || s.Method != MethodPooled || s.Between != 0 || s.ForkP != 1 {
		t.Errorf("Summarize = %+v, want Forks 1, pooled, Between 0, ForkP 1", s)
	}
	if e := Summarize(nil); e.Forks != 0 || e.Method != MethodPooled {
		t.Errorf("Summarize(nil) = %+v", e)
	}
	if c := Compare(fork1, fork1); c.Method != MethodUTest {
		t.Errorf("Compare Method = %q", c.Method)
	}
}

func TestSummarizeForksOneFork(t *testing.T) {
	want := Summarize(fork1)
	for _, forks := range [][][]float64{
		{fork1},
		{nil, fork1, {}},
	} {
		got := SummarizeForks(forks)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("SummarizeForks(%v) = %+v, want Summarize's %+v", forks, got, want)
		}
	}
	if got := SummarizeForks(nil); got.Forks != 0 || !math.IsNaN(got.Center) || got.Method != MethodPooled {
		t.Errorf("SummarizeForks(nil) = %+v", got)
	}
	if got := SummarizeForks([][]float64{{}, {}}); got.Forks != 0 || got.N != 0 {
		t.Errorf("SummarizeForks of empty forks = %+v", got)
	}
}

func TestSummarizeForksSameForks(t *testing.T) {
	// Forks drawn from one distribution, interleaved: pooled, exactly
	// Summarize of all values.
	a := []float64{100, 102, 99, 101, 100}
	b := []float64{101, 100, 98, 102, 100}
	c := []float64{99, 101, 100, 100, 103}
	got := SummarizeForks([][]float64{a, b, c})
	all := slices.Concat(a, b, c)
	want := Summarize(all)
	if got.Method != MethodPooled || got.Forks != 3 || got.ForkP <= ForkAlpha {
		t.Errorf("got %+v, want pooled with 3 forks and ForkP > %v", got, ForkAlpha)
	}
	if got.Center != want.Center || got.Lo != want.Lo || got.Hi != want.Hi || got.N != 15 {
		t.Errorf("got [%v %v %v] N=%d, want Summarize's [%v %v %v]", got.Lo, got.Center, got.Hi, got.N, want.Lo, want.Center, want.Hi)
	}
	finiteSummary(t, got)
	if !slices.Equal(a, []float64{100, 102, 99, 101, 100}) {
		t.Error("SummarizeForks modified its input")
	}
}

func TestSummarizeForksDiffer(t *testing.T) {
	forks := [][]float64{
		{100, 101, 99, 100, 102},
		{110, 111, 109, 110, 112},
		{105, 104, 106, 105, 103},
	}
	got := SummarizeForks(forks)
	pooled := Summarize(slices.Concat(forks...))
	if got.Method != MethodTwoLevel || got.ForkP > 0.01 || got.Forks != 3 || got.N != 15 {
		t.Fatalf("got %+v, want two-level over 3 forks with a small ForkP", got)
	}
	if got.Center != pooled.Center {
		t.Errorf("Center = %v, want the pooled median %v", got.Center, pooled.Center)
	}
	// Fork medians 100, 110, 105: s = 5, t(0.975, 2) = 4.303, half-width
	// 4.303·5/√3 = 12.42.
	if hw := got.Hi - got.Center; math.Abs(hw-12.42) > 0.01 || math.Abs(got.Center-got.Lo-12.42) > 0.01 {
		t.Errorf("interval [%v, %v] around %v, want ±12.42", got.Lo, got.Hi, got.Center)
	}
	if got.Between < 0.8 {
		t.Errorf("Between = %v, want most of the variance between forks", got.Between)
	}
	finiteSummary(t, got)
	if SummarizeForks(forks).Hi != got.Hi {
		t.Error("not deterministic")
	}

	// Fork medians 100, 110, 130: pooled median 110, mean 113.33,
	// s = 15.275, half-width 4.303·15.275/√3 = 37.95 around both.
	forks[2] = []float64{130, 131, 129, 130, 132}
	got = SummarizeForks(forks)
	if got.Center != 110 || math.Abs(got.Lo-(110-37.95)) > 0.01 || math.Abs(got.Hi-(113.33+37.95)) > 0.01 {
		t.Errorf("got [%v %v %v], want [72.05 110 151.28]", got.Lo, got.Center, got.Hi)
	}
}

func TestSummarizeForksNeverNarrower(t *testing.T) {
	// Eight forks of 20 evenly spread samples, each 0.7 above the last:
	// the test sees the shift (p ≈ 0.16), but the fork medians are close
	// (t half-width 1.43) and the pooled interval is wider; it is kept.
	var forks [][]float64
	for k := range 8 {
		var f []float64
		for i := range 20 {
			f = append(f, 100+float64(k)*0.7+float64(i))
		}
		forks = append(forks, f)
	}
	got := SummarizeForks(forks)
	pooled := Summarize(slices.Concat(forks...))
	if got.Method != MethodTwoLevel {
		t.Fatalf("got %+v, want two-level", got)
	}
	if hw := tHalfWidth(forkMedians(forks)); hw > (pooled.Hi-pooled.Lo)/2 {
		t.Fatalf("t half-width %v is not narrower than the pooled interval [%v, %v]", hw, pooled.Lo, pooled.Hi)
	}
	if got.Lo != pooled.Lo || got.Hi != pooled.Hi {
		t.Errorf("two-level [%v, %v], want the pooled [%v, %v]", got.Lo, got.Hi, pooled.Lo, pooled.Hi)
	}
	finiteSummary(t, got)
}

func TestSummarizeForksOneSampleEach(t *testing.T) {
	// One sample per fork: the samples are independent draws of the
	// marginal distribution, the pooled interval is right, and there is
	// no test.
	forks := [][]float64{{100}, {104}, {98}, {101}, {103}, {99}, {102}}
	got := SummarizeForks(forks)
	want := Summarize([]float64{100, 104, 98, 101, 103, 99, 102})
	if got.Method != MethodPooled || got.ForkP != 1 || got.Between != 0 || got.Forks != 7 {
		t.Errorf("got %+v, want pooled, ForkP 1, Between 0, 7 forks", got)
	}
	if got.Lo != want.Lo || got.Hi != want.Hi || got.Center != want.Center {
		t.Errorf("got [%v %v %v], want [%v %v %v]", got.Lo, got.Center, got.Hi, want.Lo, want.Center, want.Hi)
	}
	finiteSummary(t, got)
	// Too few for an interval: ±∞ with benchmath's warning, no NaN.
	few := SummarizeForks([][]float64{{100}, {104}})
	if !math.IsInf(few.Lo, -1) || !math.IsInf(few.Hi, 1) || len(few.Warnings) == 0 {
		t.Errorf("two single samples: %+v, want an unbounded interval with a warning", few)
	}
	finiteSummary(t, few)
}

func TestSummarizeForksIdentical(t *testing.T) {
	forks := [][]float64{{5, 5, 5, 5}, {5, 5, 5}, {5, 5, 5, 5, 5}}
	got := SummarizeForks(forks)
	if got.Center != 5 || got.Lo != 5 || got.Hi != 5 || got.Method != MethodPooled || got.ForkP != 1 || got.Between != 0 {
		t.Errorf("identical values: %+v", got)
	}
	finiteSummary(t, got)
	// Constant within each fork, different between: all variance is
	// between forks.
	got = SummarizeForks([][]float64{{5, 5, 5, 5}, {6, 6, 6, 6}, {7, 7, 7, 7}})
	if got.Method != MethodTwoLevel || got.Between != 1 {
		t.Errorf("constant forks: %+v, want two-level with Between 1", got)
	}
	finiteSummary(t, got)
}

func TestSummarizeForksTies(t *testing.T) {
	// Integer timings tie a lot; mid-ranks keep the test sane.
	forks := [][]float64{{1, 1, 2, 2, 1}, {1, 2, 1, 2, 2}, {2, 1, 1, 1, 2}}
	got := SummarizeForks(forks)
	if got.Method != MethodPooled || got.ForkP < 0.5 {
		t.Errorf("tied forks from one distribution: %+v", got)
	}
	finiteSummary(t, got)
}

func TestKruskalWallis(t *testing.T) {
	// Two groups of three, completely separated: ranks 1..3 and 4..6,
	// H = 12/(6·7)·(6²/3 + 15²/3) − 3·7 = 3.857, p(χ²₁ > 3.857) = 0.0495.
	a := analyze([][]float64{{1, 2, 3}, {4, 5, 6}})
	if !a.ok || math.Abs(a.p-0.04953) > 1e-4 {
		t.Errorf("p = %v, want 0.0495", a.p)
	}
	// Rank ICC: MSB = 13.5, MSW = 1, n0 = 3: σb² = 12.5/3, share 0.806.
	if math.Abs(a.between-(12.5/3)/(12.5/3+1)) > 1e-9 {
		t.Errorf("between = %v, want %v", a.between, (12.5/3)/(12.5/3+1))
	}
	if b := analyze([][]float64{{1, 4, 5}, {2, 3, 6}}); b.between != 0 || b.p < 0.5 {
		t.Errorf("mixed groups: %+v", b)
	}
}

func TestSamplesPerFork(t *testing.T) {
	s := Summary{Forks: 5, Between: 0.2} // σw²/σb² = 4
	ms := time.Millisecond
	for _, tc := range []struct {
		s              Summary
		fork, sample   time.Duration
		min, max, want int
	}{
		{s, 100 * ms, ms, 1, 1000, 20},               // √(100·4)
		{s, 101 * ms, ms, 1, 1000, 21},               // ceil
		{s, 100 * ms, ms, 1, 10, 10},                 // max
		{s, 100 * ms, ms, 30, 100, 30},               // min
		{s, 0, ms, 3, 100, 3},                        // free forks: min
		{s, 100 * ms, 0, 3, 100, 100},                // free samples: max
		{Summary{Forks: 5}, 100 * ms, ms, 3, 50, 50}, // no between variance: max
		{Summary{Forks: 1, Between: 0.5}, 100 * ms, ms, 3, 50, 50},
		{Summary{Forks: 5, Between: 1}, 100 * ms, ms, 3, 50, 3},
		{s, 100 * ms, ms, 0, 0, 1}, // min at least 1, max at least min
		{s, 100 * ms, ms, 40, 10, 40},
	} {
		if got := SamplesPerFork(tc.s, tc.fork, tc.sample, tc.min, tc.max); got != tc.want {
			t.Errorf("SamplesPerFork(%+v, %v, %v, %d, %d) = %d, want %d", tc.s, tc.fork, tc.sample, tc.min, tc.max, got, tc.want)
		}
	}
}

func TestCompareForksBasic(t *testing.T) {
	// No fork effect: the U-test, exactly Compare.
	a := [][]float64{{100, 101, 99, 100, 102}, {98, 100, 101, 99, 100}}
	b := [][]float64{{120, 121, 119, 120, 122}, {118, 120, 121, 119, 120}}
	got := CompareForks(a, b)
	want := Compare(slices.Concat(a...), slices.Concat(b...))
	if got.Method != MethodUTest || got.P != want.P || !got.Significant() {
		t.Errorf("CompareForks = %+v, want Compare's %+v", got, want)
	}
	// Forks differ: Welch on fork medians; three forks 100/110/105 against
	// three forks 101/111/106 is no evidence of a change.
	c := [][]float64{{100, 101, 99, 100, 102}, {110, 111, 109, 110, 112}, {105, 104, 106, 105, 103}}
	d := [][]float64{{101, 102, 100, 101, 103}, {111, 112, 110, 111, 113}, {106, 105, 107, 106, 104}}
	got = CompareForks(c, d)
	if got.Method != MethodWelch || got.Significant() || got.N1 != 3 || got.N2 != 3 {
		t.Errorf("CompareForks of shifted forks = %+v, want welch, not significant", got)
	}
	if u := Compare(slices.Concat(c...), slices.Concat(d...)); u.P > got.P {
		t.Errorf("welch p %v below the U-test's %v", got.P, u.P)
	}
	// A cell with one fork against one whose forks differ: U-test with a
	// warning.
	got = CompareForks([][]float64{fork1}, c)
	if got.Method != MethodUTest || len(got.Warnings) == 0 {
		t.Errorf("one fork against differing forks: %+v, want a warning", got)
	}
	if p := welch([]float64{1, 1}, []float64{1, 1}); p != 1 {
		t.Errorf("welch of equal constants = %v", p)
	}
	if p := welch([]float64{1, 1}, []float64{2, 2}); p != 0 {
		t.Errorf("welch of different constants = %v", p)
	}
}

// TestSummarizeForksNonNegative: two forks far apart give a t interval
// reaching below zero; non-negative samples keep the bound at zero.
func TestSummarizeForksNonNegative(t *testing.T) {
	s := SummarizeForks([][]float64{{10, 10.1, 10.2, 10.1, 10}, {30, 30.2, 30.1, 30.3, 30.2}})
	if s.Method != MethodTwoLevel {
		t.Fatalf("method %s, want two-level", s.Method)
	}
	if s.Lo != 0 || s.Hi <= 30 {
		t.Errorf("interval [%v, %v], want [0, above 30]", s.Lo, s.Hi)
	}
	n := SummarizeForks([][]float64{{-10, -10.1, -10.2, -10.1, -10}, {30, 30.2, 30.1, 30.3, 30.2}})
	if n.Lo >= -10 {
		t.Errorf("samples with negatives: lower bound %v, want below -10", n.Lo)
	}
}
