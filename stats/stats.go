// Package stats is serbench's thin layer over golang.org/x/perf/benchmath,
// the statistics benchstat itself uses: the median with a distribution-free
// confidence interval, and the Mann-Whitney U test for comparisons. It does
// not implement statistics of its own.
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
}

// Summarize returns the median of values and its 95% confidence interval.
// values is not modified.
func Summarize(values []float64) Summary {
	if len(values) == 0 {
		return Summary{Center: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	s := benchmath.NewSample(slices.Clone(values), &benchmath.DefaultThresholds)
	sum := assumption.Summary(s, Confidence)
	out := Summary{Center: sum.Center, Lo: sum.Lo, Hi: sum.Hi, N: len(values)}
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

// Comparison is the result of a Mann-Whitney U test of two samples.
type Comparison struct {
	// P is the p-value of the hypothesis that both samples come from the
	// same distribution.
	P float64
	// Alpha is the significance level (0.05).
	Alpha float64
	// N1 and N2 are the sample sizes.
	N1, N2 int
	// Warnings come from benchmath.
	Warnings []string
}

// Significant reports whether the difference is significant at Alpha.
func (c Comparison) Significant() bool { return c.P <= c.Alpha }

// Compare tests whether old and new come from the same distribution.
func Compare(old, new []float64) Comparison {
	a := benchmath.NewSample(slices.Clone(old), &benchmath.DefaultThresholds)
	b := benchmath.NewSample(slices.Clone(new), &benchmath.DefaultThresholds)
	c := assumption.Compare(a, b)
	out := Comparison{P: c.P, Alpha: c.Alpha, N1: c.N1, N2: c.N2}
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
