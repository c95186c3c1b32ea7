package trend

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// scenario describes synthetic series of runs: a per-run level with
// heavy-tailed noise (Student's t, 3 degrees of freedom, scaled by
// RunNoise), outlier runs (probability Outliers, +30–50%), and samples
// within a run with lognormal noise; and an optional step.
type scenario struct {
	MinRuns, MaxRuns int
	RunNoise         float64
	Outliers         float64
	// Step: a relative step drawn from [StepLo, StepHi] (0: none), at a
	// uniform position leaving at least Margin runs on each side, slower
	// or faster with equal odds.
	StepLo, StepHi float64
	Margin         int
}

// series draws one series and returns it with the index of its step
// (-1 without).
func (sc scenario) series(rng *rand.Rand) ([]Point, int) {
	n := sc.MinRuns + rng.IntN(sc.MaxRuns-sc.MinRuns+1)
	at, factor := -1, 1.0
	if sc.StepHi > 0 {
		at = sc.Margin + rng.IntN(n-2*sc.Margin+1)
		factor = 1 + sc.StepLo + rng.Float64()*(sc.StepHi-sc.StepLo)
		if rng.IntN(2) == 0 {
			factor = 1 / factor
		}
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pts := make([]Point, n)
	for i := range pts {
		level := 1000 * math.Exp(sc.RunNoise*studentT3(rng))
		if rng.Float64() < sc.Outliers {
			level *= 1.3 + 0.2*rng.Float64()
		}
		if at >= 0 && i >= at {
			level *= factor
		}
		samples := make([]float64, 10)
		for j := range samples {
			samples[j] = level * math.Exp(0.05*rng.NormFloat64())
		}
		pts[i] = Point{Run: "r", Time: start.Add(time.Duration(i) * time.Hour), Machine: "m", Median: median(samples)}
	}
	return pts, at
}

// studentT3 draws from Student's t distribution with 3 degrees of
// freedom.
func studentT3(rng *rand.Rand) float64 {
	chi := 0.0
	for range 3 {
		z := rng.NormFloat64()
		chi += z * z
	}
	return rng.NormFloat64() / math.Sqrt(chi/3)
}

// TestSimulation measures, on synthetic series of 40–60 runs with
// heavy-tailed run-to-run noise (Student's t with 3 degrees of freedom,
// scaled by 2%: a standard deviation of 3.5%), 5% outlier runs of +30–50%
// and 10 samples a run with 5% lognormal noise, how often
// Detect finds a real step of 10–20% within ±2 runs of its position and
// nothing else, and how often it reports a change in a series without one.
func TestSimulation(t *testing.T) {
	const trials = 500
	base := scenario{MinRuns: 40, MaxRuns: 60, RunNoise: 0.02, Outliers: 0.05}
	rng := rand.New(rand.NewPCG(18, 2))

	step := base
	step.StepLo, step.StepHi, step.Margin = 0.10, 0.20, 6
	found, near := 0, 0
	for range trials {
		pts, at := step.series(rng)
		ch := Detect(pts, Options{})
		if len(ch) == 1 && abs(ch[0].Index-at) <= 2 {
			found++
		}
		if len(ch) == 1 && abs(ch[0].Index-at) <= 1 {
			near++
		}
	}
	rate := float64(found) / float64(trials)
	t.Logf("step of 10–20%% (≥ %d runs from either end): found alone within ±2 runs in %d of %d series (%.1f%%), within ±1 in %d (%.1f%%)",
		step.Margin, found, trials, 100*rate, near, 100*float64(near)/float64(trials))
	if rate < 0.95 {
		t.Errorf("detection rate %.1f%%, want ≥ 95%%", 100*rate)
	}

	alarms := 0
	for range trials {
		pts, _ := base.series(rng)
		if len(Detect(pts, Options{})) > 0 {
			alarms++
		}
	}
	rate = float64(alarms) / float64(trials)
	t.Logf("no step: a change reported in %d of %d series (%.1f%%)", alarms, trials, 100*rate)
	if rate > 0.05 {
		t.Errorf("false alarm rate %.1f%%, want ≤ 5%%", 100*rate)
	}
}

func abs(x int) int { return max(x, -x) }

// TestDetect checks one clear step on each of two machines, the version
// changes reported with it, and that the result does not depend on
// anything but the series.
func TestDetect(t *testing.T) {
	var series []Point
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 40 {
		for _, m := range []string{"a", "b"} {
			level := 1000 * (1 + 0.01*float64(i%3))
			v := map[string]string{"go": "go1.25", "github.com/x/y": "v1.2"}
			if m == "a" && i >= 20 {
				level *= 1.15
				v["github.com/x/y"] = "v1.3"
			}
			if m == "b" && i >= 30 {
				level *= 0.8
				v["go"] = "go1.26"
			}
			if m == "b" && i == 10 {
				level *= 1.5 // an outlier run
			}
			series = append(series, Point{Run: fmt.Sprintf("%s%02d", m, i), Time: start.Add(time.Duration(i) * time.Hour), Machine: m, Versions: v,
				Median: level})
		}
	}
	got := Detect(series, Options{})
	if len(got) != 2 {
		t.Fatalf("%d changes, want 2: %+v", len(got), got)
	}
	a, b := got[0], got[1]
	if a.Run != "a20" || a.Index != 40 || a.Machine != "a" || math.Abs(a.Ratio-1.15) > 0.02 || !(a.Lo <= a.Ratio && a.Ratio <= a.Hi) || a.Lo <= 1 {
		t.Errorf("first change %+v, want a20 at index 40, ×1.15 within its interval", a)
	}
	if want := []string{"github.com/x/y v1.2 → v1.3"}; !slices.Equal(a.Coincides, want) {
		t.Errorf("coincides %q, want %q", a.Coincides, want)
	}
	if b.Run != "b30" || b.Index != 61 || math.Abs(b.Ratio-0.8) > 0.02 || b.Hi >= 1 {
		t.Errorf("second change %+v, want b30 at index 61, ×0.8", b)
	}
	if want := []string{"go1.25 → go1.26"}; !slices.Equal(b.Coincides, want) {
		t.Errorf("coincides %q, want %q", b.Coincides, want)
	}
	if again := Detect(series, Options{}); !reflect.DeepEqual(again, got) {
		t.Errorf("a second call gave %+v, want %+v", again, got)
	}
}

// TestDetectNothing checks that short series, points without samples and
// a single slow run give no change, and that machines are not compared.
func TestDetectNothing(t *testing.T) {
	pt := func(m string, ns float64) Point { return Point{Machine: m, Median: ns} }
	var short, mixed, outlier []Point
	for i := range 8 {
		short = append(short, pt("m", 100+100*float64(i/4)))
	}
	for i := range 30 {
		// Two machines, one twice as fast, interleaved, then one after the other.
		mixed = append(mixed, pt("fast", 100), pt("slow", 200))
		outlier = append(outlier, pt("m", 100+float64(i%2)), Point{Machine: "m"})
	}
	for range 20 {
		mixed = append(mixed, pt("slow", 200))
	}
	outlier[len(outlier)-2].Median = 150
	for name, s := range map[string][]Point{"short": short, "machines": mixed, "outlier": outlier, "empty": nil} {
		if got := Detect(s, Options{}); len(got) != 0 {
			t.Errorf("%s: %+v, want no change", name, got)
		}
	}
}

// TestMedian checks the selection-based median against sorting, on
// lengths around selectNth's switch to sorting and values with ties.
func TestMedian(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		n := 1 + rng.IntN(100)
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(rng.IntN(20))
		}
		s := slices.Clone(xs)
		slices.Sort(s)
		want := s[n/2]
		if n%2 == 0 {
			want = (s[n/2-1] + s[n/2]) / 2
		}
		if got := median(xs); got != want {
			t.Fatalf("median(%v) = %v, want %v", xs, got, want)
		}
	}
}

// TestResampledMedian checks that resampledMedian draws the median of a
// bootstrap resample with the distribution of the median of an explicit
// resample (n values drawn with replacement), for odd and even n: two
// samples of 20,000 medians, one of each, are within the two-sample
// Kolmogorov–Smirnov distance of a 0.1% test.
func TestResampledMedian(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 7, 8, 25, 60} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = math.Exp(rng.NormFloat64())
		}
		sorted := slices.Sorted(slices.Values(xs))
		const m = 20000
		direct, explicit := make([]float64, m), make([]float64, m)
		src := rand.NewPCG(1, uint64(n))
		drng := rand.New(src)
		buf := make([]float64, n)
		for i := range m {
			direct[i] = resampledMedian(sorted, src, drng)
			for j := range buf {
				buf[j] = xs[rng.IntN(n)]
			}
			explicit[i] = median(buf)
		}
		slices.Sort(direct)
		slices.Sort(explicit)
		// The largest distance between the two empirical distributions.
		d, i, j := 0.0, 0, 0
		for i < m && j < m {
			x := min(direct[i], explicit[j])
			for i < m && direct[i] == x {
				i++
			}
			for j < m && explicit[j] == x {
				j++
			}
			d = max(d, math.Abs(float64(i-j))/m)
		}
		if crit := 1.95 * math.Sqrt(2.0/m); d > crit {
			t.Errorf("n=%d: Kolmogorov–Smirnov distance %.4f > %.4f", n, d, crit)
		}
	}
}

// TestTested: a machine is tested when it has twice MinSegment points
// with a positive, finite median; points without one do not count.
func TestTested(t *testing.T) {
	var pts []Point
	for i := range 8 {
		pts = append(pts, Point{Run: fmt.Sprint("a", i), Machine: "a", Median: 100})
	}
	for i := range 7 {
		pts = append(pts, Point{Run: fmt.Sprint("b", i), Machine: "b", Median: 100})
	}
	pts = append(pts, Point{Run: "b-failed", Machine: "b", Median: 0}, Point{Run: "b-inf", Machine: "b", Median: math.Inf(1)})
	if n := Tested(pts, Options{}); n != 1 {
		t.Errorf("Tested = %d, want 1 (a's 8 points; b has 7 it reads)", n)
	}
	if n := Tested(pts, Options{MinSegment: 3}); n != 2 {
		t.Errorf("Tested with MinSegment 3 = %d, want 2", n)
	}
}
