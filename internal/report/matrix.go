package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"

	"github.com/serbench/serbench/internal/format"
)

// What the three matrices (fidelity.go, robust.go, interop.go) render
// alike: the note and the legend's line of a partial matrix, the legend
// and the columns' docs under a text or Markdown table, an indented text
// grid, the memory limit in an intro, the indented JSON, and, in HTML,
// the marked cells, the legend and the columns' docs (the templates
// defined in matrixPartials) and the rendering of a section.

// matrixPartial returns what a matrix shows of the n cells (rows, pairs)
// an interrupted computation left it without: note, which counts them,
// and legend with line, the legend's line of their mark, inserted before
// its last before lines (0: appended). A complete matrix (n is 0) shows
// neither: "" and legend itself.
func matrixPartial(n int, note string, legend []string, line string, before int) (string, []string) {
	if n == 0 {
		return "", legend
	}
	return note, slices.Insert(slices.Clone(legend), len(legend)-before, line)
}

// matrixDetail is what a table or list shows of a cell's detail (or a
// note) of the fidelity or the interoperability matrix: its first line,
// which the engine makes one line. What follows it, the goroutines' stacks
// of a worker that hung (internal/workerproc's WithStacks), JSON alone
// shows, as it alone shows what follows the first line of a timed cell's
// error (firstLine).
func matrixDetail(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// cellStatus is the status of a matrix's cell that counts by status:
// result.FidelityStatus, result.InteropStatus.
type cellStatus interface {
	comparable
	Symbol() string
}

// notMeasured returns how many cells of a matrix have the status
// interrupted, of the counts of each status of its cells (the matrix's
// Counts), and the note that counts them of all its cells (what) as not
// measured, with their mark; partial ends it.
func notMeasured[S cellStatus](counts map[S]int, interrupted S, what, partial string) (int, string) {
	total := 0
	for _, k := range counts {
		total += k
	}
	n := counts[interrupted]
	return n, fmt.Sprintf("%d of %d %s not measured: interrupted (marked %s); %s", n, total, what, interrupted.Symbol(), partial)
}

// textPartial writes a matrix's partial note (matrixPartial) as a line of
// text; nothing for "".
func textPartial(b *strings.Builder, note string) {
	if note != "" {
		b.WriteString(wrap(note, 100, "") + "\n")
	}
}

// mdPartial writes a matrix's partial note (matrixPartial) as a Markdown
// paragraph in bold; nothing for "".
func mdPartial(b *strings.Builder, note string) {
	if note != "" {
		b.WriteString("**" + mdEscape(note) + ".**\n\n")
	}
}

// legendLine splits a line of a legend into its mark and its text; a
// line that begins with "the" is prose without a mark.
func legendLine(l string) (mark, text string) {
	sym, text, _ := strings.Cut(l, " ")
	if sym == "the" {
		return "", l
	}
	return sym, strings.TrimSpace(text)
}

// textKey writes a matrix's legend, then under title the name and doc of
// each of its columns, and returns the width of the names.
func textKey(b *strings.Builder, legend []string, title string, columns [][2]string) int {
	for _, l := range legend {
		b.WriteString(wrap(l, 100, "       ") + "\n")
	}
	b.WriteString("\n" + title + ":\n")
	width := 0
	for _, c := range columns {
		width = max(width, len(c[0]))
	}
	for _, c := range columns {
		fmt.Fprintf(b, "  %-*s  %s\n", width, c[0], wrap(c[1], 100-width-4, strings.Repeat(" ", width+4)))
	}
	return width
}

// mdLegendList writes a matrix's legend as a Markdown list: each mark in
// code, then its text.
func mdLegendList(b *strings.Builder, legend []string) {
	for _, l := range legend {
		sym, text := legendLine(l)
		if sym == "" {
			b.WriteString("- " + mdEscape(text) + "\n")
			continue
		}
		b.WriteString("- `" + sym + "` " + mdEscape(text) + "\n")
	}
}

// mdKey writes a matrix's legend as a Markdown list, then its columns'
// names and docs as a table with the given head row.
func mdKey(b *strings.Builder, legend []string, head string, columns [][2]string) {
	mdLegendList(b, legend)
	b.WriteString("\n" + head + "\n|:--|:--|\n")
	for _, c := range columns {
		fmt.Fprintf(b, "| %s | %s |\n", mdEscape(c[0]), mdEscape(c[1]))
	}
}

// mdRow writes cells as a row of a Markdown table.
func mdRow(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, s := range cells {
		b.WriteString(" " + mdEscape(s) + " |")
	}
	b.WriteString("\n")
}

// textGrid writes rows under head as an indented text table: the first
// left columns left-aligned, the others right-aligned.
func textGrid(b *strings.Builder, head []string, rows [][]string, left int) {
	widths := make([]int, len(head))
	for _, r := range append([][]string{head}, rows...) {
		for j, s := range r {
			widths[j] = max(widths[j], len([]rune(s)))
		}
	}
	for _, r := range append([][]string{head}, rows...) {
		line := ""
		for j, s := range r {
			pad := strings.Repeat(" ", widths[j]-len([]rune(s)))
			if j < left {
				line += "  " + s + pad
			} else {
				line += "  " + pad + s
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

// memoryText says a worker's memory limit in an intro: "a memory limit of
// 1 GiB", or "no memory limit".
func memoryText(limit int64) string {
	if limit > 0 {
		return "a memory limit of " + iecBytes(limit)
	}
	return "no memory limit"
}

// iecBytes writes a memory size in binary units: "1 GiB", "128 MiB".
func iecBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return format.SigN(float64(n)/(1<<20), 3) + " MiB"
	}
	return fmt.Sprintf("%d bytes", n)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeJSON writes v as indented JSON, without escaping HTML.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// htmlMatrixCell is a cell of a matrix in HTML: its column (or pair), its
// mark and the mark's CSS class, and what its title says.
type htmlMatrixCell struct {
	Case, Mark, Class, Detail string
}

// htmlLegend splits each line of a legend into its mark and its text.
func htmlLegend(legend []string) [][2]string {
	var out [][2]string
	for _, l := range legend {
		sym, text := legendLine(l)
		out = append(out, [2]string{sym, text})
	}
	return out
}

// matrixPartials are the templates the matrices' sections share: "cells",
// a row's []htmlMatrixCell as table cells titled with their details;
// "legend", a [][2]string of htmlLegend; "docs", the columns (each with a
// Name and a Doc) as a list.
const matrixPartials = `
{{- define "cells"}}{{range .}}<td{{if .Detail}} title="{{.Detail}}"{{end}}><span class="mark {{.Class}}">{{.Mark}}</span></td>{{end}}{{end}}
{{- define "legend"}}<ul class="notes">
{{- range .}}
<li><strong>{{index . 0}}</strong> {{index . 1}}</li>
{{- end}}
</ul>{{end}}
{{- define "docs"}}<ul class="notes">
{{- range .}}
<li><strong>{{.Name}}</strong>: {{.Doc}}</li>
{{- end}}
</ul>{{end}}`

// matrixTemplate parses the template of a matrix's section, named name,
// with matrixPartials.
func matrixTemplate(name, text string) *template.Template {
	return template.Must(template.Must(template.New(name).Parse(matrixPartials)).Parse(text))
}

// matrixHTML executes a matrix's section template t with data h; what
// names the matrix in an error.
func matrixHTML(t *template.Template, h any, what string) (template.HTML, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, h); err != nil {
		return "", fmt.Errorf("html report: %s: %w", what, err)
	}
	return template.HTML(b.String()), nil
}
