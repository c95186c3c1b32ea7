package report

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// Series is the history of one cell (workload, codec, operation,
// goroutines) across runs, oldest first.
type Series struct {
	Key result.Key
	// Reference is the role of a reference measurement (the cell's
	// Reference in the latest run that has it: "floor", "read", ...);
	// empty for codecs. History charts leave references out.
	Reference string
	Points    []*Point
}

// Point is a cell in one run.
type Point struct {
	RunID string
	Start time.Time
	// Version is the codec's module version in that run; Go the Go
	// version; Machine the CPU, cores and GOMAXPROCS.
	Version, Go, Machine string
	// NsOp is the cell's median with its interval over forks.
	NsOp  stats.Summary
	Check string
	// VsPrev compares with the previous comparable point (same machine):
	// nil for the first point of a machine.
	VsPrev *stats.Comparison
	// PrevCenter is the median of that previous point.
	PrevCenter float64
	// Regression is true when this point is significantly slower than the
	// previous comparable one.
	Regression bool
	// Incomplete is true when the point's run was interrupted or failed:
	// such a point is compared with no other unless the filter includes
	// incomplete runs, so a killed run flags no regression.
	Incomplete bool
	// ns are the cell's samples, ns/op.
	ns []float64
}

// HistoryFilter selects the series of History by regular expressions
// (unanchored; empty matches all).
type HistoryFilter struct {
	Workload, Codec, Op string
	// IncludeIncomplete compares the points of incomplete runs too.
	IncludeIncomplete bool
}

// History builds the series of every selected cell across runs (in any
// order; sorted by start time here). Consecutive points of one series on
// the same machine are compared with the Mann-Whitney U test, and a
// significant slowdown is flagged as a regression.
func History(runs []*result.Run, f HistoryFilter) ([]*Series, error) {
	var res [3]*regexp.Regexp
	for i, p := range []string{f.Workload, f.Codec, f.Op} {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("bad regular expression %q: %w", p, err)
		}
		res[i] = re
	}
	runs = append([]*result.Run(nil), runs...)
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].Start.Before(runs[j].Start) })
	series := map[result.Key]*Series{}
	var keys []result.Key
	for _, r := range runs {
		machine := machineOf(r)
		for i := range r.Cells {
			c := &r.Cells[i]
			if len(c.Samples) == 0 || !res[0].MatchString(c.Workload) || !res[1].MatchString(c.Codec) || !res[2].MatchString(c.Op) {
				continue
			}
			k := c.Key()
			s := series[k]
			if s == nil {
				s = &Series{Key: k}
				series[k] = s
				keys = append(keys, k)
			}
			if c.Reference != "" {
				s.Reference = c.Reference
			}
			ns, _ := samples(c)
			p := &Point{RunID: r.ID, Start: r.Start, Go: r.EnvValue("go"), Machine: machine, NsOp: stats.SummarizeForks(result.ForkGroups(c.Samples, result.NsPerOp)), ns: ns,
				Incomplete: !r.Complete}
			if cd := r.Codec(c.Codec); cd != nil {
				p.Version = cd.Version
			}
			if v := r.Verification(c.Workload, c.Codec); v != nil {
				p.Check = (&Row{Verify: v}).Mark()
			}
			// The previous point of this series on the same machine.
			for j := len(s.Points) - 1; j >= 0 && (!p.Incomplete || f.IncludeIncomplete); j-- {
				prev := s.Points[j]
				if prev.Machine != machine || prev.Incomplete && !f.IncludeIncomplete {
					continue
				}
				cmp := stats.Compare(prev.ns, ns)
				p.VsPrev, p.PrevCenter = &cmp, prev.NsOp.Center
				p.Regression = cmp.Significant() && p.NsOp.Center > prev.NsOp.Center
				break
			}
			s.Points = append(s.Points, p)
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	out := make([]*Series, len(keys))
	for i, k := range keys {
		out[i] = series[k]
	}
	return out, nil
}

// HistoryTable writes every series as a table: one line per run with the
// codec's version, the Go version and the machine, the median and its
// interval, and the change from the previous run on the same machine,
// flagged REGRESSION when it is a significant slowdown.
func HistoryTable(w io.Writer, series []*Series) error {
	var b strings.Builder
	if len(series) == 0 {
		b.WriteString("no stored cell matches\n")
	}
	regressions := 0
	for _, s := range series {
		t := &SectionTable{Indent: true, TextLeft: true, Cols: []Column{
			{Head: "run"}, {Head: "date"}, {Head: "version"}, {Head: "go"}, {Head: "machine"},
			{Head: "ns/op", CI: true}, {Head: "vs prev"}, {Head: "check"},
		}}
		for _, p := range s.Points {
			vs, run := "", p.RunID
			if p.Incomplete {
				run += " (incomplete)"
				vs = "not compared"
			}
			if p.VsPrev != nil {
				vs = fmt.Sprintf("%s (p=%.3f)", p.VsPrev.Delta(p.PrevCenter, p.NsOp.Center), p.VsPrev.P)
				if p.Regression {
					vs += " REGRESSION"
					regressions++
				}
			}
			t.Rows = append(t.Rows, TableRow{Cells: []Cell{
				val(run), val(p.Start.UTC().Format("2006-01-02 15:04")), val(p.Version), val(p.Go), val(p.Machine),
				{V: format.Ns(p.NsOp.Center), CI: format.CI(p.NsOp)}, val(vs), val(p.Check),
			}})
		}
		fmt.Fprintf(&b, "\n%s\n", cellName(s.Key))
		textWriter{&b}.table(t)
	}
	fmt.Fprintf(&b, "\n%d series; %d significant regressions (slower than the previous run on the same machine, Mann-Whitney U, p ≤ 0.05)\n", len(series), regressions)
	_, err := io.WriteString(w, b.String())
	return err
}
