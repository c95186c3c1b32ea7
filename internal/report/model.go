// Package report renders stored runs: terminal tables, Markdown, HTML,
// CSV, JSON and the Go benchmark format. It computes medians and
// confidence intervals from the raw samples of a run (package stats), over
// the worker processes (forks) that took them; ranks codecs in tiers that
// the measurements can tell apart (Rank) and prints ratios with only the
// digits their intervals support; shows the garbage collection of each
// cell (GC) and whether it met the run's precision target (Precision). It
// never calls the harness, so any stored run can be rendered again at any
// time.
//
// It knows no workload or codec by name, and imports no package that
// measures: what it says of a workload (its description, the fields its
// access operation reads) is what the run recorded (result.Run.Workloads).
// Reference measurements are cells whose result.Cell.Reference names their
// role: the floor (the harness's per-operation overhead) is shown as one
// line per workload and never ranked; bandwidth references (any other
// role, such as a read-only pass over the data or a memcpy) give their
// workload a table of its own in which every other cell is shown as a
// throughput and as a percentage of each reference (Bandwidth).
//
// A report is a model and renderers. Build gives, per workload, its
// sections (Workload.Sections: charts, tables, lines and notes, each
// table as columns and cells with the formats that show them); the text,
// Markdown, Markdown-with-charts and HTML renderers each write the
// sections their format lists (sectionOrder) with their writer
// (sectionWriter), which knows no kind of section by its content. Charts
// are drawn with the gonum adapters of report/internal/svgplot; the HTML
// page is the template page.html.tmpl, which shows a workload's sections
// as generic blocks of charts, tables, lines and notes.
package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// MaxRelCI is the widest confidence interval, relative to the median, that
// passes without a warning.
const MaxRelCI = 0.05

// Roles of reference cells (result.Cell.Reference) that the report treats
// specially: the floor is never a bandwidth reference, and the MeanSize of
// the read reference is the raw size of its workload's data.
const (
	roleFloor = "floor"
	roleRead  = "read"
)

// MarkRef is the correctness mark of a reference measurement that was
// measured: references carry no data, so they are never ok, lossy or FAIL.
const MarkRef = "ref"

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
	// Warnings are statistical and run-level warnings, each saying what
	// to do about it.
	Warnings []string
	// Summaries answer, per workload or family of workloads, which codec
	// to pick for what (Summary), in the order of Workloads.
	Summaries []*Summary

	opts Options
	// pool is the run's variation between forks (RunPool).
	pool stats.Pool
}

// Workload is the table of one workload.
type Workload struct {
	Name string
	// Info describes the workload as the run recorded it
	// (result.Run.Workloads); nil for a run that recorded none.
	Info *result.WorkloadInfo
	// Rows are the timed codecs, fastest (encode+decode median) first.
	// In a workload with a Bandwidth table, only codecs with an encode
	// cell are here.
	Rows []*Row
	// Failed are codecs that errored, timed out, crashed, ran out of
	// memory or are unsupported (of a workload with a Bandwidth table,
	// only those with an encode cell).
	Failed []*Row
	// Hidden counts variant rows left out by Options.
	Hidden int
	// HiddenNames names them, each with why it is a variant here: its
	// flags, or "aliases its input here" when verification found it
	// aliasing on this workload.
	HiddenNames []string
	// Parse are the codecs of the parse category (API APIParse): parsers
	// that decode to the library's own value tree, not to the user's Go
	// value, and have no encoder from Go values. They are never in Rows,
	// Failed or a Bandwidth table, never ranked and never picked; their
	// section (SectionParse) shows their parse (decode) and access times.
	// Timed rows come first, fastest decode first, then those that failed.
	Parse []*Row
	// Scaling is the parallel throughput of codecs that ran on more than
	// one goroutine.
	Scaling []*ScalingRow
	// Floors are the floor references of the workload (cells whose
	// Reference is "floor": the noop codec, which times the harness's own
	// per-operation overhead). They are never ranked; FloorLine describes
	// them.
	Floors []*Row
	// Bandwidth is the table of a workload that has bandwidth references
	// (cells with a Reference other than "floor"); nil otherwise.
	Bandwidth *Bandwidth
	// Precision says how the workload's timed cells met their precision
	// target; nil when none has a target.
	Precision *Precision
	// Sections are the parts of the workload's report, the tables and
	// lines above among them, in the order of their kinds; each format
	// shows those it lists, in its own order (SectionsFor).
	Sections []*Section
}

// Generic reports whether w is shown in the encode/decode tables: always,
// unless it has a Bandwidth table, or parse rows only, and no codec with
// an encode cell.
func (w *Workload) Generic() bool {
	return (w.Bandwidth == nil && len(w.Parse) == 0) || len(w.Rows)+len(w.Failed) > 0
}

// Row is one codec (or strategy, or reference) in one workload.
type Row struct {
	Codec *result.Codec
	// Verify is the codec's verification. Bandwidth references have none
	// (nil); a codec with cells but no verification record gets one of
	// status result.VerifyUnverified.
	Verify *result.Verification
	// Reference is the role of a reference measurement (the Reference of
	// its cells: "floor", "read", "memcpy", ...); empty for codecs.
	Reference string
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
	// RelativeHW is the relative half-width of Relative's 95% interval:
	// the relative half-widths of this row's and the fastest row's
	// encode+decode times combined (format.RelHalfWidth); 0 for the
	// fastest row. VsBest prints Relative with the digits it allows.
	RelativeHW float64
	// Rank is the row's tier among Rows by encode+decode time, and its
	// comparison with the row above (the encode+decode time of each pair
	// of samples, by fork); zero for rows not in Rows.
	Rank Rank
	// AccessRank is the row's tier among the rows with an access cell, by
	// access time (AccessRows); zero without one.
	AccessRank Rank
	// Cells are all the cells of the codec in the workload, including
	// failed ones and those on several goroutines.
	Cells []*result.Cell

	// pool is the run's variation between forks (RunPool), which every
	// interval of the row's cells takes into account.
	pool stats.Pool
}

// APIParse is the API kind (result.Codec.API, codec.Parse) of the parse
// category: parsers without binding to Go types, whose decode ends at the
// library's own value tree. Their rows are Workload.Parse.
const APIParse = "parse"

// parsing reports whether r is of the parse category.
func (r *Row) parsing() bool { return r.Codec != nil && r.Codec.API == APIParse && r.Reference == "" }

// Row markers: what a row's name carries when the row does not compare
// like for like with the plain rows.
const (
	// MarkerGenTypes: the codec's timed calls stop at the library's
	// generated types; converting the user's Go value is not included
	// (its "+convert" row includes it).
	MarkerGenTypes = "[gen-types]"
	// MarkerAliases: verification found the decoded values aliasing the
	// input bytes on this workload, though the codec does not declare it.
	MarkerAliases = "[aliases input]"
)

// Label is the row's name as tables show it: the codec's name, followed
// by MarkerGenTypes when its timed calls stop at generated types and by
// MarkerAliases when verification found its decoded values aliasing their
// input on this workload (a flag the codec does not declare), so that a
// row that does not do the same work as the plain rows says so itself.
func (r *Row) Label() string {
	if r.Codec == nil {
		return ""
	}
	s := r.Codec.Name
	if r.Codec.Has(result.FlagGeneratedTypes) {
		s += " " + MarkerGenTypes
	}
	if r.Verify != nil && r.Verify.Aliased() && !r.Codec.Has(result.FlagUnsafe) {
		s += " " + MarkerAliases
	}
	return s
}

// Plain reports whether the row is a plain variant on its workload: its
// codec has no variant flag and verification found none (aliasing).
func (r *Row) Plain() bool {
	return r.Codec.Plain() && (r.Verify == nil || !r.Verify.Aliased())
}

// Class orders rows by what they did to the data: 0 for rows whose
// values came back exact (or unverified imports, which nobody checked),
// 1 for lossy rows (declared losses only), 2 for failing ones
// (undeclared loss, changed input). Rankings and "vs best" are over class
// 0; the others follow, marked, unranked.
func (r *Row) Class() int {
	if r.Verify == nil {
		return 0
	}
	switch {
	case r.Verify.Status == result.VerifyLossy:
		return 1
	case r.Verify.Failing():
		return 2
	}
	return 0
}

// Bandwidth is the table of a workload measured against bandwidth
// references: the references on top, then every other cell of the
// workload, fastest first, as time per operation, as MB/s of the raw data
// and as a percentage of each reference; then the cells that were not
// timed.
type Bandwidth struct {
	// Raw is the size of the workload's raw data in bytes: the MeanSize
	// of the reference whose role is "read", else of the first reference.
	Raw float64
	// RawFrom names the reference Raw is taken from.
	RawFrom string
	// Refs are the cells of the bandwidth references: role "read" first,
	// then in the order of the run.
	Refs []*BandwidthRow
	// Rows are the timed cells, by operation (encode, decode, access,
	// zstd, others) and then fastest first.
	Rows []*BandwidthRow
	// Failed are the cells that were not timed (error, unsupported,
	// timeout, crash, memory, interrupted), and codecs with no cell.
	Failed []*BandwidthRow
	// MultiOp is true when Rows and Failed hold more than one operation,
	// so that tables name the operation of each row.
	MultiOp bool
}

// BandwidthRow is one cell of a Bandwidth table.
type BandwidthRow struct {
	// Row is the codec, strategy or reference the cell belongs to.
	Row *Row
	// Cell is the cell; nil for a codec that has no cell (its
	// verification failed).
	Cell *result.Cell
	// Op summarizes the cell; nil when it has no sample.
	Op *Op
	// MBps is the throughput in MB/s (10^6 bytes per second) of the
	// workload's raw data (of a reference: of its own MeanSize), over the
	// samples.
	MBps stats.Summary
	// Percent is, for each of the table's Refs, the reference's median
	// time divided by this cell's, in percent; NaN when either has no
	// sample.
	Percent []float64
	// PercentHW is, for each of Percent, the relative half-width of its
	// interval (both cells' relative half-widths combined).
	PercentHW []float64
	// Rank is the row's tier among the timed rows of its operation; zero
	// for references and rows not timed.
	Rank Rank
}

// Name is the name of the row's codec, strategy or reference.
func (b *BandwidthRow) Name() string { return b.Row.Codec.Name }

// OpName is the cell's operation, or "" without a cell.
func (b *BandwidthRow) OpName() string {
	if b.Cell == nil {
		return ""
	}
	return b.Cell.Op
}

// Size is the file or encoded size of the row in bytes (the cell's
// MeanSize, else the verification's); NaN for references, whose size is
// the workload's raw size, and when unknown.
func (b *BandwidthRow) Size() float64 {
	if b.Row.Reference != "" {
		return math.NaN()
	}
	if b.Cell != nil && b.Cell.MeanSize > 0 {
		return b.Cell.MeanSize
	}
	if b.Row.Verify != nil && b.Row.Verify.MeanSize > 0 {
		return b.Row.Verify.MeanSize
	}
	return math.NaN()
}

func finiteNum(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Samples is the number of samples of the cell.
func (b *BandwidthRow) Samples() int {
	if b.Cell == nil {
		return 0
	}
	return len(b.Cell.Samples)
}

// Mark is the correctness mark of the row, as Row.Mark gives it, but for
// this cell only: a cell that failed is marked with its status (crash,
// memory, timeout, ...) and a measured reference with MarkRef.
func (b *BandwidthRow) Mark() string { return cellMark(b.Row, b.Cell) }

// cellMark is the mark of cell c of row r (c may be nil): the cell's
// status if it failed and r's verification did not, else MarkRef for a
// reference, else the verification's mark.
func cellMark(r *Row, c *result.Cell) string {
	if c != nil && result.Failed(c.Status) && (r.Verify == nil || !r.Verify.Failed()) {
		return c.Status
	}
	if r.isReference() {
		return MarkRef
	}
	return verifyMark(r.Verify)
}

// RefHeads names the percentage columns of bw, one per reference, after
// its role ("% read", "% memcpy"), or after its name where two
// references share a role.
func (bw *Bandwidth) RefHeads() []string {
	roles := map[string]int{}
	for _, r := range bw.Refs {
		roles[r.Row.Reference]++
	}
	var out []string
	for _, r := range bw.Refs {
		n := r.Row.Reference
		if roles[n] > 1 {
			n = r.Name()
		}
		out = append(out, "% "+n)
	}
	return out
}

// Intro describes the table in one line: the raw size and what MB/s and
// the percentages are.
func (bw *Bandwidth) Intro() string {
	if len(bw.Refs) == 0 && bw.Raw == 0 {
		return "benchmarks of other operations (as imported from go test -bench): time per operation, fastest first; no raw size, so no MB/s"
	}
	raw := "unknown"
	if bw.Raw > 0 {
		raw = format.Bytes(bw.Raw)
	}
	from := ""
	if bw.RawFrom != "" {
		from = fmt.Sprintf(" (what %s reads)", bw.RawFrom)
	}
	return fmt.Sprintf("raw data %s%s; MB/s = raw bytes / median time per operation; %% REF = REF's median time / the row's median time", raw, from)
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

// AllRows returns every row of w once: the bandwidth references, the
// timed and failed rows of the encode/decode table, the other rows of the
// Bandwidth table (timed, then failed), the parse category, and the
// floors.
func (w *Workload) AllRows() []*Row {
	var out []*Row
	seen := map[*Row]bool{}
	add := func(rows ...*Row) {
		for _, r := range rows {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	addBW := func(rows []*BandwidthRow) {
		for _, b := range rows {
			add(b.Row)
		}
	}
	bw := w.Bandwidth
	if bw == nil {
		bw = &Bandwidth{}
	}
	addBW(bw.Refs)
	add(w.Rows...)
	add(w.Failed...)
	addBW(bw.Rows)
	addBW(bw.Failed)
	add(w.Parse...)
	add(w.Floors...)
	return out
}

// parseTimed reports whether r, a row of Workload.Parse, was verified and
// has its decode (parse) measured.
func parseTimed(r *Row) bool { return r.Decode != nil && !r.Verify.Failed() }

// sortParse orders the rows of the parse category as the encode/decode
// table orders its rows, by class (exact, lossy, failing: Row.Class), but
// by decode time alone; the rows not timed last, by name.
func sortParse(rows []*Row) {
	sort.SliceStable(rows, func(i, j int) bool {
		ti, tj := parseTimed(rows[i]), parseTimed(rows[j])
		switch {
		case ti != tj:
			return ti
		case ti && rows[i].Class() != rows[j].Class():
			return rows[i].Class() < rows[j].Class()
		case ti && rows[i].Decode.NsOp.Center != rows[j].Decode.NsOp.Center:
			return rows[i].Decode.NsOp.Center < rows[j].Decode.NsOp.Center
		}
		return rows[i].Codec.Name < rows[j].Codec.Name
	})
}

// accessFields names the fields the access operation reads in w, as the
// run recorded them, or says "a few fields" when it recorded none.
func accessFields(w *Workload) string {
	if w.Info == nil || len(w.Info.AccessFields) == 0 {
		return "a few fields"
	}
	names := w.Info.AccessFields
	if len(names) < 2 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// description is the one-line description of w as the run recorded it,
// or "".
func description(w *Workload) string {
	if w.Info == nil {
		return ""
	}
	return w.Info.Description
}

// Op summarizes one cell.
type Op struct {
	Cell *result.Cell
	// NsOp is the median time per operation with its 95% interval over
	// the cell's forks (stats.Pool.Summarize of the samples grouped by
	// worker process, with the run's pool), which covers the variation
	// between processes, in the cell and in the run, as well as within
	// one.
	NsOp stats.Summary
	// BOp and Allocs are the median bytes and allocations per operation
	// (stats.Summarize: they hardly vary).
	BOp    stats.Summary
	Allocs stats.Summary
	// MBps is the median throughput in MB/s (10^6 bytes per second) of
	// the messages' mean size.
	MBps float64
	// GC is the garbage collection during the samples.
	GC GC
	// forks are the samples' ns/op grouped by fork, for rankings.
	forks [][]float64
}

// Total returns the sum of encode and decode medians, or +Inf when either
// is missing.
func (r *Row) Total() float64 {
	if r.Encode == nil || r.Decode == nil {
		return math.Inf(1)
	}
	return r.Encode.NsOp.Center + r.Decode.NsOp.Center
}

// OpOf is the summary of r's cell of operation op on one goroutine:
// Encode, Decode, Access or Zstd for theirs, and for any other
// operation its cell summarized; nil when r has none, or it failed. A
// section of a new operation reads its cells with it.
func (r *Row) OpOf(op string) *Op {
	switch op {
	case result.OpEncode:
		return r.Encode
	case result.OpDecode:
		return r.Decode
	case result.OpAccess:
		return r.Access
	case result.OpZstd:
		return r.Zstd
	}
	for _, c := range r.Cells {
		if c.Op == op && c.Goroutines == 1 {
			return summarize(c, r.pool)
		}
	}
	return nil
}

// referenceRole returns the role of cell c of run as a reference
// measurement, or "" for a codec or strategy: its Reference, else
// roleFloor when its codec's verification has status reference (the
// floor of runs that marked it so only).
func referenceRole(run *result.Run, c *result.Cell) string {
	if c.Reference != "" {
		return c.Reference
	}
	if v := run.Verification(c.Workload, c.Codec); v != nil && v.Status == result.VerifyReference {
		return roleFloor
	}
	return ""
}

// isReference reports whether r is a reference measurement.
func (r *Row) isReference() bool {
	return r.Reference != "" || (r.Verify != nil && r.Verify.Status == result.VerifyReference)
}

// Mark is the short correctness mark of the row: "ok" for exact, "lossy"
// for declared losses, "FAIL" for undeclared ones and for a codec that
// changed its input, MarkRef for a
// reference measurement, and the failure status otherwise (the
// verification's, or that of the first cell that failed: error, timeout,
// crash, memory, interrupted).
func (r *Row) Mark() string {
	if r.isReference() {
		for _, c := range r.Cells {
			if result.Failed(c.Status) {
				return c.Status
			}
		}
		return MarkRef
	}
	if r.Verify == nil {
		return "?"
	}
	if !r.Verify.Failed() {
		for _, c := range r.Cells {
			if result.Failed(c.Status) {
				return c.Status
			}
		}
	}
	return verifyMark(r.Verify)
}

// verifyMark is the mark of a verification alone.
func verifyMark(v *result.Verification) string {
	if v == nil {
		return "?"
	}
	switch v.Status {
	case result.VerifyExact:
		return "ok"
	case result.VerifyLossy:
		return "lossy"
	case result.VerifyMismatch, result.VerifyMutated:
		return "FAIL"
	case result.VerifyReference:
		return MarkRef
	}
	return v.Status
}

// Build computes the report of run.
func Build(run *result.Run, opts Options) *Report {
	rep := &Report{Run: run, opts: opts, pool: RunPool(run)}
	byWorkload := map[string]*Workload{}
	rowsOf := map[*Workload][]*Row{}
	var names []string
	get := func(name string) *Workload {
		w := byWorkload[name]
		if w == nil {
			w = &Workload{Name: name, Info: run.Workload(name)}
			byWorkload[name] = w
			names = append(names, name)
		}
		return w
	}
	type pair struct{ workload, codec string }
	seen := map[pair]bool{}
	// add makes the row of one codec of one workload, with every cell of
	// it, unless it is a hidden variant.
	add := func(wname, cname string, v *result.Verification) {
		seen[pair{wname, cname}] = true
		w := get(wname)
		row := &Row{Codec: run.Codec(cname), Verify: v, pool: rep.pool}
		for i := range run.Cells {
			c := &run.Cells[i]
			if c.Workload != wname || c.Codec != cname {
				continue
			}
			row.Cells = append(row.Cells, c)
			if row.Reference == "" {
				row.Reference = c.Reference
			}
			switch {
			case c.Goroutines != 1:
			case c.Op == result.OpEncode:
				row.Encode = summarize(c, rep.pool)
			case c.Op == result.OpDecode:
				row.Decode = summarize(c, rep.pool)
			case c.Op == result.OpAccess:
				row.Access = summarize(c, rep.pool)
			case c.Op == result.OpZstd:
				row.Zstd = summarize(c, rep.pool)
			}
		}
		if row.Reference == "" && v != nil && v.Status == result.VerifyReference {
			row.Reference = roleFloor
		}
		if row.Codec == nil {
			row.Codec = &result.Codec{Name: cname}
		}
		if row.Reference == "" && !opts.AllVariants && !row.Plain() {
			w.Hidden++
			w.HiddenNames = append(w.HiddenNames, hiddenName(row))
			return
		}
		if row.Verify == nil && row.Reference == "" {
			row.Verify = &result.Verification{Workload: wname, Codec: cname, Status: result.VerifyUnverified}
		}
		rowsOf[w] = append(rowsOf[w], row)
	}
	for i := range run.Verifications {
		v := &run.Verifications[i]
		add(v.Workload, v.Codec, v)
	}
	for i := range run.Cells {
		c := &run.Cells[i]
		if !seen[pair{c.Workload, c.Codec}] {
			add(c.Workload, c.Codec, nil)
		}
	}

	var wide, few, failed []*Op
	sort.Strings(names)
	for _, n := range names {
		w := byWorkload[n]
		var refs, others []*Row
		var timed []*Op
		for _, r := range rowsOf[w] {
			for _, c := range r.Cells {
				op := summarize(c, rep.pool)
				if op == nil {
					continue
				}
				if r.parsing() && c.Op == result.OpEncode && !result.Failed(c.Status) {
					// The parse category's encode is another library's
					// (it has no encoder from Go values) and is shown
					// nowhere: its precision is no concern of the run's.
					continue
				}
				timed = append(timed, op)
				if c.Goroutines != 1 {
					continue
				}
				if len(c.Samples) < minSamples {
					few = append(few, op)
				}
				if result.Failed(c.Status) {
					failed = append(failed, op)
				}
				// A cell with a precision target is judged by it, in
				// the workload's precision line.
				if op.wide() && !(c.Target > 0) {
					wide = append(wide, op)
				}
			}
			switch {
			case r.Reference == roleFloor:
				w.Floors = append(w.Floors, r)
			case r.Reference != "":
				refs = append(refs, r)
			case r.parsing():
				w.Parse = append(w.Parse, r)
			default:
				others = append(others, r)
			}
		}
		w.Precision = precisionOf(timed)
		generic := others
		// A workload of other operations only (benchmarks imported from
		// go test -bench, operation "run") has no encode/decode table:
		// its cells go in a table of cells, as a workload with
		// references does.
		if len(refs) > 0 || (!anyCodecOp(others) && len(w.Parse) == 0) {
			w.Bandwidth = buildBandwidth(refs, others)
			generic = nil
			for _, r := range others {
				if hasOp(r, result.OpEncode) {
					generic = append(generic, r)
				}
			}
		}
		for _, r := range generic {
			if r.Verify.Failed() || r.Encode == nil || r.Decode == nil {
				w.Failed = append(w.Failed, r)
			} else {
				w.Rows = append(w.Rows, r)
			}
		}
		sort.SliceStable(w.Rows, func(i, j int) bool {
			if ci, cj := w.Rows[i].Class(), w.Rows[j].Class(); ci != cj {
				return ci < cj
			}
			ti, tj := w.Rows[i].Total(), w.Rows[j].Total()
			if ti != tj {
				return ti < tj
			}
			return w.Rows[i].Codec.Name < w.Rows[j].Codec.Name
		})
		sort.SliceStable(w.Failed, func(i, j int) bool { return w.Failed[i].Codec.Name < w.Failed[j].Codec.Name })
		sortParse(w.Parse)
		rankRows(w.Rows)
		rankAccess(w)
		shown := map[string]bool{}
		for _, r := range others {
			shown[r.Codec.Name] = true
		}
		w.Scaling = scaling(run, n, shown, rep.pool)
		w.Sections = sectionsOf(w)
		rep.Workloads = append(rep.Workloads, w)
	}
	orderWorkloads(rep.Workloads)
	rep.Summaries = summaries(rep.Workloads)
	rep.Warnings = append(rep.Warnings, failedWarnings(failed)...)
	if w := fewWarning(few, run); w != "" {
		rep.Warnings = append(rep.Warnings, w)
	}
	if w := wideWarning(wide); w != "" {
		rep.Warnings = append(rep.Warnings, w)
	}
	rep.Warnings = append(rep.Warnings, run.Warnings...)
	if !run.Complete {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("run %s is incomplete (interrupted or failed): cells with fewer samples than asked are marked", run.ID))
	}
	return rep
}

// hasOp reports whether r has a cell of operation op.
func hasOp(r *Row, op string) bool {
	for _, c := range r.Cells {
		if c.Op == op {
			return true
		}
	}
	return false
}

// anyCodecOp reports whether a row of rows has an encode or decode cell.
func anyCodecOp(rows []*Row) bool {
	for _, r := range rows {
		if hasOp(r, result.OpEncode) || hasOp(r, result.OpDecode) {
			return true
		}
	}
	return false
}

// buildBandwidth makes the Bandwidth table of the references refs and the
// other rows of a workload.
func buildBandwidth(refs, others []*Row) *Bandwidth {
	bw := &Bandwidth{}
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].Reference == roleRead && refs[j].Reference != roleRead })
	for _, r := range refs {
		for _, c := range r.Cells {
			if c.Goroutines == 1 {
				bw.Refs = append(bw.Refs, &BandwidthRow{Row: r, Cell: c, Op: summarize(c, r.pool)})
			}
		}
	}
	// Refs has role "read" first, so the first reference with a size is
	// the read reference when there is one.
	for _, b := range bw.Refs {
		if b.Cell.MeanSize > 0 {
			bw.Raw, bw.RawFrom = b.Cell.MeanSize, b.Name()
			break
		}
	}
	ops := map[string]bool{}
	for _, r := range others {
		n := 0
		for _, c := range r.Cells {
			if c.Goroutines != 1 {
				continue
			}
			n++
			ops[c.Op] = true
			b := &BandwidthRow{Row: r, Cell: c, Op: summarize(c, r.pool)}
			if b.Op != nil && !r.Verify.Failed() {
				bw.Rows = append(bw.Rows, b)
			} else {
				bw.Failed = append(bw.Failed, b)
			}
		}
		if n == 0 {
			bw.Failed = append(bw.Failed, &BandwidthRow{Row: r})
		}
	}
	bw.MultiOp = len(ops) > 1
	for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
		for _, b := range rows {
			raw := bw.Raw
			if b.Row.Reference != "" {
				raw = b.Cell.MeanSize
			}
			var mbps [][]float64
			if b.Cell != nil && raw > 0 {
				var timed []result.Sample
				for _, s := range b.Cell.Samples {
					if s.NsPerOp > 0 {
						timed = append(timed, s)
					}
				}
				mbps = result.ForkGroups(timed, func(s result.Sample) float64 { return raw / s.NsPerOp * 1e3 })
			}
			b.MBps = b.Row.pool.Summarize(mbps)
			for _, ref := range bw.Refs {
				p, h := math.NaN(), math.NaN()
				if b.Op != nil && ref.Op != nil && b.Op.NsOp.Center > 0 {
					p = 100 * ref.Op.NsOp.Center / b.Op.NsOp.Center
					h = 0 // a reference's percentage of itself is exact
					if ref != b {
						h = format.RelHalfWidth(b.Op.NsOp.RelHalfWidth(), ref.Op.NsOp.RelHalfWidth())
					}
				}
				b.Percent = append(b.Percent, p)
				b.PercentHW = append(b.PercentHW, h)
			}
		}
	}
	sort.SliceStable(bw.Rows, func(i, j int) bool {
		a, b := bw.Rows[i], bw.Rows[j]
		if oa, ob := result.OpOrder(a.Cell.Op), result.OpOrder(b.Cell.Op); oa != ob {
			return oa < ob
		}
		if a.Cell.Op != b.Cell.Op {
			return a.Cell.Op < b.Cell.Op
		}
		if ta, tb := a.Op.NsOp.Center, b.Op.NsOp.Center; ta != tb {
			return ta < tb
		}
		return a.Name() < b.Name()
	})
	rankBandwidth(bw)
	sort.SliceStable(bw.Failed, func(i, j int) bool {
		a, b := bw.Failed[i], bw.Failed[j]
		if a.Name() != b.Name() {
			return a.Name() < b.Name()
		}
		return result.OpOrder(a.OpName()) < result.OpOrder(b.OpName())
	})
	return bw
}

// summarize returns the statistics of c, its interval widened to the
// run's variation between forks (pool), or nil when it has no samples or
// failed: the samples a cell took before it crashed, hung or failed are
// stored, never shown as its time.
func summarize(c *result.Cell, pool stats.Pool) *Op {
	if c == nil || len(c.Samples) == 0 || result.Failed(c.Status) {
		return nil
	}
	b := make([]float64, len(c.Samples))
	a := make([]float64, len(c.Samples))
	for i, s := range c.Samples {
		b[i], a[i] = s.BytesPerOp, s.AllocsPerOp
	}
	forks := result.ForkGroups(c.Samples, result.NsPerOp)
	op := &Op{Cell: c, NsOp: pool.Summarize(forks), BOp: stats.Summarize(b), Allocs: stats.Summarize(a),
		GC: gcFigures(c.Samples), forks: forks}
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
	return len(o.Cell.Samples) >= minSamples && o.NsOp.RelHalfWidth() > MaxRelCI
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

// minSamples is the fewest samples a cell needs for a 95% interval.
const minSamples = 6

// fewWarning summarizes, in one warning, the cells with fewer than
// minSamples samples, or returns "". It names what to do only when the
// user can do something the settings did not: a larger --count when the
// run asked for fewer samples; an interrupted run says so in a warning of
// its own.
func fewWarning(ops []*Op, run *result.Run) string {
	if len(ops) == 0 {
		return ""
	}
	var names []string
	for _, o := range ops[:min(3, len(ops))] {
		names = append(names, fmt.Sprintf("%s %d", o.name(), len(o.Cell.Samples)))
	}
	more := ""
	if len(ops) > 3 {
		more = fmt.Sprintf(" and %d more", len(ops)-3)
	}
	why := ""
	count, err := strconv.Atoi(run.EnvValue("count"))
	switch {
	case err == nil && count < minSamples:
		why = fmt.Sprintf("; use --count %d or more", minSamples)
	case !run.Complete:
		why = " (the run stopped before they had more)"
	case run.EnvValue("budget") != "":
		why = " (the run's time budget ran out first)"
	}
	return fmt.Sprintf("%s fewer than %d samples, too few for a 95%% interval (%s%s)%s",
		plural(len(ops), "cell has", "cells have"), minSamples, strings.Join(names, ", "), more, why)
}

// failedWarnings summarizes the cells that failed while timed, one
// warning per status (error, timeout, crash, memory), each with up to
// three cells and the first line of their error.
func failedWarnings(ops []*Op) []string {
	byStatus := map[string][]*Op{}
	var statuses []string
	for _, o := range ops {
		st := o.Cell.Status
		if byStatus[st] == nil {
			statuses = append(statuses, st)
		}
		byStatus[st] = append(byStatus[st], o)
	}
	var out []string
	for _, st := range statuses {
		list := byStatus[st]
		var parts []string
		for _, o := range list[:min(3, len(list))] {
			parts = append(parts, fmt.Sprintf("%s: %s", o.name(), firstLine(o.Cell.Error)))
		}
		if len(list) > 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(list)-3))
		}
		out = append(out, fmt.Sprintf("%s %s: %s", plural(len(list), "cell", "cells"), st, strings.Join(parts, "; ")))
	}
	return out
}

// plural is "1 "+one or "n "+many.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// firstLine is the first non-blank line of s, trimmed: all that tables
// show of an error. The engine puts what happened first (for a crashed
// worker, its exit and the runtime's own line) and the tail of the
// worker's output after it; JSON has the whole text.
func firstLine(s string) string {
	s = strings.TrimLeft(s, " \t\r\n")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// FloorLine describes the floor of w in one line, or returns "" when w has
// none: the floor codec's median time per operation with its interval,
// for example "noop (floor: harness overhead per operation): encode
// 1.20ns ±2.0%, decode 1.31ns ±0.4%", or why it was not measured.
func (w *Workload) FloorLine() string {
	var parts []string
	for _, r := range w.Floors {
		cells := append([]*result.Cell(nil), r.Cells...)
		sort.SliceStable(cells, func(i, j int) bool { return result.OpOrder(cells[i].Op) < result.OpOrder(cells[j].Op) })
		var ops []string
		for _, c := range cells {
			if c.Goroutines != 1 {
				continue
			}
			op := summarize(c, r.pool)
			switch {
			case op == nil && result.Failed(c.Status):
				ops = append(ops, fmt.Sprintf("%s %s: %s", c.Op, c.Status, firstLine(c.Error)))
			case op == nil:
				ops = append(ops, c.Op+" not measured")
			default:
				s := fmt.Sprintf("%s %s %s", c.Op, format.Ns(op.NsOp.Center), w.CI(op))
				if result.Failed(c.Status) {
					s += " (" + c.Status + ")"
				}
				ops = append(ops, s)
			}
		}
		if len(ops) == 0 {
			msg := "not measured"
			if r.Verify != nil && r.Verify.Error != "" {
				msg = r.Verify.Status + ": " + firstLine(r.Verify.Error)
			}
			ops = append(ops, msg)
		}
		parts = append(parts, fmt.Sprintf("%s (floor: harness overhead per operation): %s", r.Codec.Name, strings.Join(ops, ", ")))
	}
	return strings.Join(parts, "; ")
}

// Notes returns the explanation lines of w: declared losses seen,
// undeclared losses with examples, failures (of the encode/decode table
// and of the Bandwidth table alike) and hidden variants.
func (w *Workload) Notes() []string {
	timed := append([]*Row(nil), w.Rows...)
	failed := append([]*Row(nil), w.Failed...)
	// The parse category's losses and failures are noted as the others'.
	for _, r := range w.Parse {
		if parseTimed(r) {
			timed = append(timed, r)
		} else {
			failed = append(failed, r)
		}
	}
	if bw := w.Bandwidth; bw != nil {
		// The rows of the Bandwidth table that are not in the other:
		// failed when any of their cells was not timed.
		listed := map[*Row]bool{}
		for _, r := range append(append([]*Row(nil), timed...), failed...) {
			listed[r] = true
		}
		bad := map[*Row]bool{}
		for _, b := range bw.Failed {
			bad[b.Row] = true
			if !listed[b.Row] {
				listed[b.Row] = true
				failed = append(failed, b.Row)
			}
		}
		for _, b := range bw.Rows {
			if !listed[b.Row] && !bad[b.Row] {
				listed[b.Row] = true
				timed = append(timed, b.Row)
			}
		}
		sort.SliceStable(failed, func(i, j int) bool { return failed[i].Codec.Name < failed[j].Codec.Name })
	}
	var out []string
	// Lossy codecs that saw the same declared losses, by their text,
	// share one line: the explanation is given once.
	lossyAt := map[string]int{}
	lossyHead := map[string]string{}
	for _, r := range timed {
		switch r.Verify.Status {
		case result.VerifyLossy:
			seen := seenLosses(r)
			name := fmt.Sprintf("%s (%s)", r.Codec.Name, strings.Join(r.Verify.Observed, ", "))
			if len(r.Verify.Bounds) > 0 {
				name = fmt.Sprintf("%s (%s; bounds: %s)", r.Codec.Name, strings.Join(r.Verify.Observed, ", "), strings.Join(r.Verify.Bounds, "; "))
			}
			if i, ok := lossyAt[seen]; ok {
				// The names so far, then this one: a name with its
				// bounds has ": " of its own.
				lossyHead[seen] += ", " + name
				out[i] = lossyHead[seen] + ": " + seen
				continue
			}
			lossyAt[seen] = len(out)
			lossyHead[seen] = "lossy " + name
			out = append(out, lossyHead[seen]+": "+seen)
		case result.VerifyMismatch:
			ex := ""
			if len(r.Verify.Diffs) > 0 {
				ex = "; e.g. " + r.Verify.Diffs[0]
			}
			out = append(out, fmt.Sprintf("FAIL %s: undeclared loss in %d of %d values%s", r.Codec.Name, r.Verify.DiffValues, r.Verify.Values, ex))
		case result.VerifyMutated:
			ex := ""
			if len(r.Verify.Diffs) > 0 {
				ex = "; e.g. " + r.Verify.Diffs[0]
			}
			out = append(out, fmt.Sprintf("FAIL %s: changed its input in %d of %d values (prepare or encode wrote to the caller's value)%s", r.Codec.Name, r.Verify.MutatedValues, r.Verify.Values, ex))
		}
		if r.Verify != nil && r.Verify.LooseBounds > 0 {
			var loose []string
			for _, b := range r.Verify.Bounds {
				if strings.Contains(b, "looser than observed") || strings.Contains(b, "none seen") {
					loose = append(loose, b)
				}
			}
			out = append(out, fmt.Sprintf("loose bound %s: %s (a declared bound more than 10× the largest difference seen accepts much worse data than this run saw)", r.Codec.Name, strings.Join(loose, "; ")))
		}
		if r.Verify != nil && r.Verify.Aliased() && !r.Codec.Has(result.FlagUnsafe) && len(r.Verify.Aliases) > 0 {
			out = append(out, fmt.Sprintf("aliases %s: decoded values changed when their input bytes were overwritten, e.g. %s", r.Codec.Name, r.Verify.Aliases[0]))
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
	for _, r := range failed {
		if r.Verify.Status != result.VerifyUnsupported {
			continue
		}
		reason := strings.ReplaceAll(firstLine(r.Verify.Error), r.Codec.Name, "CODEC")
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
	for _, r := range failed {
		if r.Verify.Status == result.VerifyUnsupported {
			continue
		}
		msg := firstLine(r.Verify.Error)
		if msg == "" {
			msg = "not measured"
			for _, c := range r.Cells {
				if c.Error != "" {
					msg = c.Op + ": " + firstLine(c.Error)
				}
			}
		}
		out = append(out, fmt.Sprintf("%s %s: %s", r.Mark(), r.Codec.Name, msg))
	}
	if w.Hidden > 0 {
		names := slices.Clone(w.HiddenNames)
		sort.Strings(names)
		out = append(out, fmt.Sprintf("%d variant codecs hidden: %s; show them with --variants all", w.Hidden, strings.Join(names, ", ")))
	}
	return out
}

// seenLosses is the text of the losses r declares of the kinds that
// verification saw on this workload (its Observed), or all it declares
// when none is named there.
func seenLosses(r *Row) string {
	var kinds []string
	for _, o := range r.Verify.Observed {
		k, _, _ := strings.Cut(o, " ")
		kinds = append(kinds, k)
	}
	var out []string
	for _, l := range r.Codec.Losses {
		k, _, _ := strings.Cut(l, ":")
		if slices.Contains(kinds, k) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		out = r.Codec.Losses
	}
	return strings.Join(out, "; ")
}

// hiddenName is a hidden variant row's label ([gen-types], [aliases
// input]) with its other variant flags (reuse, unsafe) in parentheses.
func hiddenName(r *Row) string {
	var why []string
	for _, f := range r.Codec.Flags {
		if f != result.FlagConvert && f != result.FlagGeneratedTypes {
			why = append(why, f)
		}
	}
	if len(why) == 0 {
		return r.Label()
	}
	return r.Label() + " (" + strings.Join(why, ", ") + ")"
}

// RunPool is the variation between forks of run (stats.PoolForks) over
// the ns/op samples of the cells whose time the report shows: every cell with
// samples that did not fail, references and cells on several goroutines
// included, since they shared the machine with the rest.
func RunPool(run *result.Run) stats.Pool {
	var cells [][][]float64
	for i := range run.Cells {
		c := &run.Cells[i]
		if len(c.Samples) == 0 || result.Failed(c.Status) {
			continue
		}
		cells = append(cells, result.ForkGroups(c.Samples, result.NsPerOp))
	}
	return stats.PoolForks(cells)
}
