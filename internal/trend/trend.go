// Package trend finds the runs at which a benchmark cell's speed changed
// for good, in a series of stored runs, so that one noisy run is not
// reported as a regression and the next as a recovery.
//
// # Method
//
// [Detect] works on one machine at a time: points of different machines
// are never compared. Each run is reduced to one number, the median of its
// samples ([Point.Median], the caller's estimate), and the series of these
// per-run medians is segmented by binary segmentation with a standardized
// form of Pettitt's rank statistic (A. N. Pettitt, "A non-parametric
// approach to the change-point problem", Applied Statistics 28(2), 1979),
// tested by permutation:
//
//   - In a segment of n runs, rank the per-run medians (mid-ranks for ties)
//     and, for every split k that leaves at least [Options.MinSegment] runs
//     on each side, compute U_k = 2·Σ_{i<k} r_i − k(n+1) (Pettitt's
//     statistic: the Mann–Whitney statistic of the first k runs against
//     the others, centred) and standardize it, Z_k = U_k/√(k(n−k)), so that
//     a change near an end of the segment is not harder to see than one in
//     the middle (a maximally selected rank statistic, Lausen and
//     Schumacher, Biometrics 48(1), 1992). The split with the largest |Z_k|
//     is the candidate; its first run is the first run at the new level.
//   - The candidate's position is then refined: the split, in the same
//     range, that minimizes the sum of the absolute deviations of each side
//     from its median (an L1 cost, which an outlier run moves little).
//   - Its p-value is that of a permutation test: the same maximum over the
//     same splits, computed on [Options.Permutations] random orders of the
//     ranks. The candidate is a change when p ≤ [Options.Alpha] and the
//     medians of the two sides differ by at least [Options.MinChange]; then
//     both sides are searched again, recursively, each at half the level
//     of the segment they came from (a Bonferroni correction for the two
//     halves), so that one real change rarely brings a spurious one.
//   - Finally, smallest first, a change is dropped while the medians of its
//     neighbouring segments differ by less than MinChange or the 95%
//     interval of their ratio (below) holds 1: a change is never reported
//     with an interval that says it may be none.
//
// The assumption is that, between changes, the per-run medians of a
// machine are exchangeable: independent draws of one distribution, whatever
// its shape, in no order that matters. Because only ranks are tested, an
// outlier run (a busy machine, +50%) weighs no more than any run that is
// merely slower, and the permutation test gives the p-value exactly under
// that assumption, for any number of runs. What breaks it: a slow drift
// (it is cut into steps, or missed), runs that are not independent (a
// machine that is slow for a week looks like a change, which it is), and
// seasonality. The level of the first test is Alpha, and the chance that
// a series with no change shows one is about Alpha.
//
// A change can only be seen once MinSegment runs have been measured at the
// new level (with the default, 4): the last runs of a series are never
// flagged on their own, since one slow run cannot be told from an outlier.
// A short series cannot show any change: with the defaults, even a clean
// step needs 10 runs, 5 on each side, to reach p ≤ 0.02, and one outlier
// run among them raises that to about 20: ranks do not tell a run that
// is 40% slower from one that is 5% slower. TestSimulation measures the
// rest (see its log): on 500 synthetic series of 40–60 runs with
// heavy-tailed run-to-run noise and 5% outlier runs of +30–50%, a step of
// 10–20% at least 6 runs from either end is found alone, within two runs
// of its place, in 96% of series, and a series without a step shows a
// change in 1.4%.
//
// # Size of a change
//
// [Change.Ratio] is the median of the per-run medians of the segment after
// the change over that of the segment before (segments end at the
// neighbouring changes). Its 95% interval [Change.Lo, Change.Hi] is a
// percentile bootstrap over runs: each segment's per-run medians are
// resampled with replacement, separately, [Options.Resamples] times. Runs,
// not samples, are the unit of replication, because the samples of one run
// share its conditions. The interval does not account for the uncertainty
// of the change's position.
//
// Everything is deterministic: the permutations and resamples come from a
// generator seeded by [Options.Seed], so the same series gives the same
// changes and intervals.
//
// The package does not load runs, decide which are comparable beyond their
// machine (the caller leaves out incomplete runs by giving them no
// median), or explain a change; it only lists the version changes that
// happened at the same run.
package trend

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"gonum.org/v1/gonum/stat/distuv"
)

// Point is one run of a cell.
type Point struct {
	// Run is the run's ID.
	Run string
	// Time is when the run started.
	Time time.Time
	// Machine identifies the machine; points of different machines are
	// never compared.
	Machine string
	// Versions are the versions of what the run measured with, by name:
	// the codec's library module path, "go", "serbench".
	Versions map[string]string
	// Median is the cell's median in that run, ns/op (the run's own
	// estimate: with several forks, serbench's median over them). A point
	// whose Median is not a positive number takes no part in the
	// detection: the caller leaves out a run that way.
	Median float64
}

// Change is a run at which a cell's level changed.
type Change struct {
	// Index is the index in the series of the first run at the new level.
	Index int
	// Run is that run's ID, Machine its machine.
	Run, Machine string
	// Before and After are the medians of the per-run medians of the
	// segments before and after the change.
	Before, After float64
	// Ratio is After/Before: above 1 the cell got slower.
	Ratio float64
	// Lo and Hi bound the 95% bootstrap interval of Ratio.
	Lo, Hi float64
	// P is the p-value of the permutation test that found the change, in
	// the segment it was found in.
	P float64
	// Coincides lists the version changes between the previous run on the
	// same machine and this one, sorted by name: "github.com/x/y v1.2 →
	// v1.3", "go1.25 → go1.26", "serbench v0.1 → v0.2".
	Coincides []string
}

// The defaults of Options.
const (
	// DefaultAlpha is the default of Options.Alpha.
	DefaultAlpha = 0.02
	// DefaultMinSegment is the default of Options.MinSegment.
	DefaultMinSegment = 4
	// DefaultMinChange is the default of Options.MinChange.
	DefaultMinChange = 0.02
)

// Options tune Detect. The zero value of a field selects its default.
type Options struct {
	// Alpha is the significance level of the first test of a series
	// ([DefaultAlpha]); the segments on either side of a change are tested
	// at half the level of the segment they come from.
	Alpha float64
	// MinSegment is the least number of runs of a segment, on each side of
	// a change ([DefaultMinSegment]; at least 2).
	MinSegment int
	// MinChange is the least relative difference between the medians of
	// two segments for a change to be reported ([DefaultMinChange]).
	MinChange float64
	// Permutations is the number of random orders of the permutation test
	// (default 999).
	Permutations int
	// Resamples is the number of bootstrap resamples of an interval
	// (default 2000).
	Resamples int
	// Seed seeds the permutations and resamples (default 1).
	Seed uint64
}

func (o Options) withDefaults() Options {
	if o.Alpha <= 0 {
		o.Alpha = DefaultAlpha
	}
	if o.MinSegment <= 0 {
		o.MinSegment = DefaultMinSegment
	}
	o.MinSegment = max(o.MinSegment, 2)
	if o.MinChange <= 0 {
		o.MinChange = DefaultMinChange
	}
	if o.Permutations <= 0 {
		o.Permutations = 999
	}
	if o.Resamples <= 0 {
		o.Resamples = 2000
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	return o
}

// Detect returns the changes of level in series (oldest first), machine
// by machine, sorted by Index. See the package documentation for the
// method and its assumption.
func Detect(series []Point, opts Options) []Change {
	opts = opts.withDefaults()
	machines, byMachine := perMachine(series)
	var out []Change
	for _, m := range machines {
		idx := byMachine[m]
		meds := make([]float64, len(idx))
		for j, i := range idx {
			meds[j] = series[i].Median
		}
		d := detector{opts: opts, x: meds}
		d.split(0, len(meds), opts.Alpha)
		for _, c := range d.merge() {
			ch := Change{
				Index: idx[c.at], Run: series[idx[c.at]].Run, Machine: m,
				Before: c.before, After: c.after, Ratio: c.after / c.before, Lo: c.lo, Hi: c.hi, P: d.p[c.at],
				Coincides: versionChanges(series[idx[c.at-1]].Versions, series[idx[c.at]].Versions),
			}
			out = append(out, ch)
		}
	}
	slices.SortStableFunc(out, func(a, b Change) int { return cmp.Compare(a.Index, b.Index) })
	return out
}

// perMachine returns the machines of series in order of first appearance
// and, for each, the indexes of its points that Detect reads: those with
// a positive, finite median.
func perMachine(series []Point) (machines []string, byMachine map[string][]int) {
	byMachine = map[string][]int{}
	for i, p := range series {
		if !(p.Median > 0) || math.IsInf(p.Median, 1) {
			continue
		}
		if _, ok := byMachine[p.Machine]; !ok {
			machines = append(machines, p.Machine)
		}
		byMachine[p.Machine] = append(byMachine[p.Machine], i)
	}
	return machines, byMachine
}

// Tested returns on how many machines Detect tests series for a change
// with opts: those with at least twice MinSegment points it reads, the
// fewest it can split. A series tested on none cannot show a change.
func Tested(series []Point, opts Options) int {
	opts = opts.withDefaults()
	_, byMachine := perMachine(series)
	n := 0
	for _, idx := range byMachine {
		if len(idx) >= 2*opts.MinSegment {
			n++
		}
	}
	return n
}

// detector segments the per-run medians x of one machine.
type detector struct {
	opts Options
	x    []float64
	// p holds the p-value of each cut, by index in x.
	p map[int]float64
}

// split searches x[lo:hi] for a change and, if it finds one, both sides.
func (d *detector) split(lo, hi int, alpha float64) {
	m := d.opts.MinSegment
	if hi-lo < 2*m {
		return
	}
	seg := d.x[lo:hi]
	r := ranks(seg)
	_, stat := maxU(r, m)
	p, ok := d.permutationP(r, stat, alpha, uint64(lo)<<32|uint64(hi))
	if !ok {
		return
	}
	k := bestL1(seg, m)
	if ratio := median(seg[k:]) / median(seg[:k]); math.Abs(ratio-1) < d.opts.MinChange {
		return
	}
	if d.p == nil {
		d.p = map[int]float64{}
	}
	d.p[lo+k] = p
	d.split(lo, lo+k, alpha/2)
	d.split(lo+k, hi, alpha/2)
}

// cut is a change in the per-run medians of one machine.
type cut struct {
	// at is the index of the first run at the new level.
	at int
	// before and after are the medians of the segments on either side;
	// lo and hi bound the 95% bootstrap interval of after/before.
	before, after, lo, hi float64
}

// merge returns the cuts found, sorted, after removing those that do not
// hold once their neighbours are known: one at a time, the one of the
// smallest size first, a cut is removed while the medians of its
// neighbouring segments differ by less than MinChange or the bootstrap
// interval of their ratio holds 1.
func (d *detector) merge() []cut {
	ats := slices.Sorted(maps.Keys(d.p))
	// A cut's interval depends only on its segments' bounds: it is kept
	// across rounds, in which only the neighbours of a removed cut change.
	type bounds struct{ lo, at, hi int }
	intervals := map[bounds][2]float64{}
	for {
		cuts := make([]cut, len(ats))
		worst, worstSize := -1, math.Inf(1)
		for c, at := range ats {
			lo, hi := 0, len(d.x)
			if c > 0 {
				lo = ats[c-1]
			}
			if c+1 < len(ats) {
				hi = ats[c+1]
			}
			before, after := d.x[lo:at], d.x[at:hi]
			k := cut{at: at, before: median(before), after: median(after)}
			iv, ok := intervals[bounds{lo, at, hi}]
			if !ok {
				iv[0], iv[1] = bootstrap(before, after, d.opts, uint64(at))
				intervals[bounds{lo, at, hi}] = iv
			}
			k.lo, k.hi = iv[0], iv[1]
			cuts[c] = k
			size := math.Abs(math.Log(k.after / k.before))
			if (size < math.Log1p(d.opts.MinChange) || k.lo <= 1 && 1 <= k.hi) && size < worstSize {
				worst, worstSize = c, size
			}
		}
		if worst < 0 {
			return cuts
		}
		ats = slices.Delete(ats, worst, worst+1)
	}
}

// permutationP returns the p-value of the largest |Z_k| stat of ranks r
// under random orders, and whether it is at most alpha. It stops early,
// returning false, once the p-value is certain to exceed alpha, and at
// once when alpha is below the smallest p-value the permutations can
// give, 1/(Permutations+1).
func (d *detector) permutationP(r []float64, stat, alpha float64, stream uint64) (float64, bool) {
	n := d.opts.Permutations
	limit := int(alpha * float64(n+1)) // the most exceedances with p ≤ alpha, counting the observed order
	exceed := 1                        // the observed order
	if exceed > limit {
		return 1, false
	}
	rng := rand.New(rand.NewPCG(d.opts.Seed, stream))
	perm := slices.Clone(r)
	for range n {
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		if _, s := maxU(perm, d.opts.MinSegment); s >= stat-1e-9 {
			exceed++
			if exceed > limit {
				return 1, false
			}
		}
	}
	return float64(exceed) / float64(n+1), true
}

// maxU returns the split k in [m, n−m] of the largest |Z_k| =
// |2·Σ_{i<k} r_i − k(n+1)|/√(k(n−k)) over ranks r, and that largest value
// (the first k on ties).
func maxU(r []float64, m int) (int, float64) {
	n := len(r)
	best, bestK, sum := -1.0, m, 0.0
	for k := 1; k <= n-m; k++ {
		sum += r[k-1]
		if k < m {
			continue
		}
		if u := math.Abs(2*sum-float64(k*(n+1))) / math.Sqrt(float64(k*(n-k))); u > best+1e-9 {
			best, bestK = u, k
		}
	}
	return bestK, best
}

// bestL1 returns the split k in [m, n−m] of xs that minimizes the sum of
// the absolute deviations of each side from its median (the first k on
// ties).
func bestL1(xs []float64, m int) int {
	best, bestK := absDev(xs[:m])+absDev(xs[m:]), m
	for k := m + 1; k <= len(xs)-m; k++ {
		if c := absDev(xs[:k]) + absDev(xs[k:]); c < best-1e-12*math.Abs(best) {
			best, bestK = c, k
		}
	}
	return bestK
}

// absDev returns the sum of the absolute deviations of xs from their
// median.
func absDev(xs []float64) float64 {
	med, sum := median(xs), 0.0
	for _, x := range xs {
		sum += math.Abs(x - med)
	}
	return sum
}

// ranks returns the ranks of xs, 1 to n, with mid-ranks for ties.
func ranks(xs []float64) []float64 {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	r := make([]float64, len(xs))
	for i := 0; i < len(order); {
		j := i
		for j+1 < len(order) && xs[order[j+1]] == xs[order[i]] {
			j++
		}
		mid := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			r[order[k]] = mid
		}
		i = j + 1
	}
	return r
}

// bootstrap returns the 95% percentile bootstrap interval of
// median(after)/median(before), resampling each side's runs.
func bootstrap(before, after []float64, o Options, stream uint64) (lo, hi float64) {
	src := rand.NewPCG(o.Seed, stream^0x9e3779b97f4a7c15)
	rng := rand.New(src)
	b, a := slices.Sorted(slices.Values(before)), slices.Sorted(slices.Values(after))
	ratios := make([]float64, o.Resamples)
	for i := range ratios {
		ratios[i] = resampledMedian(a, src, rng) / resampledMedian(b, src, rng)
	}
	slices.Sort(ratios)
	return quantile(ratios, 0.025), quantile(ratios, 0.975)
}

// resampledMedian returns the median of a bootstrap resample of sorted
// (len(sorted) values drawn with replacement) without drawing them: a
// draw is sorted[⌊n·U⌋] for a uniform U in [0, 1), and ⌊n·U⌋ keeps the
// order of the U, so the k-th smallest of the n draws is sorted[⌊n·U₍ₖ₎⌋],
// where U₍ₖ₎, the k-th smallest of n uniforms, follows Beta(k, n−k+1).
// For an even n the median also needs U₍ₖ₊₁₎: given U₍ₖ₎ = u, it is the
// least of the n−k other uniforms, which are uniform on (u, 1), so
// U₍ₖ₊₁₎ = u + (1−u)(1−W^(1/(n−k))) for a uniform W. The result has the
// distribution of the median of an explicit resample (TestResampledMedian
// checks it against one), at a cost that does not grow with n.
func resampledMedian(sorted []float64, src rand.Source, rng *rand.Rand) float64 {
	n := len(sorted)
	at := func(u float64) float64 { return sorted[min(int(u*float64(n)), n-1)] }
	k := (n + 1) / 2
	u := distuv.Beta{Alpha: float64(k), Beta: float64(n - k + 1), Src: src}.Rand()
	if n%2 == 1 {
		return at(u)
	}
	next := u + (1-u)*(1-math.Pow(rng.Float64(), 1/float64(n-k)))
	return (at(u) + at(next)) / 2
}

// quantile returns the q quantile of sorted xs, interpolating linearly.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (pos-float64(i))*(xs[i+1]-xs[i])
}

// median returns the median of xs (not empty); xs is not modified.
func median(xs []float64) float64 {
	return medianInPlace(slices.Clone(xs))
}

// medianInPlace returns the median of xs (not empty), reordering xs.
func medianInPlace(xs []float64) float64 {
	n := len(xs)
	hi := selectNth(xs, n/2)
	if n%2 == 1 {
		return hi
	}
	// The lower middle value is the largest of those before n/2.
	return (slices.Max(xs[:n/2]) + hi) / 2
}

// selectNth reorders xs so that xs[k] is the value sorting would put
// there, with no larger value before it and no smaller one after it, and
// returns it (Hoare's selection, the pivot the middle of three).
func selectNth(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)-1
	for hi-lo > 16 {
		mid := lo + (hi-lo)/2
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		pivot := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	slices.Sort(xs[lo : hi+1])
	return xs[k]
}

// versionChanges lists, sorted by name, what differs between the versions
// of two runs.
func versionChanges(prev, cur map[string]string) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(joinKeys(prev, cur))) {
		a, b := prev[name], cur[name]
		if a == b {
			continue
		}
		if a == "" {
			a = "(none)"
		}
		if b == "" {
			b = "(none)"
		}
		if name == "go" {
			out = append(out, fmt.Sprintf("%s → %s", a, b))
		} else {
			out = append(out, fmt.Sprintf("%s %s → %s", name, a, b))
		}
	}
	return out
}

// joinKeys returns the union of the keys of a and b.
func joinKeys(a, b map[string]string) map[string]bool {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return keys
}
