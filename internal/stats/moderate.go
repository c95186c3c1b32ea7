package stats

import (
	"math"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// MinPriorCells is the fewest cells (with two forks or more) from which
// PoolForks estimates the prior of the cells' fork variances (Prior): with
// fewer, its two parameters would be too uncertain to lean on, and
// Pool.Summarize keeps each cell's own two-level interval.
const MinPriorCells = 30

// Prior is the distribution of the cells' fork variances in one run, the
// empirical-Bayes prior of limma (Smyth, "Linear models and empirical
// Bayes methods for assessing differential expression in microarray
// experiments", 2004): the true variance σᵢ² of cell i's log fork medians
// is taken as drawn from a scaled inverse χ² distribution, d₀·s₀²/χ²(d₀),
// and cell i's own estimate sᵢ², with dᵢ = Fᵢ−1 degrees of freedom, as
// σᵢ²·χ²(dᵢ)/dᵢ. Its zero value applies to nothing.
type Prior struct {
	// D0 is the prior's degrees of freedom: how many degrees of freedom
	// the run's other cells are worth to one cell's estimate. +Inf when
	// the cells' estimates scatter no more than sampling alone makes them
	// (the cells share one variance, S0); small when they differ.
	D0 float64
	// S0 is the prior's typical variance (s₀²).
	S0 float64
	// Cells is the number of cells it was estimated from.
	Cells int
}

// Applies reports whether p was estimated from at least MinPriorCells
// cells.
func (p Prior) Applies() bool { return p.Cells >= MinPriorCells && p.S0 > 0 && p.D0 > 0 }

// Moderate returns the posterior variance of a cell whose own estimate is
// s2 with d degrees of freedom, (d₀·s₀² + d·s2)/(d₀ + d), and its degrees
// of freedom d₀ + d: s₀² itself, with +Inf degrees of freedom, when D0 is
// +Inf.
func (p Prior) Moderate(s2 float64, d int) (v, df float64) {
	if math.IsInf(p.D0, 1) {
		return p.S0, math.Inf(1)
	}
	df = p.D0 + float64(d)
	return (p.D0*p.S0 + float64(d)*s2) / df, df
}

// estimate is the estimate of the mean of a cell's log fork medians
// (logs, two or more) with the cell's variance moderated (Moderate), or
// its own when that is larger: a cell noisier than the moderated estimate
// is not made to look steadier than its forks.
func (p Prior) estimate(logs []float64) estimate {
	own := stat.Variance(logs, nil)
	v, df := p.Moderate(own, len(logs)-1)
	return estimate{stat.Mean(logs, nil), math.Max(v, own) / float64(len(logs)), df}
}

// EstimatePrior estimates the Prior of variances s2[i], each with d[i]
// degrees of freedom (at least 1), by the method of moments on their
// logarithms (Smyth 2004, section 6.2): with eᵢ = log sᵢ² − ψ(dᵢ/2) +
// log(dᵢ/2), the mean of the eᵢ estimates log s₀² − ψ(d₀/2) + log(d₀/2)
// and their variance, less the mean of ψ′(dᵢ/2), estimates ψ′(d₀/2) (ψ the
// digamma function, ψ′ the trigamma). When that is not positive, the
// spread is all sampling: D0 is +Inf and S0 exp of the mean. Variances
// that are not positive (a log is taken) are left out; with fewer than
// three left the zero Prior is returned.
func EstimatePrior(s2 []float64, d []int) Prior {
	var e, tri []float64
	for i, v := range s2 {
		if v <= 0 || d[i] < 1 || math.IsInf(v, 0) || math.IsNaN(v) {
			continue
		}
		h := float64(d[i]) / 2
		e = append(e, math.Log(v)-mathext.Digamma(h)+math.Log(h))
		tri = append(tri, trigamma(h))
	}
	if len(e) < 3 {
		return Prior{}
	}
	mean, variance := stat.MeanVariance(e, nil)
	out := Prior{Cells: len(e), D0: math.Inf(1), S0: math.Exp(mean)}
	if excess := variance - stat.Mean(tri, nil); excess > 0 {
		out.D0 = 2 * trigammaInverse(excess)
		h := out.D0 / 2
		out.S0 = math.Exp(mean + mathext.Digamma(h) - math.Log(h))
	}
	return out
}

// trigamma is ψ′(x), the derivative of the digamma function, for x > 0:
// the Hurwitz zeta function ζ(2, x).
func trigamma(x float64) float64 { return mathext.Zeta(2, x) }

// trigammaInverse returns the x > 0 with ψ′(x) = y, for y > 0, by Newton's
// method on 1/ψ′(x), which is nearly linear in x (Smyth 2004's algorithm):
// from x = 0.5 + 1/y, x −= ψ′(x)·(ψ′(x)/y − 1)/ψ″(x), with ψ″(x) =
// −2·ζ(3, x), until the step is below 10⁻⁸ of x.
func trigammaInverse(y float64) float64 {
	switch {
	case y > 1e7:
		return 1 / math.Sqrt(y)
	case y < 1e-6:
		return 1 / y
	}
	x := 0.5 + 1/y
	for range 50 {
		t := trigamma(x)
		step := t * (1 - t/y) / (-2 * mathext.Zeta(3, x))
		x += step
		if -step/x < 1e-8 {
			break
		}
	}
	return x
}

// tQuantile is the 97.5% quantile of Student's t with df degrees of
// freedom (the normal's for an infinite df).
func tQuantile(df float64) float64 {
	if math.IsInf(df, 1) || df > 1e6 {
		return distuv.UnitNormal.Quantile(1 - (1-Confidence)/2)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(1 - (1-Confidence)/2)
}
