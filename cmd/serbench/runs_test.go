package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/store"
)

// olderNewer stores the fixture runs "older" and "newer", an hour
// later (the latest), in a new SQLite database, and returns its path and
// the database, open until the test ends.
func olderNewer(t *testing.T) (string, *store.DB) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "s.db")
	d := mustOpen(t, db)
	t.Cleanup(func() { d.Close() })
	storeHourly(t, d, "older", "newer")
	return db, d
}

// TestRunsDeleteLatest: runs --delete latest deletes the run that started
// last and names it by its ID; when a process measures that run it is
// refused, as for its ID, with a hint that names the ID (latest may be
// another run by the time the hint is followed), and --force deletes it;
// the run before it is then the latest. A database left without runs
// has no latest run: an error that names the database.
func TestRunsDeleteLatest(t *testing.T) {
	ctx := context.Background()
	db, d := olderNewer(t)
	unlock, err := d.LockRun(ctx, "newer", "serbench pid 12345 on elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()

	_, stderr, code := cli(t, "runs", "--delete", "latest", "--db", db)
	if code != 1 || !strings.Contains(stderr, `"newer"`) || !strings.Contains(stderr, "serbench pid 12345 on elsewhere") ||
		!strings.Contains(stderr, "runs --delete newer --force") {
		t.Errorf("runs --delete latest of a run being measured: exit %d, %q; want exit 1 naming the run, who measures it and runs --delete newer --force", code, stderr)
	}
	for _, id := range []string{"older", "newer"} {
		if _, err := d.Run(ctx, id); err != nil {
			t.Errorf("a refused delete deleted run %s: %v", id, err)
		}
	}

	out, stderr, code := cli(t, "runs", "--delete", "latest", "--force", "--db", db)
	if code != 0 || !strings.HasPrefix(out, "deleted run newer (the latest) from "+db+": ") {
		t.Errorf("runs --delete latest --force: exit %d, %q, %q; want the run it deleted named", code, out, stderr)
	}
	if _, err := d.Run(ctx, "newer"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the deleted run reads as %v", err)
	}

	out, stderr, code = cli(t, "runs", "--delete", "latest", "--db", db)
	if code != 0 || !strings.HasPrefix(out, "deleted run older (the latest) from ") {
		t.Errorf("runs --delete latest, the second: exit %d, %q, %q; want run older deleted", code, out, stderr)
	}

	_, stderr, code = cli(t, "runs", "--delete", "latest", "--db", db)
	if code != 1 || !strings.Contains(stderr, "no run stored in "+db) {
		t.Errorf("runs --delete latest of a database without runs: exit %d, %q; want exit 1 naming the database", code, stderr)
	}
}

// TestRunsBaselineLatest: --baseline latest and --no-baseline latest mark
// and unmark the run that started last, named by its ID, and no other.
func TestRunsBaselineLatest(t *testing.T) {
	ctx := context.Background()
	db, d := olderNewer(t)
	baselines := func() map[string]bool {
		t.Helper()
		runs, err := d.Runs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]bool{}
		for _, ri := range runs {
			m[ri.ID] = ri.Baseline
		}
		return m
	}
	if out := mustCLI(t, "runs", "--baseline", "latest", "--db", db); !strings.HasPrefix(out, "marked run newer (the latest) in ") {
		t.Errorf("runs --baseline latest printed %q; want run newer named", out)
	}
	if b := baselines(); !b["newer"] || b["older"] {
		t.Errorf("baselines after --baseline latest: %v; want newer alone", b)
	}
	if out := mustCLI(t, "runs", "--no-baseline", "latest", "--db", db); !strings.HasPrefix(out, "run newer (the latest) in ") {
		t.Errorf("runs --no-baseline latest printed %q; want run newer named", out)
	}
	if b := baselines(); b["newer"] || b["older"] {
		t.Errorf("baselines after --no-baseline latest: %v; want none", b)
	}
}
