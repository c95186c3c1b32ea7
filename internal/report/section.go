package report

import (
	"fmt"
	"math"

	"github.com/serbench/serbench/internal/format"
)

// SectionKind says what a section of a workload shows.
type SectionKind int

// The kinds of sections, in the order Build lists them.
const (
	// SectionTimeCharts are the charts of encode and decode times.
	SectionTimeCharts SectionKind = iota
	// SectionMain is the encode/decode table of the codecs.
	SectionMain
	// SectionBandwidth is the table of a workload measured against
	// bandwidth references (Workload.Bandwidth).
	SectionBandwidth
	// SectionFloor is the line of the floor (Workload.FloorLine).
	SectionFloor
	// SectionPrecision is the precision line (Precision.Line).
	SectionPrecision
	// SectionNotes are the notes (Workload.Notes): losses, failures,
	// hidden variants.
	SectionNotes
	// SectionSizeCharts are the charts of encoded size, size versus
	// speed and compressed size.
	SectionSizeCharts
	// SectionSizes is the table of compressed sizes.
	SectionSizes
	// SectionAccess is the table of the access operation.
	SectionAccess
	// SectionScaling is the table of parallel throughput.
	SectionScaling

	// numSectionKinds counts the kinds above; it stays last.
	numSectionKinds
)

// Formats is a set of formats: those that share one writer, plain text
// (Table), Markdown (Markdown) and Markdown with charts (MarkdownFile),
// whose tables are compact; and HTML, whose template has markup of its
// own for the kinds it knows (htmlBuiltIn) and shows the tables of other
// kinds as they are (htmlTableOf).
type Formats uint8

// The formats of Formats.
const (
	FormatText Formats = 1 << iota
	FormatMarkdown
	FormatCharts
	FormatHTML
)

// sectionOrder is, per format, the kinds of sections it shows, in the
// order it shows them. A format shows every section of a kind it lists
// and no other.
var sectionOrder = map[Formats][]SectionKind{
	FormatText:     {SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionAccess, SectionSizes, SectionScaling},
	FormatMarkdown: {SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionSizes, SectionAccess},
	FormatCharts:   {SectionTimeCharts, SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionSizeCharts, SectionSizes, SectionAccess},
}

// Section is one part of a workload's report: a table, a line, a list
// of notes or charts. Exactly one of Table, Text, Lines and Charts is
// set.
type Section struct {
	Kind SectionKind
	// Table is the table of a table section.
	Table *SectionTable
	// Label and Text are a line: "precision" and the precision line, or
	// no label and the floor line.
	Label, Text string
	// Lines are a list (the notes).
	Lines []string
	// Charts name the charts of a chart section by the suffix ChartsOf
	// gives their names ("encode", "size"); a chart ChartsOf did not
	// draw is left out.
	Charts []string
}

// SectionTable is a table of a section, with what introduces it.
type SectionTable struct {
	// Title and Caption introduce the table: in text "title (caption)",
	// in Markdown "Title: caption.". TextCaption replaces Caption in
	// text when not empty.
	Title, Caption, TextCaption string
	// Description and Intro introduce a table without a title: in text
	// one line each, in Markdown one paragraph.
	Description, Intro string
	// Indent indents the table (and its title) in text.
	Indent bool
	Cols   []Column
	Rows   []TableRow
}

// Column is a column of a SectionTable.
type Column struct {
	Head string
	// Left aligns the column left in Markdown (text aligns right).
	Left bool
	// CI: the cells carry an interval, which text shows in a column "±"
	// of its own and Markdown after the value.
	CI bool
	// Escape: Markdown escapes the cells (names, free text).
	Escape bool
	// Check: the cells are correctness marks, which Markdown with
	// charts shows with failures in bold.
	Check bool
	// In are the formats that show the column; zero: all.
	In Formats
}

// TableRow is a row of a SectionTable: one cell per column.
type TableRow struct {
	Cells []Cell
	// In are the formats that show the row; zero: all.
	In Formats
}

// Cell is a cell of a table: a value and its interval (CI columns). A
// cell with None has no value: "-" in text, "–" in Markdown and HTML.
// Key, when set, is the number HTML sorts the cell by.
type Cell struct {
	V, CI string
	None  bool
	Key   string
}

// shows reports whether in (a Column's or TableRow's In) includes f.
func shows(in, f Formats) bool { return in == 0 || in&f != 0 }

var none = Cell{None: true}

func val(s string) Cell { return Cell{V: s} }

// sectionsOf lists the sections of w.
func sectionsOf(w *Workload) []*Section {
	var out []*Section
	add := func(s *Section) { out = append(out, s) }
	if len(w.Rows) > 0 {
		add(&Section{Kind: SectionTimeCharts, Charts: []string{"encode", "decode"}})
	}
	if w.Generic() {
		add(&Section{Kind: SectionMain, Table: mainTable(w)})
	}
	if w.Bandwidth != nil {
		add(&Section{Kind: SectionBandwidth, Table: bandwidthTable(w)})
	}
	if f := w.FloorLine(); f != "" {
		add(&Section{Kind: SectionFloor, Text: f})
	}
	if p := w.Precision; p != nil {
		add(&Section{Kind: SectionPrecision, Label: "precision", Text: p.Line()})
	}
	if notes := w.Notes(); len(notes) > 0 {
		add(&Section{Kind: SectionNotes, Lines: notes})
	}
	if len(w.Rows) > 0 {
		add(&Section{Kind: SectionSizeCharts, Charts: []string{"size", "scatter", "compressed"}})
	}
	if t := sizeTable(w); t != nil {
		add(&Section{Kind: SectionSizes, Table: t})
	}
	if t := accessTable(w); t != nil {
		add(&Section{Kind: SectionAccess, Table: t})
	}
	if t := scalingTable(w); t != nil {
		add(&Section{Kind: SectionScaling, Table: t})
	}
	return out
}

// SectionsFor returns the sections of w that format f shows, in its
// order.
func (w *Workload) SectionsFor(f Formats) []*Section {
	var out []*Section
	for _, k := range sectionOrder[f] {
		for _, s := range w.Sections {
			if s.Kind == k {
				out = append(out, s)
			}
		}
	}
	return out
}

// ciCell is the median time of o with its interval.
func ciCell(w *Workload, o *Op) Cell {
	return Cell{V: format.Ns(o.NsOp.Center), CI: w.CI(o), Key: num(o.NsOp.Center)}
}

// mainTable is the encode/decode table of w: its timed codecs, fastest
// first, and (in Markdown with charts) those that failed.
func mainTable(w *Workload) *SectionTable {
	const tm = FormatText | FormatMarkdown
	t := &SectionTable{Cols: []Column{
		{Head: "tier"},
		{Head: "codec", Left: true, Escape: true},
		{Head: "format", In: FormatText},
		{Head: "encode", CI: true},
		{Head: "decode", CI: true},
		{Head: "ops/s e/d", In: FormatText},
		{Head: "bytes"},
		{Head: "allocs e/d", In: tm},
		{Head: "B/op e/d", In: FormatText},
		{Head: "MB/s e/d", In: FormatText},
		{Head: "GC/1k e/d", In: tm},
		{Head: "GC% e/d", In: tm},
		{Head: "vs best", In: tm},
		{Head: "check", Left: true, Escape: true, Check: true},
	}}
	pair := func(a, b string) Cell { return val(a + "/" + b) }
	for _, r := range w.Rows {
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			val(r.Rank.TierText()), val(r.Label()), val(r.Codec.Format),
			ciCell(w, r.Encode), ciCell(w, r.Decode),
			pair(format.Rate(1e9/r.Encode.NsOp.Center), format.Rate(1e9/r.Decode.NsOp.Center)),
			val(format.Count(r.Verify.MeanSize)),
			pair(format.Count(r.Encode.Allocs.Center), format.Count(r.Decode.Allocs.Center)),
			pair(format.Count(r.Encode.BOp.Center), format.Count(r.Decode.BOp.Center)),
			pair(format.Count(r.Encode.MBps), format.Count(r.Decode.MBps)),
			pair(r.Encode.GC.Per1kText(), r.Decode.GC.Per1kText()),
			pair(r.Encode.GC.ShareText(), r.Decode.GC.ShareText()),
			val(r.VsBest("x")), val(r.Mark()),
		}})
	}
	for _, r := range w.Failed {
		cells := []Cell{none, val(r.Label())}
		for len(cells) < len(t.Cols)-1 {
			cells = append(cells, none)
		}
		t.Rows = append(t.Rows, TableRow{In: FormatCharts, Cells: append(cells, val(r.Mark()))})
	}
	return t
}

// bandwidthTable is the Bandwidth table of w: the references, the timed
// cells fastest first and the cells that were not timed, each with its
// time, its throughput of the raw data and its percentage of every
// reference (compact in Markdown with charts).
func bandwidthTable(w *Workload) *SectionTable {
	bw := w.Bandwidth
	const full = FormatText | FormatMarkdown
	t := &SectionTable{Description: description(w), Intro: bw.Intro()}
	t.Cols = []Column{{Head: "tier"}, {Head: "name", Left: true, Escape: true}}
	if bw.MultiOp {
		t.Cols = append(t.Cols, Column{Head: "op", Left: true, Escape: true})
	}
	t.Cols = append(t.Cols, Column{Head: "role", Left: true, Escape: true}, Column{Head: "time", CI: true}, Column{Head: "MB/s", CI: true})
	for _, h := range bw.RefHeads() {
		t.Cols = append(t.Cols, Column{Head: h, Escape: true})
	}
	t.Cols = append(t.Cols,
		Column{Head: "size", In: full},
		Column{Head: "B/op", In: FormatText},
		Column{Head: "allocs/op", In: full},
		Column{Head: "GC/1k", In: full},
		Column{Head: "GC%", In: full},
		Column{Head: "n", In: full},
		Column{Head: "check", Left: true, Escape: true, Check: true})
	for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
		for _, r := range rows {
			tier := ""
			if r.Rank.Tier > 0 {
				tier = r.Rank.TierText()
			}
			cells := []Cell{val(tier), val(r.Name())}
			if bw.MultiOp {
				cells = append(cells, val(r.OpName()))
			}
			cells = append(cells, val(r.Row.Reference))
			size := none
			if s := r.Size(); finiteNum(s) {
				size = val(format.Bytes(s))
			}
			if r.Op == nil {
				cells = append(cells, none, none)
				for range bw.Refs {
					cells = append(cells, none)
				}
				cells = append(cells, size, none, none, none, none)
			} else {
				cells = append(cells, ciCell(w, r.Op), Cell{V: format.Sig3(r.MBps.Center), CI: format.CI(r.MBps)})
				for i := range r.Percent {
					cells = append(cells, val(r.percentText(i)))
				}
				cells = append(cells, size, val(format.Bytes(r.Op.BOp.Center)), val(format.Count(r.Op.Allocs.Center)),
					val(r.Op.GC.Per1kText()), val(r.Op.GC.ShareText()))
			}
			cells = append(cells, val(fmt.Sprint(r.Samples())), val(r.Mark()))
			t.Rows = append(t.Rows, TableRow{Cells: cells})
		}
	}
	return t
}

// percentText formats the i-th percentage of r with the digits its
// interval supports (format.Ratio), "~" in front when r is tied with the
// row above; "-" when there is none. A reference's percentage of itself
// is exactly "100%".
func (r *BandwidthRow) percentText(i int) string {
	p := r.Percent[i]
	if math.IsNaN(p) || math.IsInf(p, 0) {
		return "-"
	}
	if r.PercentHW[i] == 0 && p == 100 {
		return "100%"
	}
	return ratioText(p, r.PercentHW[i], "%", r.Rank.Tied())
}

// accessTable is the table of the access operation of the zero-copy
// codecs of w, or nil when none has one: the time to read the workload's
// access fields from the encoded bytes, and how many times faster that is
// than the full decode.
func accessTable(w *Workload) *SectionTable {
	rows := w.AccessRows()
	if len(rows) == 0 {
		return nil
	}
	t := &SectionTable{Title: "access", Caption: fmt.Sprintf("read %s from the encoded bytes without a full decode", accessFields(w)), Indent: true,
		Cols: []Column{
			{Head: "tier"},
			{Head: "codec", Left: true, Escape: true},
			{Head: "access", CI: true},
			{Head: "ops/s", In: FormatText},
			{Head: "allocs", In: FormatText},
			{Head: "decode"},
			{Head: "decode/access"},
		}}
	for _, r := range rows {
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			val(r.AccessRank.TierText()), val(r.Label()), ciCell(w, r.Access),
			val(format.Rate(1e9 / r.Access.NsOp.Center)), val(format.Count(r.Access.Allocs.Center)),
			val(format.Ns(r.Decode.NsOp.Center)), val(r.decodePerAccess("x")),
		}})
	}
	return t
}

// sizeTable is the table of the compressed sizes of the codecs of w and
// of the time zstd takes to compress one of their messages, or nil when
// none was measured.
func sizeTable(w *Workload) *SectionTable {
	rows := w.SizeRows()
	if len(rows) == 0 {
		return nil
	}
	const tm = FormatText | FormatMarkdown
	t := &SectionTable{Title: "compressed size", Caption: "mean bytes of one message compressed alone",
		TextCaption: "mean bytes of one message compressed alone; zstd time per message", Indent: true,
		Cols: []Column{
			{Head: "codec", Left: true, Escape: true, In: tm},
			{Head: "codec", Left: true, Escape: true, In: FormatCharts},
			{Head: "bytes"},
			{Head: "zstd"}, {Head: "gzip"}, {Head: "s2"}, {Head: "lz4"},
			{Head: "zstd time", CI: true, In: tm},
			{Head: "check", In: FormatText},
		}}
	for _, r := range rows {
		c := r.Verify.Compressed
		zt := val("-")
		if r.Zstd != nil {
			zt = ciCell(w, r.Zstd)
		}
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			val(r.Label()), val(markedName(r.Label(), r.Mark())), val(format.Count(r.Verify.MeanSize)),
			val(format.Count(c["zstd"])), val(format.Count(c["gzip"])), val(format.Count(c["s2"])), val(format.Count(c["lz4"])),
			zt, val(r.Mark()),
		}})
	}
	return t
}

// scalingTable is the table of the parallel throughput of w, or nil
// when no codec ran on more than one goroutine.
func scalingTable(w *Workload) *SectionTable {
	if len(w.Scaling) == 0 {
		return nil
	}
	gs := goroutineCounts(w)
	t := &SectionTable{Title: "parallel throughput of " + w.Name, Caption: "operations/s over all goroutines; efficiency = speed-up ÷ goroutines",
		Cols: []Column{{Head: "codec", Left: true, Escape: true}, {Head: "op", Left: true}}}
	for _, g := range gs {
		t.Cols = append(t.Cols, Column{Head: fmt.Sprintf("×%d", g)})
		if g > 1 {
			t.Cols = append(t.Cols, Column{Head: fmt.Sprintf("eff ×%d", g)})
		}
	}
	for _, r := range w.Scaling {
		cells := []Cell{val(r.Codec), val(r.Op)}
		byG := map[int]ScalePoint{}
		for _, p := range r.Points {
			byG[p.G] = p
		}
		for _, g := range gs {
			p, ok := byG[g]
			if ok {
				cells = append(cells, val(format.Rate(p.OpsPerSec)+" "+w.CI(p.Op)))
			} else {
				cells = append(cells, val("-"))
			}
			if g > 1 {
				if ok && p.Efficiency > 0 {
					cells = append(cells, val(fmt.Sprintf("%.0f%%", 100*p.Efficiency)))
				} else {
					cells = append(cells, val("-"))
				}
			}
		}
		t.Rows = append(t.Rows, TableRow{Cells: cells})
	}
	return t
}
