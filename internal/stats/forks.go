package stats

import (
	"fmt"
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// ForkAlpha is the level of the Kruskal–Wallis test by which SummarizeForks
// and CompareForks decide that a cell's forks differ. It is a pre-test, so
// it is higher than a significance level would be: missing a fork effect
// costs coverage, while a false alarm only costs width. At 0.2 the
// simulation (TestCoverage) reaches 93% coverage with five forks or more
// in every scenario, and a cell without a fork effect keeps benchmath's
// pooled interval in about four runs of five; at 0.1 five forks with an
// effect as large as the noise cover only 91%.
const ForkAlpha = 0.2

// SummarizeForks returns the median of the samples of all forks pooled and
// a 95% confidence interval that covers the variation between forks as well
// as within them; forks[i] holds the samples of the i-th fork (worker
// process). Empty forks are dropped. With one fork, when no fork has two
// samples, or when the Kruskal–Wallis test finds no difference between the
// forks (ForkP > ForkAlpha), the result is Summarize of the pooled samples
// with Forks, ForkP and Between set. Otherwise (Method "two-level") the
// interval is Student's t interval ±t·s/√F of the F fork medians, placed
// around both their mean and the pooled median, and never narrower than
// the pooled interval; the package documentation states the method and
// its assumptions. forks is not modified, and the result depends on
// nothing but forks.
func SummarizeForks(forks [][]float64) Summary {
	s, _ := summarizeForks(forks, ForkAlpha)
	return s
}

// summarizeForks is SummarizeForks at level alpha. It also returns
// benchmath's interval of the pooled samples, which out contains.
func summarizeForks(forks [][]float64, alpha float64) (out, pooled Summary) {
	groups := nonEmpty(forks)
	out = Summarize(slices.Concat(groups...))
	out.Forks = len(groups)
	pooled = out
	if len(groups) < 2 {
		return out, pooled
	}
	a := analyze(groups)
	out.ForkP, out.Between = a.p, a.between
	if !a.ok || a.p > alpha {
		return out, pooled
	}
	out.Method = MethodTwoLevel
	meds := forkMedians(groups)
	hw := tHalfWidth(meds)
	// Join the t intervals around the mean of the fork medians (what the
	// t step estimates: a typical fork's median) and around the pooled
	// median (which estimates the median of the samples of all forks, the
	// reported center; the two differ when the noise within a fork is
	// skewed), and the pooled interval.
	mean := stat.Mean(meds, nil)
	out.Lo = math.Min(out.Lo, math.Min(mean, out.Center)-hw)
	out.Hi = math.Max(out.Hi, math.Max(mean, out.Center)+hw)
	// Samples that are all non-negative (times, sizes) have a
	// non-negative median: with few, scattered forks the t step would
	// otherwise reach below zero.
	if lo := slices.Min(slices.Concat(groups...)); lo >= 0 && out.Lo < 0 {
		out.Lo = 0
	}
	return out, pooled
}

// tHalfWidth returns Student's t half-width of the 95% interval of the mean
// of xs (at least two values): t(0.975, n−1)·s/√n.
func tHalfWidth(xs []float64) float64 {
	n := float64(len(xs))
	_, sd := stat.MeanStdDev(xs, nil)
	t := tQuantile(n - 1)
	return t * sd / math.Sqrt(n)
}

// nonEmpty returns the forks that have samples.
func nonEmpty(forks [][]float64) [][]float64 {
	var out [][]float64
	for _, f := range forks {
		if len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// forkMedians returns the median of each fork.
func forkMedians(groups [][]float64) []float64 {
	out := make([]float64, len(groups))
	for i, g := range groups {
		out[i] = Median(g)
	}
	return out
}

// Median returns the median of xs (not empty); xs is not modified.
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// forkAnalysis is the Kruskal–Wallis test and the variance components of
// the ranks of samples grouped by fork.
type forkAnalysis struct {
	// ok reports whether the test applies: at least two groups, and
	// more samples than groups (some group has two).
	ok bool
	// p is the p-value of the Kruskal–Wallis H test; 1 when !ok.
	p float64
	// between is the intraclass correlation of the ranks, in [0, 1].
	between float64
	// h is the Kruskal–Wallis statistic, with F−1 degrees of freedom.
	h float64
}

// analyze ranks the pooled samples of groups (mid-ranks for ties) and
// returns the Kruskal–Wallis test and the one-way random-effects variance
// components of the ranks. H = (N−1)·SSB/SST of the ranks, which includes
// the correction for ties.
func analyze(groups [][]float64) forkAnalysis {
	k := len(groups)
	type obs struct {
		v float64
		g int
	}
	var all []obs
	for g, xs := range groups {
		for _, x := range xs {
			all = append(all, obs{x, g})
		}
	}
	n := len(all)
	if k < 2 || n <= k {
		return forkAnalysis{p: 1}
	}
	slices.SortStableFunc(all, func(a, b obs) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	sum := make([]float64, k)   // rank sums per group
	sumSq := make([]float64, k) // squared rank sums per group
	cnt := make([]float64, k)
	for i := 0; i < n; {
		j := i + 1
		for j < n && all[j].v == all[i].v {
			j++
		}
		r := float64(i+j+1) / 2 // mid-rank of positions i..j-1 (1-based)
		for ; i < j; i++ {
			g := all[i].g
			sum[g] += r
			sumSq[g] += r * r
			cnt[g]++
		}
	}
	grand := float64(n+1) / 2
	var ssb, ssw, sumN2 float64
	for g := range k {
		m := sum[g] / cnt[g]
		ssb += cnt[g] * (m - grand) * (m - grand)
		ssw += sumSq[g] - cnt[g]*m*m
		sumN2 += cnt[g] * cnt[g]
	}
	ssw = math.Max(ssw, 0) // rounding
	sst := ssb + ssw
	if sst <= 0 {
		return forkAnalysis{ok: true, p: 1}
	}
	h := float64(n-1) * ssb / sst
	p := distuv.ChiSquared{K: float64(k - 1)}.Survival(h)

	// One-way random-effects ANOVA (method of moments) for unequal
	// group sizes: E[MSB] = σw² + n0·σb², E[MSW] = σw².
	msb := ssb / float64(k-1)
	msw := ssw / float64(n-k)
	n0 := (float64(n) - sumN2/float64(n)) / float64(k-1)
	sb := math.Max(0, (msb-msw)/n0)
	var between float64
	if sb+msw > 0 {
		between = sb / (sb + msw)
	}
	return forkAnalysis{ok: true, p: math.Min(1, math.Max(0, p)), between: between, h: h}
}

// SamplesPerFork returns Kalibera and Jones's optimal number of samples to
// take in each fork, the n that gives the narrowest interval for a given
// time: n* = ⌈√(forkCost/sampleCost · σw²/σb²)⌉, with σw² and σb² the
// within- and between-fork variance components of s (σw²/σb² =
// (1−Between)/Between), forkCost the time to start and set up a worker, and
// sampleCost the time of one sample. Between comes from the samples' ranks,
// which keeps outliers from inflating σw²; for normal data it is within
// 0.05 of the share of the variance itself. The result is clamped to
// [minN, maxN] (minN at least 1, maxN at least minN). It is maxN when s
// shows no between-fork variance (Between 0, which includes a Summary of
// fewer than two forks) or sampleCost is not positive, and minN when
// Between is 1 or forkCost is not positive.
func SamplesPerFork(s Summary, forkCost, sampleCost time.Duration, minN, maxN int) int {
	minN = max(minN, 1)
	maxN = max(maxN, minN)
	switch {
	case s.Forks < 2 || !(s.Between > 0) || sampleCost <= 0:
		return maxN
	case s.Between >= 1 || forkCost <= 0:
		return minN
	}
	r := float64(forkCost) / float64(sampleCost) * (1 - s.Between) / s.Between
	n := math.Ceil(math.Sqrt(r))
	switch {
	case n <= float64(minN):
		return minN
	case n >= float64(maxN):
		return maxN
	}
	return int(n)
}

// CompareForks tests whether two cells measured in forks differ. When
// neither cell's forks differ by the Kruskal–Wallis test (the one
// SummarizeForks makes), it is Compare of the pooled samples (Method
// "mann-whitney"); otherwise Welch's t-test of the two cells' fork medians
// (Method "welch"), whose p-value accounts for the variation between
// forks. Alpha is 0.05. When a cell's forks differ but the other cell has
// one fork, the result is Compare with a warning.
func CompareForks(old, new [][]float64) Comparison {
	og, ng := nonEmpty(old), nonEmpty(new)
	c := Compare(slices.Concat(og...), slices.Concat(ng...))
	oa, na := analyze(og), analyze(ng)
	if !(oa.ok && oa.p <= ForkAlpha) && !(na.ok && na.p <= ForkAlpha) {
		return c
	}
	if len(og) < 2 || len(ng) < 2 {
		c.Warnings = append(c.Warnings, fmt.Sprintf(
			"forks differ, but old has %d and new %d: the test on pooled samples may overstate significance; measure both in at least 3 forks",
			len(og), len(ng)))
		return c
	}
	a, b := forkMedians(og), forkMedians(ng)
	p := welch(a, b)
	out := Comparison{P: p, Alpha: c.Alpha, N1: len(a), N2: len(b), Method: MethodWelch}
	if p > out.Alpha && (len(a) < 3 || len(b) < 3) {
		out.Warnings = append(out.Warnings, fmt.Sprintf(
			"forks differ, and with %d and %d forks only large changes are significant; measure more forks",
			len(a), len(b)))
	}
	return out
}

// estimate is an estimated mean: the mean, the variance of that mean
// (its squared standard error) and that variance's degrees of freedom
// (+Inf when it is taken as known).
type estimate struct{ mean, se2, df float64 }

// meanOf is the estimate of the mean of xs (at least two values) by their
// sample variance.
func meanOf(xs []float64) estimate {
	m, sd := stat.MeanStdDev(xs, nil)
	return estimate{m, sd * sd / float64(len(xs)), float64(len(xs) - 1)}
}

// welch returns the two-sided p-value of Welch's t-test of the means of a
// and b (each at least two values).
func welch(a, b []float64) float64 { return welchP(meanOf(a), meanOf(b)) }

// welchP returns the two-sided p-value of Welch's t-test that x and y
// estimate the same mean: Student's t with the Welch–Satterthwaite degrees
// of freedom, to which an estimate of infinite degrees of freedom adds
// nothing (the normal distribution when both have them).
func welchP(x, y estimate) float64 {
	se2 := x.se2 + y.se2
	if se2 == 0 {
		if x.mean == y.mean {
			return 1
		}
		return 0
	}
	den := 0.0
	for _, e := range []estimate{x, y} {
		if !math.IsInf(e.df, 1) {
			den += e.se2 * e.se2 / e.df
		}
	}
	t := math.Abs(x.mean-y.mean) / math.Sqrt(se2)
	if den == 0 {
		return math.Min(1, 2*distuv.UnitNormal.Survival(t))
	}
	return math.Min(1, 2*distuv.StudentsT{Mu: 0, Sigma: 1, Nu: se2 * se2 / den}.Survival(t))
}
