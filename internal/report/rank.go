package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// pairedTotals returns the encode+decode time of one round trip per pair
// of samples, grouped by fork: the k-th encode sample of a fork added to
// its k-th decode sample (both cells are sampled in turn by the same
// worker). A fork with samples of one operation only is left out, and so
// are the unpaired extra samples of a fork.
func pairedTotals(enc, dec []result.Sample) [][]float64 {
	ids, e := result.ForkValues(enc, result.NsPerOp)
	_, d := result.ForkValues(dec, result.NsPerOp)
	var out [][]float64
	for _, id := range ids {
		n := min(len(e[id]), len(d[id]))
		if n == 0 {
			continue
		}
		g := make([]float64, n)
		for k := range g {
			g[k] = e[id][k] + d[id][k]
		}
		out = append(out, g)
	}
	return out
}

// Rank is a row's place in a ranking of times, fastest first.
type Rank struct {
	// Tier numbers the groups of rows that the measurements cannot tell
	// apart, from 1 (the fastest). A row starts a new tier when it is
	// significantly slower than the first row of the current tier
	// (stats.Pool.Compare of their fork-grouped samples with the run's
	// pool, α = 0.05), so
	// every row of a tier is within noise of the tier's first row. 0 when
	// the row is not ranked.
	Tier int
	// Above is the test whether the row differs from the row ranked just
	// above it; nil for the first row and for rows not ranked.
	Above *stats.Comparison
}

// Tied reports whether the row is not significantly different from the
// row ranked just above it: their order is not established.
func (k Rank) Tied() bool { return k.Above != nil && !k.Above.Significant() }

// TierText is the tier as a table shows it, "-" when not ranked.
func (k Rank) TierText() string {
	if k.Tier == 0 {
		return "-"
	}
	return fmt.Sprint(k.Tier)
}

// rank ranks items that are already sorted fastest first, given the
// fork-grouped samples of each and the run's pool (see Rank.Tier for the
// rule).
func rank(groups [][][]float64, pool stats.Pool) []Rank {
	out := make([]Rank, len(groups))
	tier, leader := 1, 0
	for i := range groups {
		if i > 0 {
			above := pool.Compare(groups[i-1], groups[i])
			out[i].Above = &above
			c := above
			if i-1 != leader {
				c = pool.Compare(groups[leader], groups[i])
			}
			if c.Significant() {
				tier++
				leader = i
			}
		}
		out[i].Tier = tier
	}
	return out
}

// ratioText formats the ratio v whose interval has the relative
// half-width h with the digits format.Ratio allows, followed by unit, and
// with "~" in front when tied (not significantly different from the row
// above).
func ratioText(v, h float64, unit string, tied bool) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	s := format.Ratio(v, h) + unit
	if tied {
		s = "~" + s
	}
	return s
}

// totalHalfWidth is the relative half-width of the interval of r's
// encode+decode time: the two cells' absolute half-widths combined as
// independent errors, √((E·hE)² + (D·hD)²) / (E + D).
func totalHalfWidth(r *Row) float64 {
	e, d := r.Encode.NsOp, r.Decode.NsOp
	return math.Hypot(e.Center*e.RelHalfWidth(), d.Center*d.RelHalfWidth()) / (e.Center + d.Center)
}

// VsBest formats Relative (this row's encode+decode time over the
// fastest row's) with the digits its interval supports and a "~" when the
// row is tied with the row above, followed by unit: "1x" for the fastest
// row, "~1.1x", "2.34x".
func (r *Row) VsBest(unit string) string {
	if r.Rank.Above == nil && r.Rank.Tier == 1 {
		return "1" + unit
	}
	return ratioText(r.Relative, r.RelativeHW, unit, r.Rank.Tied())
}

// rankRows sets Relative, RelativeHW and Rank of rows, which are sorted
// by Class (exact first) and then fastest (encode+decode) first. Only the
// rows of the first class present are ranked, and the fastest of them is
// "best": a lossy or failing codec never sets the bar for the exact ones.
// The others get Relative to that best row, and no rank.
func rankRows(rows []*Row) {
	if len(rows) == 0 {
		return
	}
	best := rows[0]
	var groups [][][]float64
	for _, r := range rows {
		r.Relative = r.Total() / best.Total()
		if r != best {
			r.RelativeHW = format.RelHalfWidth(totalHalfWidth(r), totalHalfWidth(best))
		}
		if r.Class() == best.Class() {
			groups = append(groups, pairedTotals(r.Encode.Cell.Samples, r.Decode.Cell.Samples))
		}
	}
	for i, k := range rank(groups, best.pool) {
		rows[i].Rank = k
	}
}

// rankAccess sets AccessRank of the rows of w that have an access cell.
func rankAccess(w *Workload) {
	rows := w.AccessRows()
	var groups [][][]float64
	var pool stats.Pool
	for _, r := range rows {
		groups = append(groups, r.Access.forks)
		pool = r.pool
	}
	for i, k := range rank(groups, pool) {
		rows[i].AccessRank = k
	}
}

// rankBandwidth sets Rank of bw's timed rows, within each operation.
func rankBandwidth(bw *Bandwidth) {
	for i := 0; i < len(bw.Rows); {
		j := i
		var groups [][][]float64
		for ; j < len(bw.Rows) && bw.Rows[j].Cell.Op == bw.Rows[i].Cell.Op; j++ {
			groups = append(groups, bw.Rows[j].Op.forks)
		}
		for k, rk := range rank(groups, bw.Rows[i].Row.pool) {
			bw.Rows[i+k].Rank = rk
		}
		i = j
	}
}

// GC is the garbage collection during a cell's samples.
type GC struct {
	// Known is false when the samples carry no garbage-collection data
	// (runs imported from the Go benchmark format, or stored before
	// serbench recorded it): every sample has no fork, no collection and
	// no collector time.
	Known bool
	// Per1k is the number of collections per 1,000 operations:
	// 1000·ΣGCCycles / ΣIters.
	Per1k float64
	// Share is the collector's CPU time as a fraction of the samples'
	// wall time: ΣGCCPU / Σ(NsPerOp·Iters). The collector runs on
	// several cores at once, so it can exceed 1; nothing is capped.
	Share float64
}

// gcFigures computes the GC of samples.
func gcFigures(samples []result.Sample) GC {
	var g GC
	var cycles, iters, cpu, wall float64
	for _, s := range samples {
		if s.Fork != 0 || s.GCCycles != 0 || s.GCCPU != 0 {
			g.Known = true
		}
		cycles += float64(s.GCCycles)
		iters += float64(s.Iters)
		cpu += float64(s.GCCPU.Nanoseconds())
		wall += s.NsPerOp * float64(s.Iters)
	}
	if !g.Known {
		return GC{Per1k: math.NaN(), Share: math.NaN()}
	}
	g.Per1k, g.Share = math.NaN(), math.NaN()
	if iters > 0 {
		g.Per1k = 1000 * cycles / iters
	}
	if wall > 0 {
		g.Share = cpu / wall
	}
	return g
}

// Per1kText formats Per1k, "-" when unknown.
func (g GC) Per1kText() string {
	if !g.Known {
		return "-"
	}
	return format.GC(g.Per1k)
}

// ShareText formats Share as a percentage without the sign, "-" when
// unknown: "12", "0.31".
func (g GC) ShareText() string {
	if !g.Known {
		return "-"
	}
	return format.GC(100 * g.Share)
}

// Precision says how the timed cells of a workload met their precision
// target (result.Cell.Target): whether the relative half-width of each
// cell's interval (Op.NsOp, over forks) is within its target, and, for
// those that missed, why (result.Cell.Missed).
type Precision struct {
	// Targets are the distinct targets of the cells, smallest first.
	Targets []float64
	// Cells counts the timed cells that have a target; Met those whose
	// interval is within it.
	Cells, Met int
	// Budget, Noise and Unstated count the cells that missed their target
	// because the run's time budget ran out, because more samples stopped
	// paying, and for no reason the run recorded.
	Budget, Noise, Unstated int
	// Missed are the cells that missed, worst (interval ÷ target) first.
	Missed []*Op
}

// MissedTarget reports whether o's cell had a precision target and its
// interval is wider.
func (o *Op) MissedTarget() bool {
	return o.Cell.Target > 0 && !(o.NsOp.RelHalfWidth() <= o.Cell.Target)
}

// missedWhy is the reason o missed its target: the cell's Missed, or
// "missed" when the run recorded none.
func (o *Op) missedWhy() string {
	if o.Cell.Missed != "" {
		return o.Cell.Missed
	}
	return "missed"
}

// precisionOf summarizes the targets of ops; nil when none has one.
func precisionOf(ops []*Op) *Precision {
	p := &Precision{}
	for _, o := range ops {
		t := o.Cell.Target
		if !(t > 0) {
			continue
		}
		if !slices.Contains(p.Targets, t) {
			p.Targets = append(p.Targets, t)
		}
		p.Cells++
		if !o.MissedTarget() {
			p.Met++
			continue
		}
		p.Missed = append(p.Missed, o)
		switch o.Cell.Missed {
		case result.MissedBudget:
			p.Budget++
		case result.MissedNoise:
			p.Noise++
		default:
			p.Unstated++
		}
	}
	if p.Cells == 0 {
		return nil
	}
	slices.Sort(p.Targets)
	excess := func(o *Op) float64 { return o.NsOp.RelHalfWidth() / o.Cell.Target }
	sort.SliceStable(p.Missed, func(i, j int) bool { return excess(p.Missed[i]) > excess(p.Missed[j]) })
	return p
}

// targetsText names the targets: "±3%", or "±2%/±5%".
func (p *Precision) targetsText() string {
	var s []string
	for _, t := range p.Targets {
		s = append(s, format.Target(t))
	}
	return strings.Join(s, "/")
}

// Line says in one line how many cells met the target, how many missed
// it and why, and names the worst three: "4 of 6 cells met the ±3%
// precision target; 2 missed it: 1 for the budget, 1 for noise; worst
// first: json decode ±7.2% > ±3% (budget), msgp encode ±4.1% > ±3%
// (noise)".
func (p *Precision) Line() string {
	plural := ""
	if len(p.Targets) > 1 {
		plural = "s"
	}
	s := fmt.Sprintf("%d of %d cells met the %s precision target%s", p.Met, p.Cells, p.targetsText(), plural)
	if len(p.Missed) == 0 {
		return s
	}
	var why []string
	if p.Budget > 0 {
		why = append(why, fmt.Sprintf("%d for the budget", p.Budget))
	}
	if p.Noise > 0 {
		why = append(why, fmt.Sprintf("%d for noise", p.Noise))
	}
	if p.Unstated > 0 {
		why = append(why, fmt.Sprintf("%d for no recorded reason", p.Unstated))
	}
	var worst []string
	for _, o := range p.Missed[:min(3, len(p.Missed))] {
		worst = append(worst, fmt.Sprintf("%s %s > %s (%s)", o.shortName(), format.CI(o.NsOp), format.Target(o.Cell.Target), o.missedWhy()))
	}
	more := ""
	if len(p.Missed) > 3 {
		more = fmt.Sprintf(" and %d more", len(p.Missed)-3)
	}
	return s + fmt.Sprintf("; %d missed it: %s; worst first: %s%s", len(p.Missed), strings.Join(why, ", "), strings.Join(worst, ", "), more)
}

// shortName names o's cell within its workload: "json decode", "json
// encode ×4".
func (o *Op) shortName() string {
	s := o.Cell.Codec + " " + o.Cell.Op
	if o.Cell.Goroutines > 1 {
		s += fmt.Sprintf(" ×%d", o.Cell.Goroutines)
	}
	return s
}

// CI formats the interval of o for a table of w (format.CI), followed by
// the reason in parentheses when o missed its precision target: "±7.2%
// (budget)".
func (w *Workload) CI(o *Op) string {
	if o == nil {
		return ""
	}
	s := format.CI(o.NsOp)
	if o.MissedTarget() {
		s += " (" + o.missedWhy() + ")"
	}
	return s
}

// decodePerAccess formats how many times faster r's access is than its
// full decode, with the digits the two intervals support, followed by
// unit.
func (r *Row) decodePerAccess(unit string) string {
	h := format.RelHalfWidth(r.Decode.NsOp.RelHalfWidth(), r.Access.NsOp.RelHalfWidth())
	return ratioText(r.Decode.NsOp.Center/r.Access.NsOp.Center, h, unit, false)
}
