package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// TestSummaryPicksExactCodecs checks the person summary of the fixture:
// reuse (a variant) and lossy-bson, broken and panics (lossy, FAIL, not
// timed) are never a pick for a goal; fast wins every time goal and the
// size, with json clearly behind it; reuse, which is faster than fast,
// is offered as the variant option with what it gives up.
func TestSummaryPicksExactCodecs(t *testing.T) {
	rep := Build(fixture.Run("r1"), Options{AllVariants: true})
	if len(rep.Summaries) != 1 {
		t.Fatalf("%d summaries, want 1", len(rep.Summaries))
	}
	s := rep.Summaries[0]
	if s.Workload != "person" || s.Exact != 3 {
		t.Errorf("summary of %s with %d exact codecs, want person with 3 (fast, json, noisy)", s.Workload, s.Exact)
	}
	goals := map[string]Pick{}
	for _, p := range s.Picks {
		goals[p.Goal] = p
	}
	for _, g := range []string{GoalEncode, GoalDecode, GoalRoundTrip, GoalSmallest} {
		p, ok := goals[g]
		if !ok {
			t.Errorf("no pick for %s", g)
			continue
		}
		if p.Row.Codec.Name != "fast" {
			t.Errorf("%s: picked %s, want fast", g, p.Row.Codec.Name)
		}
		if p.Next == nil || (p.Next.Codec.Name != "json" && p.Next.Codec.Name != "noisy") || !(p.Lead > 1) {
			t.Errorf("%s: next %v lead %v, want an exact codec (json or noisy) with a lead above 1", g, p.Next, p.Lead)
		}
	}
	v, ok := goals[GoalVariant]
	if !ok || v.Row.Codec.Name != "reuse" || !strings.Contains(v.Note, "faster round trip than fast") || !strings.Contains(v.Note, "reuses buffers") {
		t.Errorf("variant option %+v, want reuse, faster than fast, saying it reuses buffers", v)
	}
	if _, ok := goals[GoalLossy]; ok {
		t.Errorf("lossy-bson is offered though it is slower than fast: %+v", goals[GoalLossy])
	}
	plain := Build(fixture.Run("r1"), Options{})
	for _, p := range plain.Summaries[0].Picks {
		if p.Goal == GoalVariant {
			t.Errorf("the default report offers a hidden variant: %+v", p)
		}
	}
}

// TestSummaryTies checks that a codec within noise of the pick is tied
// with it, not behind it: two codecs measured alike.
func TestSummaryTies(t *testing.T) {
	run := fixture.Run("r1")
	// json becomes a copy of fast's samples: the same distribution.
	for i := range run.Cells {
		c := &run.Cells[i]
		if c.Codec == "json" && c.Goroutines == 1 {
			c.Samples = append([]result.Sample(nil), run.Cell(result.Key{Workload: "person", Codec: "fast", Op: c.Op, Goroutines: 1}).Samples...)
		}
	}
	rep := Build(run, Options{})
	p := rep.Summaries[0].Picks[0]
	if p.Goal != GoalEncode || len(p.Tied) != 1 || p.Next == nil || p.Next.Codec.Name != "noisy" {
		t.Errorf("encode pick %s tied with %d codecs, next %v; want fast or json, tied with the other, next noisy", p.Row.Codec.Name, len(p.Tied), p.Next)
	}
	if got := p.Against(); !strings.Contains(got, "tied with") || !strings.Contains(got, "ahead of noisy") {
		t.Errorf("Against() = %q", got)
	}
}

// TestFamilies checks that workloads sharing a prefix, three or more, are
// a family: ordered after the others and summarized once.
func TestFamilies(t *testing.T) {
	fam := familyOf([]string{"person", "bsontypes-int32", "bsontypes-string", "bsontypes-null", "big-one", "big-two"})
	if len(fam) != 3 || fam["bsontypes-null"] != "bsontypes" || fam["big-one"] != "" {
		t.Errorf("familyOf = %v", fam)
	}
	ws := []*Workload{{Name: "bsontypes-b"}, {Name: "alpha"}, {Name: "bsontypes-a"}, {Name: "bsontypes-c"},
		{Name: "zeta", Rows: []*Row{{Codec: &result.Codec{Name: "x"}}}}}
	orderWorkloads(ws)
	var got []string
	for _, w := range ws {
		got = append(got, w.Name)
	}
	if want := "zeta alpha bsontypes-a bsontypes-b bsontypes-c"; strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s (most codecs first, families last)", got, want)
	}
}

// TestBrief checks the brief output of the fixture against its golden
// file, and that no line is wider than the width asked for.
func TestBrief(t *testing.T) {
	for _, width := range []int{100, 60} {
		var b bytes.Buffer
		if err := Brief(&b, Build(referenceRun("20261121-093000-abcdef"), Options{}), width); err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(b.String(), "\n") {
			if n := utf8.RuneCountInString(l); n > width {
				t.Errorf("width %d: line %d has %d runes: %q", width, i+1, n, l)
			}
		}
		if width == 100 {
			golden.Check(t, "brief.golden", b.Bytes())
		}
	}
}

// TestCompareWarnsOfSettings checks that compare names the settings in
// which two runs differ before it shows their changes, and that a long
// list of cells found on one side is cut.
func TestCompareWarnsOfSettings(t *testing.T) {
	old, new := fixture.Run("a"), fixture.Run("b")
	for i := range new.Env {
		if new.Env[i].Key == "sample-time" {
			new.Env[i].Value = "10ms"
		}
	}
	new.Env = append(new.Env, result.Config{Key: "forks", Value: "2"})
	for i := 0; i < 30; i++ {
		new.Cells = append(new.Cells, result.Cell{Workload: "extra", Codec: fmt.Sprintf("c%02d", i), Op: result.OpEncode, Goroutines: 1,
			Status: result.CellOK, Samples: []result.Sample{{Iters: 1, NsPerOp: 1}}})
	}
	var b bytes.Buffer
	if err := CompareTable(&b, Compare("a", old, "b", new)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "warning: the runs differ in settings that change the numbers: sample-time 50ms → 10ms, forks (none) → 2;") {
		t.Errorf("no settings warning:\n%s", out)
	}
	if !strings.Contains(out, "only in new (30): extra/c00 encode") || !strings.Contains(out, "and 18 more") {
		t.Errorf("the list of cells only in new is not cut:\n%s", out)
	}
	var same bytes.Buffer
	if err := CompareTable(&same, Compare("a", old, "a2", fixture.Run("a2"))); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(same.String(), "warning: the runs differ in settings") {
		t.Errorf("runs with the same settings get the warning:\n%s", same.String())
	}
}

// TestIncompleteRunsAreNotCompared: a run that was interrupted (here 3×
// slower, as a killed run's last samples can be) is shown in history,
// marked, and flags no regression unless incomplete runs are included;
// compare says that a side is incomplete.
func TestIncompleteRunsAreNotCompared(t *testing.T) {
	a, b := fixture.Run("a"), fixture.Run("b")
	b.Start = a.Start.Add(time.Hour)
	b.Complete = false
	for i := range b.Cells {
		for j := range b.Cells[i].Samples {
			b.Cells[i].Samples[j].NsPerOp *= 3
		}
	}
	regressions := func(f HistoryFilter) int {
		series, err := History([]*result.Run{a, b}, f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range series {
			for _, p := range s.Points {
				if p.Regression {
					n++
				}
			}
		}
		return n
	}
	if n := regressions(HistoryFilter{Codec: "^json$", Op: "encode"}); n != 0 {
		t.Errorf("%d regressions flagged from an incomplete run, want 0", n)
	}
	if n := regressions(HistoryFilter{Codec: "^json$", Op: "encode", IncludeIncomplete: true}); n == 0 {
		t.Errorf("no regression flagged with incomplete runs included")
	}
	series, _ := History([]*result.Run{a, b}, HistoryFilter{Codec: "^json$", Op: "encode"})
	var hb bytes.Buffer
	if err := HistoryTable(&hb, series); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(hb.String(), "b (incomplete)") || !strings.Contains(hb.String(), "not compared") {
		t.Errorf("history does not mark the incomplete run:\n%s", hb.String())
	}
	var cb bytes.Buffer
	if err := CompareTable(&cb, Compare("a", a, "b", b)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cb.String(), "warning: run b is incomplete") {
		t.Errorf("compare does not say that b is incomplete:\n%s", cb.String())
	}
}
