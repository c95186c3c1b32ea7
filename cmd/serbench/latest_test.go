package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/runner"
)

// TestLatestIsARunID: compare (either side), report (its run IDs) and run
// --resume take latest as show, fidelity
// --run and runs do: the run that started last (they used to answer
// `run "latest" not found`). compare names the run latest stands for, and
// refuses latest with itself or with the latest's ID, saying which run
// that is; run --resume latest of a complete run is refused, naming it.
func TestLatestIsARunID(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "l.db")
	first := mustImport(t, db, "a.bench")
	mid := mustImport(t, db, "b.bench")
	last := mustImport(t, db, "c.bench")

	if out := mustCLI(t, "compare", first, "latest", "--db", db); !strings.HasPrefix(out, "old: "+first+"\nnew: "+last+" (the latest)\n") {
		t.Errorf("compare %s latest:\n%s", first, out)
	}
	if out := mustCLI(t, "compare", "latest", first, "--db", db); !strings.HasPrefix(out, "old: "+last+" (the latest)\nnew: "+first+"\n") {
		t.Errorf("compare latest %s:\n%s", first, out)
	}
	for _, args := range [][]string{{"latest", "latest"}, {last, "latest"}, {"latest", last}} {
		_, stderr, code := cli(t, append([]string{"compare", "--db", db}, args...)...)
		if want := "are the same run, " + last + " (latest is the run that started last)"; code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("compare %q: exit %d, %q; want exit 2 and %q", args, code, stderr, want)
		}
	}

	md := filepath.Join(dir, "r.md")
	mustCLI(t, "report", "latest", "--markdown", md, "--db", db)
	if text := readText(t, md); !strings.Contains(text, last) || strings.Contains(text, first) {
		t.Errorf("report latest does not report run %s alone:\n%s", last, text)
	}
	mustCLI(t, "report", first, mid, "latest", "--markdown", md, "--db", db)
	if text := readText(t, md); !strings.Contains(text, last) {
		t.Errorf("report %s %s latest: the dashboard does not name run %s:\n%s", first, mid, last, text)
	}
	_, stderr, code := cli(t, "report", first, mid, "--baseline", "latest", "--html", filepath.Join(dir, "h.html"), "--db", db)
	if code != 2 || !strings.Contains(stderr, "--baseline is for a history dashboard") {
		t.Errorf("report with two runs and --baseline latest: exit %d, %q", code, stderr)
	}

	_, stderr, code = cli(t, "run", "--resume", "latest", "--db", db)
	if want := "the latest run, " + last + " in " + db + ", is complete: nothing to resume"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("run --resume latest of a complete run: exit %d, %q; want exit 1 and %q", code, stderr, want)
	}
}

// TestReportBaselineLatest: report --history --baseline latest compares
// with the run that started last, as --baseline ID of that run does
// (the dashboards are the same); with run IDs that leave it out, it is
// refused naming it.
func TestReportBaselineLatest(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	a := mustImport(t, db, "a.bench")
	b := mustImport(t, db, "b.bench")
	c := mustImport(t, db, "c.bench")
	d := mustImport(t, db, "d.bench")
	byID, byLatest := filepath.Join(dir, "id.md"), filepath.Join(dir, "latest.md")
	mustCLI(t, "report", "--history", "--baseline", d, "--markdown", byID, "--db", db)
	mustCLI(t, "report", "--history", "--baseline", "latest", "--markdown", byLatest, "--db", db)
	if x, y := readText(t, byID), readText(t, byLatest); x != y {
		t.Errorf("--baseline latest:\n%s\n--baseline %s:\n%s", y, d, x)
	}
	_, stderr, code := cli(t, "report", a, b, c, "--baseline", "latest", "--markdown", byLatest, "--db", db)
	if want := "--baseline latest is run " + d + ", the run that started last, which is not one of the runs of the history"; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("report of 3 runs without the latest, --baseline latest: exit %d, %q; want exit 2 and %q", code, stderr, want)
	}
}

// TestResumeLatest: run --resume latest finishes the run that started
// last when it is incomplete, and says which run that is.
func TestResumeLatest(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "resume.db")
	mustImport(t, db, "a.bench")
	args := []string{"--workload", "^person$", "--codec", "^json$", "--count", "2", "--time", "1ms", "--ci", "0", "--forks", "1", "--zstd=false", "--db", db}
	// A run started and stopped before it measured anything, after the
	// imported one.
	f := newRunFlags(io.Discard)
	if err := parse(f.fs, args); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := f.plan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d := mustOpen(t, db)
	r, err := runner.Start(ctx, d, p, p.Record("serbench run "+strings.Join(args, " "), args))
	if err != nil {
		t.Fatal(err)
	}
	id := r.ID
	if err := errors.Join(r.Release(), d.Close()); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := cli(t, "run", "--resume", "latest", "--db", db, "--quiet")
	if code != 0 {
		t.Fatalf("run --resume latest: exit %d, %s", code, stderr)
	}
	if want := "resuming run " + id + " (the latest) (serbench run "; !strings.Contains(stderr, want) {
		t.Errorf("run --resume latest printed %q; want it to name the run: %q", stderr, want)
	}
	if run := storedRun(t, db); run.ID != id || !run.Complete {
		t.Errorf("after run --resume latest the latest run is %s, complete %v; want %s complete", run.ID, run.Complete, id)
	}
}

// readText returns the content of the file at path.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
