package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/serbench/serbench/result"
)

// The fidelity matrix (result.Fidelity, which package internal/fidelity
// computes) in text, Markdown, JSON and as a section of the HTML page: a
// table with a row per codec and a column per edge value, the legend of its
// marks, what each column holds (the docs stored with the matrix), and the
// details of every cell that is not exact and every row's carrier note,
// codec by codec.

// fidelityIntro says what the matrix is, in one paragraph.
const fidelityIntro = "Every codec against a fixed set of edge values, each a change of a simple base value of the carrier " +
	"(the nested workload's TestStruc, or person's Person for codecs that bind only that). " +
	"The base value comes first; differences it shows too are not counted against the other columns."

// fidelityCounts says how many cells have each mark, in legend order.
func fidelityCounts(m *result.Fidelity) string {
	n := m.Counts()
	var parts []string
	for _, s := range []result.FidelityStatus{result.FidelityExact, result.FidelityLossy, result.FidelityUndeclared, result.FidelityFail, result.FidelityError, result.FidelityNA, result.FidelityCrash, result.FidelityTimeout, result.FidelityMemory, result.FidelityInterrupted} {
		if n[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[s], s.Symbol()))
		}
	}
	return strings.Join(parts, ", ")
}

// fidelityPartial returns the one note of a partial matrix (an
// interrupted computation) that counts its cells not measured, which the
// table marks ? and the details leave out, and the legend of m:
// FidelityLegend, with the line of the interrupted mark when m has such
// cells (matrixPartial); "" and FidelityLegend for a complete matrix.
func fidelityPartial(m *result.Fidelity) (note string, legend []string) {
	n, note := notMeasured(m.Counts(), result.FidelityInterrupted, "cells", "the matrix is partial")
	return matrixPartial(n, note, result.FidelityLegend, result.FidelityInterruptedLegend, 0)
}

// fidelityColumns returns the name and doc of each column of m.
func fidelityColumns(m *result.Fidelity) [][2]string {
	var out [][2]string
	for _, c := range m.Cases {
		out = append(out, [2]string{c.Name, c.Doc})
	}
	return out
}

// carrierText is the carrier column of a row.
func carrierText(r result.FidelityRow) string {
	if r.Carrier == "" {
		return "-"
	}
	return r.Carrier
}

// fidelityTable is the matrix as a table: a row per codec with its
// carrier and a column per edge value with the cells' marks, its heads
// in capitals in text.
func fidelityTable(m *result.Fidelity) *SectionTable {
	const md = FormatMarkdown
	t := &SectionTable{TextLeft: true, Cols: []Column{
		{Head: "CODEC", In: FormatText}, {Head: "codec", Left: true, Escape: true, In: md},
		{Head: "CARRIER", In: FormatText}, {Head: "carrier", Left: true, Escape: true, In: md},
	}}
	for _, c := range m.Cases {
		t.Cols = append(t.Cols, Column{Head: c.Name, Center: true, Escape: true})
	}
	for _, r := range m.Rows {
		cells := []Cell{val(r.Codec), val(r.Codec), val(carrierText(r)), val(carrierText(r))}
		for _, c := range r.Cells {
			cells = append(cells, val(c.Status.Symbol()))
		}
		t.Rows = append(t.Rows, TableRow{Cells: cells})
	}
	return t
}

// FidelityTable writes the matrix as a text table, followed by the legend,
// the columns' docs and the details of every cell that is not exact, with
// the carrier notes of the rows (fidelityDetailed), under a heading that
// names what they hold (fidelityDetailsTitle).
func FidelityTable(w io.Writer, m *result.Fidelity) error {
	var b strings.Builder
	note, legend := fidelityPartial(m)
	fmt.Fprintf(&b, "Fidelity matrix: %d codecs × %d edge values (%s)\n", len(m.Rows), len(m.Cases), fidelityCounts(m))
	textPartial(&b, note)
	b.WriteString("\n")
	textWriter{&b}.table(fidelityTable(m))
	b.WriteString("\n" + wrap(fidelityIntro, 100, "") + "\n\n")
	width := textKey(&b, legend, "Columns", fidelityColumns(m))
	entries := fidelityEntries(m)
	if len(entries) > 0 {
		b.WriteString("\n" + fidelityDetailsTitle(m) + ":\n")
	}
	for _, e := range entries {
		r := e.Row
		fmt.Fprintf(&b, "\n%s (%s)\n", r.Codec, carrierText(r))
		if r.Note != "" {
			b.WriteString("  " + wrap("carrier: "+r.Note, 98, "    ") + "\n")
		}
		for _, l := range e.Cells {
			fmt.Fprintf(&b, "  %-*s  %-5s %s\n", width, l.Case, l.Status.Symbol(), wrap(matrixDetail(l.Detail), 100-width-10, strings.Repeat(" ", width+10)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fidelityDetails returns the cells of r that are not exact, the n/a
// cells that only repeat the base cell's reason left out, and the cells
// not measured (interrupted), which fidelityPartial counts in one note.
func fidelityDetails(r result.FidelityRow) []result.FidelityCell {
	var out []result.FidelityCell
	for i, c := range r.Cells {
		if c.Status == result.FidelityExact || c.Status == result.FidelityInterrupted {
			continue
		}
		if i > 0 && c.Status == result.FidelityNA && r.Cells[0].Status != result.FidelityExact && r.Cells[0].Status != result.FidelityLossy && strings.Contains(c.Detail, "(see base)") {
			continue
		}
		out = append(out, c)
	}
	return out
}

// fidelityDetailed reports whether the details have an entry for row r,
// whose cells to detail (fidelityDetails) are lines: when it has such
// cells or a carrier note. The note is about the row, not its cells, so
// it is shown whatever they are: a row of a partial matrix whose only
// cells that are not exact were not measured still says why its carrier
// is not the first, as the complete row does.
func fidelityDetailed(r result.FidelityRow, lines []result.FidelityCell) bool {
	return len(lines) > 0 || r.Note != ""
}

// fidelityEntry is one entry of the details of a fidelity matrix: a row
// that fidelityDetailed finds detailed, and its cells to detail.
type fidelityEntry struct {
	Row   result.FidelityRow
	Cells []result.FidelityCell
}

// fidelityEntries returns the entries of the details of m, in the order
// of its rows: what the text and Markdown renderers list under
// fidelityDetailsTitle (the HTML marks each row Detailed instead).
func fidelityEntries(m *result.Fidelity) []fidelityEntry {
	var out []fidelityEntry
	for _, r := range m.Rows {
		if lines := fidelityDetails(r); fidelityDetailed(r, lines) {
			out = append(out, fidelityEntry{r, lines})
		}
	}
	return out
}

// fidelityDetailsTitle is the heading of the details of m: what its
// entries hold (fidelityDetailed), the cells that are not exact, the
// rows' carrier notes, or both, so that a row with only a note is not
// shown under a heading of cells. A matrix with no entry has the heading
// of cells (the HTML section's, over nothing).
func fidelityDetailsTitle(m *result.Fidelity) string {
	cells, notes := false, false
	for _, r := range m.Rows {
		cells = cells || len(fidelityDetails(r)) > 0
		notes = notes || r.Note != ""
	}
	switch {
	case cells && notes:
		return "Details of the cells that are not exact, and notes on the carriers"
	case notes:
		return "Notes on the carriers"
	}
	return "Details of the cells that are not exact"
}

// wrap breaks s into lines of at most width bytes at spaces, indenting
// every line after the first.
func wrap(s string, width int, indent string) string {
	if width < 20 {
		width = 20
	}
	var lines []string
	for len(s) > width {
		i := strings.LastIndex(s[:width+1], " ")
		if i <= 0 {
			i = strings.Index(s, " ")
			if i < 0 {
				break
			}
		}
		lines = append(lines, strings.TrimRight(s[:i], " "))
		s = strings.TrimLeft(s[i:], " ")
	}
	lines = append(lines, strings.TrimRight(s, " "))
	return strings.Join(lines, "\n"+indent)
}

// FidelityMarkdown writes the matrix as a Markdown table, followed by the
// legend, the columns' docs and the details of every cell that is not
// exact, with the carrier notes of the rows (fidelityDetailed), under a
// heading that names what they hold (fidelityDetailsTitle).
func FidelityMarkdown(w io.Writer, m *result.Fidelity) error {
	var b strings.Builder
	note, legend := fidelityPartial(m)
	fmt.Fprintf(&b, "%d codecs × %d edge values (%s). %s\n\n", len(m.Rows), len(m.Cases), mdEscape(fidelityCounts(m)), mdEscape(fidelityIntro))
	mdPartial(&b, note)
	(&mdWriter{b: &b}).table(fidelityTable(m))
	b.WriteString("\n")
	mdKey(&b, legend, "| column | value |", fidelityColumns(m))
	entries := fidelityEntries(m)
	if len(entries) > 0 {
		b.WriteString("\n**" + mdEscape(fidelityDetailsTitle(m)) + ":**\n")
	}
	for _, e := range entries {
		r := e.Row
		fmt.Fprintf(&b, "\n**%s** (%s)\n\n", mdEscape(r.Codec), mdEscape(carrierText(r)))
		if r.Note != "" {
			b.WriteString("- carrier: " + mdEscape(r.Note) + "\n")
		}
		for _, c := range e.Cells {
			fmt.Fprintf(&b, "- %s `%s` %s\n", mdEscape(c.Case), c.Status.Symbol(), mdEscape(matrixDetail(c.Detail)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// FidelityJSON writes the matrix as indented JSON: its columns (name and
// doc) and its rows (codec, carrier, and per cell the status, the classes
// of the differences and the detail).
func FidelityJSON(w io.Writer, m *result.Fidelity) error {
	out := struct {
		Cases []result.FidelityCase `json:"cases"`
		Rows  []result.FidelityRow  `json:"rows"`
	}{m.Cases, m.Rows}
	if out.Cases == nil {
		out.Cases = []result.FidelityCase{}
	}
	if out.Rows == nil {
		out.Rows = []result.FidelityRow{}
	}
	return writeJSON(w, out)
}

// fidelityClass is the CSS class of a cell's mark.
func fidelityClass(s result.FidelityStatus) string {
	switch s {
	case result.FidelityExact:
		return "ok"
	case result.FidelityLossy, result.FidelityUndeclared:
		return "lossy"
	case result.FidelityFail, result.FidelityError, result.FidelityCrash, result.FidelityTimeout, result.FidelityMemory:
		return "fail"
	}
	return "other"
}

type htmlFidelity struct {
	ID, Intro, Counts, Partial string
	// DetailsTitle is the heading of the details (fidelityDetailsTitle).
	DetailsTitle string
	Cases        []result.FidelityCase
	Rows         []htmlFidelityRow
	Legend       [][2]string
}

type htmlFidelityRow struct {
	Codec, Carrier, Note string
	Cells                []htmlMatrixCell
	Details              []htmlMatrixCell
	// Detailed: the details have an entry for the row (fidelityDetailed).
	Detailed bool
}

var fidelityTemplate = matrixTemplate("fidelity", `
<section class="fidelity" id="{{.ID}}">
<h3>Fidelity matrix</h3>
<p class="sub">{{.Intro}} {{.Counts}}.</p>
{{- if .Partial}}
<p class="sub"><strong>{{.Partial}}.</strong></p>
{{- end}}
<div class="scroll"><table>
<thead><tr><th class="l">codec</th><th class="l">carrier</th>{{range .Cases}}<th title="{{.Doc}}">{{.Name}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr><td class="l">{{.Codec}}</td><td class="l"{{if .Note}} title="{{.Note}}"{{end}}>{{.Carrier}}</td>
{{- template "cells" .Cells}}</tr>
{{- end}}
</tbody></table></div>
{{template "legend" .Legend}}
<details><summary>Columns</summary>
{{template "docs" .Cases}}</details>
<details><summary>{{.DetailsTitle}}</summary>
{{- range .Rows}}{{if .Detailed}}
<p><strong>{{.Codec}}</strong> ({{.Carrier}}){{if .Note}}: carrier: {{.Note}}{{end}}</p>
{{- if .Details}}
<ul class="notes">
{{- range .Details}}
<li>{{.Case}} <span class="mark {{.Class}}">{{.Mark}}</span> {{.Detail}}</li>
{{- end}}
</ul>
{{- end}}
{{- end}}{{end}}
</details>
</section>`)

// fidelityHTML renders the matrix as a section of the HTML page whose
// element id is id; "" for no matrix.
func fidelityHTML(m *result.Fidelity, id string) (template.HTML, error) {
	if m == nil {
		return "", nil
	}
	note, legend := fidelityPartial(m)
	h := htmlFidelity{ID: id, Intro: fidelityIntro, Counts: fmt.Sprintf("%d codecs × %d edge values: %s", len(m.Rows), len(m.Cases), fidelityCounts(m)), Partial: note, Cases: m.Cases, DetailsTitle: fidelityDetailsTitle(m)}
	h.Legend = htmlLegend(legend)
	for _, r := range m.Rows {
		hr := htmlFidelityRow{Codec: r.Codec, Carrier: carrierText(r), Note: r.Note}
		hr.Cells = fidelityHTMLCells(r.Cells)
		lines := fidelityDetails(r)
		hr.Details = fidelityHTMLCells(lines)
		hr.Detailed = fidelityDetailed(r, lines)
		h.Rows = append(h.Rows, hr)
	}
	return matrixHTML(fidelityTemplate, h, "fidelity matrix")
}

// fidelityHTMLCells renders cells for the HTML section: the table's, or a
// row's details; of each detail its first line, as the text and Markdown
// show (a hung worker's goroutines follow it in JSON only).
func fidelityHTMLCells(cells []result.FidelityCell) []htmlMatrixCell {
	var out []htmlMatrixCell
	for _, c := range cells {
		out = append(out, htmlMatrixCell{Case: c.Case, Mark: c.Status.Symbol(), Class: fidelityClass(c.Status), Detail: matrixDetail(c.Detail)})
	}
	return out
}

// Matrices are the matrices stored with runs, by run ID: a run has a
// fidelity matrix, a robustness matrix, interoperability matrices, any of
// them or none.
type Matrices struct {
	Fidelity map[string]*result.Fidelity
	Robust   map[string]*result.Robust
	Interop  map[string]*result.Interop
}

// HTMLWithMatrices is HTML with, for each run that has them in mx, its
// fidelity matrix, its decoder robustness matrix (robust.go) and its
// cross-library interoperability matrices (interop.go) as sections after
// the run's workloads, linked from the page's navigation.
func HTMLWithMatrices(w io.Writer, runs []*result.Run, opts Options, mx Matrices) error {
	if len(runs) == 0 {
		return fmt.Errorf("html report: no run")
	}
	page, err := buildPage(runs, opts)
	if err != nil {
		return err
	}
	for i, r := range runs {
		hr := page.Runs[i]
		if hr.Fidelity, err = fidelityHTML(mx.Fidelity[r.ID], hr.Anchor+"-fidelity"); err != nil {
			return err
		}
		if hr.Robust, err = robustHTML(mx.Robust[r.ID], hr.Anchor+"-robust"); err != nil {
			return err
		}
		if hr.Interop, err = interopHTML(mx.Interop[r.ID], hr.Anchor+"-interop"); err != nil {
			return err
		}
		if len(runs) != 1 {
			continue
		}
		// Before the last link, the environment.
		for _, l := range []struct {
			has        bool
			href, text string
		}{{hr.Fidelity != "", "-fidelity", "fidelity"}, {hr.Robust != "", "-robust", "robustness"}, {hr.Interop != "", "-interop", "interoperability"}} {
			if l.has {
				n := len(page.Nav)
				page.Nav = append(page.Nav[:n-1:n-1], htmlLink{Href: "#" + hr.Anchor + l.href, Text: l.text}, page.Nav[n-1])
			}
		}
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, page); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}
