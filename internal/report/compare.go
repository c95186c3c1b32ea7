package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// Comparison is the benchstat-style comparison of two runs: for every cell
// in both, the medians with their confidence intervals (over forks and
// the variation between forks of each run, stats.Pool) and the test of
// the change, stats.CompareForks: benchmath's Mann-Whitney U test of the
// samples, as benchstat makes it, or, when either cell's forks differ,
// Welch's t-test of the fork medians (the test the history dashboard
// makes; the tiers, within one run, moderate it by the run's pool).
type Comparison struct {
	// Old and New name the two sides (run IDs or file names).
	Old, New string
	// Rows are the cells timed on both sides, by workload, codec,
	// operation and goroutines.
	Rows []*CompareRow
	// OnlyOld and OnlyNew name cells timed on one side only: a cell
	// without samples, or that failed (crash, timeout, ...), on the other
	// side has no time to compare.
	OnlyOld, OnlyNew []string
	// Geomean is the geometric mean of the ratios of the new and old
	// medians of the Rows that are not reference measurements
	// (CompareRow.Reference), 1 when nothing changed; a cell whose
	// medians are both 0 counts as 1, as benchstat counts it. It is NaN
	// without such rows, or when a median is 0 or not finite on one side
	// only, where no ratio exists. References (the floor, bandwidth
	// references) are no codecs: a change of the harness's overhead or of
	// the machine's bandwidth is not a change of the codecs it summarizes.
	Geomean float64
	// GeomeanOf is the number of rows the geomean is taken over: the
	// rows that are not references.
	GeomeanOf int
	// Warnings are benchmath's warnings (too few samples, ...).
	Warnings []string
	// Settings are the settings in which the runs differ and that change
	// the numbers (result.SettingsDiff): the changes then mix what one
	// wants to see with the change of settings.
	Settings []result.SettingDiff
	// Versions lists the codecs of Rows whose module or version differs
	// between the runs, by name: "msgp v1.6.5 → v1.7.0", or with the
	// modules when they differ. Their rows mix the change of the library
	// with the rest.
	Versions []string

	// incomplete names the sides whose run is incomplete.
	incomplete []string
}

// CompareRow is one cell on both sides.
type CompareRow struct {
	Key result.Key
	// Old and New are the medians with their intervals over forks.
	Old, New stats.Summary
	// OldAllocs and NewAllocs are the median allocations per operation.
	OldAllocs, NewAllocs float64
	Test                 stats.Comparison
	// Check marks a codec whose verification on either side was not
	// exact ("lossy", "FAIL", ...), as "old→new" when they differ, and a
	// reference measurement with MarkRef.
	Check string
	// Reference is the role of a reference measurement ("floor", "read",
	// ...), as the report's tables know it (on either side, the cell's
	// Reference, or "floor" for a codec whose verification has status
	// reference); empty for codecs and strategies. References are shown
	// and compared, but left out of the geomean.
	Reference string
}

// Delta formats the change as benchstat does: "~" when not significant,
// otherwise a signed percentage.
func (r *CompareRow) Delta() string { return r.Test.Delta(r.Old.Center, r.New.Center) }

// Compare compares the cells of two runs.
func Compare(oldName string, old *result.Run, newName string, new *result.Run) *Comparison {
	cmp := &Comparison{Old: oldName, New: newName, Settings: result.SettingsDiff(old, new)}
	for _, side := range []struct {
		name string
		run  *result.Run
	}{{oldName, old}, {newName, new}} {
		if !side.run.Complete {
			cmp.incomplete = append(cmp.incomplete, side.name)
		}
	}
	name := cellName
	oldPool, newPool := RunPool(old), RunPool(new)
	logRatio, noRatio := 0.0, false
	for i := range old.Cells {
		oc := &old.Cells[i]
		if !timed(oc) {
			continue
		}
		nc := new.Cell(oc.Key())
		if !timed(nc) {
			cmp.OnlyOld = append(cmp.OnlyOld, name(oc.Key()))
			continue
		}
		of, nf := result.ForkGroups(oc.Samples, result.NsPerOp), result.ForkGroups(nc.Samples, result.NsPerOp)
		row := &CompareRow{Key: oc.Key(), Old: oldPool.Summarize(of), New: newPool.Summarize(nf),
			OldAllocs: stats.Summarize(allocs(oc)).Center, NewAllocs: stats.Summarize(allocs(nc)).Center,
			Test: stats.CompareForks(of, nf), Reference: compareReference(old, oc, new, nc)}
		if row.Reference != "" {
			row.Check = MarkRef
		} else {
			row.Check = checkChange(old, new, oc.Workload, oc.Codec)
		}
		for _, w := range row.Test.Warnings {
			cmp.Warnings = append(cmp.Warnings, name(row.Key)+": "+w)
		}
		cmp.Rows = append(cmp.Rows, row)
		if row.Reference != "" {
			continue
		}
		cmp.GeomeanOf++
		switch o, n := row.Old.Center, row.New.Center; {
		case o == n && !math.IsInf(o, 0):
			// No change, 0/0 included.
		case o > 0 && n > 0 && !math.IsInf(o, 0) && !math.IsInf(n, 0):
			logRatio += math.Log(n / o)
		default:
			noRatio = true
		}
	}
	for i := range new.Cells {
		nc := &new.Cells[i]
		if !timed(nc) {
			continue
		}
		if !timed(old.Cell(nc.Key())) {
			cmp.OnlyNew = append(cmp.OnlyNew, name(nc.Key()))
		}
	}
	sort.SliceStable(cmp.Rows, func(i, j int) bool { return keyLess(cmp.Rows[i].Key, cmp.Rows[j].Key) })
	cmp.Versions = versionDiffs(old, new, cmp.Rows)
	cmp.Geomean = math.NaN()
	if n := float64(cmp.GeomeanOf); n > 0 && !noRatio {
		cmp.Geomean = math.Exp(logRatio / n)
	}
	return cmp
}

// compareReference returns the role of the reference measurement that cell oc of
// run old and cell nc of run new are (new's first), or "" for a codec or
// strategy, as Build reads it (referenceRole).
func compareReference(old *result.Run, oc *result.Cell, new *result.Run, nc *result.Cell) string {
	return cmp.Or(referenceRole(new, nc), referenceRole(old, oc))
}

// versionDiffs lists, sorted by name, the codecs of rows whose module or
// version differs between old and new: "msgp v1.6.5 → v1.7.0", or
// "msgp example.com/a v1 → example.com/b v2" when the modules differ.
func versionDiffs(old, new *result.Run, rows []*CompareRow) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range rows {
		name := r.Key.Codec
		if seen[name] {
			continue
		}
		seen[name] = true
		var o, n result.Codec
		if c := old.Codec(name); c != nil {
			o = *c
		}
		if c := new.Codec(name); c != nil {
			n = *c
		}
		switch {
		case o.Module != n.Module:
			out = append(out, fmt.Sprintf("%s %s %s → %s %s", name, orNone(o.Module), orNone(o.Version), orNone(n.Module), orNone(n.Version)))
		case o.Version != n.Version:
			out = append(out, fmt.Sprintf("%s %s → %s", name, orNone(o.Version), orNone(n.Version)))
		}
	}
	slices.Sort(out)
	return out
}

// timed reports whether c has a time to compare: samples, and a status
// that is not a failure (the samples a cell took before it crashed, hung
// or failed are stored, never shown as its time).
func timed(c *result.Cell) bool {
	return c != nil && len(c.Samples) > 0 && !result.Failed(c.Status)
}

// cellName names a cell as compare and history show it: "person/json
// encode", "person/json encode ×4".
func cellName(k result.Key) string {
	n := fmt.Sprintf("%s/%s %s", k.Workload, k.Codec, k.Op)
	if k.Goroutines > 1 {
		n += fmt.Sprintf(" ×%d", k.Goroutines)
	}
	return n
}

// keyLess orders cells by workload, codec, operation (encode, decode,
// access, zstd) and goroutines.
func keyLess(a, b result.Key) bool {
	if a.Workload != b.Workload {
		return a.Workload < b.Workload
	}
	if a.Codec != b.Codec {
		return a.Codec < b.Codec
	}
	if a.Op != b.Op {
		return result.OpOrder(a.Op) < result.OpOrder(b.Op)
	}
	return a.Goroutines < b.Goroutines
}

// allocs returns the allocations per operation of every sample of c.
func allocs(c *result.Cell) []float64 {
	out := make([]float64, len(c.Samples))
	for i, s := range c.Samples {
		out[i] = s.AllocsPerOp
	}
	return out
}

// checkChange returns the correctness mark of a codec on both sides when
// either is not exact: "lossy", or "ok→FAIL" when it changed.
func checkChange(old, new *result.Run, workload, codec string) string {
	mark := func(r *result.Run) string {
		v := r.Verification(workload, codec)
		if v == nil {
			return "?"
		}
		return (&Row{Verify: v}).Mark()
	}
	o, n := mark(old), mark(new)
	switch {
	case o == n && o == "ok":
		return ""
	case o == n:
		return o
	}
	return o + "→" + n
}

// compareTable is the table of c: a row per cell and a geomean row.
func compareTable(c *Comparison) *SectionTable {
	t := &SectionTable{Cols: []Column{
		{Head: "cell", Left: true}, {Head: "old ns/op", CI: true}, {Head: "new ns/op", CI: true},
		{Head: "vs old"}, {Head: "p"}, {Head: "n"}, {Head: "allocs old→new"}, {Head: "check", Left: true},
	}}
	for _, r := range c.Rows {
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			val(cellName(r.Key)),
			{V: format.Ns(r.Old.Center), CI: format.CI(r.Old)}, {V: format.Ns(r.New.Center), CI: format.CI(r.New)},
			val(r.Delta()), val(fmt.Sprintf("p=%.3f", r.Test.P)), val(fmt.Sprintf("n=%d+%d", r.Test.N1, r.Test.N2)),
			val(format.Count(r.OldAllocs) + "→" + format.Count(r.NewAllocs)), val(r.Check),
		}})
	}
	if len(c.Rows) > 0 {
		g := "?"
		if !math.IsNaN(c.Geomean) {
			g = fmt.Sprintf("%+.2f%%", (c.Geomean-1)*100)
		}
		label := "geomean"
		if c.GeomeanOf < len(c.Rows) {
			label = "geomean (refs left out)"
		}
		geomean := []Cell{val(label), {}, {}, val(g), {}, {}, {}, {}}
		t.Rows = append(t.Rows, TableRow{Cells: geomean})
	}
	return t
}

// CompareTable writes c as a benchstat-style table: old and new medians
// with their 95% confidence intervals, the change or "~" when it is not
// significant (stats.CompareForks, α = 0.05) with the p-value and the
// counts it compared (samples, or fork medians), and a geomean row, over
// the cells that are not reference measurements (marked ref).
func CompareTable(w io.Writer, c *Comparison) error {
	var b strings.Builder
	fmt.Fprintf(&b, "old: %s\nnew: %s\n\n", c.Old, c.New)
	for _, r := range c.incomplete {
		fmt.Fprintf(&b, "warning: run %s is incomplete (interrupted or failed): its cells may have fewer samples, and fewer forks, than asked\n", r)
	}
	if len(c.incomplete) > 0 {
		b.WriteString("\n")
	}
	if len(c.Settings) > 0 {
		var diffs []string
		for _, d := range c.Settings {
			diffs = append(diffs, fmt.Sprintf("%s %s → %s", d.Key, orNone(d.Old), orNone(d.New)))
		}
		fmt.Fprintf(&b, "warning: the runs differ in settings that change the numbers: %s;\n"+
			"  the changes below mix the change you look for with these (measure both with the same settings)\n\n",
			wrap(strings.Join(diffs, ", "), 96, "  "))
	}
	if len(c.Versions) > 0 {
		fmt.Fprintf(&b, "codec versions that differ: %s\n\n", wrap(strings.Join(c.Versions, ", "), 96, "  "))
	}
	textWriter{&b}.table(compareTable(c))
	if slices.ContainsFunc(c.Rows, func(r *CompareRow) bool { return r.Test.Method == stats.MethodWelch }) {
		b.WriteString("\nvs old: change of the median; ~ = not significant (p > 0.05): Mann-Whitney U test of the samples or, where a\n" +
			"  cell's forks differ, Welch's t-test of the fork medians (n then counts forks).\n")
	} else {
		b.WriteString("\nvs old: change of the median; ~ = not significant (Mann-Whitney U test, p > 0.05).\n")
	}
	b.WriteString("±: 95% confidence interval of the median, covering the variation between worker processes (forks).\n")
	if refs := len(c.Rows) - c.GeomeanOf; refs > 0 {
		fmt.Fprintf(&b, "ref: a reference measurement, not a codec (floor: the harness's own overhead per operation; others:\n"+
			"  bandwidth limits): compared, but not counted in the geomean, which is over the other %d cells.\n", c.GeomeanOf)
	}
	if len(c.OnlyOld) > 0 {
		fmt.Fprintf(&b, "only in old (%d): %s\n", len(c.OnlyOld), cellList(c.OnlyOld))
	}
	if len(c.OnlyNew) > 0 {
		fmt.Fprintf(&b, "only in new (%d): %s\n", len(c.OnlyNew), cellList(c.OnlyNew))
	}
	if len(c.Rows) == 0 {
		b.WriteString("no cell was measured in both: nothing to compare\n")
	} else if c.GeomeanOf == 0 {
		b.WriteString("geomean ?: every cell measured in both is a reference measurement, which the geomean does not count\n")
	} else if math.IsNaN(c.Geomean) {
		b.WriteString("geomean ?: a cell's median is 0 (or not finite) on one side only, so its change has no ratio\n")
	}
	for _, wn := range c.Warnings {
		b.WriteString("warning: " + wn + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// orNone is v, or "(none)" when a run does not record the setting.
func orNone(v string) string {
	if v == "" {
		return "(none)"
	}
	return v
}

// maxListed is the most cells a list of cells found on one side names.
const maxListed = 12

// cellList names the cells of names, at most maxListed of them and a
// count of the others, wrapped at 100 columns.
func cellList(names []string) string {
	return wrap(listed(names, maxListed), 96, "  ")
}
