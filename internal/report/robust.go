package report

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/result"
)

// The decoder robustness matrix (result.Robust, which package
// internal/robust computes) in text, Markdown, JSON and as a section of
// the HTML page: per workload a table with a row per codec and a column
// per mutation class, then the worst allocation amplification; the legend
// of the marks; what each class holds; and per codec the details: the
// first panic, crash or hang of each class and the input that caused it.

// robustIntro says what the matrix is, in one paragraph.
func robustIntro(m *result.Robust) string {
	return fmt.Sprintf("What each decoder does with corrupt and malicious messages: valid messages of the codec, mutated (seed %d, at most %d inputs a class), "+
		"each decoded and converted to the workload's type in a worker process with a time limit of %s and %s. "+
		"A decoder should refuse them with an error; the marks count the inputs that did something else. "+
		"WORST ALLOC is the largest allocation of one decode divided by its input's size.", m.Seed, m.Budget, m.TimeLimit, memoryText(m.MemoryLimit))
}

// robustPartial returns the one note of a partial matrix (an interrupted
// computation) that counts its rows interrupted, and the legend of m:
// RobustLegend, with the line of the inputs not decoded when m is partial
// (matrixPartial); "" and RobustLegend for a complete matrix.
func robustPartial(m *result.Robust) (note string, legend []string) {
	n := m.Interrupted()
	return matrixPartial(n, fmt.Sprintf("%d of %d rows interrupted (not computed, or stopped: their inputs not decoded marked +N); the matrix is partial", n, len(m.Rows)),
		result.RobustLegend, result.RobustInterruptedLegend, 0)
}

// robustCounts says how many rows of workload had each kind of finding.
func robustCounts(m *result.Robust, workload string) string {
	var rows, crash, hang, panics, accept int
	for _, r := range m.Rows {
		if r.Workload != workload || len(r.Cells) == 0 {
			continue
		}
		rows++
		var c, h, p, a bool
		for i, cell := range r.Cells {
			c = c || cell.Crashes > 0
			h = h || cell.Hangs > 0
			p = p || cell.Panics > 0
			a = a || cell.Accepted > 0 && robustFinding(m, i)
		}
		crash, hang, panics, accept = crash+b2i(c), hang+b2i(h), panics+b2i(p), accept+b2i(a)
	}
	return fmt.Sprintf("%s: %d crash, %d hang, %d panic, %d accept truncated or random input", plural(rows, "codec", "codecs"), crash, hang, panics, accept)
}

// worstText is a row's WORST ALLOC cell: "×4.4k bomb", or "-".
func worstText(r result.RobustRow) string {
	w := r.Worst()
	if w == nil {
		return "-"
	}
	return "×" + ampText(w.Ratio) + " " + classOf(r, w)
}

// classOf returns the class of the cell whose Worst is w.
func classOf(r result.RobustRow, w *result.RobustInput) string {
	for _, c := range r.Cells {
		if c.Worst == w {
			return c.Class
		}
	}
	return ""
}

// ampText writes an amplification with 2 significant digits: "0.5",
// "12", "4.4k", "130M".
func ampText(v float64) string {
	switch {
	case v >= 1e6:
		return format.SigN(v/1e6, 2) + "M"
	case v >= 1e3:
		return format.SigN(v/1e3, 2) + "k"
	}
	return format.SigN(v, 2)
}

// robustColumns returns the name and doc of each class of m.
func robustColumns(m *result.Robust) [][2]string {
	var out [][2]string
	for _, c := range m.Classes {
		out = append(out, [2]string{c.Name, c.Doc})
	}
	return out
}

// robustTable is the matrix of one workload as a table.
func robustTable(m *result.Robust, workload string) *SectionTable {
	const md = FormatMarkdown
	t := &SectionTable{TextLeft: true, Cols: []Column{
		{Head: "CODEC", In: FormatText}, {Head: "codec", Left: true, Escape: true, In: md},
		{Head: "BYTES", In: FormatText}, {Head: "bytes", In: md},
	}}
	for _, c := range m.Classes {
		t.Cols = append(t.Cols, Column{Head: c.Name, Center: true})
	}
	t.Cols = append(t.Cols, Column{Head: "WORST ALLOC", In: FormatText}, Column{Head: "worst alloc", In: md | FormatHTML})
	for _, r := range m.Rows {
		if r.Workload != workload || len(r.Cells) == 0 {
			continue
		}
		size := fmt.Sprintf("%d-%d", r.MessageBytes[0], r.MessageBytes[1])
		cells := []Cell{val(r.Codec), val(r.Codec), val(size), val(size)}
		for _, c := range r.Cells {
			cells = append(cells, val(c.Mark()))
		}
		ws := worstText(r)
		cells = append(cells, val(ws), val(ws))
		t.Rows = append(t.Rows, TableRow{Cells: cells})
	}
	return t
}

// robustDetail is one line of a row's details.
type robustDetail struct {
	Class, Mark, Text string
}

// robustDetails returns what the table does not show of a row: each class
// with a panic, crash or hang, or with accepted inputs when accepting is a
// finding, its first example, and the worst amplification when it
// allocated 1 MiB or more.
func robustDetails(m *result.Robust, r result.RobustRow) []robustDetail {
	var out []robustDetail
	for i, c := range r.Cells {
		finding := robustFinding(m, i)
		if c.Bad() == 0 && (c.Accepted == 0 || !finding) {
			continue
		}
		var parts []string
		if c.Accepted > 0 && finding {
			parts = append(parts, fmt.Sprintf("%d of %d inputs accepted", c.Accepted, c.Inputs))
		}
		if x := c.Example; x != nil {
			parts = append(parts, fmt.Sprintf("first %s: %s; input: %s", x.Outcome, x.Detail, inputText(x)))
		}
		switch {
		case c.Stopped():
			parts = append(parts, fmt.Sprintf("%d inputs not decoded: the row was stopped (interrupted)", c.NotRun))
		case c.NotRun > 0:
			parts = append(parts, fmt.Sprintf("%d inputs not run after %d crashes and hangs", c.NotRun, result.RobustMaxDeaths))
		}
		out = append(out, robustDetail{c.Class, c.Mark(), strings.Join(parts, "; ")})
	}
	if w := r.Worst(); w != nil && w.Alloc >= 1<<20 {
		out = append(out, robustDetail{classOf(r, w), "ALLOC", fmt.Sprintf("worst allocation %s for %d input bytes (×%s, %s); input: %s",
			format.Bytes(float64(w.Alloc)), w.Size, ampText(w.Ratio), w.Outcome, inputText(w))})
	}
	return out
}

// inputText names an input: how it was made, and its file when saved.
func inputText(x *result.RobustInput) string {
	s := x.Desc
	if x.File != "" {
		s += " (" + x.File + ")"
	}
	return s
}

// robustSkipped lists the rows of workload without cells and why: the
// codecs that do not bind the workload in one line, then each other one.
func robustSkipped(m *result.Robust, workload string) []string {
	var unsupported, out []string
	for _, r := range m.Rows {
		switch {
		case r.Workload != workload || len(r.Cells) > 0:
		case strings.HasPrefix(r.Note, "unsupported") || strings.HasPrefix(r.Note, "bind: unsupported"):
			unsupported = append(unsupported, r.Codec)
		default:
			out = append(out, r.Codec+": "+r.Note)
		}
	}
	if len(unsupported) > 0 {
		out = append([]string{fmt.Sprintf("%s (unsupported on %s: serbench list says why)", strings.Join(unsupported, ", "), workload)}, out...)
	}
	return out
}

// RobustTable writes the matrix as text: per workload a table, then the
// legend, the classes and the details of each codec.
func RobustTable(w io.Writer, m *result.Robust) error {
	var b strings.Builder
	note, legend := robustPartial(m)
	b.WriteString("Decoder robustness\n")
	textPartial(&b, note)
	b.WriteString("\n" + wrap(robustIntro(m), 100, "") + "\n")
	for _, wl := range m.Workloads() {
		fmt.Fprintf(&b, "\n%s (%s)\n\n", wl, robustCounts(m, wl))
		textWriter{&b}.table(robustTable(m, wl))
		for _, s := range robustSkipped(m, wl) {
			b.WriteString("  not run: " + wrap(s, 88, "    ") + "\n")
		}
	}
	b.WriteString("\n")
	width := textKey(&b, legend, "Classes", robustColumns(m))
	first := true
	for _, r := range m.Rows {
		ds := robustDetails(m, r)
		if len(ds) == 0 && !strings.Contains(r.Note, "worker") {
			continue
		}
		if first {
			b.WriteString("\nDetails:\n")
			first = false
		}
		fmt.Fprintf(&b, "\n%s on %s\n", r.Codec, r.Workload)
		if r.Note != "" && len(r.Cells) > 0 {
			b.WriteString("  note: " + wrap(r.Note, 92, "    ") + "\n")
		}
		for _, d := range ds {
			fmt.Fprintf(&b, "  %-*s  %s\n", width, d.Class, wrap(d.Mark+": "+d.Text, 100-width-4, strings.Repeat(" ", width+4)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RobustMarkdown writes the matrix as Markdown: per workload a table, then
// the legend, the classes and the details of each codec.
func RobustMarkdown(w io.Writer, m *result.Robust) error {
	var b strings.Builder
	note, legend := robustPartial(m)
	mdPartial(&b, note)
	b.WriteString(mdEscape(robustIntro(m)) + "\n")
	for _, wl := range m.Workloads() {
		fmt.Fprintf(&b, "\n**%s** (%s)\n\n", mdEscape(wl), mdEscape(robustCounts(m, wl)))
		(&mdWriter{b: &b}).table(robustTable(m, wl))
		for _, s := range robustSkipped(m, wl) {
			b.WriteString("\n- not run: " + mdEscape(s))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	mdKey(&b, legend, "| class | inputs |", robustColumns(m))
	for _, r := range m.Rows {
		ds := robustDetails(m, r)
		if len(ds) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n**%s** on %s\n\n", mdEscape(r.Codec), mdEscape(r.Workload))
		for _, d := range ds {
			fmt.Fprintf(&b, "- %s `%s` %s\n", d.Class, d.Mark, mdEscape(d.Text))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RobustJSON writes the matrix as indented JSON (result.Robust).
func RobustJSON(w io.Writer, m *result.Robust) error {
	return writeJSON(w, m)
}

// robustClass is the CSS class of a cell's mark, by the rules of
// RobustCell.Mark: other for "n/a" (no inputs) and for a "+N" alone, the
// inputs of a row stopped (RobustCell.Stopped) that were not decoded when
// those decoded found nothing; fail for a crash, hang or panic, or for inputs accepted
// when accepting is a finding; lossy for other inputs accepted; else ok.
func robustClass(c result.RobustCell, finding bool) string {
	switch {
	case c.Inputs == 0, c.Stopped() && c.Bad() == 0 && c.Accepted == 0:
		return "other"
	case c.Bad() > 0 || finding && c.Accepted > 0:
		return "fail"
	case c.Accepted > 0:
		return "lossy"
	}
	return "ok"
}

// robustFinding reports whether accepting an input of the i-th class of
// m is a finding (RobustClass.Finding).
func robustFinding(m *result.Robust, i int) bool {
	return i < len(m.Classes) && m.Classes[i].Finding
}

type htmlRobust struct {
	ID, Intro, Partial string
	Classes            []result.RobustClass
	Workloads          []htmlRobustWorkload
	Legend             [][2]string
}

type htmlRobustWorkload struct {
	Name, Counts string
	Rows         []htmlRobustRow
	Skipped      []string
}

type htmlRobustRow struct {
	Codec, Bytes, Worst string
	Cells               []htmlMatrixCell
	Details             []robustDetail
}

var robustTemplate = matrixTemplate("robust", `
<section class="fidelity robust" id="{{.ID}}">
<h3>Decoder robustness</h3>
<p class="sub">{{.Intro}}</p>
{{- if .Partial}}
<p class="sub"><strong>{{.Partial}}.</strong></p>
{{- end}}
{{- range .Workloads}}
<h4>{{.Name}}</h4>
<p class="sub">{{.Counts}}.</p>
<div class="scroll"><table>
<thead><tr><th class="l">codec</th><th>bytes</th>{{range $.Classes}}<th title="{{.Doc}}">{{.Name}}</th>{{end}}<th>worst alloc</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr><td class="l">{{.Codec}}</td><td>{{.Bytes}}</td>
{{- template "cells" .Cells}}<td>{{.Worst}}</td></tr>
{{- end}}
</tbody></table></div>
{{- if .Skipped}}
<ul class="notes">{{range .Skipped}}<li>not run: {{.}}</li>{{end}}</ul>
{{- end}}
{{- end}}
{{template "legend" .Legend}}
<details><summary>Classes</summary>
{{template "docs" .Classes}}</details>
<details><summary>Details: first panic, crash or hang of each class, and the worst allocations</summary>
{{- range .Workloads}}{{range .Rows}}{{if .Details}}
<p><strong>{{.Codec}}</strong></p>
<ul class="notes">
{{- range .Details}}
<li>{{.Class}} <strong>{{.Mark}}</strong> {{.Text}}</li>
{{- end}}
</ul>
{{- end}}{{end}}{{end}}
</details>
</section>`)

// robustHTML renders the matrix as a section of the HTML page whose
// element id is id; "" for no matrix.
func robustHTML(m *result.Robust, id string) (template.HTML, error) {
	if m == nil {
		return "", nil
	}
	note, legend := robustPartial(m)
	h := htmlRobust{ID: id, Intro: robustIntro(m), Partial: note, Classes: m.Classes}
	h.Legend = htmlLegend(legend)
	for _, wl := range m.Workloads() {
		hw := htmlRobustWorkload{Name: wl, Counts: robustCounts(m, wl), Skipped: robustSkipped(m, wl)}
		for _, r := range m.Rows {
			if r.Workload != wl || len(r.Cells) == 0 {
				continue
			}
			hr := htmlRobustRow{Codec: r.Codec, Bytes: fmt.Sprintf("%d–%d", r.MessageBytes[0], r.MessageBytes[1]), Worst: worstText(r), Details: robustDetails(m, r)}
			for i, c := range r.Cells {
				detail := ""
				if c.Example != nil {
					detail = c.Example.Outcome + ": " + c.Example.Detail
				}
				hr.Cells = append(hr.Cells, htmlMatrixCell{Case: c.Class, Mark: c.Mark(), Class: robustClass(c, robustFinding(m, i)), Detail: detail})
			}
			hw.Rows = append(hw.Rows, hr)
		}
		h.Workloads = append(h.Workloads, hw)
	}
	return matrixHTML(robustTemplate, h, "robustness matrix")
}
