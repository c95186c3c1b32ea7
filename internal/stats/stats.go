// Package stats is serbench's statistics: the median of a cell's samples
// with a 95% confidence interval, the significance of a change between two
// cells, and the Kalibera–Jones choice of how many samples to take in each
// worker process.
//
// # One level: benchmath
//
// [Summarize] and [Compare] are a thin layer over
// golang.org/x/perf/benchmath, the statistics benchstat itself uses: the
// median with a distribution-free confidence interval (from order
// statistics), and the Mann-Whitney U test. Their assumption is that the
// samples are independent draws from one distribution; nothing is assumed
// about its shape.
//
// # Two levels: forks
//
// serbench measures each cell in several worker processes ("forks", as in
// JMH). A process has an effect of its own (code and heap layout, the
// state of the machine when it started) that every sample it takes shares,
// so samples of one fork are not independent draws of the cell's
// distribution, and an interval that pools them as if they were is too
// narrow when forks differ. [SummarizeForks] and [CompareForks] follow
// Kalibera and Jones, "Rigorous benchmarking in reasonable time" (ISMM
// 2013): the forks are the unit of replication.
//
// SummarizeForks reports the median of all samples pooled. It first tests
// whether the forks differ, with the Kruskal–Wallis H test over the forks'
// samples (p from the χ² distribution with F−1 degrees of freedom, F the
// number of forks with samples). When p > [ForkAlpha] the interval is
// benchmath's over the pooled samples, exactly what Summarize returns, so a
// cell without a fork effect usually gets an interval no wider than
// benchstat's. When the forks differ the interval is two-level, after
// Kalibera and Jones's: Student's t interval of the fork medians,
// ±t·s/√F with s their standard deviation and t the 97.5% quantile with
// F−1 degrees of freedom, placed around both the mean of the fork medians
// and the pooled median, and never narrower than the pooled interval. A
// fork's median carries the fork's effect and the noise of its own
// samples, so the interval covers variation between and within forks.
//
// The assumptions: forks are exchangeable draws of a process-level effect
// (started the same way, in no order that matters); samples within a fork
// are exchangeable; the t step assumes the fork medians are roughly
// normal. With few forks t is large (12.7 for two forks, 4.3 for three),
// the honest price of few replications. The pre-test has a cost too: with
// two or three forks it cannot see a fork effect about as large as the
// noise within a fork, least of all forks that agree with each other and
// are all off, and then the pooled interval covers less than 95% (88% to
// 93% in the simulation below).
//
// # Three levels: the run
//
// The cells of one run share a machine, and a fork's effect comes largely
// from the machine's state while it ran (its speed drifts, other work
// comes and goes): on the 2-core virtual machines serbench is developed
// on, the fork medians of a cell scatter by 7% to 12% however the cell is
// measured. One cell's two or three forks say little about that scatter;
// the run's hundreds of forks say much. [PoolForks] pools the variance of
// the log fork medians over the cells of a run (Σ(Fᵢ−1)·sᵢ² / Σ(Fᵢ−1),
// with Σ(Fᵢ−1) degrees of freedom), and tests whether the forks of the run
// differ at all: the sum of the cells' Kruskal–Wallis statistics against
// χ² with the sum of their degrees of freedom, at [PoolAlpha] = 0.05. When
// they do, [Pool.Summarize] widens a cell's interval to at least
// ±t·√(Var/F) on the log scale around the mean of its log fork medians and
// its pooled median, t the 97.5% quantile of Student's t with the pool's
// degrees of freedom. That variance holds the fork effect and the noise of
// a fork's median both, so no decomposition is needed. The assumption is
// that the relative variance of a fork median is about the same in every
// cell of the run; a cell noisier than the run keeps its own two-level
// interval, which the pool never narrows.
//
// A cell's own two-level interval is made with its own two or three fork
// medians, t at one or two degrees of freedom (12.7, 4.3): on a noisy
// machine, where a run has no time for more forks, such intervals reach
// ±100% and more. With at least [MinPriorCells] cells of two forks or more
// in the run, [PoolForks] also estimates how the cells' variances of
// their log fork medians are spread ([Prior], [EstimatePrior]: limma's
// empirical Bayes, Smyth 2004, a scaled inverse χ² prior with d₀ degrees
// of freedom and typical variance s₀², estimated by the moments of the
// cells' log variances), and [Pool.Summarize] makes the cell's t step
// with the moderated variance (d₀·s₀² + dᵢ·sᵢ²)/(d₀ + dᵢ) at d₀ + dᵢ
// degrees of freedom, or the cell's own variance sᵢ² when that is larger:
// the other cells lend a cell as many degrees of freedom as the spread of
// their variances allows (many when the cells are alike, few when they
// differ), and a cell whose own forks scatter more than the moderated
// estimate is not shrunk below them. The assumption is the prior's: the
// cells' true variances are draws of one distribution of that shape.
// TestCoverageModerated (runs of 64 cells, two or three forks of three
// samples, fork effects of 3% and 8%, alike or mixed from none to twice
// the typical one) measures a coverage of 97.7–98.7% over all cells and
// 93.6–95.2% for the noisiest quarter of a mixed run, with the moderated
// intervals 0.28 to 0.44 times as wide as the cell's own for two forks
// and 0.59 to 0.80 for three (medians over the moderated cells).
//
// TestCoverage measures the coverage on synthetic two-level data with
// skewed, heavy-tailed noise, in 1,000 runs of 8 cells per scenario: at
// least 94% in every scenario (2 to 8 forks, 3 to 10 samples each, fork
// effects of 0 to 8%), where SummarizeForks alone covers 87% to 98% and
// benchmath's pooled interval as little as 50%. Without a fork effect the
// interval is benchmath's in 76% to 81% of cells. TestCoverageMixed gives
// the cells of a run fork effects from none to twice the run's typical
// one: at least 96.6% over all cells and 93.5% for the noisiest.
//
// [CompareForks] makes the same pre-test: when neither cell's forks differ
// it is Compare, otherwise Welch's t-test of the two cells' fork medians.
// In the simulation, the U-test on the pooled samples of two identical
// cells whose forks differ (by 1–8%) reports a change in 28–50% of runs;
// CompareForks in at most 5.4%. Between cells of one run, [Pool.Compare]
// moderates as Pool.Summarize does: when the run's forks differ and its
// Prior applies, it is Welch's test of the two cells' log fork medians
// with each cell's variance moderated by the run's (limma's moderated t).
// TestComparePoolSimulated (runs of 64 cells, two or three forks of three
// samples, fork effects of 3% or 8%, alike or mixed, half of the pairs
// identical) measures a false-alarm rate of 3.2–4.8% (CompareForks
// 3.1–4.8%), 8.7% for the noisiest quarter of a mixed run with two forks
// (CompareForks 3.3%: the cost of borrowing the run's variance for the
// cells noisier than it), and finds pairs 25% apart in 60–98% of the
// comparisons, where CompareForks finds 19–96%.
//
// [Summary.Between] estimates the share of a sample's variance that is due
// to its fork, and [SamplesPerFork] turns it into Kalibera and Jones's
// optimal number of samples per fork.
//
// Beyond benchmath the package computes only textbook statistics (the
// Kruskal–Wallis test, the one-way random-effects analysis of variance,
// Student's and Welch's t), with the χ² and t distributions of
// gonum.org/v1/gonum/stat/distuv. It advises on the number of samples per
// fork but does not schedule anything, and it does not detect drift within
// a fork; those are the scheduler's.
package stats

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// Confidence is the confidence level of every interval serbench reports.
const Confidence = 0.95

// assumption is the distributional assumption: none, as benchstat's
// default, because timing samples are rarely normal.
var assumption = benchmath.AssumeNothing

// Summary is the median of a sample with its confidence interval.
type Summary struct {
	// Center is the median.
	Center float64
	// Lo and Hi bound the confidence interval of the median.
	Lo, Hi float64
	// N is the number of values.
	N int
	// Warnings come from benchmath, for example when there are too few
	// values for a confidence interval at the requested level.
	Warnings []string

	// Forks is the number of forks (worker processes) with samples:
	// 1 (or 0 without values) for a Summary made by Summarize.
	Forks int
	// Method is how the interval was made: "pooled" (benchmath's interval
	// over all samples), "two-level" (from the cell's fork medians; see
	// SummarizeForks) or "two-level-run" (from the variance of fork
	// medians pooled over the run's cells; see Pool.Summarize).
	Method string
	// Between is the estimated share, 0 to 1, of a sample's variance that
	// is due to its fork: the intraclass correlation of a one-way
	// random-effects analysis of variance of the samples' ranks. It is 0
	// when it cannot be estimated.
	Between float64
	// ForkP is the p-value of the Kruskal–Wallis test that all forks have
	// the same distribution; 1 when the test does not apply (fewer than
	// two forks with samples, or no fork with two).
	ForkP float64
}

// Methods of Summary.Method and Comparison.Method.
const (
	MethodPooled   = "pooled"
	MethodTwoLevel = "two-level"
	MethodRun      = "two-level-run"
	MethodUTest    = "mann-whitney"
	MethodWelch    = "welch"
	// MethodModerated is Pool.Compare's Welch test of log fork medians
	// with variances moderated by the run's.
	MethodModerated = "moderated-welch"
)

// Summarize returns the median of values and its 95% confidence interval.
// values is not modified.
func Summarize(values []float64) Summary {
	if len(values) == 0 {
		return Summary{Center: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Method: MethodPooled, ForkP: 1}
	}
	s := benchmath.NewSample(slices.Clone(values), &benchmath.DefaultThresholds)
	sum := assumption.Summary(s, Confidence)
	out := Summary{Center: sum.Center, Lo: sum.Lo, Hi: sum.Hi, N: len(values), Forks: 1, Method: MethodPooled, ForkP: 1}
	for _, w := range sum.Warnings {
		out.Warnings = append(out.Warnings, w.Error())
	}
	return out
}

// RelHalfWidth returns the larger distance from the median to a bound of
// the confidence interval, relative to the median (0.05 is ±5%). It is +Inf
// when the interval is unbounded.
func (s Summary) RelHalfWidth() float64 {
	if s.Center == 0 {
		return 0
	}
	if math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) || math.IsNaN(s.Lo) {
		return math.Inf(1)
	}
	return math.Max(s.Hi/s.Center-1, 1-s.Lo/s.Center)
}

// Comparison is the result of a test whether two cells differ: a
// Mann-Whitney U test of two samples, or (CompareForks) Welch's t-test of
// the fork medians of two cells whose forks differ.
type Comparison struct {
	// P is the p-value of the hypothesis that both samples come from the
	// same distribution.
	P float64
	// Alpha is the significance level (0.05).
	Alpha float64
	// N1 and N2 are the numbers of values the test compared: samples for
	// the Mann-Whitney U test, fork medians for Welch's t-test.
	N1, N2 int
	// Warnings come from benchmath, or say why a two-level test could not
	// be made.
	Warnings []string
	// Method is the test: "mann-whitney", "welch" or (Pool.Compare)
	// "moderated-welch".
	Method string
}

// Significant reports whether the difference is significant at Alpha.
func (c Comparison) Significant() bool { return c.P <= c.Alpha }

// Compare tests whether old and new come from the same distribution, with
// benchmath's Mann-Whitney U test.
func Compare(old, new []float64) Comparison {
	a := benchmath.NewSample(slices.Clone(old), &benchmath.DefaultThresholds)
	b := benchmath.NewSample(slices.Clone(new), &benchmath.DefaultThresholds)
	c := assumption.Compare(a, b)
	out := Comparison{P: c.P, Alpha: c.Alpha, N1: c.N1, N2: c.N2, Method: MethodUTest}
	for _, w := range c.Warnings {
		out.Warnings = append(out.Warnings, w.Error())
	}
	return out
}

// Delta formats the change from old to new centers as benchstat does:
// "~" when c is not significant, otherwise a signed percentage.
func (c Comparison) Delta(old, new float64) string {
	bc := benchmath.Comparison{P: c.P, Alpha: c.Alpha, N1: c.N1, N2: c.N2}
	return bc.FormatDelta(old, new)
}
