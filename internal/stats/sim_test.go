package stats

import (
	"math"
	"math/rand/v2"
	"slices"
)

// The synthetic two-level data of the simulation tests: a cell whose
// samples are base·(1+σb·Z_fork)·X, Z_fork standard normal, one per fork
// (the process effect), and X the noise of one sample, heavy-tailed and
// skewed to the right: X = 1 + 0.01·|T₃|, T₃ Student's t with 3 degrees of
// freedom, and with probability 5% an outlier X·(1+U), U uniform in
// [0.2, 0.5] (a collection, an interrupt).

const simBase = 1000.0 // ns/op

// simNoise returns one sample's noise factor X.
func simNoise(r *rand.Rand) float64 {
	z := r.NormFloat64()
	a, b, c := r.NormFloat64(), r.NormFloat64(), r.NormFloat64()
	t3 := z / math.Sqrt((a*a+b*b+c*c)/3)
	x := 1 + 0.01*math.Abs(t3)
	if r.Float64() < 0.05 {
		x *= 1.2 + 0.3*r.Float64()
	}
	return x
}

// simCell fills forks (reusing its storage) with one simulated
// measurement of F forks of n samples, fork effects of standard deviation
// forkSD (relative), and the cell's median shifted by the factor shift.
func simCell(r *rand.Rand, forks [][]float64, n int, forkSD, shift float64) [][]float64 {
	for i := range forks {
		off := simBase * shift * (1 + forkSD*r.NormFloat64())
		forks[i] = forks[i][:0]
		for range n {
			forks[i] = append(forks[i], off*simNoise(r))
		}
	}
	return forks
}

func newForks(f, n int) [][]float64 {
	forks := make([][]float64, f)
	for i := range forks {
		forks[i] = make([]float64, 0, n)
	}
	return forks
}

// trueMedian returns the median of the marginal distribution of one
// sample, base·(1+σb·Z)·X, estimated from a large draw (seed 1, forkSD):
// with 2·10⁶ draws its standard error is below 0.01% of the median.
func trueMedian(forkSD float64) float64 {
	r := rand.New(rand.NewPCG(1, math.Float64bits(forkSD)))
	xs := make([]float64, 2_000_000)
	for i := range xs {
		xs[i] = simBase * (1 + forkSD*r.NormFloat64()) * simNoise(r)
	}
	slices.Sort(xs)
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}
