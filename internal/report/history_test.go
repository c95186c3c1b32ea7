package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

func TestHistory(t *testing.T) {
	old := fixture.Run("20261120-old")
	old.Start = old.Start.Add(-24 * time.Hour)
	new := slower()
	new.ID = "20261121-new"
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
	old := fixture.Run("20261120-old")
	old.Start = old.Start.Add(-24 * time.Hour)
	new := slower()
	new.ID = "20261121-new"
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
	old := fixture.Run("20261120-old")
	old.Start = old.Start.Add(-24 * time.Hour)
	new := slower()
	new.ID = "20261121-new"
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
