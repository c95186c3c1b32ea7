package report

import (
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/serbench/serbench/result"
)

// The cross-library interoperability matrix (result.Interop, which
// package internal/interop computes, and internal/peers joins the Python
// and Node libraries to) in text, Markdown, JSON and as a section of the
// HTML page: the peers that ran, per format and workload a table with a
// row per writer and a column per reader (numbered as the rows) and its
// notes, the legend, every pair that is not exact and why; then, apart
// and labelled as another runtime's, the peers' own timings.

// interopIntro says what the matrices are, in one paragraph.
func interopIntro(x *result.Interop) string {
	return fmt.Sprintf("Which implementation of a format reads correctly what another wrote: each codec of the row (the writer) encodes the workload's first %d values, "+
		"each codec of the column (the reader) decodes those messages and converts them to the workload's type, "+
		"and what it reads is compared with the values written, accepting the losses the writer or the reader declares. "+
		"Readers run in worker processes with a time limit of %s and %s. "+
		"The diagonal is each codec's own round trip.", x.Values, x.TimeLimit, memoryText(x.MemoryLimit)) + interopPeersIntro(x)
}

// interopPeersIntro says, when other languages' libraries joined the
// matrices, what their rows and columns are.
func interopPeersIntro(x *result.Interop) string {
	if len(x.Peers) == 0 {
		return ""
	}
	return " Other languages' libraries (the Python and Node peers, peers/README.md) join their format's matrix as writers and readers, after the Go codecs; " +
		"their own timings are a separate table, another runtime's."
}

// interopPeerLines says which peers ran, with their runtime and library
// versions, or why not.
func interopPeerLines(x *result.Interop) []string {
	var out []string
	for _, p := range x.Peers {
		if p.Runtime == "" {
			out = append(out, p.Name+": "+p.Note)
			continue
		}
		var libs []string
		for k, v := range p.Libraries {
			libs = append(libs, k+" "+v)
		}
		slices.Sort(libs)
		line := p.Name + ": " + p.Runtime
		if len(libs) > 0 {
			line += "; " + strings.Join(libs, ", ")
		}
		if p.Elapsed > 0 {
			line += fmt.Sprintf(" (the peer process ran %s)", p.Elapsed.Round(time.Millisecond))
		}
		if p.Note != "" {
			line += "; " + p.Note
		}
		out = append(out, line)
	}
	return out
}

// interopPartial returns the one note of partial matrices (an
// interrupted computation) that counts their pairs not measured, which
// the tables mark ? and the pairs that are not exact leave out, and the
// legend of the marks of x: InteropLegend, with the line of the
// interrupted mark when x has such pairs, after the other marks' (before
// InteropLegend's last line, on the diagonal; matrixPartial); "" and
// InteropLegend for complete matrices.
func interopPartial(x *result.Interop) (note string, marks []string) {
	n, note := notMeasured(x.Counts(), result.InteropInterrupted, "pairs", "the matrices are partial")
	return matrixPartial(n, note, result.InteropLegend, result.InteropInterruptedLegend, 1)
}

// interopPeerLegend returns the lines of the legend after the marks':
// InteropPeerLegend when peers joined, none otherwise.
func interopPeerLegend(x *result.Interop) []string {
	if !x.HasPeers() {
		return nil
	}
	return result.InteropPeerLegend
}

// The separate table of the peers' own timings.
const (
	interopTimingTitle = "Another runtime: the peer libraries' own time per message"
	interopTimingNote  = "Measured by the peers in their own runtimes, not by serbench's Go harness: not comparable with the Go tables' timing method, " +
		"an order of magnitude at most. The messages are those of the matrices above (every Go writer's, of the first values of the workload); "
)

// interopTimingRows returns the peers' timings as a header and rows.
func interopTimingRows(x *result.Interop) (head []string, rows [][]string) {
	head = []string{"peer", "library", "format", "workload", "Go writers", "messages", "decode/msg", "encode/msg", "bytes"}
	for _, t := range x.PeerTimings {
		rows = append(rows, []string{t.Peer, t.Library, t.Format, t.Workload, fmt.Sprint(t.Writers), fmt.Sprint(t.Messages),
			interopDuration(t.Decode), interopDuration(t.Encode), fmt.Sprintf("%.0f", t.Bytes)})
	}
	return head, rows
}

// interopDuration formats a peer's time: three significant digits.
func interopDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "-"
	case d >= 100*time.Microsecond:
		return d.Round(time.Microsecond).String()
	case d >= 10*time.Microsecond:
		return d.Round(100 * time.Nanosecond).String()
	case d >= time.Microsecond:
		return d.Round(10 * time.Nanosecond).String()
	}
	return d.String()
}

// interopTimingText is the note under the timing table's title.
func interopTimingText(x *result.Interop) string {
	return interopTimingNote + x.PeerTimingMethod + "."
}

// interopCounts says how many pairs of m have each status.
func interopCounts(m *result.InteropMatrix) string {
	n := m.Counts()
	var parts []string
	for _, s := range []result.InteropStatus{result.InteropExact, result.InteropLossy, result.InteropFail, result.InteropError,
		result.InteropPanic, result.InteropNA, result.InteropCrash, result.InteropHang, result.InteropInterrupted} {
		if n[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[s], s))
		}
	}
	if len(m.Codecs) == 0 {
		return "no implementation binds the workload"
	}
	return fmt.Sprintf("%s, %s", plural(len(m.Codecs), "implementation", "implementations"), plural(len(m.Cells), "pair", "pairs")) +
		": " + strings.Join(parts, ", ")
}

// interopTitle names a matrix.
func interopTitle(m *result.InteropMatrix) string { return m.Format + " on " + m.Workload }

// interopLeft lists the codecs left out of m and why: the first line of
// the note (a writer's worker that hung has its goroutines after it,
// which JSON shows).
func interopLeft(m *result.InteropMatrix) []string {
	var out []string
	for _, c := range m.Left {
		out = append(out, c.Name+": "+matrixDetail(c.Note))
	}
	return out
}

// interopPair is one pair that is not exact, in words.
type interopPair struct {
	Writer, Reader, Mark, Text string
}

// interopPairs returns the pairs of m that are not exact, writer by
// writer, with why (not the peer × peer pairs, not measured, nor the
// pairs interrupted, which interopPartial counts); a writer's pairs with
// the same outcome and reason are one, their readers listed together.
func interopPairs(m *result.InteropMatrix) []interopPair {
	var out []interopPair
	for _, c := range m.Cells {
		if c.Status == result.InteropExact || c.Status == result.InteropInterrupted || interopPeerPair(m, c) {
			continue
		}
		p := interopPair{c.Writer, c.Reader, c.Status.Symbol(), interopWhy(m, c)}
		if n := len(out); n > 0 && out[n-1].Writer == p.Writer && out[n-1].Mark == p.Mark && out[n-1].Text == p.Text {
			out[n-1].Reader += ", " + p.Reader
			continue
		}
		out = append(out, p)
	}
	return out
}

// interopPeerPair reports whether both sides of c are peer libraries: a
// pair not measured, which the legend explains once.
func interopPeerPair(m *result.InteropMatrix, c result.InteropCell) bool {
	w, r := m.Codec(c.Writer), m.Codec(c.Reader)
	return w != nil && r != nil && w.Peer != "" && r.Peer != "" && c.Status == result.InteropNA
}

// interopWhy says why a pair is not exact: the counts of its values, the
// classes seen and who declares them, the first error or difference.
func interopWhy(m *result.InteropMatrix, c result.InteropCell) string {
	var parts []string
	declared, not := m.Declared(c.Writer, c.Reader, c.Classes)
	switch c.Status {
	case result.InteropNA, result.InteropCrash, result.InteropHang:
		return matrixDetail(c.Detail) // a hung worker's goroutines follow in JSON only
	case result.InteropLossy:
		parts = append(parts, fmt.Sprintf("%d of %d values lossy: %s", c.Lossy, c.Values, declaredBy(m, c, declared)))
	default:
		var counts []string
		for _, n := range []struct {
			n    int
			what string
		}{{c.Fails, "changed"}, {c.Panics, "panicked"}, {c.Errors, "errors"}, {c.Lossy, "lossy"}} {
			if n.n > 0 {
				counts = append(counts, fmt.Sprintf("%d %s", n.n, n.what))
			}
		}
		if len(counts) > 0 {
			parts = append(parts, strings.Join(counts, ", ")+fmt.Sprintf(" of %d values", c.Values))
		}
		if c.Detail != "" {
			parts = append(parts, c.Detail)
		}
		if x := c.Example; x != nil {
			why := "declared by neither"
			if d, _ := m.Declared(c.Writer, c.Reader, []string{x.Class}); len(d) > 0 {
				why = "beyond the bound " + map[string]string{"declared": "the codec", "both": "both", "writer": "the writer", "reader": "the reader"}[declarer(m, c, x.Class)] + " declares"
			}
			parts = append(parts, fmt.Sprintf("value %d: %s: %s became %s (%s, %s)", x.Value, x.Path, x.Want, x.Got, x.Class, why))
		}
		if len(not) > 0 && c.Example == nil {
			parts = append(parts, "not declared: "+strings.Join(not, ", "))
		}
		if len(declared) > 0 {
			parts = append(parts, "declared losses seen: "+declaredBy(m, c, declared))
		}
	}
	if c.Writer != c.Reader {
		for _, own := range []string{c.Writer, c.Reader} {
			if d := m.Cell(own, own); d != nil && d.Status == c.Status && slices.Equal(d.Classes, c.Classes) && c.Status != result.InteropLossy {
				parts = append(parts, "as in "+own+"'s own round trip")
				break
			}
		}
	}
	return strings.Join(parts, "; ")
}

// declaredBy lists classes with who declares each: "time-zone (writer),
// interface-types (both)".
func declaredBy(m *result.InteropMatrix, c result.InteropCell, classes []string) string {
	var out []string
	for _, cl := range classes {
		who := declarer(m, c, cl)
		if x := m.Codec(map[string]string{"writer": c.Writer, "reader": c.Reader}[who]); x != nil && x.Peer != "" {
			who += "'s mapping" // a peer library declares its documented mapping
		}
		out = append(out, cl+" ("+who+")")
	}
	return strings.Join(out, ", ")
}

// declarer says who of a pair declares a loss class: "declared" on the
// diagonal, else "both", "writer" or "reader".
func declarer(m *result.InteropMatrix, c result.InteropCell, class string) string {
	var w, r bool
	if x := m.Codec(c.Writer); x != nil {
		w = slices.Contains(x.Losses, class)
	}
	if x := m.Codec(c.Reader); x != nil {
		r = slices.Contains(x.Losses, class)
	}
	switch {
	case c.Writer == c.Reader:
		return "declared"
	case w && r:
		return "both"
	case w:
		return "writer"
	}
	return "reader"
}

// interopGrid returns the matrix as rows of cells: a header row of reader
// numbers, then a row per writer: its number and name, then its marks.
func interopGrid(m *result.InteropMatrix) (head []string, rows [][]string) {
	n := len(m.Codecs)
	head = []string{"writer \\ reader"}
	for j := range m.Codecs {
		head = append(head, fmt.Sprint(j+1))
	}
	for i, w := range m.Codecs {
		row := []string{fmt.Sprintf("%d %s", i+1, w.Name)}
		for j := range m.Codecs {
			row = append(row, m.Cells[i*n+j].Status.Symbol())
		}
		rows = append(rows, row)
	}
	return head, rows
}

// InteropTable writes the matrices as text: per format and workload a
// table, the codecs left out; then the legend and every pair that is not
// exact, with why.
func InteropTable(w io.Writer, x *result.Interop) error {
	var b strings.Builder
	note, marks := interopPartial(x)
	b.WriteString("Cross-library interoperability\n")
	textPartial(&b, note)
	b.WriteString("\n" + wrap(interopIntro(x), 100, "") + "\n")
	if lines := interopPeerLines(x); len(lines) > 0 {
		b.WriteString("\nPeers:\n")
		for _, l := range lines {
			b.WriteString("  " + wrap(l, 96, "    ") + "\n")
		}
	}
	for i := range x.Matrices {
		m := &x.Matrices[i]
		fmt.Fprintf(&b, "\n%s (%s)\n\n", interopTitle(m), interopCounts(m))
		if len(m.Codecs) == 0 {
			for _, s := range interopLeft(m) {
				b.WriteString("  left out: " + wrap(s, 86, "    ") + "\n")
			}
			continue
		}
		head, rows := interopGrid(m)
		textGrid(&b, head, rows, 1)
		for _, s := range interopLeft(m) {
			b.WriteString("  left out: " + wrap(s, 86, "    ") + "\n")
		}
		for _, s := range m.Notes {
			b.WriteString("  note: " + wrap(s, 90, "    ") + "\n")
		}
	}
	b.WriteString("\n")
	for _, l := range slices.Concat(marks, interopPeerLegend(x)) {
		b.WriteString(wrap(l, 100, "       ") + "\n")
	}
	first := true
	for i := range x.Matrices {
		m := &x.Matrices[i]
		ps := interopPairs(m)
		if len(ps) == 0 {
			continue
		}
		if first {
			b.WriteString("\nPairs that are not exact (writer → reader):\n")
			first = false
		}
		fmt.Fprintf(&b, "\n%s\n", interopTitle(m))
		for _, p := range ps {
			b.WriteString("  " + wrap(fmt.Sprintf("%s → %s  %s: %s", p.Writer, p.Reader, p.Mark, p.Text), 96, "      ") + "\n")
		}
	}
	if len(x.PeerTimings) > 0 {
		b.WriteString("\n" + interopTimingTitle + "\n\n" + wrap(interopTimingText(x), 100, "") + "\n\n")
		head, rows := interopTimingRows(x)
		textGrid(&b, head, rows, 4)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// InteropMarkdown writes the matrices as Markdown: per format and
// workload a table, the codecs left out; then the legend and every pair
// that is not exact, with why.
func InteropMarkdown(w io.Writer, x *result.Interop) error {
	var b strings.Builder
	note, marks := interopPartial(x)
	mdPartial(&b, note)
	b.WriteString(mdEscape(interopIntro(x)) + "\n")
	if lines := interopPeerLines(x); len(lines) > 0 {
		b.WriteString("\nPeers:\n\n")
		for _, l := range lines {
			b.WriteString("- " + mdEscape(l) + "\n")
		}
	}
	for i := range x.Matrices {
		m := &x.Matrices[i]
		fmt.Fprintf(&b, "\n**%s** (%s)\n", mdEscape(interopTitle(m)), mdEscape(interopCounts(m)))
		if len(m.Codecs) > 0 {
			head, rows := interopGrid(m)
			b.WriteString("\n")
			mdRow(&b, head)
			b.WriteString("|:--|" + strings.Repeat(":-:|", len(head)-1) + "\n")
			for _, r := range rows {
				mdRow(&b, r)
			}
		}
		for _, s := range interopLeft(m) {
			b.WriteString("\n- left out: " + mdEscape(s))
		}
		for _, s := range m.Notes {
			b.WriteString("\n- note: " + mdEscape(s))
		}
		if len(m.Left)+len(m.Notes) > 0 {
			b.WriteString("\n")
		}
	}
	b.WriteString("\n")
	mdLegendList(&b, marks)
	for _, l := range interopPeerLegend(x) {
		b.WriteString("- " + mdEscape(l) + "\n")
	}
	for i := range x.Matrices {
		m := &x.Matrices[i]
		ps := interopPairs(m)
		if len(ps) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n**%s**: pairs that are not exact (writer → reader)\n\n", mdEscape(interopTitle(m)))
		for _, p := range ps {
			fmt.Fprintf(&b, "- %s → %s `%s` %s\n", mdEscape(p.Writer), mdEscape(p.Reader), p.Mark, mdEscape(p.Text))
		}
	}
	if len(x.PeerTimings) > 0 {
		fmt.Fprintf(&b, "\n**%s**\n\n%s\n\n", mdEscape(interopTimingTitle), mdEscape(interopTimingText(x)))
		head, rows := interopTimingRows(x)
		mdRow(&b, head)
		b.WriteString("|" + strings.Repeat(":--|", 4) + strings.Repeat("--:|", len(head)-4) + "\n")
		for _, r := range rows {
			mdRow(&b, r)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// InteropJSON writes the matrices as indented JSON (result.Interop).
func InteropJSON(w io.Writer, x *result.Interop) error {
	return writeJSON(w, x)
}

// interopClass is the CSS class of a pair's mark.
func interopClass(s result.InteropStatus) string {
	switch s {
	case result.InteropExact:
		return "ok"
	case result.InteropLossy:
		return "lossy"
	case result.InteropNA, result.InteropInterrupted:
		return "other"
	}
	return "fail"
}

type htmlInterop struct {
	ID, Intro, Partial string
	Peers              []string
	Matrices           []htmlInteropMatrix
	Legend             [][2]string
	// The peers' own timings: another runtime's, a table of their own.
	TimingTitle, TimingNote string
	TimingHead              []string
	TimingRows              [][]string
}

type htmlInteropMatrix struct {
	Title, Counts string
	Readers       []htmlInteropRow
	Rows          []htmlInteropRow
	Left          []string
	Notes         []string
	Pairs         []interopPair
}

type htmlInteropRow struct {
	N      int
	Writer string
	Cells  []htmlMatrixCell
}

var interopTemplate = matrixTemplate("interop", `
<section class="fidelity interop" id="{{.ID}}">
<h3>Cross-library interoperability</h3>
<p class="sub">{{.Intro}}</p>
{{- if .Partial}}
<p class="sub"><strong>{{.Partial}}.</strong></p>
{{- end}}
{{- if .Peers}}
<ul class="notes">{{range .Peers}}<li>peer {{.}}</li>{{end}}</ul>
{{- end}}
{{- range .Matrices}}
<h4>{{.Title}}</h4>
<p class="sub">{{.Counts}}.</p>
{{- if .Rows}}
<div class="scroll"><table>
<thead><tr><th class="l">writer \ reader</th>{{range .Readers}}<th title="{{.Writer}}">{{.N}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr><td class="l">{{.N}} {{.Writer}}</td>
{{- range .Cells}}<td title="{{.Case}}{{if .Detail}}: {{.Detail}}{{end}}"><span class="mark {{.Class}}">{{.Mark}}</span></td>{{end}}</tr>
{{- end}}
</tbody></table></div>
{{- end}}
{{- if .Left}}
<ul class="notes">{{range .Left}}<li>left out: {{.}}</li>{{end}}</ul>
{{- end}}
{{- if .Notes}}
<ul class="notes">{{range .Notes}}<li>note: {{.}}</li>{{end}}</ul>
{{- end}}
{{- if .Pairs}}
<details><summary>Pairs that are not exact</summary>
<ul class="notes">
{{- range .Pairs}}
<li>{{.Writer}} → {{.Reader}} <strong>{{.Mark}}</strong> {{.Text}}</li>
{{- end}}
</ul></details>
{{- end}}
{{- end}}
{{template "legend" .Legend}}
{{- if .TimingRows}}
<div class="peer-timings">
<h4>{{.TimingTitle}}</h4>
<p class="sub">{{.TimingNote}}</p>
<div class="scroll"><table>
<thead><tr>{{range $i, $h := .TimingHead}}<th{{if lt $i 4}} class="l"{{end}}>{{$h}}</th>{{end}}</tr></thead>
<tbody>
{{- range .TimingRows}}
<tr>{{range $i, $c := .}}<td{{if lt $i 4}} class="l"{{end}}>{{$c}}</td>{{end}}</tr>
{{- end}}
</tbody></table></div>
</div>
{{- end}}
</section>`)

// interopHTML renders the matrices as a section of the HTML page whose
// element id is id; "" for none.
func interopHTML(x *result.Interop, id string) (template.HTML, error) {
	if x == nil {
		return "", nil
	}
	note, marks := interopPartial(x)
	h := htmlInterop{ID: id, Intro: interopIntro(x), Partial: note, Peers: interopPeerLines(x)}
	if len(x.PeerTimings) > 0 {
		h.TimingTitle, h.TimingNote = interopTimingTitle, interopTimingText(x)
		h.TimingHead, h.TimingRows = interopTimingRows(x)
	}
	h.Legend = htmlLegend(marks)
	for _, l := range interopPeerLegend(x) {
		h.Legend = append(h.Legend, [2]string{"", l})
	}
	for i := range x.Matrices {
		m := &x.Matrices[i]
		hm := htmlInteropMatrix{Title: interopTitle(m), Counts: interopCounts(m), Left: interopLeft(m), Notes: m.Notes, Pairs: interopPairs(m)}
		n := len(m.Codecs)
		for j, c := range m.Codecs {
			hm.Readers = append(hm.Readers, htmlInteropRow{N: j + 1, Writer: c.Name})
			hr := htmlInteropRow{N: j + 1, Writer: c.Name}
			for k := range m.Codecs {
				cell := m.Cells[j*n+k]
				detail := ""
				if cell.Status != result.InteropExact {
					detail = interopWhy(m, cell)
				}
				hr.Cells = append(hr.Cells, htmlMatrixCell{Case: cell.Writer + " → " + cell.Reader, Mark: cell.Status.Symbol(), Class: interopClass(cell.Status), Detail: detail})
			}
			hm.Rows = append(hm.Rows, hr)
		}
		h.Matrices = append(h.Matrices, hm)
	}
	return matrixHTML(interopTemplate, h, "interoperability matrix")
}
