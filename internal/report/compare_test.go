package report

import (
	"bytes"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// slower returns the fixture run with json's samples 20% slower and
// noisy's cells missing.
func slower() *result.Run {
	r := fixture.Run("new")
	var cells []result.Cell
	for _, c := range r.Cells {
		if c.Codec == "noisy" {
			continue
		}
		if c.Codec == "json" {
			s := append([]result.Sample(nil), c.Samples...)
			for i := range s {
				s[i].NsPerOp *= 1.2
			}
			c.Samples = s
		}
		cells = append(cells, c)
	}
	r.Cells = cells
	return r
}

func TestCompare(t *testing.T) {
	c := Compare("old", fixture.Run("old"), "new", slower())
	for _, r := range c.Rows {
		sig := r.Test.Significant()
		switch r.Key.Codec {
		case "json":
			if !sig || math.Abs(r.New.Center/r.Old.Center-1.2) > 0.01 {
				t.Errorf("%v: %s, want +20%% and significant", r.Key, r.Delta())
			}
		default:
			if sig || r.Delta() != "~" {
				t.Errorf("%v: %s, want ~ (same samples)", r.Key, r.Delta())
			}
		}
	}
	if len(c.OnlyOld) != 2 || len(c.OnlyNew) != 0 {
		t.Errorf("only old %v, only new %v", c.OnlyOld, c.OnlyNew)
	}
	// The json cells are 20% slower, the others unchanged: the geomean
	// is 1.2^(json cells / all cells).
	json := 0
	for _, r := range c.Rows {
		if r.Key.Codec == "json" {
			json++
		}
	}
	if want := math.Pow(1.2, float64(json)/float64(len(c.Rows))); json != 5 || !(math.Abs(c.Geomean-want) <= 1e-3) {
		t.Errorf("geomean %v, want %v", c.Geomean, want)
	}
	var b bytes.Buffer
	if err := CompareTable(&b, c); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "compare.golden", b.Bytes())
}

// cellsRun returns a complete run with one encode cell of workload w per
// codec, with the given samples.
func cellsRun(id string, cells map[string][]result.Sample) *result.Run {
	r := &result.Run{ID: id, Complete: true}
	for _, codec := range slices.Sorted(maps.Keys(cells)) {
		r.Cells = append(r.Cells, result.Cell{Workload: "w", Codec: codec, Op: "encode", Goroutines: 1, Samples: cells[codec]})
	}
	return r
}

// oneFork returns samples of ns/op vals, all of fork 1.
func oneFork(vals ...float64) []result.Sample {
	out := make([]result.Sample, len(vals))
	for i, v := range vals {
		out[i] = result.Sample{NsPerOp: v, Fork: 1}
	}
	return out
}

// TestCompareGeomeanZero checks the geomean of cells whose median is 0:
// 0 on both sides is no change, as benchstat counts it, and 0 on one side
// only leaves no ratio, so no geomean, which the table shows as "?" and
// says why, never as NaN or Inf.
func TestCompareGeomeanZero(t *testing.T) {
	base := map[string][]result.Sample{"a": oneFork(10, 11, 12, 10, 11), "b": oneFork(20, 21, 22, 20, 21)}
	twice := map[string][]result.Sample{"a": oneFork(20, 22, 24, 20, 22), "b": oneFork(20, 21, 22, 20, 21)}
	with := func(m map[string][]result.Sample, zero []result.Sample) map[string][]result.Sample {
		m = maps.Clone(m)
		m["z"] = zero
		return m
	}
	c := Compare("old", cellsRun("old", with(base, oneFork(0, 0, 0, 0, 0))), "new", cellsRun("new", with(twice, oneFork(0, 0, 0, 0, 0))))
	if want := math.Pow(2, 1.0/3); !(math.Abs(c.Geomean-want) <= 1e-9) {
		t.Errorf("0 on both sides: geomean %v, want %v (ratios 2, 1, 1)", c.Geomean, want)
	}
	for _, newZero := range []bool{false, true} {
		o, n := oneFork(0, 0, 0, 0, 0), oneFork(5, 5, 6, 5, 5)
		if newZero {
			o, n = n, o
		}
		c := Compare("old", cellsRun("old", with(base, o)), "new", cellsRun("new", with(twice, n)))
		if !math.IsNaN(c.Geomean) {
			t.Errorf("0 on one side (new 0: %v): geomean %v, want NaN", newZero, c.Geomean)
		}
		var b bytes.Buffer
		if err := CompareTable(&b, c); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") || !strings.Contains(out, "geomean ?") {
			t.Errorf("0 on one side (new 0: %v): want a geomean of ? with its reason, no NaN or Inf:\n%s", newZero, out)
		}
	}
}

// forked returns samples of ns/op at each level, one fork per level,
// with per samples of little noise in each.
func forked(per int, levels ...float64) []result.Sample {
	var out []result.Sample
	for f, l := range levels {
		for i := range per {
			out = append(out, result.Sample{NsPerOp: l * (1 + 0.001*float64(i)), Fork: f + 1})
		}
	}
	return out
}

// TestCompareForksDiffer checks that compare and history judge a change
// as the tiers and the dashboard do, by stats.CompareForks: when the
// forks of a cell differ (here by 10%), a 1% shift of every fork is
// within the variation between forks, and Welch's t-test of the fork
// medians says so, where the Mann-Whitney U test of the pooled samples
// found it significant (p = 0.026).
func TestCompareForksDiffer(t *testing.T) {
	oldS, newS := forked(10, 100, 110, 105), forked(10, 101, 111, 106)
	old, new := cellsRun("old", map[string][]result.Sample{"f": oldS}), cellsRun("new", map[string][]result.Sample{"f": newS})
	want := stats.CompareForks(result.ForkGroups(oldS, result.NsPerOp), result.ForkGroups(newS, result.NsPerOp))
	if want.Method != stats.MethodWelch || want.Significant() {
		t.Fatalf("the fixture is not what the test is about: %+v", want)
	}
	c := Compare("old", old, "new", new)
	if len(c.Rows) != 1 {
		t.Fatalf("%d rows", len(c.Rows))
	}
	if diff := cmp.Diff(want, c.Rows[0].Test); diff != "" || c.Rows[0].Delta() != "~" {
		t.Errorf("compare: %s, want stats.CompareForks (-want +got):\n%s", c.Rows[0].Delta(), diff)
	}
	var b bytes.Buffer
	if err := CompareTable(&b, c); err != nil || !strings.Contains(b.String(), "Welch's t-test of the fork medians") {
		t.Errorf("compare's legend does not name the test it made (%v):\n%s", err, b.String())
	}
	new.Start = old.Start.Add(time.Hour)
	series, err := History([]*result.Run{old, new}, HistoryFilter{})
	if err != nil || len(series) != 1 || len(series[0].Points) != 2 || series[0].Points[1].VsPrev == nil {
		t.Fatalf("history: %v, %+v", err, series)
	}
	p := series[0].Points[1]
	if diff := cmp.Diff(want, *p.VsPrev); diff != "" || p.Regression {
		t.Errorf("history: regression %v, want stats.CompareForks (-want +got):\n%s", p.Regression, diff)
	}
	b.Reset()
	if err := HistoryTable(&b, series); err != nil || !strings.Contains(b.String(), "Welch's t-test of the fork medians") {
		t.Errorf("history's legend does not name the test it made (%v):\n%s", err, b.String())
	}
}

// TestCompareCodecVersions checks that compare names the codecs whose
// library changed between the runs, and only those.
func TestCompareCodecVersions(t *testing.T) {
	new := slower()
	for i := range new.Codecs {
		switch new.Codecs[i].Name {
		case "json":
			new.Codecs[i].Version = "go1.27.0"
		case "lossy-bson":
			new.Codecs[i].Module, new.Codecs[i].Version = "example.com/bson2", "v2.0.0"
		case "noisy": // not compared: new has no cell of it
			new.Codecs[i].Version = "v9"
		}
	}
	c := Compare("old", fixture.Run("old"), "new", new)
	want := []string{"json go1.26.8 → go1.27.0", "lossy-bson example.com/bson v2.9.3 → example.com/bson2 v2.0.0"}
	if !slices.Equal(c.Versions, want) {
		t.Errorf("versions %q, want %q", c.Versions, want)
	}
	var b bytes.Buffer
	if err := CompareTable(&b, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "codec versions that differ: "+strings.Join(want, ", ")) {
		t.Errorf("compare does not name the codecs whose version changed:\n%s", b.String())
	}
	if c := Compare("old", fixture.Run("old"), "new", slower()); len(c.Versions) != 0 {
		t.Errorf("same versions: %q, want none", c.Versions)
	}
}

// TestCompareFailedCell checks that a cell that failed after some samples
// (here it crashed in its second worker) is neither compared nor counted
// in the geomean, nor a point of its history: as everywhere else, the
// samples it took before it failed are not its time.
func TestCompareFailedCell(t *testing.T) {
	cells := map[string][]result.Sample{"a": oneFork(10, 11, 12, 10, 11), "b": oneFork(20, 21, 22, 20, 21)}
	old := cellsRun("old", cells)
	new := cellsRun("new", map[string][]result.Sample{"a": oneFork(10, 11, 12, 10, 11), "b": oneFork(40, 42, 44, 40, 42)})
	new.Start = old.Start.Add(time.Hour)
	b := &new.Cells[1]
	if b.Codec != "b" {
		t.Fatalf("cell %v", b.Key())
	}
	b.Status, b.Error = result.CellCrash, "the worker died: exit status 2"
	c := Compare("old", old, "new", new)
	if len(c.Rows) != 1 || c.Rows[0].Key.Codec != "a" || c.Geomean != 1 || !slices.Equal(c.OnlyOld, []string{"w/b encode"}) {
		t.Errorf("rows %d, geomean %v, only in old %q: want a alone compared, geomean 1, and b only in old", len(c.Rows), c.Geomean, c.OnlyOld)
	}
	series, err := History([]*result.Run{old, new}, HistoryFilter{Codec: "^b$"})
	if err != nil || len(series) != 1 {
		t.Fatalf("%d series (%v)", len(series), err)
	}
	if p := series[0].Points; len(p) != 1 || p[0].RunID != "old" {
		t.Errorf("b's history has %d points, want the old run's alone", len(p))
	}
}

// TestCompareGeomeanReferences checks that the geomean is over codecs
// only: reference measurements (the floor, whose cells have Reference
// "floor"; a floor an older run marks only by its verification's status;
// bandwidth references, which have no verification) are compared and
// shown, marked ref, but a change of theirs (here all three got 3 times
// slower) moves the geomean no more than it moves a codec.
func TestCompareGeomeanReferences(t *testing.T) {
	old := referenceRun("old")
	// The second floor of person: a cell an older run stored without
	// Reference, whose codec's verification alone says it is one.
	old.Verifications = append(old.Verifications,
		result.Verification{Workload: "person", Codec: "oldnoop", Status: result.VerifyReference, Values: 1000, MeanSize: 1})
	floor := *old.Cell(result.Key{Workload: "person", Codec: "noop", Op: result.OpEncode, Goroutines: 1})
	floor.Codec, floor.Reference = "oldnoop", ""
	old.Cells = append(old.Cells, floor)
	new := referenceRun("new")
	new.Verifications, new.Cells = old.Verifications, slices.Clone(old.Cells)
	refs, codecs := 0, 0
	for i := range new.Cells {
		c := &new.Cells[i]
		if !timed(c) {
			continue
		}
		factor := 1.1
		if c.Reference != "" || c.Codec == "oldnoop" {
			factor = 3
			refs++
		} else {
			codecs++
		}
		c.Samples = slices.Clone(c.Samples)
		for k := range c.Samples {
			c.Samples[k].NsPerOp *= factor
		}
	}
	if refs != 6 { // person: noop ×2, oldnoop; vectors: ref.read, ref.memcpy, noop
		t.Fatalf("%d reference cells, want 6: the fixture is not what the test is about", refs)
	}
	c := Compare("old", old, "new", new)
	if c.GeomeanOf != codecs || len(c.Rows) != codecs+refs {
		t.Errorf("geomean of %d of %d rows, want %d of %d", c.GeomeanOf, len(c.Rows), codecs, codecs+refs)
	}
	if !(math.Abs(c.Geomean-1.1) <= 1e-9) {
		t.Errorf("geomean %v, want 1.1: the codecs' change alone, references left out", c.Geomean)
	}
	for _, r := range c.Rows {
		ref := r.Key.Codec == "noop" || r.Key.Codec == "oldnoop" || strings.HasPrefix(r.Key.Codec, "ref.")
		if (r.Reference != "") != ref || ref != (r.Check == MarkRef) {
			t.Errorf("%v: reference %q, check %q; want a reference marked %s: %v", r.Key, r.Reference, r.Check, MarkRef, ref)
		}
	}
	var b bytes.Buffer
	if err := CompareTable(&b, c); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "compare-references.golden", b.Bytes())
	if out := b.String(); !strings.Contains(out, "geomean (refs left out)") || !strings.Contains(out, "not counted in the geomean") {
		t.Errorf("the table does not say that the geomean leaves references out:\n%s", out)
	}

	// References alone: no geomean, and the table says why.
	only := func(r *result.Run) *result.Run {
		r2 := *r
		r2.Cells = slices.DeleteFunc(slices.Clone(r.Cells), func(c result.Cell) bool { return c.Reference == "" })
		return &r2
	}
	c = Compare("old", only(old), "new", only(new))
	b.Reset()
	if err := CompareTable(&b, c); err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) == 0 || c.GeomeanOf != 0 || !math.IsNaN(c.Geomean) || !strings.Contains(b.String(), "geomean ?: every cell measured in both is a reference") {
		t.Errorf("references alone: %d rows, geomean %v of %d, want NaN of 0 with its reason:\n%s", len(c.Rows), c.Geomean, c.GeomeanOf, b.String())
	}
}
