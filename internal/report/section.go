package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

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
	// SectionParse is the table of the parse category (Workload.Parse):
	// parsers that decode to their own value tree, apart from the ranked
	// tables.
	SectionParse

	// numSectionKinds counts the kinds above; it stays last.
	numSectionKinds
)

// Formats is a set of formats, each with one writer of sections
// (sectionWriter): plain text (Table) and Markdown (Markdown), whose
// tables are compact; Markdown with charts (MarkdownFile), more compact
// still; and HTML, whose tables have room for more columns, sort keys and
// small notes.
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
	FormatText:     {SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionAccess, SectionParse, SectionSizes, SectionScaling},
	FormatMarkdown: {SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionSizes, SectionAccess, SectionParse},
	FormatCharts:   {SectionTimeCharts, SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionSizeCharts, SectionSizes, SectionAccess, SectionParse},
	FormatHTML:     {SectionTimeCharts, SectionSizeCharts, SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes, SectionSizes, SectionAccess, SectionParse, SectionScaling},
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
	// in Markdown "Title: caption.", in HTML a heading "Title" and the
	// sentence "Caption.". TextCaption replaces Caption in text when not
	// empty; HTMLTitle and HTMLCaption replace Title and Caption in HTML
	// (the caption as it is: a sentence), which has room to say more.
	Title, Caption, TextCaption string
	HTMLTitle, HTMLCaption      string
	// Description and Intro introduce a table without a title: in text
	// one line each, in Markdown one paragraph, in HTML one line.
	Description, Intro string
	// Indent indents the table (and its title) in text.
	Indent bool
	// HTMLClass is the table's class in HTML when it is not that of its
	// section's kind ("summary").
	HTMLClass string
	// TextLeft aligns the columns left in text (else right).
	TextLeft bool
	Cols     []Column
	Rows     []TableRow
}

// Column is a column of a SectionTable.
type Column struct {
	Head string
	// Left aligns the column left in Markdown and HTML (text aligns
	// every column of a table alike: SectionTable.TextLeft); Center
	// centres it in Markdown.
	Left, Center bool
	// CI: the cells carry an interval, which text shows in a column "±"
	// of its own (after the value with InlineCI) and Markdown after the
	// value. HTML shows the interval of any cell that has one.
	CI, InlineCI bool
	// Escape: Markdown escapes the cells (names, free text).
	Escape bool
	// Check: the cells are correctness marks, which Markdown with
	// charts shows with failures in bold and HTML as coloured marks.
	Check bool
	// Minor: the cells are detail that HTML shows muted (the library).
	Minor bool
	// In are the formats that show the column; zero: all.
	In Formats
}

// TableRow is a row of a SectionTable: one cell per column.
type TableRow struct {
	Cells []Cell
	// In are the formats that show the row; zero: all.
	In Formats
	// Failed: the row was not timed (in full), which HTML shows greyed.
	Failed bool
}

// Cell is a cell of a table: a value and its interval (CI columns). A
// cell with None has no value: "-" in text, "–" in Markdown and HTML.
// Key, when set, is the number HTML sorts the cell by (a cell without
// one sorts last); HTML, when set, is the value as HTML shows it ("×"
// for "x", " / " between the two values of a pair); Note is a note HTML
// shows small after the value (a percentage of the encoded size).
type Cell struct {
	V, CI      string
	None       bool
	Key        string
	HTML, Note string
}

// shows reports whether in (a Column's or TableRow's In) includes f.
func shows(in, f Formats) bool { return in == 0 || in&f != 0 }

var none = Cell{None: true}

func val(s string) Cell { return Cell{V: s} }

// numCell is the value s of the number v, sorted by v in HTML.
func numCell(s string, v float64) Cell { return Cell{V: s, Key: num(v)} }

// pair is a cell of two values of one figure, encode's and decode's:
// "a/b", in HTML "a / b", sorted by key.
func pair(a, b string, key float64) Cell {
	return Cell{V: a + "/" + b, HTML: a + " / " + b, Key: num(key)}
}

// ratio is a cell of a ratio that text with unit writes: "2.5x", in HTML
// "2.5×", sorted by key.
func ratio(text func(unit string) string, key float64) Cell {
	return Cell{V: text("x"), HTML: text("×"), Key: num(key)}
}

// tierCell is the tier of rank k ("-" when not ranked: Rank.TierText),
// sorted by it.
func tierCell(k Rank) Cell {
	c := val(k.TierText())
	if k.Tier > 0 {
		c.Key = num(float64(k.Tier))
	}
	return c
}

// gcCell is a GC figure v as text gives it ("-" when not recorded: "–"
// in HTML).
func gcCell(v float64, text string) Cell {
	if text == "-" {
		return Cell{V: text, HTML: "–"}
	}
	return numCell(text, v)
}

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
	if t := parseTable(w); t != nil {
		add(&Section{Kind: SectionParse, Table: t})
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

// ciCell is the median time of o with its interval, or none without o.
func ciCell(w *Workload, o *Op) Cell {
	if o == nil {
		return none
	}
	return Cell{V: format.Ns(o.NsOp.Center), CI: w.CI(o), Key: num(o.NsOp.Center)}
}

// mainTable is the encode/decode table of w: its timed codecs, fastest
// first, and (in Markdown with charts and HTML) those that failed. HTML
// shows the check mark beside the name and the codec's metadata last.
func mainTable(w *Workload) *SectionTable {
	const tm, th = FormatText | FormatMarkdown, FormatText | FormatHTML
	t := &SectionTable{Cols: []Column{
		{Head: "tier"},
		{Head: "codec", Left: true, Escape: true},
		{Head: "check", Left: true, Check: true, In: FormatHTML},
		{Head: "format", In: FormatText},
		{Head: "encode", CI: true},
		{Head: "decode", CI: true},
		{Head: "ops/s e/d", In: FormatText},
		{Head: "bytes"},
		{Head: "allocs e/d", In: tm | FormatHTML},
		{Head: "B/op e/d", In: th},
		{Head: "MB/s e/d", In: th},
		{Head: "GC/1k e/d", In: tm | FormatHTML},
		{Head: "GC% e/d", In: tm | FormatHTML},
		{Head: "vs best", In: tm | FormatHTML},
		{Head: "check", Left: true, Escape: true, Check: true, In: tm | FormatCharts},
		{Head: "format", Left: true, In: FormatHTML},
		{Head: "library", Left: true, Minor: true, In: FormatHTML},
		{Head: "api", Left: true, In: FormatHTML},
		{Head: "flags", Left: true, In: FormatHTML},
	}}
	if strings.HasPrefix(w.Name, "data:") {
		// The user's data (serbench run --data): the table says which
		// file, of what size and digest, as the run recorded it.
		t.Description, t.Intro = description(w), "every codec's round trip of the file's values"
	}
	for _, r := range w.Rows {
		t.Rows = append(t.Rows, TableRow{Cells: mainCells(w, r)})
	}
	for _, r := range w.Failed {
		cells := mainCells(w, r)
		t.Rows = append(t.Rows, TableRow{In: FormatHTML, Failed: true, Cells: cells})
		// Markdown with charts names a failed codec and its mark only.
		brief := make([]Cell, len(cells))
		for i, c := range t.Cols {
			brief[i] = none
			if c.Head == "codec" || c.Check {
				brief[i] = cells[i]
			}
		}
		t.Rows = append(t.Rows, TableRow{In: FormatCharts, Cells: brief})
	}
	return t
}

// mainCells is the row of r in the encode/decode table of w, in the
// order of mainTable's columns. A row that failed (Workload.Failed) has
// the times and size that were measured and no other figure.
func mainCells(w *Workload, r *Row) []Cell {
	c := r.Codec
	library := c.Module
	if c.Version != "" {
		library += " " + c.Version
	}
	flags := slices.Clone(c.Flags)
	for _, f := range r.Verify.Flags {
		if !slices.Contains(flags, f) {
			flags = append(flags, f+" (found)")
		}
	}
	size := numCell(format.Count(r.Verify.MeanSize), r.Verify.MeanSize)
	failed := r.Encode == nil || r.Decode == nil || r.Verify.Failed()
	if failed && !(r.Verify.MeanSize > 0) {
		size = none
	}
	// ops/s, bytes, allocs, B/op, MB/s, GC/1k, GC%, vs best.
	figures := []Cell{none, size, none, none, none, none, none, none}
	if !failed {
		e, d := r.Encode, r.Decode
		gc1k := pair(e.GC.Per1kText(), d.GC.Per1kText(), e.GC.Per1k+d.GC.Per1k)
		gcShare := pair(e.GC.ShareText(), d.GC.ShareText(), e.GC.Share+d.GC.Share)
		if !e.GC.Known && !d.GC.Known {
			gc1k.HTML, gcShare.HTML = "–", "–"
		}
		figures = []Cell{
			pair(format.Rate(1e9/e.NsOp.Center), format.Rate(1e9/d.NsOp.Center), 2e9/(e.NsOp.Center+d.NsOp.Center)),
			size,
			pair(format.Count(e.Allocs.Center), format.Count(d.Allocs.Center), e.Allocs.Center+d.Allocs.Center),
			pair(format.Count(e.BOp.Center), format.Count(d.BOp.Center), e.BOp.Center+d.BOp.Center),
			pair(format.Count(e.MBps), format.Count(d.MBps), e.MBps+d.MBps),
			gc1k, gcShare,
			ratio(r.VsBest, r.Relative),
		}
	}
	mark := val(r.Mark())
	return append(append([]Cell{tierCell(r.Rank), val(r.Label()), mark, val(c.Format), ciCell(w, r.Encode), ciCell(w, r.Decode)}, figures...),
		mark, val(c.Format), val(library), val(c.API), val(strings.Join(flags, ", ")))
}

// bandwidthTable is the Bandwidth table of w: the references, the timed
// cells fastest first and the cells that were not timed, each with its
// time, its throughput of the raw data and its percentage of every
// reference (compact in Markdown with charts).
func bandwidthTable(w *Workload) *SectionTable {
	bw := w.Bandwidth
	const full = FormatText | FormatMarkdown | FormatHTML
	t := &SectionTable{Description: description(w), Intro: bw.Intro()}
	t.Cols = []Column{{Head: "tier"}, {Head: "name", Left: true, Escape: true}}
	if bw.MultiOp {
		t.Cols = append(t.Cols, Column{Head: "op", Left: true, Escape: true})
	}
	t.Cols = append(t.Cols, Column{Head: "role", Left: true, Escape: true},
		Column{Head: "check", Left: true, Check: true, In: FormatHTML},
		Column{Head: "time", CI: true}, Column{Head: "MB/s", CI: true})
	for _, h := range bw.RefHeads() {
		t.Cols = append(t.Cols, Column{Head: h, Escape: true})
	}
	t.Cols = append(t.Cols,
		Column{Head: "size", In: full},
		Column{Head: "B/op", In: FormatText | FormatHTML},
		Column{Head: "allocs/op", In: full},
		Column{Head: "GC/1k", In: full},
		Column{Head: "GC%", In: full},
		Column{Head: "n", In: full},
		Column{Head: "check", Left: true, Escape: true, Check: true, In: FormatText | FormatMarkdown | FormatCharts})
	for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
		for _, r := range rows {
			tier := Cell{}
			if r.Rank.Tier > 0 {
				tier = tierCell(r.Rank)
			}
			cells := []Cell{tier, val(r.Name())}
			if bw.MultiOp {
				cells = append(cells, val(r.OpName()))
			}
			cells = append(cells, val(r.Row.Reference), val(r.Mark()))
			size := none
			if s := r.Size(); finiteNum(s) {
				size = numCell(format.Bytes(s), s)
			}
			if r.Op == nil {
				cells = append(cells, none, none)
				for range bw.Refs {
					cells = append(cells, none)
				}
				cells = append(cells, size, none, none, none, none)
			} else {
				cells = append(cells, ciCell(w, r.Op), Cell{V: format.Sig3(r.MBps.Center), CI: format.CI(r.MBps), Key: num(r.MBps.Center)})
				for i, p := range r.Percent {
					cells = append(cells, numCell(r.percentText(i), p))
				}
				cells = append(cells, size, numCell(format.Bytes(r.Op.BOp.Center), r.Op.BOp.Center),
					numCell(format.Count(r.Op.Allocs.Center), r.Op.Allocs.Center),
					gcCell(r.Op.GC.Per1k, r.Op.GC.Per1kText()), gcCell(r.Op.GC.Share, r.Op.GC.ShareText()))
			}
			n := float64(r.Samples())
			cells = append(cells, numCell(fmt.Sprint(r.Samples()), n), val(r.Mark()))
			t.Rows = append(t.Rows, TableRow{Cells: cells, Failed: r.Op == nil})
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
	const th = FormatText | FormatHTML
	t := &SectionTable{Title: "access", Caption: fmt.Sprintf("read %s from the encoded bytes without a full decode", accessFields(w)), Indent: true,
		HTMLTitle:   "Access without decoding",
		HTMLCaption: fmt.Sprintf("Zero-copy codecs: read %s from the encoded bytes without a full decode.", accessFields(w)),
		Cols: []Column{
			{Head: "tier"},
			{Head: "codec", Left: true, Escape: true},
			{Head: "access", CI: true},
			{Head: "ops/s", In: th},
			{Head: "allocs", In: th},
			{Head: "decode"},
			{Head: "decode/access"},
		}}
	for _, r := range rows {
		a, d := r.Access.NsOp.Center, r.Decode.NsOp.Center
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			tierCell(r.AccessRank), val(r.Label()), ciCell(w, r.Access),
			numCell(format.Rate(1e9/a), 1e9/a), numCell(format.Count(r.Access.Allocs.Center), r.Access.Allocs.Center),
			ciCell(w, r.Decode), ratio(r.decodePerAccess, d/a),
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
	const tmh = FormatText | FormatMarkdown | FormatHTML
	t := &SectionTable{Title: "compressed size", Caption: "mean bytes of one message compressed alone",
		TextCaption: "mean bytes of one message compressed alone; zstd time per message", Indent: true,
		HTMLCaption: "Mean bytes of one message compressed alone (percentage of the encoded size), and the time zstd takes to compress one.",
		Cols: []Column{
			{Head: "codec", Left: true, Escape: true, In: tmh},
			{Head: "codec", Left: true, Escape: true, In: FormatCharts},
			{Head: "check", Left: true, Check: true, In: FormatHTML},
			{Head: "bytes"},
		}}
	for _, a := range compressionAlgos {
		t.Cols = append(t.Cols, Column{Head: a})
	}
	t.Cols = append(t.Cols, Column{Head: "zstd time", CI: true, In: tmh}, Column{Head: "check", In: FormatText})
	for _, r := range rows {
		size := r.Verify.MeanSize
		cells := []Cell{val(r.Label()), val(markedName(r.Label(), r.Mark())), val(r.Mark()), numCell(format.Count(size), size)}
		for _, a := range compressionAlgos {
			c, ok := r.Verify.Compressed[a]
			if !ok {
				cells = append(cells, none)
				continue
			}
			cell := numCell(format.Count(c), c)
			if size > 0 {
				cell.Note = fmt.Sprintf("%.0f%%", 100*c/size)
			}
			cells = append(cells, cell)
		}
		t.Rows = append(t.Rows, TableRow{Cells: append(cells, ciCell(w, r.Zstd), val(r.Mark()))})
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
		HTMLTitle:   "Parallel throughput",
		HTMLCaption: "Operations per second over all goroutines; efficiency is the speed-up divided by the number of goroutines.",
		Cols:        []Column{{Head: "codec", Left: true, Escape: true}, {Head: "op", Left: true}}}
	for _, g := range gs {
		t.Cols = append(t.Cols, Column{Head: fmt.Sprintf("×%d", g), CI: true, InlineCI: true})
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
				cells = append(cells, Cell{V: format.Rate(p.OpsPerSec), CI: w.CI(p.Op), Key: num(p.OpsPerSec)})
			} else {
				cells = append(cells, none)
			}
			if g > 1 {
				if ok && p.Efficiency > 0 {
					cells = append(cells, numCell(fmt.Sprintf("%.0f%%", 100*p.Efficiency), p.Efficiency))
				} else {
					cells = append(cells, none)
				}
			}
		}
		t.Rows = append(t.Rows, TableRow{Cells: cells})
	}
	return t
}

// parseTable is the table of the parse category of w (Workload.Parse), or
// nil when it has none: parsers without binding to Go types, timed from
// the document to the library's value tree (parse) and to the access
// fields read from that tree (access), on the same documents as the JSON
// codecs decode (bytes). They have no encoder from Go values, so the
// table has no encode; they are not ranked, not compared with the codecs
// above (whose decode ends at the user's Go value) and never picked.
func parseTable(w *Workload) *SectionTable {
	if len(w.Parse) == 0 {
		return nil
	}
	const th, tm = FormatText | FormatHTML, FormatText | FormatMarkdown
	caption := "decode to the library's value tree, not your Go value; not ranked against the codecs above; no encode: bytes are the input document"
	access := ""
	for _, r := range w.Parse {
		if r.Access != nil {
			access = fmt.Sprintf("; access: parse, then read %s", accessFields(w))
			break
		}
	}
	t := &SectionTable{Title: "parse only", Caption: caption + access, Indent: true, HTMLClass: "parse",
		HTMLTitle: "Parse only (not ranked)",
		HTMLCaption: "Parsers without binding to Go types: the time to parse the document into the library's own value tree" +
			strings.Replace(access, "; access: parse, then read", ", and to parse it and read", 1) +
			" from the tree. The tree is not your Go value, so these rows are not ranked against the codecs above and never picked; " +
			"they have no encoder from Go values, and the bytes are the input document (written by the library its notes name).",
		Cols: []Column{
			{Head: "codec", Left: true, Escape: true},
			{Head: "check", Left: true, Check: true, In: FormatHTML},
			{Head: "parse", CI: true},
			{Head: "access", CI: true},
			{Head: "ops/s", In: th},
			{Head: "bytes"},
			{Head: "MB/s", In: th},
			{Head: "allocs", In: tm | FormatHTML},
			{Head: "B/op", In: th},
			{Head: "check", Left: true, Escape: true, Check: true, In: tm | FormatCharts},
			{Head: "library", Left: true, Minor: true, In: FormatHTML},
			{Head: "flags", Left: true, In: FormatHTML},
		}}
	for _, r := range w.Parse {
		c := r.Codec
		library := c.Module
		if c.Version != "" {
			library += " " + c.Version
		}
		mark := val(r.Mark())
		size := none
		if r.Verify != nil && r.Verify.MeanSize > 0 {
			size = numCell(format.Count(r.Verify.MeanSize), r.Verify.MeanSize)
		}
		rate, mbps, allocs, bop := none, none, none, none
		timed := parseTimed(r)
		if timed {
			d := r.Decode
			rate = numCell(format.Rate(1e9/d.NsOp.Center), 1e9/d.NsOp.Center)
			mbps = numCell(format.Count(d.MBps), d.MBps)
			allocs = numCell(format.Count(d.Allocs.Center), d.Allocs.Center)
			bop = numCell(format.Count(d.BOp.Center), d.BOp.Center)
		}
		parse, acc := none, none
		if timed {
			parse, acc = ciCell(w, r.Decode), ciCell(w, r.Access)
		}
		t.Rows = append(t.Rows, TableRow{Failed: !timed, Cells: []Cell{
			val(r.Label()), mark, parse, acc, rate, size, mbps, allocs, bop, mark,
			val(library), val(strings.Join(c.Flags, ", ")),
		}})
	}
	return t
}
