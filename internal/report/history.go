package report

import (
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/internal/trend"
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
	// Changes are the runs from which the cell's level changed, machine
	// by machine, oldest first. History leaves it empty: DetectChanges
	// finds them, and HistoryTable shows them.
	Changes []LevelChange
	// Detected is true once DetectChanges has searched the series;
	// Searched is then the number of machines on which it was tested for
	// a change: those where it has enough runs (2·trend.DefaultMinSegment, with
	// a median) to be split at all. A series of fewer runs on every
	// machine cannot show a change.
	Detected bool
	Searched int
}

// LevelChange is a run from which a series' level changed, as
// internal/trend's Change describes it.
type LevelChange struct {
	// Index is the index in Series.Points of the first run at the new
	// level; Run is its run ID, Machine its machine.
	Index        int
	Run, Machine string
	// Before and After are the medians of the runs' medians before and
	// after the change; Ratio is After/Before, Lo and Hi bound its 95%
	// interval.
	Before, After, Ratio, Lo, Hi float64
	// Coincides lists the versions that changed at that run.
	Coincides []string
}

// Point is a cell in one run.
type Point struct {
	RunID string
	Start time.Time
	// Version is the codec's module version in that run, Module its
	// module path; Go the Go version; Serbench serbench's version;
	// Machine the CPU, cores and GOMAXPROCS.
	Version, Module, Go, Serbench, Machine string
	// Settings are the run's settings that change the numbers
	// (result.SettingsDiff: sample time, forks, workload options, seed,
	// ...) other than the machine, Go's and serbench's versions, which
	// the fields above hold, and serbench's commit; shared by the points
	// of a run, not to be modified.
	Settings map[string]string
	// SettingsChanged lists the settings in which the run differs from
	// the previous point VsPrev compares with, sorted by name: "values
	// (none) → 10". Such a comparison mixes the change of the cell with
	// the change of what was measured.
	SettingsChanged []string
	// NsOp is the cell's median with its interval over forks.
	NsOp  stats.Summary
	Check string
	// VsPrev compares with the previous comparable point (same machine),
	// by stats.CompareForks as compare does: nil for the first point of a
	// machine.
	VsPrev *stats.Comparison
	// PrevCenter is the median of that previous point.
	PrevCenter float64
	// Regression is true when this point is significantly slower than the
	// previous comparable one. One noisy run sets it (and its successor
	// then looks like a recovery): HistoryTable shows the change without
	// a flag and flags Series.Changes instead.
	Regression bool
	// Incomplete is true when the point's run was interrupted or failed:
	// such a point is compared with no other unless the filter includes
	// incomplete runs, so a killed run flags no regression.
	Incomplete bool
}

// HistoryFilter selects the series of History by regular expressions
// (unanchored; empty matches all).
type HistoryFilter struct {
	Workload, Codec, Op string
	// IncludeIncomplete compares the points of incomplete runs too.
	IncludeIncomplete bool
}

// History builds the series of every selected cell across runs (in any
// order; sorted by start time, then ID, here). Consecutive points of one
// series on the same machine are compared with stats.CompareForks (the
// Mann-Whitney U test, or Welch's t-test of the fork medians when forks
// differ), and a significant slowdown is marked Regression.
func History(runs []*result.Run, f HistoryFilter) ([]*Series, error) {
	b, err := NewHistoryBuilder(f)
	if err != nil {
		return nil, err
	}
	for _, r := range SortRuns(runs) {
		if err := b.Add(r); err != nil {
			return nil, err
		}
	}
	return b.Series(), nil
}

// SortRuns returns a copy of runs sorted as a history takes them: by start
// time, then by ID.
func SortRuns(runs []*result.Run) []*result.Run {
	runs = slices.Clone(runs)
	slices.SortStableFunc(runs, func(a, b *result.Run) int {
		if c := a.Start.Compare(b.Start); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return runs
}

// HistoryBuilder builds the series of History one run at a time, so that
// a history of many runs never holds them all: a point keeps the cell's
// summary, and only the samples of each series' last comparable point per
// machine are kept, for the comparison with the next one.
type HistoryBuilder struct {
	f      HistoryFilter
	res    [3]*regexp.Regexp
	series map[result.Key]*Series
	keys   []result.Key
	// prev holds, per series and machine, the samples (ns/op, by fork)
	// and the median of the last point that the next one is compared
	// with.
	prev map[machineKey]prevPoint
	// last is the last run added (nil before the first).
	last *result.Run
}

type machineKey struct {
	key     result.Key
	machine string
}

type prevPoint struct {
	forks    [][]float64
	center   float64
	settings map[string]string
}

// machineAndVersions are the settings (result.SettingsDiff) that a Point
// does not hold in Settings: its machine, Go and serbench, which it holds
// in fields of its own, and serbench's commit, which differs at every run
// of a serbench built from each of its commits.
var machineAndVersions = []string{"cpu", "cores", "gomaxprocs", "go", "serbench", "commit"}

// runSettings returns the settings of r that change the numbers
// (result.SettingsDiff), apart from machineAndVersions.
func runSettings(r *result.Run) map[string]string {
	out := map[string]string{}
	for _, d := range result.SettingsDiff(&result.Run{}, r) {
		if !slices.Contains(machineAndVersions, d.Key) {
			out[d.Key] = d.New
		}
	}
	return out
}

// settingsChanges lists, sorted by name, the settings that differ
// between prev and cur: "values (none) → 10".
func settingsChanges(prev, cur map[string]string) []string {
	var out []string
	both := map[string]string{}
	maps.Copy(both, prev)
	maps.Copy(both, cur)
	for _, k := range slices.Sorted(maps.Keys(both)) {
		if a, b := prev[k], cur[k]; a != b {
			out = append(out, fmt.Sprintf("%s %s → %s", k, orNone(a), orNone(b)))
		}
	}
	return out
}

// NewHistoryBuilder returns a builder of the series f selects, or an
// error naming a bad regular expression of f.
func NewHistoryBuilder(f HistoryFilter) (*HistoryBuilder, error) {
	b := &HistoryBuilder{f: f, series: map[result.Key]*Series{}, prev: map[machineKey]prevPoint{}}
	for i, p := range []string{f.Workload, f.Codec, f.Op} {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("bad regular expression %q: %w", p, err)
		}
		b.res[i] = re
	}
	return b, nil
}

// Selects reports whether the builder's filter selects the cell k.
func (b *HistoryBuilder) Selects(k result.Key) bool {
	return b.res[0].MatchString(k.Workload) && b.res[1].MatchString(k.Codec) && b.res[2].MatchString(k.Op)
}

// Add adds the points of run r. Runs are added oldest first, in the order
// of SortRuns: Add returns an error for a run that comes before the last
// one added. r is not kept. A cell without samples, or that failed
// (crash, timeout, ...), gives no point: the samples it took before it
// failed are not its time. A point's interval takes into account the
// variation between forks of the cells r holds (stats.Pool): of all its
// cells when r was read whole, as serbench show reads it, and of the
// selected ones only when it was read with store.RunsWithCells, which
// then makes the interval follow the selection.
func (b *HistoryBuilder) Add(r *result.Run) error {
	if l := b.last; l != nil {
		if c := r.Start.Compare(l.Start); c < 0 || c == 0 && r.ID <= l.ID {
			return fmt.Errorf("history: run %s (%s) is added after run %s (%s): runs are added oldest first, each once",
				r.ID, r.Start.UTC().Format(time.RFC3339), l.ID, l.Start.UTC().Format(time.RFC3339))
		}
	}
	b.last = &result.Run{ID: r.ID, Start: r.Start}
	machine, settings := machineOf(r), runSettings(r)
	pool := RunPool(r)
	for i := range r.Cells {
		c := &r.Cells[i]
		if !timed(c) || !b.Selects(c.Key()) {
			continue
		}
		k := c.Key()
		s := b.series[k]
		if s == nil {
			s = &Series{Key: k}
			b.series[k] = s
			b.keys = append(b.keys, k)
		}
		if role := referenceRole(r, c); role != "" {
			s.Reference = role
		}
		forks := result.ForkGroups(c.Samples, result.NsPerOp)
		p := &Point{RunID: r.ID, Start: r.Start, Go: r.EnvValue("go"), Serbench: r.EnvValue("serbench"), Machine: machine,
			Settings: settings, NsOp: pool.Summarize(forks), Incomplete: !r.Complete}
		if cd := r.Codec(c.Codec); cd != nil {
			p.Version, p.Module = cd.Version, cd.Module
		}
		if v := r.Verification(c.Workload, c.Codec); v != nil {
			p.Check = (&Row{Verify: v}).Mark()
		}
		// The previous comparable point of this series on the same
		// machine: points of incomplete runs are neither compared nor
		// compared with unless the filter includes them.
		if !p.Incomplete || b.f.IncludeIncomplete {
			mk := machineKey{k, machine}
			if prev, ok := b.prev[mk]; ok {
				cmp := stats.CompareForks(prev.forks, forks)
				p.VsPrev, p.PrevCenter = &cmp, prev.center
				p.Regression = cmp.Significant() && p.NsOp.Center > prev.center
				p.SettingsChanged = settingsChanges(prev.settings, settings)
			}
			b.prev[mk] = prevPoint{forks: forks, center: p.NsOp.Center, settings: settings}
		}
		s.Points = append(s.Points, p)
	}
	return nil
}

// Series returns the series built so far, sorted by workload, codec,
// operation and goroutines.
func (b *HistoryBuilder) Series() []*Series {
	keys := slices.Clone(b.keys)
	sort.SliceStable(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	out := make([]*Series, len(keys))
	for i, k := range keys {
		out[i] = b.series[k]
	}
	return out
}

// HistoryTable writes every series as a table: one line per run with the
// codec's version, the Go version and the machine, the median and its
// interval, the change from the previous run on the same machine (with
// its p-value, unflagged: one noisy run makes it significant), and, at
// the first run of each new level the series reached (Series.Changes),
// the size of the change with its 95% interval, flagged REGRESSION when
// slower. Under the table, each change is described with the versions
// that changed at that run.
func HistoryTable(w io.Writer, series []*Series) error {
	var b strings.Builder
	if len(series) == 0 {
		b.WriteString("no stored cell matches\n")
	}
	slower, faster, runToRun, welch := 0, 0, 0, false
	for _, s := range series {
		t := &SectionTable{Indent: true, TextLeft: true, Cols: []Column{
			{Head: "run"}, {Head: "date"}, {Head: "version"}, {Head: "go"}, {Head: "machine"},
			{Head: "ns/op", CI: true}, {Head: "vs prev"}, {Head: "level change"}, {Head: "check"},
		}}
		changeAt := map[int]LevelChange{}
		for _, c := range s.Changes {
			changeAt[c.Index] = c
		}
		for i, p := range s.Points {
			vs, run, level := "", p.RunID, ""
			if p.Incomplete {
				run += " (incomplete)"
				vs = "not compared"
			}
			if p.VsPrev != nil {
				vs = fmt.Sprintf("%s (p=%.3f)", p.VsPrev.Delta(p.PrevCenter, p.NsOp.Center), p.VsPrev.P)
				if p.Regression {
					runToRun++
				}
				welch = welch || p.VsPrev.Method == stats.MethodWelch
			}
			if c, ok := changeAt[i]; ok {
				level = ratioChange(c)
				if c.Ratio > 1 {
					level += " REGRESSION"
					slower++
				} else {
					faster++
				}
			}
			t.Rows = append(t.Rows, TableRow{Cells: []Cell{
				val(run), val(p.Start.UTC().Format("2006-01-02 15:04")), val(p.Version), val(p.Go), val(p.Machine),
				{V: format.Ns(p.NsOp.Center), CI: format.CI(p.NsOp)}, val(vs), val(level), val(p.Check),
			}})
		}
		fmt.Fprintf(&b, "\n%s\n", cellName(s.Key))
		textWriter{&b}.table(t)
		for _, c := range s.Changes {
			fmt.Fprintf(&b, "  %s starts a new level on %s: %s → %s, %s", c.Run, c.Machine, format.Ns(c.Before), format.Ns(c.After), ratioChange(c))
			if len(c.Coincides) > 0 {
				fmt.Fprintf(&b, "; at that run %s", strings.Join(c.Coincides, ", "))
			}
			b.WriteString("\n")
		}
		for _, p := range s.Points {
			if p.VsPrev != nil && len(p.SettingsChanged) > 0 {
				fmt.Fprintf(&b, "  %s measured with other settings than the run before it on %s, so its vs prev mixes both: %s\n",
					p.RunID, p.Machine, strings.Join(p.SettingsChanged, ", "))
			}
		}
	}
	fmt.Fprintf(&b, "\n%d series; %d level changes (%d slower, %d faster): runs from which a cell stayed slower or faster,\n", len(series), slower+faster, slower, faster)
	b.WriteString("found over each machine's run medians (a rank test by permutation; 95% bootstrap intervals over runs).\n")
	test := "Mann-Whitney U, p ≤ 0.05"
	if welch {
		test = "Mann-Whitney U or, where a cell's forks differ, Welch's t-test of the fork medians; p ≤ 0.05"
	}
	fmt.Fprintf(&b, "%d runs significantly slower than the previous run alone (%s) are not flagged: one noisy run is enough for that.\n", runToRun, test)
	b.WriteString(chanceLine(series))
	_, err := io.WriteString(w, b.String())
	return err
}

// chanceLine says, when DetectChanges has searched series, how many series
// were tested for a level change, at which level, and how many changes
// chance alone would bring: each series is tested on its own at
// trend.DefaultAlpha, with no correction across series, so of N series that did
// not change at most about trend.DefaultAlpha·N show a change anyway (trend: "the
// chance that a series with no change shows one is about Alpha"; its
// simulation finds 1.4% at 0.02, and a series of few runs cannot reach
// the level at all). A series tested on two machines is two tests. Empty
// without a detection.
func chanceLine(series []*Series) string {
	detected, tested, tests := false, 0, 0
	for _, s := range series {
		detected = detected || s.Detected
		if s.Searched > 0 {
			tested++
			tests += s.Searched
		}
	}
	switch {
	case !detected:
		return ""
	case tests == 0:
		return fmt.Sprintf("No series has enough runs on one machine (%d or more) to be tested for a level change, so none can show one.\n",
			2*trend.DefaultMinSegment)
	}
	machines := ""
	if tests != tested {
		machines = fmt.Sprintf(" (%d tests: one per machine)", tests)
	}
	expected := trend.DefaultAlpha * float64(tests)
	about := fmt.Sprintf("%.2g", expected)
	if expected >= 10 {
		about = fmt.Sprintf("%.0f", expected)
	}
	return fmt.Sprintf("For context, not a threshold: %d of the %d series had %d or more runs on a machine and were tested for a level change%s,\n"+
		"each at p ≤ %g with no correction across series: at most about %s changes would show by chance alone if no cell had changed.\n",
		tested, len(series), 2*trend.DefaultMinSegment, machines, trend.DefaultAlpha, about)
}

// ratioChange formats the size of a change, After/Before − 1, with its
// 95% interval: "+15.2% [+12.0%, +18.1%]".
func ratioChange(c LevelChange) string {
	pct := func(r float64) string { return fmt.Sprintf("%+.1f%%", 100*(r-1)) }
	return fmt.Sprintf("%s [%s, %s]", pct(c.Ratio), pct(c.Lo), pct(c.Hi))
}
