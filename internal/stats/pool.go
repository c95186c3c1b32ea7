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
	s := SummarizeForks(forks)
	groups := nonEmpty(forks)
	if !p.Applies() || len(groups) == 0 || slices.Min(slices.Concat(groups...)) <= 0 {
		return s
	}
	logs := logForkMedians(groups)
	if s.Method == MethodTwoLevel && p.Prior.Applies() {
		s = p.moderated(s, groups, logs)
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

// moderated returns s, the two-level Summary of a cell whose forks are
// groups (two or more, samples positive; logs their log medians), with its t step over the fork
// medians made with the cell's variance moderated by the run's (Prior):
// on the log scale, ±t·√(ṽ/F) around the mean of the log fork medians and
// the log of the pooled median, ṽ the posterior variance of Prior.Moderate
// and t the 97.5% quantile with its degrees of freedom, joined with
// benchmath's interval of the pooled samples. A cell of two forks has one
// degree of freedom of its own (t = 12.7); the run's other cells lend it
// the prior's D0 more, as many as the spread of their variances allows.
func (p Pool) moderated(s Summary, groups [][]float64, logs []float64) Summary {
	base := Summarize(slices.Concat(groups...))
	f := len(logs)
	own := stat.Variance(logs, nil)
	v, df := p.Prior.Moderate(own, f-1)
	hw := tQuantile(df) * math.Sqrt(math.Max(v, own)/float64(f))
	mean, c := stat.Mean(logs, nil), math.Log(s.Center)
	s.Lo = math.Min(base.Lo, math.Exp(math.Min(mean, c)-hw))
	s.Hi = math.Max(base.Hi, math.Exp(math.Max(mean, c)+hw))
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
	a, b := logForkMedians(og), logForkMedians(ng)
	type cell struct{ mean, se2, df float64 }
	moderate := func(logs []float64) cell {
		own := stat.Variance(logs, nil)
		v, df := p.Prior.Moderate(own, len(logs)-1)
		f := float64(len(logs))
		return cell{stat.Mean(logs, nil), math.Max(v, own) / f, df}
	}
	x, y := moderate(a), moderate(b)
	out := Comparison{P: 1, Alpha: benchmath.DefaultThresholds.CompareAlpha, N1: len(a), N2: len(b), Method: MethodModerated}
	se2 := x.se2 + y.se2
	if se2 == 0 {
		if x.mean != y.mean {
			out.P = 0
		}
		return out
	}
	// Welch–Satterthwaite; a cell of infinite degrees of freedom (the
	// prior's D0 is +Inf) adds nothing to the denominator.
	den := 0.0
	for _, c := range []cell{x, y} {
		if !math.IsInf(c.df, 1) {
			den += c.se2 * c.se2 / c.df
		}
	}
	t := math.Abs(x.mean-y.mean) / math.Sqrt(se2)
	if den == 0 {
		out.P = math.Min(1, 2*distuv.UnitNormal.Survival(t))
		return out
	}
	out.P = math.Min(1, 2*distuv.StudentsT{Mu: 0, Sigma: 1, Nu: se2 * se2 / den}.Survival(t))
	return out
}
