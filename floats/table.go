package floats

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/stats"
)

// row is one line of the table.
type row struct {
	name   string
	cell   *result.Cell
	verify *result.Verification
	mbps   stats.Summary // MB/s of the raw bytes, over the samples
	bop    stats.Summary
	allocs stats.Summary
}

func (r *row) timed() bool { return r.cell != nil && len(r.cell.Samples) > 0 && r.check() == "ok" }

// check is the row's sum-check mark: ok, FAIL (sum mismatch), or the
// status that kept it from being timed.
func (r *row) check() string {
	if r.verify != nil && r.verify.Status != result.VerifyExact {
		if strings.Contains(r.verify.Error, ErrSumMismatch.Error()) || strings.Contains(r.verify.Error, ErrValuesDiffer.Error()) {
			return "FAIL"
		}
		return r.verify.Status
	}
	if r.cell == nil {
		return "?"
	}
	if r.cell.Status != result.CellOK {
		if strings.Contains(r.cell.Error, ErrSumMismatch.Error()) {
			return "FAIL"
		}
		return r.cell.Status
	}
	return "ok"
}

func (r *row) problem() string {
	if r.verify != nil && r.verify.Error != "" {
		return r.verify.Error
	}
	if r.cell != nil {
		return r.cell.Error
	}
	return ""
}

func summarizeRow(r *row, raw float64) {
	if r.cell == nil {
		return
	}
	var mb, b, a []float64
	for _, s := range r.cell.Samples {
		if s.NsPerOp > 0 {
			mb = append(mb, raw/s.NsPerOp*1e3)
		}
		b = append(b, s.BytesPerOp)
		a = append(a, s.AllocsPerOp)
	}
	r.mbps, r.bop, r.allocs = stats.Summarize(mb), stats.Summarize(b), stats.Summarize(a)
}

// Table writes the floats table: the two physical limits on top, then one
// row per strategy, fastest first, then the strategies that were not
// timed, with notes on every problem and reduced sample count.
//
// cells are the strategy cells and may include the limit cells (as
// Result.AllCells or a stored run's cells do); limits are further limit
// cells. MB/s is 4 bytes times the number of values (Verification.Values,
// else the limits' size) divided by the time per operation; "size" is the
// file size (Cell.MeanSize, else Verification.MeanSize).
func Table(w io.Writer, cells []result.Cell, verifs []result.Verification, limits ...result.Cell) error {
	var lim [2]*row // memcpy, sum
	byName := map[string]*row{}
	var rows []*row
	get := func(name string) *row {
		if r := byName[name]; r != nil {
			return r
		}
		r := &row{name: name}
		byName[name] = r
		rows = append(rows, r)
		return r
	}
	all := append(append([]result.Cell(nil), limits...), cells...)
	n := 0
	for i := range all {
		c := &all[i]
		if c.Workload != Workload && c.Workload != "" {
			continue
		}
		switch c.Codec {
		case LimitMemcpy:
			lim[0] = &row{name: "memcpy (limit)", cell: c}
		case LimitSum:
			lim[1] = &row{name: "sum in memory (limit)", cell: c}
		default:
			get(c.Codec).cell = c
		}
	}
	for i := range verifs {
		v := &verifs[i]
		if v.Workload != Workload {
			continue
		}
		get(v.Codec).verify = v
		n = max(n, v.Values)
	}
	raw := float64(4 * n)
	if n == 0 {
		for _, l := range lim {
			if l != nil && l.cell.MeanSize > 0 {
				raw = l.cell.MeanSize
			}
		}
	}
	for _, l := range lim {
		if l != nil {
			summarizeRow(l, raw)
		}
	}
	for _, r := range rows {
		summarizeRow(r, raw)
	}
	var timed, failed []*row
	for _, r := range rows {
		if r.timed() {
			timed = append(timed, r)
		} else {
			failed = append(failed, r)
		}
	}
	sort.SliceStable(timed, func(i, j int) bool { return timed[i].mbps.Center > timed[j].mbps.Center })
	sort.SliceStable(failed, func(i, j int) bool { return failed[i].name < failed[j].name })

	pct := func(r, l *row) string {
		if l == nil || !(l.mbps.Center > 0) || !(r.mbps.Center > 0) {
			return "-"
		}
		return pct3(100 * r.mbps.Center / l.mbps.Center)
	}
	maxN := 0
	for _, r := range []*row{lim[0], lim[1]} {
		if r != nil && r.cell != nil {
			maxN = max(maxN, len(r.cell.Samples))
		}
	}
	for _, r := range timed {
		if r.cell != nil {
			maxN = max(maxN, len(r.cell.Samples))
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "workload %s: %d float32 values (%s raw); MB/s = raw bytes / time per read+decode+sum; medians with 95%% confidence intervals\n\n",
		Workload, int(raw/4), format.Bytes(raw))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "strategy\tMB/s\t±\tfile size\tB/op\tallocs/op\tn\t% memcpy\t% sum\tsum check\t")
	line := func(r *row, size float64, check string) {
		if r.cell == nil || len(r.cell.Samples) == 0 {
			fmt.Fprintf(tw, "%s\t-\t\t%s\t-\t-\t0\t-\t-\t%s\t\n", r.name, format.Bytes(size), check)
			return
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t\n",
			r.name, format.Sig3(r.mbps.Center), format.CI(r.mbps), format.Bytes(size),
			format.Bytes(r.bop.Center), format.Count(r.allocs.Center), len(r.cell.Samples),
			pct(r, lim[0]), pct(r, lim[1]), check)
	}
	for _, l := range lim {
		if l != nil {
			check := "-"
			if l.cell.Status != result.CellOK {
				check = l.cell.Status
			}
			line(l, math.NaN(), check)
		}
	}
	size := func(r *row) float64 {
		if r.cell != nil && r.cell.MeanSize > 0 {
			return r.cell.MeanSize
		}
		if r.verify != nil && r.verify.MeanSize > 0 {
			return r.verify.MeanSize
		}
		return math.NaN()
	}
	for _, r := range timed {
		line(r, size(r), r.check())
	}
	for _, r := range failed {
		line(r, size(r), r.check())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var notes []string
	for _, r := range slices.Concat(timed, failed) {
		if p := r.problem(); p != "" && r.check() != "ok" {
			notes = append(notes, fmt.Sprintf("%s: %s: %s", r.name, r.check(), p))
		}
	}
	for _, r := range timed {
		if k := len(r.cell.Samples); k < maxN {
			notes = append(notes, fmt.Sprintf("%s: %d samples (others %d): slow strategy, sample count reduced to fit the per-strategy time budget", r.name, k, maxN))
		}
	}
	if len(notes) > 0 {
		b.WriteString("\n")
		for _, s := range notes {
			b.WriteString("  " + s + "\n")
		}
	}
	b.WriteString(tableLegend)
	_, err := io.WriteString(w, b.String())
	return err
}

const tableLegend = `
size: file size; B/op and allocs/op: Go heap allocations per read (mmap'd memory is not counted);
% memcpy and % sum: MB/s relative to copy() of the raw bytes and to summing the values already in
memory, both on the same goroutine in the same run. sum check: ok = decoded sum equals the sum of
the originals, exactly, at setup and in every timed read; FAIL = it did not (not timed);
error/unsupported/timeout = not timed, see the notes.
`

// WriteTable writes r with Table, preceded by the seed and followed by
// the wall time and warnings of the run.
func (r *Result) WriteTable(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "seed %#x (PCG stream %#x), expected sum %v\n", r.Seed, Stream, r.Expected); err != nil {
		return err
	}
	if err := Table(w, r.Cells, r.Verifications, r.Limits...); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "wall time %s\n", r.Wall.Round(100e6))
	if len(r.Warnings) > 0 {
		b.WriteString("warnings:\n")
		for _, s := range r.Warnings {
			b.WriteString("  " + s + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func pct3(v float64) string { return format.Sig3(v) + "%" }
