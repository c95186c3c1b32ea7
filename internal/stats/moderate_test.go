package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mathext"
)

// TestTrigammaInverse: trigammaInverse undoes trigamma over the range the
// prior's estimate meets, and trigamma is ψ′ (a central difference of
// gonum's digamma).
func TestTrigammaInverse(t *testing.T) {
	for _, x := range []float64{0.05, 0.3, 0.5, 1, 2.5, 10, 100, 5000} {
		if got := trigammaInverse(trigamma(x)); math.Abs(got-x) > 1e-6*x {
			t.Errorf("trigammaInverse(trigamma(%v)) = %v", x, got)
		}
		h := 1e-5 * x
		if d := (mathext.Digamma(x+h) - mathext.Digamma(x-h)) / (2 * h); math.Abs(d-trigamma(x)) > 1e-4*trigamma(x) {
			t.Errorf("trigamma(%v) = %v, the derivative of digamma %v", x, trigamma(x), d)
		}
	}
}

// TestEstimatePrior draws cell variances from a known prior and checks
// that EstimatePrior finds it: 4,000 cells of d = 1, 2 or 4 degrees of
// freedom whose true variances are d₀·s₀²/χ²(d₀), d₀ = 4 and s₀² = 0.01,
// and whose estimates are σᵢ²·χ²(dᵢ)/dᵢ; then cells that all share one
// variance, whose prior is +Inf degrees of freedom (or a large number) at
// that variance. Generator PCG(3, 4).
func TestEstimatePrior(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	chi2 := func(k int) float64 {
		s := 0.0
		for range k {
			z := r.NormFloat64()
			s += z * z
		}
		return s
	}
	const d0, s0 = 4, 0.01
	var s2 []float64
	var ds []int
	for i := range 4000 {
		d := []int{1, 2, 4}[i%3]
		sigma2 := d0 * s0 / chi2(d0)
		s2 = append(s2, sigma2*chi2(d)/float64(d))
		ds = append(ds, d)
	}
	p := EstimatePrior(s2, ds)
	t.Logf("estimated d0 %.2f, s0² %.4f from %d cells", p.D0, p.S0, p.Cells)
	if p.Cells != 4000 || math.Abs(p.D0-d0) > 1 || math.Abs(p.S0-s0) > 0.15*s0 {
		t.Errorf("EstimatePrior = %+v, want d0 ≈ %v, s0² ≈ %v", p, d0, s0)
	}
	v, df := p.Moderate(0.09, 1)
	if want := (p.D0*p.S0 + 0.09) / (p.D0 + 1); df != p.D0+1 || math.Abs(v-want) > 1e-12 {
		t.Errorf("Moderate(0.09, 1) = %v, %v; want %v, %v", v, df, want, p.D0+1)
	}

	s2, ds = s2[:0], ds[:0]
	for range 4000 {
		s2 = append(s2, s0*chi2(2)/2)
		ds = append(ds, 2)
	}
	p = EstimatePrior(s2, ds)
	t.Logf("one shared variance: d0 %.1f, s0² %.4f", p.D0, p.S0)
	if p.D0 < 50 || math.Abs(p.S0-s0) > 0.1*s0 {
		t.Errorf("EstimatePrior of one shared variance = %+v, want a large d0 and s0² ≈ %v", p, s0)
	}
	if p := EstimatePrior([]float64{0.01, 0, math.NaN()}, []int{1, 1, 1}); p.Applies() || p.Cells != 0 {
		t.Errorf("EstimatePrior of one usable variance = %+v, want the zero Prior", p)
	}
}
