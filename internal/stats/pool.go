package stats

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// PoolAlpha is the level of the combined Kruskal–Wallis test by which
// PoolForks decides that the forks of a run differ. Unlike ForkAlpha it
// is a conventional level: the combined test has many degrees of freedom
// and sees even a small fork effect, so a false alarm, which widens every
// interval of the run, is the error to keep rare.
const PoolAlpha = 0.05

// Pool is the variation between forks that the cells of one run share,
// estimated from all of them: the pooled variance of their log fork
// medians. Its zero value applies to nothing: Summarize is then
// SummarizeForks.
type Pool struct {
	// Var is the pooled variance of the natural logarithm of the fork
	// medians: Σ(Fᵢ−1)·sᵢ² / Σ(Fᵢ−1) over the cells with two forks or
	// more, sᵢ² the variance of cell i's log fork medians. It holds the
	// fork effect and the noise of a fork's own median.
	Var float64
	// DF is Σ(Fᵢ−1), the degrees of freedom of Var.
	DF int
	// Cells is the number of cells that contributed.
	Cells int
	// P is the p-value of the combined Kruskal–Wallis test that no
	// cell's forks differ: the sum of the cells' H statistics against
	// the χ² distribution with the sum of their degrees of freedom. It is
	// 1 when no cell has two forks with samples.
	P float64
	// Prior is the distribution of the same cells' variances of their log
	// fork medians (EstimatePrior), by which Summarize moderates a cell's
	// own two-level interval.
	Prior Prior
}

// PoolForks estimates the run-level variation between forks from the
// cells of one run: cells[i][j] holds the samples of fork j of cell i, as
// for SummarizeForks. Cells with fewer than two non-empty forks, and
// cells with a sample that is not positive, add nothing (a logarithm is
// taken). cells is not modified.
func PoolForks(cells [][][]float64) Pool {
	out := Pool{P: 1}
	var sum, h float64
	var kwDF int
	var vars []float64
	var dfs []int
	for _, forks := range cells {
		groups := nonEmpty(forks)
		if len(groups) < 2 || slices.Min(slices.Concat(groups...)) <= 0 {
			continue
		}
		d := len(groups) - 1
		v := stat.Variance(logForkMedians(groups), nil)
		vars, dfs = append(vars, v), append(dfs, d)
		sum += float64(d) * v
		out.DF += d
		out.Cells++
		if a := analyze(groups); a.ok {
			h += a.h
			kwDF += d
		}
	}
	if out.DF > 0 {
		out.Var = sum / float64(out.DF)
	}
	if kwDF > 0 {
		out.P = math.Min(1, math.Max(0, distuv.ChiSquared{K: float64(kwDF)}.Survival(h)))
	}
	out.Prior = EstimatePrior(vars, dfs)
	return out
}

// Applies reports whether the run's forks differ (P ≤ PoolAlpha) and p
// has a variance to apply.
func (p Pool) Applies() bool { return p.DF > 0 && p.P <= PoolAlpha && p.Var > 0 }

// Summarize returns SummarizeForks(forks), widened when p applies to at
// least the run-level interval: on the log scale, ±t·√(Var/F) around both
// the mean of the log fork medians and the log of the pooled median, with
// t the 97.5% quantile of Student's t with DF degrees of freedom and F the
// cell's forks with samples (one fork too: its one median carries a fork
// effect all the same). When that widens the interval, Method is
// "two-level-run". When p applies and its Prior does too, a cell whose
// own interval is two-level has its t step made with its variance
// moderated by the run's first (moderated), before that widening. A cell
// whose samples are not all positive is left as SummarizeForks returns
// it. The package documentation states the method and its assumption.
func (p Pool) Summarize(forks [][]float64) Summary {
	s, pooled := summarizeForks(forks, ForkAlpha)
	groups := nonEmpty(forks)
	if !p.Applies() || len(groups) == 0 || slices.Min(slices.Concat(groups...)) <= 0 {
		return s
	}
	logs := logForkMedians(groups)
	if s.Method == MethodTwoLevel && p.Prior.Applies() {
		s = p.moderated(s, pooled, logs)
	}
	mean := stat.Mean(logs, nil)
	c := math.Log(s.Center)
	t := tQuantile(float64(p.DF))
	hw := t * math.Sqrt(p.Var/float64(len(groups)))
	lo, hi := math.Exp(math.Min(mean, c)-hw), math.Exp(math.Max(mean, c)+hw)
	if lo < s.Lo || hi > s.Hi {
		s.Lo, s.Hi = math.Min(s.Lo, lo), math.Max(s.Hi, hi)
		s.Method = MethodRun
	}
	return s
}

// logForkMedians returns the natural logarithm of each group's median
// (groups not empty, their samples positive).
func logForkMedians(groups [][]float64) []float64 {
	out := forkMedians(groups)
	for i, m := range out {
		out[i] = math.Log(m)
	}
	return out
}

// moderated returns s, the two-level Summary of a cell whose log fork
// medians are logs (two or more), with its t step over the fork medians
// made with the cell's variance moderated by the run's (Prior.estimate):
// on the log scale, ±t·√(ṽ/F) around the mean of the log fork medians and
// the log of the pooled median, t the 97.5% quantile with the moderated
// degrees of freedom, joined with pooled, benchmath's interval of the
// pooled samples. A cell of two forks has one degree of freedom of its own
// (t = 12.7); the run's other cells lend it the prior's D0 more, as many
// as the spread of their variances allows.
func (p Pool) moderated(s, pooled Summary, logs []float64) Summary {
	e := p.Prior.estimate(logs)
	hw := tQuantile(e.df) * math.Sqrt(e.se2)
	c := math.Log(s.Center)
	s.Lo = math.Min(pooled.Lo, math.Exp(math.Min(e.mean, c)-hw))
	s.Hi = math.Max(pooled.Hi, math.Exp(math.Max(e.mean, c)+hw))
	return s
}

// Compare tests whether two cells of the run differ. When p applies (the
// run's forks differ), its Prior applies, and both cells have two forks or
// more with positive samples, it is limma's moderated t-test (Smyth 2004)
// for two cells of unequal variance: Welch's t-test of the means of the
// cells' log fork medians, each cell's variance moderated by the run's
// (Prior.Moderate, or the cell's own variance when larger, as Summarize
// takes it) with D0 + Fᵢ − 1 degrees of freedom, and the test's degrees of
// freedom by Welch–Satterthwaite (Method "moderated-welch"). Otherwise it
// is CompareForks.
//
// When the run's forks differ, a cell whose own Kruskal–Wallis pre-test
// did not see it still has a fork effect, which the Mann–Whitney test of
// CompareForks (its samples pooled) takes for signal; and a cell that did
// has Welch's test over two or three fork medians, which with one or two
// degrees of freedom finds almost nothing. The moderated test treats both
// alike, as Summarize's intervals do.
func (p Pool) Compare(old, new [][]float64) Comparison {
	og, ng := nonEmpty(old), nonEmpty(new)
	if !p.Applies() || !p.Prior.Applies() || len(og) < 2 || len(ng) < 2 ||
		slices.Min(slices.Concat(og...)) <= 0 || slices.Min(slices.Concat(ng...)) <= 0 {
		return CompareForks(old, new)
	}
	return Comparison{P: welchP(p.Prior.estimate(logForkMedians(og)), p.Prior.estimate(logForkMedians(ng))),
		Alpha: benchmath.DefaultThresholds.CompareAlpha, N1: len(og), N2: len(ng), Method: MethodModerated}
}
