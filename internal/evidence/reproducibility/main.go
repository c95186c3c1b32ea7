// Command reproducibility measures how well two stored serbench runs of the
// same selection agree with each other: the evidence that a serbench run
// can be repeated. scripts/reproducibility.sh takes the two runs back to
// back and calls it:
//
//	go run ./internal/evidence/reproducibility [--db DB] RUN-A RUN-B
//
// For every cell measured ok in both runs (reference cells such as the noop
// floor are left out: they are never ranked), it compares A's and B's ns/op
// medians, and prints, per workload and operation, per operation and
// overall:
//
//   - within ±5%: the share of cells whose medians agree within 5%,
//     |B/A − 1| ≤ 0.05;
//   - coverage: the share of cells whose B median lies inside A's 95%
//     confidence interval, computed as serbench's tables compute it (the
//     samples grouped by fork, and the variation between forks of all of
//     A's cells: report.RunPool). An honest 95% interval covers the next
//     run's median in about 83% of cells, not 95%: the next median has an
//     error of its own;
//   - tau: Kendall's rank correlation (tau-a, gonum's stat.Kendall) of the
//     two runs' codec rankings by median. Per operation and overall it is
//     the mean of the workloads' taus weighted by their numbers of codec
//     pairs, that is the concordance over all pairs of codecs of the same
//     workload and operation;
//
// then the run-level shift: the geometric mean of B/A over all cells, how
// much faster or slower the machine ran B as a whole, and the share within
// ±5% and the coverage once B's medians are divided by it. That line tells apart the two causes
// of a miss: a machine that changed speed between the runs shifts every
// cell alike and leaves the rankings and serbench's ratios to the best
// codec as they were, while imprecise cells scatter. It is diagnostic
// only: the thresholds apply to the medians as measured.
//
// Then the drift within each run: a run takes its cells' forks in rounds
// (every job's first forks, then batches of one more fork each), so fork k
// of every cell is measured at about the same time. For each fork number
// taken by at least MinDriftCells cells, the mean over those cells of
// log(fork median / cell median) is that round's offset; the lowest and
// highest offsets say how far the machine's speed moved during the run,
// alike for every cell measured then.
//
// Then the five cells that disagree most, and one line in a fixed format,
// for quoting:
//
//	overall: 64/70 cells within ±5% (91%), coverage 66/70 (94%), tau encode 0.96 decode 0.95
//
// Percentages and taus are rounded down, so that a printed figure never
// reads as meeting a threshold the exact one misses. The thresholds are
// at least 90% within ±5%, coverage at least 90%, and tau at least 0.95 for
// encode and for decode (a tau that cannot be computed, with fewer than two
// codecs, is reported as n/a and not checked).
//
// The exit status is 0 when every threshold is met, 3 when one is missed,
// 1 on an error (a missing database, an unknown run ID, runs with no ok
// cell in common) and 2 on bad usage.
//
// It does not run anything: the runs must be in the database already, and
// it does not check that they measured the same selection with the same
// settings, beyond saying how many cells only one run has.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"unicode/utf8"

	"gonum.org/v1/gonum/stat"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// The thresholds of the check.
const (
	// Tolerance is how far apart two medians may be and still agree:
	// |B/A − 1| ≤ Tolerance.
	Tolerance = 0.05
	// MinWithin is the smallest passing share of cells within Tolerance.
	MinWithin = 0.90
	// MinCoverage is the smallest passing share of B medians inside A's
	// 95% interval.
	MinCoverage = 0.90
	// MinTau is the smallest passing Kendall tau of the encode and of the
	// decode rankings.
	MinTau = 0.95
	// Worst is how many of the most different cells are listed.
	Worst = 5
	// MinDriftCells is how many cells must have a fork number for its
	// round to count in the drift within a run.
	MinDriftCells = 5
)

const usage = `Usage: reproducibility [--db DB] RUN-A RUN-B

Compares two stored serbench runs of the same selection: for the cells
measured ok in both (reference cells left out), the share whose medians
agree within ±5%, the share of B medians inside A's 95% interval
(coverage), Kendall's tau of the codec rankings, and the cells that differ
most. Exit status 0 when at least 90% agree within ±5%, coverage is at
least 90% and tau at least 0.95 for encode and decode; 3 when not; 1 on an
error; 2 on bad usage.

Flags:
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// errUsage marks bad usage: exit status 2.
var errUsage = errors.New("usage")

// errMissed is returned when the runs were compared and a threshold was
// missed: exit status 3.
var errMissed = errors.New("reproducibility thresholds missed")

// errHelp is returned after --help: exit status 0.
var errHelp = errors.New("help requested")

func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.Is(err, errMissed):
		return 3
	}
	fmt.Fprintln(stderr, "reproducibility:", err)
	if errors.Is(err, errUsage) {
		return 2
	}
	return 1
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("reproducibility", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	dbPath := fs.String("db", "serbench.db", "database holding both runs (a SQLite file, or a postgres:// URL)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return fmt.Errorf("%w: want two run IDs, got %d arguments", errUsage, fs.NArg())
	}
	if !store.IsPostgres(*dbPath) {
		if _, err := os.Stat(*dbPath); err != nil {
			return fmt.Errorf("database %s: %w", *dbPath, err)
		}
	}
	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := db.Run(ctx, fs.Arg(0))
	if err != nil {
		return err
	}
	b, err := db.Run(ctx, fs.Arg(1))
	if err != nil {
		return err
	}
	rep, err := Compare(a, b)
	if err != nil {
		return err
	}
	if err := rep.Write(stdout); err != nil {
		return err
	}
	if !rep.Pass() {
		return errMissed
	}
	return nil
}

// Pair is one cell measured ok in both runs.
type Pair struct {
	Key result.Key
	// A and B are the summaries of the cell's ns/op samples in each run.
	A, B stats.Summary
}

// Ratio returns B's median over A's.
func (p *Pair) Ratio() float64 { return p.B.Center / p.A.Center }

// Within reports whether the medians agree within Tolerance.
func (p *Pair) Within() bool { return p.withinAt(1) }

// Covered reports whether B's median lies inside A's confidence interval.
func (p *Pair) Covered() bool { return p.coveredAt(1) }

// withinAt is Within for B's median divided by shift.
func (p *Pair) withinAt(shift float64) bool {
	return math.Abs(p.Ratio()/shift-1) <= Tolerance+1e-12
}

// coveredAt is Covered for B's median divided by shift.
func (p *Pair) coveredAt(shift float64) bool {
	b := p.B.Center / shift
	return p.A.Lo <= b && b <= p.A.Hi
}

// Group is the agreement of a set of cells: a workload and operation, an
// operation over all workloads, or all cells.
type Group struct {
	// Name is "WORKLOAD OP" (with the number of goroutines for parallel
	// cells), "OP" for an operation over all workloads, or "all".
	Name string
	// Op is the operation, "" for all.
	Op string
	// Cells counts the cells, Within those whose medians agree within
	// Tolerance, Covered those whose B median is inside A's interval.
	Cells, Within, Covered int
	// Tau is Kendall's tau of the two runs' rankings of the codecs (the
	// pair-weighted mean over rankings for a group of several); NaN when
	// no ranking has two codecs.
	Tau float64
	// TauPairs is the number of pairs of codecs Tau is computed over.
	TauPairs int
}

// Report is the comparison of two runs.
type Report struct {
	A, B *result.Run
	// Pairs are the cells measured ok in both runs, by workload, operation,
	// goroutines and codec.
	Pairs []Pair
	// Groups are one per workload and operation (in Pairs' order), then
	// one per operation, then "all".
	Groups []Group
	// Reference counts the reference cells left out (of either run, each
	// key once);
	// NotOK the cells both runs have but one did not measure ok; OnlyA and
	// OnlyB the ok cells only one run has.
	Reference, NotOK, OnlyA, OnlyB int
	// Unbounded counts the pairs whose A interval is unbounded (too few
	// samples): they count as covered.
	Unbounded int
	// Shift is the run-level shift, the geometric mean of B/A over Pairs;
	// ShiftedWithin and ShiftedCovered count the pairs within Tolerance
	// and inside A's interval once B's median is divided by Shift.
	Shift                         float64
	ShiftedWithin, ShiftedCovered int
	// DriftA and DriftB are the fork rounds' offsets within each run, by
	// fork number (Drift).
	DriftA, DriftB []RoundOffset
}

// RoundOffset is how far the cells' forks of one number were, on average,
// from their cells' medians: exp(mean of log(fork median / cell median))
// − 1 over the Cells cells that have that fork.
type RoundOffset struct {
	Fork, Cells int
	Offset      float64
}

// Drift returns the offsets of the fork rounds of cells (ns/op), fork
// numbers with at least MinDriftCells cells only, in fork order.
func Drift(cells []*result.Cell) []RoundOffset {
	logs := map[int][]float64{}
	for _, c := range cells {
		ids, by := result.ForkValues(c.Samples, result.NsPerOp)
		if len(ids) < 2 {
			continue
		}
		// The cell's median, the center of its summary: the median of
		// all its samples.
		center := stats.Median(slices.Concat(slices.Collect(maps.Values(by))...))
		if !(center > 0) {
			continue
		}
		for _, id := range ids {
			if m := stats.Median(by[id]); m > 0 {
				logs[id] = append(logs[id], math.Log(m/center))
			}
		}
	}
	var out []RoundOffset
	for id, ls := range logs {
		if len(ls) >= MinDriftCells {
			out = append(out, RoundOffset{Fork: id, Cells: len(ls), Offset: math.Exp(stat.Mean(ls, nil)) - 1})
		}
	}
	slices.SortFunc(out, func(x, y RoundOffset) int { return cmp.Compare(x.Fork, y.Fork) })
	return out
}

// driftText says how far a run's fork rounds moved: the lowest and the
// highest offset, with their fork numbers.
func driftText(d []RoundOffset) string {
	if len(d) < 2 {
		return "fewer than two fork rounds with enough cells"
	}
	lo := slices.MinFunc(d, func(x, y RoundOffset) int { return cmp.Compare(x.Offset, y.Offset) })
	hi := slices.MaxFunc(d, func(x, y RoundOffset) int { return cmp.Compare(x.Offset, y.Offset) })
	return fmt.Sprintf("%d fork rounds, from %+.1f%% (fork %d) to %+.1f%% (fork %d)", len(d), lo.Offset*100, lo.Fork, hi.Offset*100, hi.Fork)
}

// Compare compares the cells of a and b. It fails when the runs have no
// cell measured ok in common.
func Compare(a, b *result.Run) (*Report, error) {
	r := &Report{A: a, B: b}
	poolA, poolB := report.RunPool(a), report.RunPool(b)
	var inA, inB []*result.Cell // the cells of Pairs
	seen := map[result.Key]bool{}
	refs := map[result.Key]bool{}
	for i := range a.Cells {
		ca := &a.Cells[i]
		if ca.Reference != "" {
			refs[ca.Key()] = true
			continue
		}
		cb := b.Cell(ca.Key())
		if cb == nil {
			if ca.Status == result.CellOK {
				r.OnlyA++
			}
			continue
		}
		seen[ca.Key()] = true
		if ca.Status != result.CellOK || cb.Status != result.CellOK || len(ca.Samples) == 0 || len(cb.Samples) == 0 {
			r.NotOK++
			continue
		}
		p := Pair{Key: ca.Key(), A: summarize(ca, poolA), B: summarize(cb, poolB)}
		if p.A.Center <= 0 || math.IsNaN(p.A.Center) || math.IsNaN(p.B.Center) {
			r.NotOK++
			continue
		}
		if math.IsInf(p.A.Lo, 0) || math.IsInf(p.A.Hi, 0) {
			r.Unbounded++
		}
		r.Pairs = append(r.Pairs, p)
		inA, inB = append(inA, ca), append(inB, cb)
	}
	for i := range b.Cells {
		cb := &b.Cells[i]
		if cb.Reference != "" {
			refs[cb.Key()] = true
			continue
		}
		if !seen[cb.Key()] && cb.Status == result.CellOK {
			r.OnlyB++
		}
	}
	r.Reference = len(refs)
	if len(r.Pairs) == 0 {
		return nil, fmt.Errorf("runs %s and %s have no cell measured ok in common (%d cells not ok in one of them, %d ok in %s only, %d ok in %s only)",
			a.ID, b.ID, r.NotOK, r.OnlyA, a.ID, r.OnlyB, b.ID)
	}
	slices.SortFunc(r.Pairs, func(x, y Pair) int {
		return cmp.Or(cmp.Compare(x.Key.Workload, y.Key.Workload), cmp.Compare(result.OpOrder(x.Key.Op), result.OpOrder(y.Key.Op)),
			cmp.Compare(x.Key.Op, y.Key.Op), cmp.Compare(x.Key.Goroutines, y.Key.Goroutines), cmp.Compare(x.Key.Codec, y.Key.Codec))
	})
	r.group()
	r.shift()
	r.DriftA, r.DriftB = Drift(inA), Drift(inB)
	return r, nil
}

// shift computes the run-level shift and the agreement without it.
func (r *Report) shift() {
	logs := make([]float64, len(r.Pairs))
	for i := range r.Pairs {
		logs[i] = math.Log(r.Pairs[i].Ratio())
	}
	r.Shift = math.Exp(stat.Mean(logs, nil))
	for _, p := range r.Pairs {
		if p.withinAt(r.Shift) {
			r.ShiftedWithin++
		}
		if p.coveredAt(r.Shift) {
			r.ShiftedCovered++
		}
	}
}

// ShiftLine returns the run-level shift line, in a fixed format:
//
//	run-level shift: B/A +14.6% (geometric mean); without it 58/114 within ±5% (50%), coverage 61/114 (53%)
func (r *Report) ShiftLine() string {
	n := len(r.Pairs)
	return fmt.Sprintf("run-level shift: B/A %+.1f%% (geometric mean); without it %d/%d within ±5%% (%s), coverage %d/%d (%s)",
		(r.Shift-1)*100, r.ShiftedWithin, n, pct(r.ShiftedWithin, n), r.ShiftedCovered, n, pct(r.ShiftedCovered, n))
}

// group fills r.Groups from r.Pairs, which are sorted.
func (r *Report) group() {
	type ranking struct{ a, b []float64 }
	var (
		rankings []Group // one per workload, operation and goroutines
		ops      []Group
		all      = Group{Name: "all"}
	)
	for i := 0; i < len(r.Pairs); {
		k := r.Pairs[i].Key
		g := Group{Name: k.Workload + " " + k.Op, Op: k.Op}
		if k.Goroutines > 1 {
			g.Name += fmt.Sprintf(" (%d goroutines)", k.Goroutines)
		}
		var rk ranking
		j := i
		for ; j < len(r.Pairs); j++ {
			p := &r.Pairs[j]
			if p.Key.Workload != k.Workload || p.Key.Op != k.Op || p.Key.Goroutines != k.Goroutines {
				break
			}
			g.Cells++
			if p.Within() {
				g.Within++
			}
			if p.Covered() {
				g.Covered++
			}
			rk.a = append(rk.a, p.A.Center)
			rk.b = append(rk.b, p.B.Center)
		}
		i = j
		g.Tau = math.NaN()
		if n := len(rk.a); n >= 2 {
			g.Tau = stat.Kendall(rk.a, rk.b, nil)
			g.TauPairs = n * (n - 1) / 2
		}
		rankings = append(rankings, g)
	}
	for _, g := range rankings {
		k := slices.IndexFunc(ops, func(o Group) bool { return o.Op == g.Op })
		if k < 0 {
			ops = append(ops, Group{Name: g.Op, Op: g.Op})
			k = len(ops) - 1
		}
		ops[k].add(g)
		all.add(g)
	}
	slices.SortStableFunc(ops, func(x, y Group) int { return cmp.Compare(result.OpOrder(x.Op), result.OpOrder(y.Op)) })
	for _, g := range append(ops, all) {
		g.finish()
		rankings = append(rankings, g)
	}
	r.Groups = rankings
}

// add adds the counts of g to s, and g's tau weighted by its pairs (Tau
// holds the weighted sum until finish).
func (s *Group) add(g Group) {
	s.Cells += g.Cells
	s.Within += g.Within
	s.Covered += g.Covered
	if g.TauPairs > 0 {
		s.Tau += g.Tau * float64(g.TauPairs)
		s.TauPairs += g.TauPairs
	}
}

// finish turns the weighted sum of taus into their weighted mean.
func (s *Group) finish() {
	if s.TauPairs == 0 {
		s.Tau = math.NaN()
		return
	}
	s.Tau /= float64(s.TauPairs)
}

// Group returns the group named name, or nil.
func (r *Report) Group(name string) *Group {
	for i := range r.Groups {
		if r.Groups[i].Name == name {
			return &r.Groups[i]
		}
	}
	return nil
}

// tau returns the tau of operation op over all workloads, NaN when there
// is none.
func (r *Report) tau(op string) float64 {
	if g := r.Group(op); g != nil {
		return g.Tau
	}
	return math.NaN()
}

// Failures lists the thresholds r misses, empty when it passes.
func (r *Report) Failures() []string {
	all := r.Group("all")
	var out []string
	if share(all.Within, all.Cells) < MinWithin {
		out = append(out, fmt.Sprintf("%s of cells within ±5%%, want at least %.0f%%", pct(all.Within, all.Cells), MinWithin*100))
	}
	if share(all.Covered, all.Cells) < MinCoverage {
		out = append(out, fmt.Sprintf("coverage %s, want at least %.0f%%", pct(all.Covered, all.Cells), MinCoverage*100))
	}
	for _, op := range []string{result.OpEncode, result.OpDecode} {
		if t := r.tau(op); !math.IsNaN(t) && t < MinTau {
			out = append(out, fmt.Sprintf("tau %s %s, want at least %.2f", op, fmtTau(t), MinTau))
		}
	}
	return out
}

// Pass reports whether r meets every threshold.
func (r *Report) Pass() bool { return len(r.Failures()) == 0 }

// Overall returns the one-line summary, in a fixed format:
//
//	overall: 64/70 cells within ±5% (91%), coverage 66/70 (94%), tau encode 0.96 decode 0.95
func (r *Report) Overall() string {
	all := r.Group("all")
	return fmt.Sprintf("overall: %d/%d cells within ±5%% (%s), coverage %d/%d (%s), tau encode %s decode %s",
		all.Within, all.Cells, pct(all.Within, all.Cells), all.Covered, all.Cells, pct(all.Covered, all.Cells),
		fmtTau(r.tau(result.OpEncode)), fmtTau(r.tau(result.OpDecode)))
}

// Write prints the report.
func (r *Report) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "reproducibility: run B %s against run A %s\n", r.B.ID, r.A.ID)
	fmt.Fprintf(&b, "  A: %s\n  B: %s\n", describe(r.A), describe(r.B))
	fmt.Fprintf(&b, "%d cells measured ok in both runs", len(r.Pairs))
	var left []string
	if r.Reference > 0 {
		left = append(left, plural(r.Reference, "reference cell"))
	}
	if r.NotOK > 0 {
		left = append(left, fmt.Sprintf("%d not ok in one run", r.NotOK))
	}
	if r.OnlyA > 0 {
		left = append(left, fmt.Sprintf("%d in A only", r.OnlyA))
	}
	if r.OnlyB > 0 {
		left = append(left, fmt.Sprintf("%d in B only", r.OnlyB))
	}
	if len(left) > 0 {
		fmt.Fprintf(&b, " (left out: %s)", strings.Join(left, ", "))
	}
	b.WriteString("\n\n")

	width := len("all")
	for _, g := range r.Groups {
		width = max(width, utf8.RuneCountInString(g.Name))
	}
	row := func(name, cells, within, coverage, tau string) {
		fmt.Fprintf(&b, "%-*s  %5s  %12s  %12s  %5s\n", width, name, cells, within, coverage, tau)
	}
	row("", "cells", "within ±5%", "coverage", "tau")
	for i, g := range r.Groups {
		if i > 0 && strings.Contains(r.Groups[i-1].Name, " ") && !strings.Contains(g.Name, " ") {
			b.WriteString("\n") // the totals
		}
		row(g.Name, fmt.Sprint(g.Cells), fmt.Sprintf("%d %5s", g.Within, "("+pct(g.Within, g.Cells)+")"),
			fmt.Sprintf("%d %5s", g.Covered, "("+pct(g.Covered, g.Cells)+")"), fmtTau(g.Tau))
	}

	fmt.Fprintf(&b, "\n%s\n", r.ShiftLine())
	fmt.Fprintf(&b, "drift within A: %s\ndrift within B: %s\n", driftText(r.DriftA), driftText(r.DriftB))

	worst := slices.Clone(r.Pairs)
	slices.SortStableFunc(worst, func(x, y Pair) int {
		return cmp.Compare(math.Abs(y.Ratio()-1), math.Abs(x.Ratio()-1))
	})
	worst = worst[:min(Worst, len(worst))]
	fmt.Fprintf(&b, "\nmost different cells (B/A − 1; A's median and 95%% interval; B's median):\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, p := range worst {
		name := p.Key.Workload + "/" + p.Key.Codec + " " + p.Key.Op
		if p.Key.Goroutines > 1 {
			name += fmt.Sprintf(" (%d goroutines)", p.Key.Goroutines)
		}
		inside := "inside"
		if !p.Covered() {
			inside = "outside"
		}
		fmt.Fprintf(tw, "  %s\t%+.1f%%\tA %s [%s, %s]\tB %s\t%s\n", name, (p.Ratio()-1)*100,
			format.Ns(p.A.Center), format.Ns(p.A.Lo), format.Ns(p.A.Hi), format.Ns(p.B.Center), inside)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if r.Unbounded > 0 {
		fmt.Fprintf(&b, "\nwarning: %d cells of A have too few samples for a 95%% interval; they count as covered (use a larger --count)\n", r.Unbounded)
	}

	fmt.Fprintf(&b, "\n%s\n", r.Overall())
	if f := r.Failures(); len(f) > 0 {
		fmt.Fprintf(&b, "FAIL: %s\n", strings.Join(f, "; "))
	} else {
		fmt.Fprintf(&b, "PASS (at least %.0f%% within ±5%%, coverage at least %.0f%%, tau at least %.2f for encode and decode)\n",
			MinWithin*100, MinCoverage*100, MinTau)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// describe says when a run started, how long it took and what it ran.
func describe(r *result.Run) string {
	s := r.ID + " · " + r.Start.UTC().Format("2006-01-02 15:04:05 UTC")
	if !r.End.IsZero() {
		s += fmt.Sprintf(" · took %s", r.End.Sub(r.Start).Round(100e6))
	}
	if !r.Complete {
		s += " · incomplete"
	}
	if r.Command != "" {
		s += " · " + r.Command
	}
	return s
}

// summarize returns the median of c's ns/op samples with its 95% interval,
// as serbench's tables compute it: the samples grouped by fork (the worker
// process that took them), and pool, the variation between forks of c's
// run.
func summarize(c *result.Cell, pool stats.Pool) stats.Summary {
	return pool.Summarize(result.ForkGroups(c.Samples, result.NsPerOp))
}

// plural returns "1 thing" or "n things".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// share returns n/of, 0 when of is 0.
func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// pct formats n/of as a whole percentage, rounded down.
func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", n*100/of)
}

// fmtTau formats a tau with two decimals, rounded down; n/a for NaN.
func fmtTau(t float64) string {
	if math.IsNaN(t) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", math.Floor(t*100+1e-9)/100)
}
