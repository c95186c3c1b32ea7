package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gonum.org/v1/gonum/stat"
)

// coverageRuns is the number of simulated measurements per scenario: the
// standard error of a coverage near 0.95 is 0.005.
const coverageRuns = 2000

// TestCoverage measures how often SummarizeForks's 95% interval contains
// the true median of synthetic two-level data (sim_test.go: fork effects
// normal with standard deviation σb, noise 1+0.01·|T₃| with 5% outliers of
// +20..50%), for every combination of σb ∈ {0, 1%, 3%, 8%}, F ∈ {2, 3, 5,
// 8} forks and n ∈ {3, 5, 10} samples per fork. The generator of scenario
// (σb, F, n) is PCG(F·100+n, σb·1000); the true median is estimated once per
// σb from 2·10⁶ draws (PCG(1, bits of σb)).
//
// Each scenario logs: cover, the share of runs whose interval contains the
// true median; bench, the same for benchmath's interval over the pooled
// samples (Summarize); 2lvl, the share of runs with a two-level interval;
// width, the median ratio of the width to benchmath's; next, how often the
// pooled median of the next, independent run falls inside the interval (a
// perfectly calibrated 95% interval gives about 83%, not 95%: the next
// median has an error of its own).
//
// What is asserted, and why not 0.93 everywhere: with five or more forks
// the coverage is at least 0.93 in every scenario. With two or three forks
// it is not, when the fork effect is about as large as the noise (σb 1–3%
// here). There the Kruskal–Wallis pre-test can see a difference between
// the forks only when it is large, and it cannot see at all the common
// case of forks that agree with each other and are both off the true
// median: that is no difference between forks, so no test on the data
// finds it. Only an interval that is always two-level would cover it (the
// sweep that chose ForkAlpha found 0.94–0.99), and with two forks that
// interval is 2–4 times as wide as benchmath's when the forks do not
// differ at all, since t(0.975, 1) = 12.7. So for F ≤ 3 the test asserts
// what the method achieves (F=3: 0.90, F=2: 0.85) and that it is never
// worse than benchmath's pooled interval, which in the same scenarios
// covers as little as 0.50.
func TestCoverage(t *testing.T) {
	for _, sd := range []float64{0, 0.01, 0.03, 0.08} {
		truth := trueMedian(sd)
		for _, f := range []int{2, 3, 5, 8} {
			for _, n := range []int{3, 5, 10} {
				r := rand.New(rand.NewPCG(uint64(f*100+n), uint64(math.Round(sd*1000))))
				forks := newForks(f, n)
				var cover, bench, twoLevel, next int
				var ratios []float64
				var prev Summary
				for i := range coverageRuns {
					simCell(r, forks, n, sd, 1)
					s := SummarizeForks(forks)
					p := Summarize(slices.Concat(forks...))
					if s.Lo <= truth && truth <= s.Hi {
						cover++
					}
					if p.Lo <= truth && truth <= p.Hi {
						bench++
					}
					if s.Method == MethodTwoLevel {
						twoLevel++
					}
					if i > 0 && prev.Lo <= s.Center && s.Center <= prev.Hi {
						next++
					}
					prev = s
					ratios = append(ratios, (s.Hi-s.Lo)/(p.Hi-p.Lo))
				}
				frac := func(k int) float64 { return float64(k) / coverageRuns }
				cov, bcov := frac(cover), frac(bench)
				t.Logf("σb=%2.0f%% F=%d n=%2d: cover %.3f  bench %.3f  2lvl %.2f  width ×%5.2f  next %.3f",
					sd*100, f, n, cov, bcov, frac(twoLevel), Median(ratios), float64(next)/(coverageRuns-1))
				want := 0.93
				switch {
				case sd == 0:
				case f == 2:
					want = 0.85
				case f == 3:
					want = 0.90
				}
				if cov < want {
					t.Errorf("σb=%v F=%d n=%d: coverage %.3f < %.2f", sd, f, n, cov, want)
				}
				if cov < bcov-0.005 {
					t.Errorf("σb=%v F=%d n=%d: coverage %.3f below benchmath's %.3f", sd, f, n, cov, bcov)
				}
			}
		}
	}
}

// TestNoForkEffect checks that without a difference between forks the
// interval is benchmath's: identical to Summarize of the pooled samples in
// most runs (the pre-test at ForkAlpha = 0.2 raises a false alarm in about
// one run of five, and then the interval is wider, never narrower), and
// of median width ratio 1. Generator PCG(7, F·100+n).
func TestNoForkEffect(t *testing.T) {
	const runs = 1000
	for _, f := range []int{2, 3, 5, 8} {
		for _, n := range []int{3, 5, 10} {
			r := rand.New(rand.NewPCG(7, uint64(f*100+n)))
			forks := newForks(f, n)
			same, narrower := 0, 0
			var ratios []float64
			for range runs {
				simCell(r, forks, n, 0, 1)
				s := SummarizeForks(forks)
				p := Summarize(slices.Concat(forks...))
				if s.Center != p.Center {
					t.Fatalf("center %v, want the pooled median %v", s.Center, p.Center)
				}
				if s.Lo == p.Lo && s.Hi == p.Hi {
					same++
				}
				if s.Lo > p.Lo || s.Hi < p.Hi {
					narrower++
				}
				ratios = append(ratios, (s.Hi-s.Lo)/(p.Hi-p.Lo))
			}
			share := float64(same) / runs
			t.Logf("F=%d n=%2d: benchmath's interval in %.2f of runs, median width ratio %.2f, mean %.2f",
				f, n, share, Median(ratios), mean(ratios))
			if share < 0.75 || Median(ratios) > 1 || narrower > 0 {
				t.Errorf("F=%d n=%d: identical in %.2f (< 0.75), median width ratio %.2f (> 1), %d narrower",
					f, n, share, Median(ratios), narrower)
			}
		}
	}
}

func mean(xs []float64) float64 {
	m := stat.Mean(xs, nil)
	return m
}

// TestCompareForksSimulated measures CompareForks on simulated cells:
// how often it finds a 10% change (power), and how often it finds one
// between two cells of the same distribution (false positives), against
// benchmath's U-test on the pooled samples. Generator PCG(11, case).
func TestCompareForksSimulated(t *testing.T) {
	const runs = 500
	for i, tc := range []struct {
		forkSD, shift float64
		f, n          int
		min, max      float64 // bounds of the rate of significant results
	}{
		{0.03, 1.10, 5, 5, 0.90, 1},
		{0.03, 1.10, 3, 5, 0.60, 1},
		{0.01, 1.10, 3, 5, 0.95, 1},
		{0, 1.10, 3, 5, 0.95, 1},
		{0, 1, 5, 5, 0, 0.08},
		{0.01, 1, 5, 5, 0, 0.08},
		{0.03, 1, 5, 5, 0, 0.08},
		{0.08, 1, 5, 5, 0, 0.08},
		{0.03, 1, 3, 5, 0, 0.08},
		{0.03, 1, 8, 10, 0, 0.08},
	} {
		r := rand.New(rand.NewPCG(11, uint64(i)))
		a, b := newForks(tc.f, tc.n), newForks(tc.f, tc.n)
		sig, usig, welch := 0, 0, 0
		for range runs {
			simCell(r, a, tc.n, tc.forkSD, 1)
			simCell(r, b, tc.n, tc.forkSD, tc.shift)
			c := CompareForks(a, b)
			if c.Significant() {
				sig++
			}
			if c.Method == MethodWelch {
				welch++
			}
			if Compare(slices.Concat(a...), slices.Concat(b...)).Significant() {
				usig++
			}
		}
		rate := float64(sig) / runs
		t.Logf("σb=%2.0f%% shift %+3.0f%% F=%d n=%2d: significant %.3f (U-test on pooled samples %.3f), welch in %.2f",
			tc.forkSD*100, (tc.shift-1)*100, tc.f, tc.n, rate, float64(usig)/runs, float64(welch)/runs)
		if rate < tc.min || rate > tc.max {
			t.Errorf("σb=%v shift %v F=%d n=%d: significant in %.3f, want [%v, %v]",
				tc.forkSD, tc.shift, tc.f, tc.n, rate, tc.min, tc.max)
		}
	}
}

// TestBetween checks the variance-component estimate on data whose
// components are known: normal fork effects and normal noise with
// intraclass correlation ρ. Between is the intraclass correlation of the
// ranks, whose value for normal data is (6/π)·asin(ρ/2), within 0.05 of ρ.
// Generator PCG(13, ρ·100).
func TestBetween(t *testing.T) {
	for _, rho := range []float64{0.1, 0.5, 0.9} {
		r := rand.New(rand.NewPCG(13, uint64(rho*100)))
		want := 6 / math.Pi * math.Asin(rho/2)
		const runs, f, n = 200, 20, 10
		var sum float64
		forks := newForks(f, n)
		for range runs {
			for i := range forks {
				off := math.Sqrt(rho) * r.NormFloat64()
				forks[i] = forks[i][:0]
				for range n {
					forks[i] = append(forks[i], 100+off+math.Sqrt(1-rho)*r.NormFloat64())
				}
			}
			sum += SummarizeForks(forks).Between
		}
		got := sum / runs
		t.Logf("ρ=%.1f: mean Between %.3f, rank ICC %.3f", rho, got, want)
		if math.Abs(got-want) > 0.04 {
			t.Errorf("ρ=%v: mean Between %.3f, want %.3f ± 0.04", rho, got, want)
		}
	}
	// Outliers barely move it: the skewed noise of the simulation with
	// and without its 5% outliers.
	r := rand.New(rand.NewPCG(13, 1))
	forks := newForks(20, 10)
	simCell(r, forks, 10, 0.01, 1)
	with := SummarizeForks(forks).Between
	for _, fk := range forks {
		med := Median(fk)
		for j, x := range fk {
			if x > 1.15*med {
				fk[j] = med
			}
		}
	}
	without := SummarizeForks(forks).Between
	t.Logf("σb=1%%, F=20, n=10: Between %.3f, %.3f without the outliers", with, without)
	if math.Abs(with-without) > 0.1 {
		t.Errorf("outliers move Between from %.3f to %.3f", without, with)
	}
}

// TestSamplesPerForkSimulated checks SamplesPerFork against the
// Kalibera–Jones optimum computed from known components: normal fork
// effects and noise with σw² = σb² and a fork that costs 100 samples give
// n* = ⌈√(100·1)⌉ = 10; estimated from 20 forks of 10 samples it should
// be near (Between estimates the rank ICC, 0.48 for ρ = 0.5, so the
// estimate centres on 11). Generator PCG(17, 0).
func TestSamplesPerForkSimulated(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 0))
	forks := newForks(20, 10)
	var got []float64
	for range 200 {
		for i := range forks {
			off := r.NormFloat64()
			forks[i] = forks[i][:0]
			for range 10 {
				forks[i] = append(forks[i], 100+off+r.NormFloat64())
			}
		}
		n := SamplesPerFork(SummarizeForks(forks), 100*time.Millisecond, time.Millisecond, 2, 100)
		got = append(got, float64(n))
	}
	med := Median(got)
	t.Logf("median n* %.0f, range [%.0f, %.0f]", med, slices.Min(got), slices.Max(got))
	if med < 9 || med > 12 {
		t.Errorf("median n* = %v, want 10–11", med)
	}
}
