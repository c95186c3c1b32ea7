package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/result"
)

// BriefRows is the most rows a table of the brief output shows.
const BriefRows = 8

// briefColumns are the columns of the main and bandwidth tables that the
// brief output keeps, by head.
var briefColumns = []string{"tier", "codec", "name", "op", "encode", "decode", "time", "bytes", "vs best", "check"}

// Brief writes the answer first and the details in short, for a
// terminal: the run's header, the summary tables (Report.SummaryTables),
// then per workload its main or bandwidth table cut to the columns that
// decide (briefColumns) and its best BriefRows rows, one line on the
// lossy codecs (which losses were seen, how often), one on the codecs
// that do not apply, the failures in full; a family of workloads
// (familyOf) as one table with a row per member and codec; then the
// warnings, one per kind. No line is wider than width (longer ones are
// cut with "…"); Table writes everything.
func Brief(w io.Writer, rep *Report, width int) error {
	var b strings.Builder
	for _, l := range rep.Header() {
		b.WriteString(wrapTo(l, width) + "\n")
	}
	tw := textWriter{&b}
	writeSummary(&b, tw, rep, width)
	names := make([]string, len(rep.Workloads))
	for i, wl := range rep.Workloads {
		names[i] = wl.Name
	}
	fam := familyOf(names)
	var members []*Workload
	flush := func() {
		if len(members) > 0 {
			briefFamily(&b, tw, fam[members[0].Name], members)
			members = nil
		}
	}
	for _, wl := range rep.Workloads {
		if f := fam[wl.Name]; f != "" {
			if len(members) > 0 && fam[members[0].Name] != f {
				flush()
			}
			members = append(members, wl)
			continue
		}
		flush()
		briefWorkload(&b, tw, wl)
	}
	flush()
	tw.warnings(rep.Warnings)
	if p := rep.precision(); p != nil {
		fmt.Fprintf(&b, "\nprecision: %d of %d cells met the %s target (per-workload lines: --verbose)\n", p.Met, p.Cells, p.targetsText())
	}
	fmt.Fprintf(&b, "\nFull tables, every note and the legend: serbench show --verbose %s\n", rep.Run.ID)
	_, err := io.WriteString(w, clip(b.String(), width))
	return err
}

// briefWorkload writes the brief details of one workload.
func briefWorkload(b *strings.Builder, tw textWriter, wl *Workload) {
	fmt.Fprintf(b, "\n%s", wl.Name)
	if d := description(wl); d != "" {
		fmt.Fprintf(b, ": %s", d)
	}
	b.WriteString("\n")
	for _, s := range wl.Sections {
		if s.Table == nil || (s.Kind != SectionMain && s.Kind != SectionBandwidth) {
			continue
		}
		t, cut := briefTable(s.Table, BriefRows)
		tw.table(t)
		if cut > 0 {
			fmt.Fprintf(b, "  … %d more rows\n", cut)
		}
	}
	if l := parseLine(wl); l != "" {
		b.WriteString("  " + l + "\n")
	}
	for _, l := range briefNotes(wl.AllRows(), wl.Hidden) {
		b.WriteString("  " + l + "\n")
	}
}

// parseLine is the brief's line on the parse category of wl (its parse
// table, SectionParse, has the rest), or "" when it has none: the parse
// and access times of the rows whose values came back (exact or lossy),
// never ranked with the rows above; the notes name those that failed.
func parseLine(wl *Workload) string {
	var parts []string
	for _, r := range wl.Parse {
		if !parseTimed(r) || r.Verify.Failing() {
			continue
		}
		p := fmt.Sprintf("%s %s %s", r.Codec.Name, format.Ns(r.Decode.NsOp.Center), format.CI(r.Decode.NsOp))
		if r.Access != nil {
			p += fmt.Sprintf(" (access %s)", format.Ns(r.Access.NsOp.Center))
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return ""
	}
	return "parse only, to a value tree, not ranked: " + strings.Join(parts, "; ")
}

// briefTable is t with the columns of briefColumns, intervals without
// their precision remark, and at most n rows; cut is the number of rows
// left out.
func briefTable(t *SectionTable, n int) (out *SectionTable, cut int) {
	out = &SectionTable{Indent: t.Indent, TextLeft: t.TextLeft}
	var keep []int
	for i, c := range t.Cols {
		if shows(c.In, FormatText) && slices.Contains(briefColumns, c.Head) {
			keep = append(keep, i)
			out.Cols = append(out.Cols, c)
		}
	}
	for _, r := range t.Rows {
		if !shows(r.In, FormatText) {
			continue
		}
		if len(out.Rows) == n {
			cut++
			continue
		}
		row := TableRow{In: r.In, Failed: r.Failed}
		for _, i := range keep {
			c := r.Cells[i]
			c.CI, _, _ = strings.Cut(c.CI, " (")
			row.Cells = append(row.Cells, c)
		}
		out.Rows = append(out.Rows, row)
	}
	return out, cut
}

// briefNotes says in a few lines what the notes of rows say at length:
// every FAIL in full, the lossy codecs with the losses seen and how many
// codecs saw each, the codecs not timed by status, the hidden variants.
func briefNotes(rows []*Row, hidden int) []string {
	var out []string
	var lossy []string
	kinds := map[string]int{}
	var kindOrder []string
	notTimed := map[string][]string{}
	errors := map[string]string{}
	var statuses []string
	for _, r := range rows {
		v := r.Verify
		switch {
		case r.Reference != "" || v == nil:
		case v.Failing():
			ex := ""
			if len(v.Diffs) > 0 {
				ex = "; e.g. " + v.Diffs[0]
			}
			out = append(out, fmt.Sprintf("FAIL %s: %s%s", r.Codec.Name, v.Status, ex))
		case v.Status == result.VerifyLossy:
			lossy = append(lossy, r.Codec.Name)
			for _, o := range v.Observed {
				k, _, _ := strings.Cut(o, " ")
				if kinds[k] == 0 {
					kindOrder = append(kindOrder, k)
				}
				kinds[k]++
			}
		case v.Failed():
			errors[r.Codec.Name] = firstLine(v.Error)
			if notTimed[v.Status] == nil {
				statuses = append(statuses, v.Status)
			}
			notTimed[v.Status] = append(notTimed[v.Status], r.Codec.Name)
		}
	}
	if len(lossy) > 0 {
		var seen []string
		for _, k := range kindOrder {
			seen = append(seen, fmt.Sprintf("%s (%d)", k, kinds[k]))
		}
		out = append(out, fmt.Sprintf("lossy, only declared losses seen: %s; losses seen: %s",
			plural(len(lossy), "codec", "codecs"), strings.Join(seen, ", ")))
	}
	for _, st := range statuses {
		names := notTimed[st]
		if st == result.VerifyUnsupported {
			out = append(out, fmt.Sprintf("not timed (%s): %s", st, listed(names, 6)))
			continue
		}
		// A failure says what happened, for a few codecs.
		for _, n := range names[:min(3, len(names))] {
			out = append(out, fmt.Sprintf("%s %s: %s", st, n, errors[n]))
		}
		if len(names) > 3 {
			out = append(out, fmt.Sprintf("%s: %d more (--verbose)", st, len(names)-3))
		}
	}
	if hidden > 0 {
		out = append(out, fmt.Sprintf("%s hidden (--variants all)", plural(hidden, "variant", "variants")))
	}
	return out
}

// briefFamily writes the members of a family as one table, a row per
// member and codec, with the members' notes merged.
func briefFamily(b *strings.Builder, tw textWriter, family string, members []*Workload) {
	fmt.Fprintf(b, "\n%s-* (%d workloads, one row per workload and codec)\n", family, len(members))
	t, notes := familyTable(family, members)
	tw.table(t)
	for _, l := range notes {
		b.WriteString("  " + l + "\n")
	}
}

// familyTable is the table of the members of a family (familyOf): a row
// per member and timed codec, with its times, size and mark; and the
// members' notes in short (briefNotes), a codec not timed on several
// members named once.
func familyTable(family string, members []*Workload) (*SectionTable, []string) {
	t := &SectionTable{Indent: true, Cols: []Column{
		{Head: "workload", Left: true}, {Head: "codec", Left: true, Escape: true}, {Head: "encode", CI: true}, {Head: "decode", CI: true},
		{Head: "bytes"}, {Head: "check", Left: true, Check: true},
	}}
	var rows []*Row
	hidden := 0
	for _, wl := range members {
		for _, r := range wl.Rows {
			// The interval alone: the precision line says why it is wide.
			enc := Cell{V: format.Ns(r.Encode.NsOp.Center), CI: format.CI(r.Encode.NsOp)}
			dec := Cell{V: format.Ns(r.Decode.NsOp.Center), CI: format.CI(r.Decode.NsOp)}
			t.Rows = append(t.Rows, TableRow{Cells: []Cell{
				val(strings.TrimPrefix(wl.Name, family+"-")), val(r.Label()), enc, dec,
				numCell(format.Count(r.Verify.MeanSize), r.Verify.MeanSize), val(r.Mark()),
			}})
		}
		rows = append(rows, wl.AllRows()...)
		hidden += wl.Hidden
	}
	seen := map[string]bool{}
	var uniq []*Row
	for _, r := range rows {
		if r.Verify != nil && r.Verify.Failed() && seen[r.Codec.Name] {
			continue
		}
		seen[r.Codec.Name] = true
		uniq = append(uniq, r)
	}
	return t, briefNotes(uniq, hidden)
}

// clip cuts every line of s that is wider than width runes, ending it
// with "…"; width 0 keeps every line.
func clip(s string, width int) string {
	if width <= 0 {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if utf8.RuneCountInString(l) > width {
			r := []rune(l)
			lines[i] = strings.TrimRight(string(r[:width-1]), " ") + "…"
		}
	}
	return strings.Join(lines, "\n")
}

// writeSummary writes the summary tables of rep as text, after their
// introduction wrapped at width (0: not wrapped).
func writeSummary(b *strings.Builder, tw textWriter, rep *Report, width int) {
	tables := rep.SummaryTables()
	if len(tables) == 0 {
		return
	}
	b.WriteString("\n" + wrapTo(summaryIntro, width) + "\n")
	for _, t := range tables {
		tw.table(t)
	}
}

// wrapTo wraps a line of prose at width (wrap), indenting its
// continuation lines by two spaces; width 0 leaves it whole.
func wrapTo(s string, width int) string {
	if width <= 0 {
		return s
	}
	// wrap does not count the indent of continuation lines.
	return wrap(s, width-2, "  ")
}
