package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/internal/pgtest"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/result"
)

func TestCompareHistoryImport(t *testing.T) {
	dir := t.TempDir()
	checkCompareHistoryImport(t, dir, filepath.Join(dir, "h.db"))
}

// TestCompareHistoryImportPostgres is the same on a throwaway PostgreSQL
// server (internal/pgtest).
func TestCompareHistoryImportPostgres(t *testing.T) {
	checkCompareHistoryImport(t, t.TempDir(), pgtest.DSN(t))
}

// checkCompareHistoryImport stores two runs in db, compares them (one as
// a Go benchmark file), imports that file and reads the history: each
// command prints what the stored runs and the file hold (the commands'
// output on imported runs is in testdata/cli/compare.args and
// imported.args, their errors in usage.args and databases.args).
func checkCompareHistoryImport(t *testing.T, dir, db string) {
	ctx := context.Background()
	args := []string{"run", "--workload", "^person$", "--codec", "^json$", "--count", "3", "--time", "2ms", "--ci", "0", "--db", db, "--quiet", "--zstd=false"}
	mustCLI(t, args...)
	bench := mustCLI(t, append(args, "--format", "gobench")...)
	file := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(file, []byte(bench), 0o644); err != nil {
		t.Fatal(err)
	}
	d := mustOpen(t, db)
	defer d.Close()
	runs, err := loadRuns(ctx, d, func(id string, err error) { t.Errorf("run %s: %v", id, err) })
	if err != nil || len(runs) != 2 {
		t.Fatalf("%d runs stored (%v), want 2", len(runs), err)
	}
	// A run ID against a file.
	fromFile, err := readBenchFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := report.CompareTable(&want, report.Compare(runs[0].ID, runs[0], file, fromFile)); err != nil {
		t.Fatal(err)
	}
	if out := mustCLI(t, "compare", "--db", db, runs[0].ID, file); out != want.String() {
		t.Errorf("compare:\n%s\nwant:\n%s", out, want.String())
	}
	out := mustCLI(t, "import", "--db", db, file)
	id, err := d.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("imported %s: 2 cells, 6 samples, as run %s\n", file, id); out != want {
		t.Errorf("import printed %q, want %q", out, want)
	}
	// One series of three runs: the two measured, the imported file.
	runs, err = loadRuns(ctx, d, func(id string, err error) { t.Errorf("run %s: %v", id, err) })
	if err != nil {
		t.Fatal(err)
	}
	filter := report.HistoryFilter{Codec: "^json$", Op: "decode"}
	series, err := report.History(runs, filter)
	if err != nil || len(series) != 1 || len(series[0].Points) != 3 {
		t.Fatalf("history: %d series (%v), want one of three runs: %+v", len(series), err, series)
	}
	want.Reset()
	report.DetectChanges(series, false)
	if err := report.HistoryTable(&want, series); err != nil {
		t.Fatal(err)
	}
	if out := mustCLI(t, "history", "--db", db, "--codec", "^json$", "--op", "decode"); out != want.String() {
		t.Errorf("history:\n%s\nwant:\n%s", out, want.String())
	}
}

func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, code := cli(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return out
}

// TestHistoryChanges checks that a step in a series of runs is flagged at
// the run it starts, with the version that changed there, while one slow
// run (run-04, +40%) and the next run's recovery are not; and that the
// runs of another machine are not compared with them.
func TestHistoryChanges(t *testing.T) {
	var runs []*result.Run
	for i := range 24 {
		r := fixture.Run(fmt.Sprintf("run-%02d", i))
		r.Start = r.Start.Add(time.Duration(i) * 24 * time.Hour)
		level := 1 + 0.01*float64(i%3)
		switch {
		case i == 4:
			level *= 1.4
		case i >= 14:
			level *= 1.15
			for j := range r.Codecs {
				if r.Codecs[j].Name == "lossy-bson" {
					r.Codecs[j].Version = "v2.10.0"
				}
			}
		}
		for j := range r.Cells {
			c := &r.Cells[j]
			c.Samples = slices.Clone(c.Samples)
			for k := range c.Samples {
				c.Samples[k].NsPerOp *= level
			}
		}
		runs = append(runs, r)
		if i >= 12 {
			// A faster machine, whose runs alone would show no change.
			other := fixture.Run(fmt.Sprintf("other-%02d", i))
			other.Start = r.Start.Add(time.Hour)
			other.Env = append([]result.Config{{Key: "cpu", Value: "Other CPU"}}, other.Env[1:]...)
			for j := range other.Cells {
				c := &other.Cells[j]
				c.Samples = slices.Clone(c.Samples)
				for k := range c.Samples {
					c.Samples[k].NsPerOp *= 0.9
				}
			}
			runs = append(runs, other)
		}
	}
	series, err := report.History(runs, report.HistoryFilter{Codec: "^lossy-bson$", Op: "encode"})
	if err != nil {
		t.Fatal(err)
	}
	report.DetectChanges(series, false)
	for _, s := range series {
		if len(s.Changes) != 1 || s.Changes[0].Run != "run-14" || s.Points[s.Changes[0].Index].RunID != "run-14" {
			t.Errorf("%v: changes %+v, want one at run-14", s.Key, s.Changes)
		}
		if c := s.Changes[0]; len(c.Coincides) != 1 || c.Coincides[0] != "example.com/bson v2.9.3 → v2.10.0" || c.Lo > 1.15 || c.Hi < 1.15 {
			t.Errorf("%v: change %+v, want +15%% within its interval, with example.com/bson v2.9.3 → v2.10.0", s.Key, c)
		}
	}
	var b bytes.Buffer
	if err := report.HistoryTable(&b, series); err != nil {
		t.Fatal(err)
	}
	inPackageDir(t)
	golden.Check(t, "history-changes.golden", b.Bytes())
}

// TestSelectsStored: history's patterns that select no stored cell are an
// error that names each pattern matching no stored name, with the names
// stored, or says that they match no cell together; patterns that select
// a cell, or none given, are not.
func TestSelectsStored(t *testing.T) {
	stored := []result.Key{
		{Workload: "person", Codec: "json", Op: "encode"},
		{Workload: "person", Codec: "msgp", Op: "decode"},
		{Workload: "nested", Codec: "json", Op: "decode"},
	}
	for _, c := range []struct {
		f      report.HistoryFilter
		stored []result.Key
		want   string
	}{
		{report.HistoryFilter{}, stored, ""},
		{report.HistoryFilter{}, nil, ""},
		{report.HistoryFilter{Codec: "^msgp$", Op: "dec"}, stored, ""},
		{report.HistoryFilter{Workload: "nosuch"}, stored, `no cell stored in h.db matches --workload "nosuch" (stored workloads: nested, person)`},
		{report.HistoryFilter{Workload: "person", Codec: "cbor", Op: "zstd"}, stored,
			`no cell stored in h.db matches --codec "cbor" (stored codecs: json, msgp), nor --op "zstd" (stored operations: decode, encode)`},
		{report.HistoryFilter{Workload: "nested", Codec: "msgp"}, stored, `no cell stored in h.db matches --workload "nested" --codec "msgp" together`},
		{report.HistoryFilter{Codec: "json"}, nil, `no cell is stored in h.db (serbench run stores runs)`},
	} {
		hb, err := report.NewHistoryBuilder(c.f)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := selectsStored(c.f, hb, c.stored, "h.db"); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%+v on %d stored cells: %q, want %q", c.f, len(c.stored), got, c.want)
		}
	}
}
