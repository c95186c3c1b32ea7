package main

import (
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
	var m result.Robust
	db := storedMatrix(t, dir, "--robust", []string{"robustness matrix of 2 codec × workload rows stored"}, &m, "robust", "--format", "json")
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
	checkNoMatrix(t, db, "robust", "has no robustness matrix", "serbench run --robust stores one")
}

// TestRobustInterruptedPrintsTheMatrix: serbench robust stopped before it
// computed anything (its context cancelled, as Ctrl-C does) prints the
// matrix with each row noted as interrupted rather than nothing, and
// returns the interruption.
func TestRobustInterruptedPrintsTheMatrix(t *testing.T) {
	m := interruptedMatrix[result.Robust](t, cmdRobust, "--codec", "^json$", "--workload", "person", "--format", "json")
	if r := m.Row("json", "person"); len(m.Rows) != 1 || r == nil || !strings.Contains(r.Note, "interrupted") {
		t.Errorf("rows %+v, want json's on person, noted as interrupted", m.Rows)
	}
}
