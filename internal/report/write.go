package report

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// sectionWriter writes the sections of workloads (Workload.Sections) in
// one format: textWriter for Table, mdWriter for Markdown and
// MarkdownFile, htmlWriter for HTML. A renderer writes every section the
// same way, by what it holds (writeWorkload), so a new kind of section
// needs no code in the writers.
type sectionWriter interface {
	// workload starts the sections of a workload.
	workload(name string)
	// section starts a section of kind k, which a writer may name in
	// its markup (HTML classes) but never needs.
	section(k SectionKind)
	table(t *SectionTable)
	// line writes a line, after "label: " unless label is empty.
	line(label, text string)
	list(lines []string)
	chart(c Chart)
	// endWorkload ends the sections of a workload.
	endWorkload()
}

// writeWorkload writes the sections of wl that format f shows with sw.
// chartOf finds a chart of wl by the suffix of its name; nil when the
// format has no charts.
func writeWorkload(sw sectionWriter, f Formats, wl *Workload, chartOf func(suffix string) (Chart, bool)) {
	sw.workload(wl.Name)
	for _, s := range wl.SectionsFor(f) {
		sw.section(s.Kind)
		switch {
		case s.Table != nil:
			sw.table(s.Table)
		case s.Lines != nil:
			sw.list(s.Lines)
		case s.Charts != nil:
			for _, name := range s.Charts {
				if chartOf == nil {
					break
				}
				if c, ok := chartOf(name); ok {
					sw.chart(c)
				}
			}
		default:
			sw.line(s.Label, s.Text)
		}
	}
	sw.endWorkload()
}

// textWriter writes sections as aligned plain text.
type textWriter struct{ b *strings.Builder }

// textHeader writes the lines of a header to b, one a line, and returns
// the text writer of what follows.
func textHeader(b *strings.Builder, header []string) textWriter {
	for _, l := range header {
		b.WriteString(l + "\n")
	}
	return textWriter{b}
}

func (w textWriter) workload(name string) { fmt.Fprintf(w.b, "\nworkload %s\n", name) }

func (textWriter) section(SectionKind) {}

func (w textWriter) table(t *SectionTable) {
	indent := ""
	if t.Indent {
		indent = "  "
	}
	if t.Title != "" {
		caption := t.Caption
		if t.TextCaption != "" {
			caption = t.TextCaption
		}
		fmt.Fprintf(w.b, "\n%s%s (%s)\n", indent, t.Title, caption)
	}
	for _, l := range []string{t.Description, t.Intro} {
		if l != "" {
			w.b.WriteString("  " + l + "\n")
		}
	}
	// Right-aligned columns need every cell terminated by a tab; a
	// left-aligned table leaves its last cell open, so that its lines
	// end without padding.
	flags, end := uint(tabwriter.AlignRight), "\t\n"
	if t.TextLeft {
		flags, end = 0, "\n"
	}
	tw := tabwriter.NewWriter(w.b, 0, 0, 2, ' ', flags)
	var cells []string
	for _, c := range t.Cols {
		if shows(c.In, FormatText) {
			cells = append(cells, c.Head)
			if c.CI && !c.InlineCI {
				cells = append(cells, "±")
			}
		}
	}
	fmt.Fprint(tw, indent+strings.Join(cells, "\t")+end)
	for _, r := range t.Rows {
		if !shows(r.In, FormatText) {
			continue
		}
		cells = cells[:0]
		for i, c := range t.Cols {
			if !shows(c.In, FormatText) {
				continue
			}
			x := r.Cells[i]
			switch {
			case x.None:
				cells = append(cells, "-")
			case c.CI && c.InlineCI:
				cells = append(cells, x.V+" "+x.CI)
			default:
				cells = append(cells, x.V)
			}
			if c.CI && !c.InlineCI {
				cells = append(cells, x.CI)
			}
		}
		fmt.Fprint(tw, indent+strings.Join(cells, "\t")+end)
	}
	tw.Flush()
}

func (w textWriter) line(label, text string) {
	if label != "" {
		text = label + ": " + text
	}
	w.b.WriteString("  " + text + "\n")
}

func (w textWriter) list(lines []string) {
	for _, l := range lines {
		w.b.WriteString("  " + l + "\n")
	}
}

func (textWriter) chart(Chart) {}

func (textWriter) endWorkload() {}

func (w textWriter) warnings(ws []string) {
	if len(ws) == 0 {
		return
	}
	w.b.WriteString("\nwarnings:\n")
	for _, wn := range ws {
		w.b.WriteString("  " + wn + "\n")
	}
}

// mdWriter writes sections as Markdown, blocks apart by a blank line:
// full tables for Markdown, or, with link set, compact tables and charts
// for MarkdownFile.
type mdWriter struct {
	b *strings.Builder
	// level is the heading of a workload ("###").
	level string
	// link, when set, makes the writer MarkdownFile's: it gives the
	// address of a chart.
	link func(Chart) string
	// started is true once a block of the workload is written.
	started bool
}

func (w *mdWriter) format() Formats {
	if w.link != nil {
		return FormatCharts
	}
	return FormatMarkdown
}

func (*mdWriter) section(SectionKind) {}

func (w *mdWriter) workload(name string) {
	fmt.Fprintf(w.b, "\n%s %s\n\n", w.level, mdEscape(name))
	w.started = false
}

// block separates a block from the one before it.
func (w *mdWriter) block() {
	if w.started {
		w.b.WriteString("\n")
	}
	w.started = true
}

func (w *mdWriter) table(t *SectionTable) {
	w.block()
	f := w.format()
	switch {
	case t.Title != "":
		fmt.Fprintf(w.b, "%s: %s.\n\n", capitalize(t.Title), t.Caption)
	case t.Intro != "":
		intro := capitalize(t.Intro)
		if t.Description != "" {
			intro = t.Description + ". " + intro
		}
		w.b.WriteString(mdEscape(intro) + ".\n\n")
	}
	head, align := "|", "|"
	for _, c := range t.Cols {
		if shows(c.In, f) {
			head += " " + mdEscape(c.Head) + " |"
			switch {
			case c.Center:
				align += ":-:|"
			case c.Left:
				align += ":--|"
			default:
				align += "--:|"
			}
		}
	}
	w.b.WriteString(head + "\n" + align + "\n")
	for _, r := range t.Rows {
		if !shows(r.In, f) {
			continue
		}
		line := "|"
		for i, c := range t.Cols {
			if shows(c.In, f) {
				line += " " + w.cell(c, r.Cells[i]) + " |"
			}
		}
		w.b.WriteString(line + "\n")
	}
}

// summary writes rep's summary tables under a heading of their own.
func (w *mdWriter) summary(rep *Report) {
	tables := rep.SummaryTables()
	if len(tables) == 0 {
		return
	}
	fmt.Fprintf(w.b, "\n%s What to pick\n\n%s\n", w.level, mdEscape(summaryIntro))
	for _, t := range tables {
		w.b.WriteString("\n")
		w.started = false
		w.table(t)
	}
}

// cell is the Markdown of cell x of column c.
func (w *mdWriter) cell(c Column, x Cell) string {
	if x.None {
		return "–"
	}
	v := x.V
	switch {
	case c.Check && w.link != nil:
		v = mdMark(v)
	case c.Escape:
		v = mdEscape(v)
	}
	if c.CI && x.CI != "" {
		v += " " + x.CI
	}
	return v
}

func (w *mdWriter) line(label, text string) {
	w.block()
	if label != "" {
		w.b.WriteString(capitalize(label) + ": " + mdEscape(text) + ".\n")
		return
	}
	w.b.WriteString(mdEscape(text) + "\n")
}

func (w *mdWriter) list(lines []string) {
	w.block()
	for _, l := range lines {
		w.b.WriteString("- " + mdEscape(l) + "\n")
	}
}

func (w *mdWriter) chart(c Chart) {
	w.block()
	fmt.Fprintf(w.b, "![%s](%s)\n", mdEscape(c.Title), w.link(c))
	if c.Key != "" {
		fmt.Fprintf(w.b, "\n%s\n", mdEscape(c.Key))
	}
}

func (w *mdWriter) endWorkload() {
	if w.link != nil {
		w.b.WriteString("\n")
	}
}

func (w *mdWriter) warnings(ws []string) {
	if len(ws) == 0 {
		return
	}
	w.b.WriteString("\n**Warnings**\n\n")
	for _, wn := range ws {
		w.b.WriteString("- " + mdEscape(wn) + "\n")
	}
}

// capitalize is s with its first byte in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
