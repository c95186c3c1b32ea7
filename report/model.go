// Package report renders stored runs: terminal tables, Markdown, CSV, JSON
// and the Go benchmark format. It computes medians and confidence intervals
// from the raw samples of a run (package stats) and never calls the
// harness, so any stored run can be rendered again at any time.
package report

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/serbench/serbench/floats"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/stats"
	"github.com/serbench/serbench/workload"
)

// MaxRelCI is the widest confidence interval, relative to the median, that
// passes without a warning.
const MaxRelCI = 0.05

// Options select what a report shows.
type Options struct {
	// AllVariants shows codecs with variant flags (buffer reuse, unsafe
	// strings, conversion); by default only plain variants are shown.
	AllVariants bool
}

// Report is the rendered model of one run.
type Report struct {
	Run       *result.Run
	Workloads []*Workload
	// Floats is set when the run measured the floats workload, which has
	// a table of its own (floats.Table).
	Floats bool
	// Warnings are statistical and run-level warnings, each saying what
	// to do about it.
	Warnings []string

	opts Options
}

// FloatsData returns the cells and verifications of the floats workload
// that the report shows: every strategy, and of the codecs only the plain
// variants unless Options.AllVariants.
func (rep *Report) FloatsData() ([]result.Cell, []result.Verification) {
	shown := func(name string) bool {
		c := rep.Run.Codec(name)
		return rep.opts.AllVariants || c == nil || c.Plain()
	}
	var cells []result.Cell
	for _, c := range rep.Run.Cells {
		if c.Workload == floats.Workload && shown(c.Codec) {
			cells = append(cells, c)
		}
	}
	var vs []result.Verification
	for _, v := range rep.Run.Verifications {
		if v.Workload == floats.Workload && shown(v.Codec) {
			vs = append(vs, v)
		}
	}
	return cells, vs
}

// Workload is the table of one workload.
type Workload struct {
	Name string
	// Rows are the timed codecs, fastest (encode+decode median) first.
	Rows []*Row
	// Failed are codecs that errored, timed out or are unsupported.
	Failed []*Row
	// Hidden counts variant rows left out by Options.
	Hidden int
	// Scaling is the parallel throughput of codecs that ran on more than
	// one goroutine.
	Scaling []*ScalingRow
}

// Row is one codec in one workload.
type Row struct {
	Codec  *result.Codec
	Verify *result.Verification
	// Encode and Decode summarize the cells; nil when not measured.
	Encode, Decode *Op
	// Access summarizes the access cell of zero-copy codecs (read a few
	// fields without a full decode); nil for other codecs.
	Access *Op
	// Zstd summarizes the zstd cell (compressing one encoded message);
	// nil when not measured.
	Zstd *Op
	// Relative is (encode+decode) relative to the fastest row (1 for it).
	Relative float64
	// Cells are the encode and decode cells, including failed ones.
	Cells []*result.Cell
}

// AccessRows returns the rows of w that have an access cell, fastest
// access first.
func (w *Workload) AccessRows() []*Row {
	var rows []*Row
	for _, r := range w.Rows {
		if r.Access != nil {
			rows = append(rows, r)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Access.NsOp.Center < rows[j].Access.NsOp.Center })
	return rows
}

// SizeRows returns the rows of w whose compressed sizes were measured,
// smallest zstd size first.
func (w *Workload) SizeRows() []*Row {
	var rows []*Row
	for _, r := range w.Rows {
		if len(r.Verify.Compressed) > 0 {
			rows = append(rows, r)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Verify.Compressed["zstd"] < rows[j].Verify.Compressed["zstd"] })
	return rows
}

// accessFields names the fields the access operation reads in a workload,
// as the workload defines them (the fields of its Access value).
func accessFields(name string) string {
	w, err := workload.Lookup(name)
	if err != nil || w.Access == nil {
		return "a few fields"
	}
	t := reflect.TypeOf(w.Access(reflect.New(w.Type).Interface()))
	var names []string
	for i := 0; i < t.NumField(); i++ {
		names = append(names, t.Field(i).Name)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Op summarizes one cell.
type Op struct {
	Cell   *result.Cell
	NsOp   stats.Summary
	BOp    stats.Summary
	Allocs stats.Summary
	// MBps is the median throughput in MB/s (10^6 bytes per second) of
	// the messages' mean size.
	MBps float64
}

// Total returns the sum of encode and decode medians, or +Inf when either
// is missing.
func (r *Row) Total() float64 {
	if r.Encode == nil || r.Decode == nil {
		return math.Inf(1)
	}
	return r.Encode.NsOp.Center + r.Decode.NsOp.Center
}

// Mark is the short correctness mark of the row: "ok" for exact, "lossy"
// for declared losses, "FAIL" for undeclared ones, and the failure status
// otherwise.
func (r *Row) Mark() string {
	if r.Verify == nil {
		return "?"
	}
	if !r.Verify.Failed() {
		for _, c := range r.Cells {
			if c.Status != result.CellOK {
				return c.Status
			}
		}
	}
	switch r.Verify.Status {
	case result.VerifyExact:
		return "ok"
	case result.VerifyLossy:
		return "lossy"
	case result.VerifyMismatch:
		return "FAIL"
	}
	return r.Verify.Status
}

// Build computes the report of run.
func Build(run *result.Run, opts Options) *Report {
	rep := &Report{Run: run, opts: opts}
	byWorkload := map[string]*Workload{}
	var wide []*Op
	var names []string
	get := func(name string) *Workload {
		w := byWorkload[name]
		if w == nil {
			w = &Workload{Name: name}
			byWorkload[name] = w
			names = append(names, name)
		}
		return w
	}
	for i := range run.Verifications {
		v := &run.Verifications[i]
		if v.Workload == floats.Workload {
			rep.Floats = true // rendered by floats.Table
			continue
		}
		w := get(v.Workload)
		c := run.Codec(v.Codec)
		if c == nil {
			c = &result.Codec{Name: v.Codec}
		}
		if !opts.AllVariants && !c.Plain() {
			w.Hidden++
			continue
		}
		row := &Row{Codec: c, Verify: v}
		for i := range run.Cells {
			c := &run.Cells[i]
			if c.Workload != v.Workload || c.Codec != v.Codec {
				continue
			}
			row.Cells = append(row.Cells, c)
			switch {
			case c.Goroutines != 1:
			case c.Op == result.OpEncode:
				row.Encode = summarize(c)
			case c.Op == result.OpDecode:
				row.Decode = summarize(c)
			case c.Op == result.OpAccess:
				row.Access = summarize(c)
			case c.Op == result.OpZstd:
				row.Zstd = summarize(c)
			}
		}
		if v.Failed() || row.Encode == nil || row.Decode == nil {
			w.Failed = append(w.Failed, row)
		} else {
			w.Rows = append(w.Rows, row)
		}
		for _, op := range []*Op{row.Encode, row.Decode, row.Access, row.Zstd} {
			if op != nil {
				rep.Warnings = append(rep.Warnings, op.warnings()...)
				if op.wide() {
					wide = append(wide, op)
				}
			}
		}
	}
	if w := wideWarning(wide); w != "" {
		rep.Warnings = append(rep.Warnings, w)
	}
	sort.Strings(names)
	for _, n := range names {
		w := byWorkload[n]
		sort.SliceStable(w.Rows, func(i, j int) bool {
			ti, tj := w.Rows[i].Total(), w.Rows[j].Total()
			if ti != tj {
				return ti < tj
			}
			return w.Rows[i].Codec.Name < w.Rows[j].Codec.Name
		})
		sort.SliceStable(w.Failed, func(i, j int) bool { return w.Failed[i].Codec.Name < w.Failed[j].Codec.Name })
		if len(w.Rows) > 0 {
			best := w.Rows[0].Total()
			for _, r := range w.Rows {
				r.Relative = r.Total() / best
			}
		}
		shown := map[string]bool{}
		for _, r := range w.Rows {
			shown[r.Codec.Name] = true
		}
		w.Scaling = scaling(run, n, shown)
		rep.Workloads = append(rep.Workloads, w)
	}
	rep.Warnings = append(rep.Warnings, run.Warnings...)
	if !run.Complete {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("run %s is incomplete (interrupted or failed): cells with fewer samples than asked are marked", run.ID))
	}
	return rep
}

func summarize(c *result.Cell) *Op {
	if c == nil || len(c.Samples) == 0 {
		return nil
	}
	ns := make([]float64, len(c.Samples))
	b := make([]float64, len(c.Samples))
	a := make([]float64, len(c.Samples))
	for i, s := range c.Samples {
		ns[i], b[i], a[i] = s.NsPerOp, s.BytesPerOp, s.AllocsPerOp
	}
	op := &Op{Cell: c, NsOp: stats.Summarize(ns), BOp: stats.Summarize(b), Allocs: stats.Summarize(a)}
	if op.NsOp.Center > 0 {
		op.MBps = c.MeanSize / op.NsOp.Center * 1e3
	}
	return op
}

func (o *Op) name() string {
	return fmt.Sprintf("%s/%s %s", o.Cell.Workload, o.Cell.Codec, o.Cell.Op)
}

// wide reports whether o has enough samples for an interval and the
// interval is wider than MaxRelCI.
func (o *Op) wide() bool {
	return len(o.Cell.Samples) >= 6 && o.NsOp.RelHalfWidth() > MaxRelCI
}

// wideWarning summarizes the cells with wide intervals in one warning.
func wideWarning(ops []*Op) string {
	if len(ops) == 0 {
		return ""
	}
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].NsOp.RelHalfWidth() > ops[j].NsOp.RelHalfWidth() })
	var names []string
	for _, o := range ops[:min(3, len(ops))] {
		names = append(names, fmt.Sprintf("%s ±%.0f%%", o.name(), 100*o.NsOp.RelHalfWidth()))
	}
	more := ""
	if len(ops) > 3 {
		more = fmt.Sprintf(" and %d more", len(ops)-3)
	}
	return fmt.Sprintf("%d cells have a confidence interval wider than ±%.0f%% (%s%s); use a larger --count or --time, or quiet the machine",
		len(ops), 100*MaxRelCI, strings.Join(names, ", "), more)
}

func (o *Op) warnings() []string {
	name := o.name()
	var out []string
	if n := len(o.Cell.Samples); n < 6 {
		out = append(out, fmt.Sprintf("%s: only %d samples, too few for a 95%% confidence interval; use --count 10", name, n))
	}
	if o.Cell.Status != result.CellOK {
		out = append(out, fmt.Sprintf("%s: %s: %s", name, o.Cell.Status, o.Cell.Error))
	}
	return out
}

// Notes returns the explanation lines of w: declared losses seen,
// undeclared losses with examples, failures.
func (w *Workload) Notes() []string {
	var out []string
	for _, r := range w.Rows {
		switch r.Verify.Status {
		case result.VerifyLossy:
			out = append(out, fmt.Sprintf("lossy %s: declared %s; seen: %s", r.Codec.Name, strings.Join(r.Codec.Losses, "; "), strings.Join(r.Verify.Observed, ", ")))
		case result.VerifyMismatch:
			ex := ""
			if len(r.Verify.Diffs) > 0 {
				ex = "; e.g. " + r.Verify.Diffs[0]
			}
			out = append(out, fmt.Sprintf("FAIL %s: undeclared loss in %d of %d values%s", r.Codec.Name, r.Verify.DiffValues, r.Verify.Values, ex))
		}
	}
	// Unsupported codecs with the same reason (once the codec's own name
	// is taken out) share one line.
	type group struct {
		names  []string
		reason string
	}
	var groups []*group
	byReason := map[string]*group{}
	for _, r := range w.Failed {
		if r.Verify.Status != result.VerifyUnsupported {
			continue
		}
		reason := strings.ReplaceAll(r.Verify.Error, r.Codec.Name, "CODEC")
		g := byReason[reason]
		if g == nil {
			g = &group{reason: reason}
			byReason[reason] = g
			groups = append(groups, g)
		}
		g.names = append(g.names, r.Codec.Name)
	}
	for _, g := range groups {
		reason := g.reason
		if len(g.names) == 1 {
			reason = strings.ReplaceAll(reason, "CODEC", g.names[0])
		}
		out = append(out, fmt.Sprintf("unsupported %s: %s", strings.Join(g.names, ", "), reason))
	}
	for _, r := range w.Failed {
		if r.Verify.Status == result.VerifyUnsupported {
			continue
		}
		msg := r.Verify.Error
		if msg == "" {
			msg = "not measured"
			for _, c := range r.Cells {
				if c.Error != "" {
					msg = c.Op + ": " + c.Error
				}
			}
		}
		out = append(out, fmt.Sprintf("%s %s: %s", r.Mark(), r.Codec.Name, msg))
	}
	if w.Hidden > 0 {
		out = append(out, fmt.Sprintf("%d variant codecs (buffer reuse, unsafe strings, conversion) hidden; show them with --variants all", w.Hidden))
	}
	return out
}
