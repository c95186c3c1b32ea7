package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/robust"
	"github.com/serbench/serbench/result"
)

// The robustness matrices computed by these tests decode in worker
// processes of this test binary; this init serves them (see
// worker_fidelity_test.go for why in a file of its own).
func init() { robust.MaybeWorker() }

// TestRunStoresTheRobustnessMatrix: serbench run --robust stores the
// matrix of its codecs with the run, serbench robust --run prints it, and
// the reports show it; a run without --robust has none, and says so.
func TestRunStoresTheRobustnessMatrix(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "r.db")
	stderr := runJSONPerson(t, db, "--robust")
	if !strings.Contains(stderr, "robustness matrix of 2 codec × workload rows stored") {
		t.Errorf("run --robust does not say it stored the matrix:\n%s", stderr)
	}
	out, stderr, code := cli(t, "robust", "--run", "latest", "--db", db, "--format", "json")
	if code != 0 {
		t.Fatalf("robust --run latest: exit %d\n%s", code, stderr)
	}
	var m result.Robust
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	for _, wl := range []string{"person", "nested"} {
		r := m.Row("json", wl)
		if r == nil || len(r.Cells) != len(robust.Classes()) || r.Messages != robust.DefaultMessages {
			t.Fatalf("json on %s: %+v", wl, r)
		}
		// encoding/json refuses every truncated message.
		if c := r.Cell(robust.Truncate); c.Inputs == 0 || c.Errors != c.Inputs {
			t.Errorf("json on %s, truncate: %+v", wl, c)
		}
	}
	checkReportsShow(t, dir, db, `id="run-1-robust"`, "## Decoder robustness (run ")

	// A run without --robust has no matrix.
	runJSONPerson(t, db, "--quiet")
	_, stderr, code = cli(t, "robust", "--run", "latest", "--db", db)
	if code != 1 || !strings.Contains(stderr, "has no robustness matrix") || !strings.Contains(stderr, "serbench run --robust stores one") {
		t.Errorf("robust --run of a run without one: exit %d, %s", code, stderr)
	}
}
