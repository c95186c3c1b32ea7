package report

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/internal/trend"
	"github.com/serbench/serbench/result"
)

// oldAndNew returns two runs on one machine a day apart: the fixture
// run, and after it slower's (json 20% slower, noisy's cells missing).
func oldAndNew() (old, new *result.Run) {
	old = fixture.Run("20261120-old")
	old.Start = old.Start.Add(-24 * time.Hour)
	new = slower()
	new.ID = "20261121-new"
	return old, new
}

func TestHistory(t *testing.T) {
	old, new := oldAndNew()
	for i := range new.Codecs {
		if new.Codecs[i].Name == "json" {
			new.Codecs[i].Version = "go1.27.0"
		}
	}
	// A third run on another machine is not compared with the others.
	other := fixture.Run("20261122-other")
	other.Start = other.Start.Add(24 * time.Hour)
	other.Env = append([]result.Config{{Key: "cpu", Value: "Other CPU"}}, other.Env[1:]...)
	series, err := History([]*result.Run{new, other, old}, HistoryFilter{Codec: "^json$", Op: "encode"})
	if err != nil {
		t.Fatal(err)
	}
	if len(series) != 2 { // ×1 and ×2
		t.Fatalf("%d series, want json encode on 1 and 2 goroutines", len(series))
	}
	s := series[0]
	if len(s.Points) != 3 || s.Points[0].RunID != "20261120-old" || s.Points[1].RunID != "20261121-new" {
		t.Fatalf("points %+v, want oldest first", s.Points)
	}
	if s.Points[0].VsPrev != nil || !s.Points[1].Regression || s.Points[2].VsPrev != nil {
		t.Errorf("want the second run flagged as a regression and the other machine not compared: %+v %+v %+v", s.Points[0], s.Points[1], s.Points[2])
	}
	if s.Points[1].Version != "go1.27.0" {
		t.Errorf("version %q", s.Points[1].Version)
	}
	var b bytes.Buffer
	if err := HistoryTable(&b, series); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "history.golden", b.Bytes())
	if _, err := History(nil, HistoryFilter{Codec: "("}); err == nil {
		t.Error("a bad regular expression must be an error")
	}
}

// TestHistoryTableChanges checks how a level change is shown: at its run
// in the table, flagged REGRESSION when slower, and described under it.
func TestHistoryTableChanges(t *testing.T) {
	old, new := oldAndNew()
	series, err := History([]*result.Run{new, old}, HistoryFilter{Codec: "^json$", Op: "encode"})
	if err != nil || len(series) != 2 {
		t.Fatalf("%d series (%v)", len(series), err)
	}
	series[0].Changes = []LevelChange{{Index: 1, Run: "20261121-new", Machine: "Test CPU", Before: 1200, After: 1440, Ratio: 1.2, Lo: 1.15, Hi: 1.25,
		Coincides: []string{"go1.26.8 → go1.27.0"}}}
	series[1].Changes = []LevelChange{{Index: 1, Run: "20261121-new", Machine: "Test CPU", Before: 800, After: 640, Ratio: 0.8, Lo: 0.75, Hi: 0.85}}
	var b bytes.Buffer
	if err := HistoryTable(&b, series); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "history-changes.golden", b.Bytes())
}

// TestHistoryBuilderOrder checks that a builder takes runs oldest first,
// each once, and names the runs when they come out of order; and that
// runs added one by one give the series History gives.
func TestHistoryBuilderOrder(t *testing.T) {
	old, new := oldAndNew()
	b, err := NewHistoryBuilder(HistoryFilter{Codec: "^json$"})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(new); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*result.Run{old, new} {
		err := b.Add(r)
		if err == nil || !strings.Contains(err.Error(), r.ID) || !strings.Contains(err.Error(), "oldest first") {
			t.Errorf("adding %s after %s: %v, want an error naming it", r.ID, new.ID, err)
		}
	}
	if _, err := NewHistoryBuilder(HistoryFilter{Op: "("}); err == nil || !strings.Contains(err.Error(), `"("`) {
		t.Errorf("bad pattern: %v, want an error naming it", err)
	}
	b, _ = NewHistoryBuilder(HistoryFilter{})
	for _, r := range []*result.Run{old, new} {
		if err := b.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	want, err := History([]*result.Run{new, old}, HistoryFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, b.Series()); diff != "" {
		t.Errorf("built one by one (-History +builder):\n%s", diff)
	}
}

// TestHistorySettingsChange checks that a change of what was measured
// (here the workload's number of values) is named where history and the
// dashboard show it: at the level change it coincides with, and at the
// run whose vs prev compares across it.
func TestHistorySettingsChange(t *testing.T) {
	var runs []*result.Run
	for i := range 12 {
		ns := 100.0
		env := []result.Config{{Key: "cpu", Value: "Test CPU"}, {Key: "go", Value: "go1.26.8"}, {Key: "sample-time", Value: "10ms"}}
		if i >= 6 {
			ns = 70
			env = append(env, result.Config{Key: "values", Value: "10"})
		}
		s := make([]result.Sample, 8)
		for j := range s {
			s[j] = result.Sample{NsPerOp: ns * (1 + 0.01*float64((i*3+j)%5)), Fork: 1}
		}
		r := cellsRun(fmt.Sprintf("run-%02d", i), map[string][]result.Sample{"json": s})
		r.Start, r.Env = fixture.Start.Add(time.Duration(i)*time.Hour), env
		runs = append(runs, r)
	}
	series, err := History(runs, HistoryFilter{})
	if err != nil || len(series) != 1 {
		t.Fatalf("%d series (%v)", len(series), err)
	}
	DetectChanges(series, false)
	want := []string{"values (none) → 10"}
	if ch := series[0].Changes; len(ch) != 1 || ch[0].Index != 6 || !slices.Equal(ch[0].Coincides, want) {
		t.Errorf("changes %+v, want one at run-06 naming %q", ch, want)
	}
	if got := series[0].Points[6].SettingsChanged; !slices.Equal(got, want) {
		t.Errorf("run-06's settings changed: %q, want %q", got, want)
	}
	var b bytes.Buffer
	if err := HistoryTable(&b, series); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "; at that run values (none) → 10") ||
		!strings.Contains(out, "run-06 measured with other settings than the run before it on Test CPU, so its vs prev mixes both: values (none) → 10") ||
		strings.Count(out, "other settings") != 1 {
		t.Errorf("history does not say that the runs measured different things:\n%s", out)
	}
}

// TestHistoryChanceLine checks the summary's line on chance: how many
// series DetectChanges tested (those with 2·4 runs or more with a median
// on one machine; a series on two machines is two tests), at which level,
// and about how many changes chance alone would bring, for two different
// numbers of series; and that a history too short to be tested says that
// none can show a change, and one never searched says nothing.
func TestHistoryChanceLine(t *testing.T) {
	// flat returns a series of cell codec with runs points on each of
	// machines, 1% of noise and no change; the incomplete ones first.
	flat := func(codec string, runs, incomplete int, machines ...string) *Series {
		s := &Series{Key: result.Key{Workload: "w", Codec: codec, Op: result.OpEncode, Goroutines: 1}}
		for _, m := range machines {
			for i := range runs {
				s.Points = append(s.Points, &Point{RunID: fmt.Sprintf("run-%02d", i), Start: fixture.Start.Add(time.Duration(i) * time.Hour),
					Machine: m, NsOp: stats.Summary{Center: 100 * (1 + 0.01*float64((i*7)%5))}, Incomplete: i < incomplete})
			}
		}
		return s
	}
	summary := func(series []*Series, detect bool) string {
		if detect {
			DetectChanges(series, false)
		}
		var b bytes.Buffer
		if err := HistoryTable(&b, series); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		return out[strings.LastIndex(out, "\n\n")+2:]
	}
	chance := func(tests int) string {
		return "at most about " + strconv.FormatFloat(trend.DefaultAlpha*float64(tests), 'g', 2, 64) + " changes would show by chance alone"
	}
	level := fmt.Sprintf("each at p ≤ %g with no correction across series", trend.DefaultAlpha)

	// 3 series of 10 runs, one of 8 runs on each of two machines: 4
	// series tested, 5 tests; one of 5 runs and one of 8 whose first run
	// is incomplete (7 with a median) are not tested.
	few := []*Series{flat("a", 10, 0, "A"), flat("b", 10, 0, "A"), flat("c", 10, 0, "A"), flat("d", 8, 0, "A", "B"),
		flat("e", 5, 0, "A"), flat("f", 8, 1, "A")}
	out := summary(few, true)
	for _, want := range []string{"4 of the 6 series had 8 or more runs on a machine and were tested for a level change (5 tests: one per machine),\n", level, chance(5)} {
		if !strings.Contains(out, want) {
			t.Errorf("6 series: the summary does not say %q:\n%s", want, out)
		}
	}
	var many []*Series
	for i := range 60 {
		many = append(many, flat(fmt.Sprintf("c%02d", i), 10, 0, "A"))
	}
	out = summary(many, true)
	for _, want := range []string{"60 of the 60 series had 8 or more runs on a machine and were tested for a level change,\n", level, chance(60)} {
		if !strings.Contains(out, want) {
			t.Errorf("60 series: the summary does not say %q:\n%s", want, out)
		}
	}
	if chance(5) == chance(60) {
		t.Fatalf("the two histories expect the same number of changes by chance: %s", chance(5))
	}
	if out := summary([]*Series{flat("e", 5, 0, "A"), flat("f", 7, 0, "A", "B")}, true); !strings.Contains(out,
		"No series has enough runs on one machine (8 or more) to be tested for a level change, so none can show one.") {
		t.Errorf("short series: the summary does not say that none can show a change:\n%s", out)
	}
	if out := summary([]*Series{flat("a", 10, 0, "A")}, false); strings.Contains(out, "chance") || strings.Contains(out, "tested") {
		t.Errorf("without DetectChanges, the summary speaks of its tests:\n%s", out)
	}
}
