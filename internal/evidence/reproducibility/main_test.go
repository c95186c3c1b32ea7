package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// cell returns an ok cell whose ns/op samples have median median: two
// forks of the same three values, 0.9, 1 and 1.1 times median, so that the
// forks do not differ and the 95% interval is benchmath's over the six
// samples, [0.9, 1.1]·median.
func cell(workload, codec, op string, median float64) result.Cell {
	c := result.Cell{Workload: workload, Codec: codec, Op: op, Status: result.CellOK, Goroutines: 1}
	for fork := 1; fork <= 2; fork++ {
		for _, f := range []float64{0.9, 1, 1.1} {
			c.Samples = append(c.Samples, result.Sample{Iters: 1000, NsPerOp: f * median, Fork: fork})
		}
	}
	return c
}

// synthetic returns two runs of four codecs on one workload, encode and
// decode, with known medians:
//
//	encode: A 100 200 300 400, B 102 (+2%) 208 (+4%) 330 (+10%, inside A's [270, 330]) 500 (+25%, outside)
//	        rankings identical: tau 1
//	decode: A 100 200 300 400, B 100 200 400 300 (the last two swapped, +33% outside and −25% outside)
//	        tau (5 − 1)/6 = 2/3
//
// plus a reference cell in both, a cell that failed in B and a cell only A
// has, which are all left out.
func synthetic() (a, b *result.Run) {
	a = &result.Run{ID: "A", Complete: true}
	b = &result.Run{ID: "B", Complete: true}
	codecs := []string{"c1", "c2", "c3", "c4"}
	for i, m := range []float64{100, 200, 300, 400} {
		a.Cells = append(a.Cells, cell("w", codecs[i], result.OpEncode, m), cell("w", codecs[i], result.OpDecode, m))
	}
	for i, m := range []float64{102, 208, 330, 500} {
		b.Cells = append(b.Cells, cell("w", codecs[i], result.OpEncode, m))
	}
	for i, m := range []float64{100, 200, 400, 300} {
		b.Cells = append(b.Cells, cell("w", codecs[i], result.OpDecode, m))
	}
	floor := cell("w", "noop", result.OpEncode, 2)
	floor.Reference = "floor"
	a.Cells = append(a.Cells, floor)
	b.Cells = append(b.Cells, floor)
	failed := cell("w", "bad", result.OpEncode, 50)
	a.Cells = append(a.Cells, failed)
	failed.Status, failed.Samples = result.CellCrash, nil
	b.Cells = append(b.Cells, failed)
	a.Cells = append(a.Cells, cell("w", "lonely", result.OpDecode, 70))
	return a, b
}

func TestCompare(t *testing.T) {
	a, b := synthetic()
	r, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Pairs) != 8 || r.Reference != 1 || r.NotOK != 1 || r.OnlyA != 1 || r.OnlyB != 0 || r.Unbounded != 0 {
		t.Errorf("pairs %d, reference %d, not ok %d, only A %d, only B %d, unbounded %d; want 8, 1, 1, 1, 0, 0",
			len(r.Pairs), r.Reference, r.NotOK, r.OnlyA, r.OnlyB, r.Unbounded)
	}
	for _, p := range r.Pairs {
		if p.Key.Codec == "c3" && p.Key.Op == result.OpEncode {
			if p.A.Lo != 270 || math.Abs(p.A.Hi-330) > 1e-9 {
				t.Fatalf("A interval of w/c3 encode = [%g, %g], want [270, 330]: the test's assumption about benchmath is wrong", p.A.Lo, p.A.Hi)
			}
		}
	}
	want := []struct {
		name                   string
		cells, within, covered int
		tau                    float64
	}{
		{"w encode", 4, 2, 3, 1},
		{"w decode", 4, 2, 2, 2.0 / 3},
		{"encode", 4, 2, 3, 1},
		{"decode", 4, 2, 2, 2.0 / 3},
		{"all", 8, 4, 5, (6*1 + 6*2.0/3) / 12},
	}
	if len(r.Groups) != len(want) {
		t.Errorf("%d groups, want %d", len(r.Groups), len(want))
	}
	for _, w := range want {
		g := r.Group(w.name)
		if g == nil {
			t.Errorf("no group %q", w.name)
			continue
		}
		if g.Cells != w.cells || g.Within != w.within || g.Covered != w.covered || math.Abs(g.Tau-w.tau) > 1e-12 {
			t.Errorf("group %q: cells %d, within %d, covered %d, tau %g; want %d, %d, %d, %g",
				w.name, g.Cells, g.Within, g.Covered, g.Tau, w.cells, w.within, w.covered, w.tau)
		}
	}
	const overall = "overall: 4/8 cells within ±5% (50%), coverage 5/8 (62%), tau encode 1.00 decode 0.66"
	if got := r.Overall(); got != overall {
		t.Errorf("Overall() = %q\nwant        %q", got, overall)
	}
	if r.Pass() {
		t.Error("Pass() = true, want false")
	}
	var out bytes.Buffer
	if err := r.Write(&out); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{overall, "FAIL: 50% of cells within ±5%", "w/c4 decode  -25.0%", "w/c4 encode  +25.0%", "left out: 1 reference cell, 1 not ok in one run, 1 in A only"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out.String())
	}
}

// scaled returns two runs of ten codecs (a to j, medians 100 to 1000) on
// one workload, encode and decode, where each of B's medians is A's times
// factor(codec, op).
func scaled(factor func(codec, op string) float64) (a, b *result.Run) {
	a = &result.Run{ID: "A"}
	b = &result.Run{ID: "B"}
	for i, codec := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"} {
		m := float64(100 * (i + 1))
		for _, op := range []string{result.OpEncode, result.OpDecode} {
			a.Cells = append(a.Cells, cell("w", codec, op, m))
			b.Cells = append(b.Cells, cell("w", codec, op, m*factor(codec, op)))
		}
	}
	return a, b
}

// TestComparePass: two runs that agree pass, and the worst cells come
// first.
func TestComparePass(t *testing.T) {
	a, b := scaled(func(codec, op string) float64 {
		if codec == "j" && op == result.OpDecode {
			return 1.03
		}
		return 1.01
	})
	r, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	const overall = "overall: 20/20 cells within ±5% (100%), coverage 20/20 (100%), tau encode 1.00 decode 1.00"
	if got := r.Overall(); got != overall || !r.Pass() {
		t.Errorf("Overall() = %q, Pass() = %v; want %q, true", got, r.Pass(), overall)
	}
	var out bytes.Buffer
	if err := r.Write(&out); err != nil {
		t.Fatal(err)
	}
	if _, after, _ := strings.Cut(out.String(), "most different"); !strings.HasPrefix(strings.SplitN(after, "\n", 3)[1], "  w/j decode  +3.0%") {
		t.Errorf("the worst cell is not listed first:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "\nPASS") {
		t.Errorf("no PASS line:\n%s", out.String())
	}
}

func TestCompareNothingInCommon(t *testing.T) {
	a := &result.Run{ID: "A", Cells: []result.Cell{cell("w", "x", result.OpEncode, 1)}}
	b := &result.Run{ID: "B", Cells: []result.Cell{cell("w", "y", result.OpEncode, 1)}}
	if _, err := Compare(a, b); err == nil || !strings.Contains(err.Error(), "no cell measured ok in common") {
		t.Errorf("Compare = %v, want an error about no cell in common", err)
	}
}

// TestRun goes through the command: a stored pair of runs, an unknown run
// ID, a missing database and bad usage.
func TestRun(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "r.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	a, b := synthetic()
	for i, r := range []*result.Run{a, b} {
		r.Start = time.Date(2026, 1, 1, 0, i, 0, 0, time.UTC)
		w, err := db.BeginRun(ctx, r, store.RunMeta{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Cells {
			if len(c.Samples) > 0 {
				if err := w.Sample(c); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.CellDone(c); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Finish(r.Start.Add(time.Minute), true); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	var stdout, stderr bytes.Buffer
	err = run(ctx, []string{"--db", path, "A", "B"}, &stdout, &stderr)
	if !errors.Is(err, errMissed) || exitCode(err, &stderr) != 3 {
		t.Errorf("run = %v, want errMissed (exit 3)", err)
	}
	if !strings.Contains(stdout.String(), "overall: 4/8 cells within ±5% (50%)") {
		t.Errorf("stdout:\n%s", stdout.String())
	}

	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--db", path, "A", "nope"}, 1, `run "nope"`},
		{[]string{"--db", filepath.Join(dir, "missing.db"), "A", "B"}, 1, "missing.db"},
		{[]string{"--db", path, "A"}, 2, "want two run IDs"},
	} {
		stderr.Reset()
		err := run(ctx, tc.args, &stdout, &stderr)
		if code := exitCode(err, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("run %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr.String(), tc.code, tc.msg)
		}
	}
}

// TestShift: a run B uniformly 20% slower than A misses every threshold on
// its medians, and the shift line says that without the run-level shift
// every cell agrees.
func TestShift(t *testing.T) {
	a, b := scaled(func(string, string) float64 { return 1.2 })
	r, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	const overall = "overall: 0/20 cells within ±5% (0%), coverage 0/20 (0%), tau encode 1.00 decode 1.00"
	if got := r.Overall(); got != overall || r.Pass() {
		t.Errorf("Overall() = %q, Pass() = %v; want %q, false", got, r.Pass(), overall)
	}
	const shift = "run-level shift: B/A +20.0% (geometric mean); without it 20/20 within ±5% (100%), coverage 20/20 (100%)"
	if got := r.ShiftLine(); got != shift {
		t.Errorf("ShiftLine() = %q\nwant          %q", got, shift)
	}
	var out bytes.Buffer
	if err := r.Write(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\n"+shift+"\n") {
		t.Errorf("output lacks the shift line:\n%s", out.String())
	}
}

// TestDrift: fork 2 of every cell 20% slower than fork 1 shows as a round
// offset of the same size in every cell, whatever the cell's median; a
// fork number fewer than MinDriftCells cells have does not count.
func TestDrift(t *testing.T) {
	var cells []*result.Cell
	for i := range MinDriftCells {
		c := &result.Cell{Workload: "w", Codec: fmt.Sprint("c", i), Op: result.OpEncode, Status: result.CellOK, Goroutines: 1}
		m := float64(100 * (i + 1))
		for fork, f := range map[int]float64{1: 1, 2: 1.2} {
			for _, x := range []float64{0.99, 1, 1.01} {
				c.Samples = append(c.Samples, result.Sample{Iters: 1000, NsPerOp: m * f * x, Fork: fork})
			}
		}
		if i == 0 {
			c.Samples = append(c.Samples, result.Sample{Iters: 1000, NsPerOp: m * 3, Fork: 3})
		}
		cells = append(cells, c)
	}
	d := Drift(cells)
	if len(d) != 2 || d[0].Fork != 1 || d[1].Fork != 2 || d[0].Cells != MinDriftCells {
		t.Fatalf("Drift = %+v, want forks 1 and 2 of %d cells each", d, MinDriftCells)
	}
	// Each cell's fork 2 median is 1.2 times its fork 1 median, so the
	// rounds' offsets are 1.2 apart, whatever the cells' own medians.
	if got := (1 + d[1].Offset) / (1 + d[0].Offset); math.Abs(got-1.2) > 1e-9 {
		t.Errorf("fork 2 / fork 1 = %v, want 1.2", got)
	}
	const want = "2 fork rounds, from"
	if s := driftText(d); !strings.HasPrefix(s, want) || !strings.Contains(s, "(fork 1) to") || !strings.HasSuffix(s, "(fork 2)") {
		t.Errorf("driftText = %q", s)
	}
	if s := driftText(d[:1]); s != "fewer than two fork rounds with enough cells" {
		t.Errorf("driftText of one round = %q", s)
	}
}
