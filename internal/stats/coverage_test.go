package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gonum.org/v1/gonum/stat"
)

// coverageRuns is the number of simulated runs per scenario, and
// coverageCells the cells of each run: the standard error of a coverage
// near 0.95 over 1,000 runs is 0.007 (less, counted over the cells).
const (
	coverageRuns  = 1000
	coverageCells = 8
)

// coverage is what one scenario of the coverage simulation measured.
type coverage struct {
	// cover is the share of cell intervals (Pool.Summarize) that contain
	// the cell's true median; bench the same for benchmath's interval of
	// the pooled samples (Summarize); cell for SummarizeForks alone.
	cover, bench, cell float64
	// run is the share of cells whose interval the pool widened;
	// applied the share of runs whose pool applies.
	run, applied float64
	// byClass is cover for the cells of each fork-effect class k (the
	// cells i with i % len(sds) == k).
	byClass []float64
	// width is the median ratio of the width to benchmath's; next the
	// share of intervals that contain the pooled median of the same
	// cell in the next, independent run (a perfectly calibrated 95%
	// interval gives about 83%, not 95%: the next median has an error
	// of its own).
	width, next float64
	// plain is the coverage of the same pool without its prior (no
	// moderation), and narrow the median ratio of the width to that
	// interval's over the cells whose interval the prior moderated (1
	// when it moderated none); moderated is the share of those cells.
	plain, narrow, moderated float64
}

func (c coverage) String() string {
	return fmt.Sprintf("cover %.3f  bench %.3f  cell %.3f  run-level %.2f (pool applies in %.2f of runs)  width ×%5.2f  next %.3f  unmoderated %.3f (moderated %.2f of cells, width ×%4.2f)",
		c.cover, c.bench, c.cell, c.run, c.applied, c.width, c.next, c.plain, c.moderated, c.narrow)
}

// simulateRuns simulates coverageRuns runs of coverageCells cells of F
// forks of n samples, cell k with fork effects of standard deviation
// sds[k % len(sds)] (sim_test.go), and measures the intervals of
// Pool.Summarize with the pool of each run.
func simulateRuns(r *rand.Rand, sds []float64, f, n int) coverage {
	return simulateRunsOf(r, sds, f, n, coverageCells)
}

// simulateRunsOf is simulateRuns with runs of cellsPerRun cells.
func simulateRunsOf(r *rand.Rand, sds []float64, f, n, cellsPerRun int) coverage {
	truths := make([]float64, len(sds))
	for i, sd := range sds {
		truths[i] = trueMedian(sd)
	}
	cells := make([][][]float64, cellsPerRun)
	for k := range cells {
		cells[k] = newForks(f, n)
	}
	prev := make([]Summary, cellsPerRun)
	var cover, bench, cell, run, applied, next, total, plain int
	classCover := make([]int, len(sds))
	var ratios, narrow []float64
	for i := range coverageRuns {
		for k := range cells {
			simCell(r, cells[k], n, sds[k%len(sds)], 1)
		}
		pool := PoolForks(cells)
		if pool.Applies() {
			applied++
		}
		unmoderated := pool
		unmoderated.Prior = Prior{}
		for k, c := range cells {
			truth := truths[k%len(sds)]
			s := pool.Summarize(c)
			u := unmoderated.Summarize(c)
			if u.Lo <= truth && truth <= u.Hi {
				plain++
			}
			if u.Lo != s.Lo || u.Hi != s.Hi {
				narrow = append(narrow, (s.Hi-s.Lo)/(u.Hi-u.Lo))
			}
			o := SummarizeForks(c)
			p := Summarize(slices.Concat(c...))
			if s.Lo <= truth && truth <= s.Hi {
				cover++
				classCover[k%len(sds)]++
			}
			if o.Lo <= truth && truth <= o.Hi {
				cell++
			}
			if p.Lo <= truth && truth <= p.Hi {
				bench++
			}
			if s.Method == MethodRun {
				run++
			}
			if i > 0 && prev[k].Lo <= s.Center && s.Center <= prev[k].Hi {
				next++
			}
			prev[k] = s
			ratios = append(ratios, (s.Hi-s.Lo)/(p.Hi-p.Lo))
			total++
		}
	}
	frac := func(k, of int) float64 { return float64(k) / float64(of) }
	byClass := make([]float64, len(sds))
	for i, k := range classCover {
		byClass[i] = frac(k, total/len(sds))
	}
	c := coverage{cover: frac(cover, total), bench: frac(bench, total), cell: frac(cell, total), byClass: byClass,
		plain: frac(plain, total), moderated: frac(len(narrow), total), narrow: 1,
		run: frac(run, total), applied: frac(applied, coverageRuns), width: Median(ratios),
		next: frac(next, total-cellsPerRun)}
	if len(narrow) > 0 {
		c.narrow = Median(narrow)
	}
	return c
}

// TestCoverage measures how often the 95% interval of Pool.Summarize
// contains the true median of synthetic two-level data (sim_test.go: fork
// effects normal with standard deviation σb, noise 1+0.01·|T₃| with 5%
// outliers of +20..50%), in 1,000 simulated runs of 8 cells each, for
// every combination of σb ∈ {0, 1%, 3%, 8%}, F ∈ {2, 3, 5, 8} forks and
// n ∈ {3, 5, 10} samples per fork. The generator of scenario (σb, F, n) is
// PCG(F·100+n, σb·1000); the true median is estimated once per σb from
// 2·10⁶ draws (PCG(1, bits of σb)).
//
// It asserts a coverage of at least 0.93 in every scenario, and never
// below benchmath's pooled interval. The cell-level method alone
// (SummarizeForks, logged as "cell") reaches 0.93 only with five forks or
// more: with two or three its Kruskal–Wallis pre-test cannot see a fork
// effect about as large as the noise, least of all forks that agree with
// each other and are both off the true median. The run's other cells
// see it.
func TestCoverage(t *testing.T) {
	for _, sd := range []float64{0, 0.01, 0.03, 0.08} {
		for _, f := range []int{2, 3, 5, 8} {
			for _, n := range []int{3, 5, 10} {
				r := rand.New(rand.NewPCG(uint64(f*100+n), uint64(math.Round(sd*1000))))
				c := simulateRuns(r, []float64{sd}, f, n)
				t.Logf("σb=%2.0f%% F=%d n=%2d: %v", sd*100, f, n, c)
				if c.cover < 0.93 {
					t.Errorf("σb=%v F=%d n=%d: coverage %.3f < 0.93", sd, f, n, c.cover)
				}
				if c.cover < c.bench-0.005 {
					t.Errorf("σb=%v F=%d n=%d: coverage %.3f below benchmath's %.3f", sd, f, n, c.cover, c.bench)
				}
			}
		}
	}
}

// TestCoverageMixed is TestCoverage for runs whose cells differ in their
// fork effects, which the pooled variance assumes they do not: of every
// four cells, one has none, one half of σb, one σb and one twice σb, for
// σb ∈ {1%, 3%, 8%}, F ∈ {2, 3, 5} and n 5. The noisiest cells are the
// test: the pool underestimates their fork effect, and their own
// two-level interval (the pool never narrows it) must make up for it. It
// asserts 0.93 over all cells, and 0.90 for the noisiest quarter alone.
// Generator PCG(F·100+n, σb·1000+1).
func TestCoverageMixed(t *testing.T) {
	for _, sd := range []float64{0.01, 0.03, 0.08} {
		for _, f := range []int{2, 3, 5} {
			const n = 5
			sds := []float64{0, sd / 2, sd, 2 * sd}
			r := rand.New(rand.NewPCG(uint64(f*100+n), uint64(math.Round(sd*1000))+1))
			c := simulateRuns(r, sds, f, n)
			noisy := c.byClass[3]
			t.Logf("σb=%2.0f%% mixed F=%d n=%2d: %v; noisiest cells cover %.3f", sd*100, f, n, c, noisy)
			if c.cover < 0.93 || noisy < 0.90 {
				t.Errorf("σb=%v F=%d n=%d: coverage %.3f (want ≥ 0.93), noisiest cells %.3f (want ≥ 0.90)", sd, f, n, c.cover, noisy)
			}
		}
	}
}

// TestNoForkEffect checks that without a difference between forks the
// interval is benchmath's: identical to Summarize of the pooled samples in
// most cells (the cell's pre-test at ForkAlpha = 0.2 raises a false alarm
// in about one cell of five, the run's at PoolAlpha = 0.05 in about one
// run of twenty, and then the interval is wider, never narrower), and of
// median width ratio 1. Runs of 8 cells; generator PCG(7, F·100+n).
func TestNoForkEffect(t *testing.T) {
	const runs = 500
	for _, f := range []int{2, 3, 5, 8} {
		for _, n := range []int{3, 5, 10} {
			r := rand.New(rand.NewPCG(7, uint64(f*100+n)))
			cells := make([][][]float64, coverageCells)
			for k := range cells {
				cells[k] = newForks(f, n)
			}
			same, narrower := 0, 0
			var ratios []float64
			for range runs {
				for _, c := range cells {
					simCell(r, c, n, 0, 1)
				}
				pool := PoolForks(cells)
				for _, c := range cells {
					s := pool.Summarize(c)
					p := Summarize(slices.Concat(c...))
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
			}
			share := float64(same) / float64(runs*coverageCells)
			t.Logf("F=%d n=%2d: benchmath's interval in %.2f of cells, median width ratio %.2f, mean %.2f",
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

// TestCoverageModerated is TestCoverage and TestCoverageMixed for runs of
// 64 cells, enough for PoolForks to estimate the prior of the cells' fork
// variances (MinPriorCells) by which Pool.Summarize moderates a cell's own
// two-level interval: two or three forks of 3 samples (a default run
// takes two forks of three), fork effects σb ∈ {3%, 8%}, the same in
// every cell or mixed as in TestCoverageMixed (none, σb/2, σb, 2σb). It
// asserts a coverage of at least 0.93 over all cells and 0.90 for the
// noisiest quarter of a mixed run, as TestCoverageMixed does, and that
// the prior moderated at least a fifth of the cells, to a median width at
// most 0.9 of the unmoderated interval's, whose coverage it logs beside.
// Generator PCG(F·100+n, σb·1000+2) (+3 when mixed).
func TestCoverageModerated(t *testing.T) {
	if testing.Short() {
		t.Skip("a simulation of 64,000 cells per scenario")
	}
	for _, mixed := range []bool{false, true} {
		for _, sd := range []float64{0.03, 0.08} {
			for _, f := range []int{2, 3} {
				for _, n := range []int{3} {
					sds, seed := []float64{sd}, uint64(math.Round(sd*1000))+2
					if mixed {
						sds, seed = []float64{0, sd / 2, sd, 2 * sd}, seed+1
					}
					r := rand.New(rand.NewPCG(uint64(f*100+n), seed))
					c := simulateRunsOf(r, sds, f, n, 64)
					noisy := c.byClass[len(sds)-1]
					t.Logf("σb=%2.0f%% mixed=%-5v F=%d n=%d: %v; noisiest cells cover %.3f", sd*100, mixed, f, n, c, noisy)
					if c.cover < 0.93 || noisy < 0.90 {
						t.Errorf("σb=%v mixed=%v F=%d n=%d: coverage %.3f (want ≥ 0.93), noisiest cells %.3f (want ≥ 0.90)", sd, mixed, f, n, c.cover, noisy)
					}
					// What the moderation is for: the cell's own t step
					// over two or three fork medians made narrower.
					if c.moderated < 0.2 || c.narrow > 0.9 {
						t.Errorf("σb=%v mixed=%v F=%d n=%d: %.2f of cells moderated, width ×%.2f of the unmoderated; want at least 0.2, at most ×0.9", sd, mixed, f, n, c.moderated, c.narrow)
					}
				}
			}
		}
	}
}

// TestComparePoolSimulated: Pool.Compare within simulated runs of 64
// cells (2 or 3 forks of 3 samples, fork effects of 3% or 8%, alike or
// mixed from none to twice the typical one, a pair of cells sharing
// theirs), half of the cell pairs identical and half apart by 10% or 25%.
// Over 300 runs per scenario, an identical pair is called different in at
// most 6% of the comparisons (the test's 5%, with the simulation's error),
// and at most 10% for the noisiest quarter of the pairs of a mixed run
// (8.7% with two forks: see Pool.Compare); a pair 25% apart
// is found more often than CompareForks finds it. Generator PCG(17, ...).
func TestComparePoolSimulated(t *testing.T) {
	if testing.Short() {
		t.Skip("a simulation of 19,200 cells per scenario")
	}
	const runs, cells, n = 300, 64, 3
	for i, sc := range []struct {
		sds   []float64
		f     int
		shift float64
	}{
		{[]float64{0.03}, 2, 1.25}, {[]float64{0.03}, 3, 1.25},
		{[]float64{0.08}, 2, 1.25}, {[]float64{0.08}, 3, 1.25},
		{[]float64{0, 0.015, 0.03, 0.06}, 2, 1.25}, {[]float64{0, 0.04, 0.08, 0.16}, 3, 1.25},
		{[]float64{0.03}, 3, 1.10}, {[]float64{0.08}, 2, 1.10},
	} {
		r := rand.New(rand.NewPCG(17, uint64(i)))
		run := make([][][]float64, cells)
		for c := range run {
			run[c] = newForks(sc.f, n)
		}
		noisiest := len(sc.sds) - 1
		var same, sameSig, sameForks, noisy, noisySig, noisyForks, apart, apartSig, apartForks int
		for range runs {
			for c := range run {
				shift := 1.0
				if c%4 == 3 {
					shift = sc.shift // pairs (c-1, c) with c%4 == 3 are apart
				}
				simCell(r, run[c], n, sc.sds[(c/4)%len(sc.sds)], shift)
			}
			pool := PoolForks(run)
			for c := 0; c < cells; c += 2 {
				cmp := pool.Compare(run[c], run[c+1])
				if cmp.Method != MethodModerated {
					t.Fatalf("σb=%v F=%d: Compare used %s, want the moderated test in runs of %d cells", sc.sds, sc.f, cmp.Method, cells)
				}
				old := CompareForks(run[c], run[c+1]).Significant()
				if c%4 == 0 {
					same++
					sameSig += b2i(cmp.Significant())
					sameForks += b2i(old)
					if (c/4)%len(sc.sds) == noisiest {
						noisy++
						noisySig += b2i(cmp.Significant())
						noisyForks += b2i(old)
					}
					continue
				}
				apart++
				apartSig += b2i(cmp.Significant())
				apartForks += b2i(old)
			}
		}
		rate := func(k, n int) float64 { return float64(k) / float64(n) }
		fp, fpNoisy, power, old := rate(sameSig, same), rate(noisySig, noisy), rate(apartSig, apart), rate(apartForks, apart)
		t.Logf("σb=%v F=%d shift %+.0f%%: identical pairs significant %.3f, noisiest %.3f (CompareForks %.3f, %.3f); pairs apart found %.3f (CompareForks %.3f)",
			sc.sds, sc.f, (sc.shift-1)*100, fp, fpNoisy, rate(sameForks, same), rate(noisyForks, noisy), power, old)
		if noisy == 0 || fp > 0.06 || fpNoisy > 0.10 {
			t.Errorf("σb=%v F=%d: identical pairs significant in %.3f of comparisons (noisiest %.3f), want at most 0.06 (0.10)", sc.sds, sc.f, fp, fpNoisy)
		}
		if sc.shift >= 1.25 && power <= old {
			t.Errorf("σb=%v F=%d: pairs 25%% apart found in %.3f, CompareForks %.3f: want more", sc.sds, sc.f, power, old)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
