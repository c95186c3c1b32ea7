package main

import (
	"testing"

	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/result"
)

// The interoperability matrices computed by these tests encode and read
// in worker processes of this test binary; this init serves them (see
// worker_fidelity_test.go for why in a file of its own).
func init() { interop.MaybeWorker() }

// TestRunStoresTheInteropMatrices: serbench run --interop stores the
// matrices with the run, serbench interop --run prints them, and the
// reports show them; a run without --interop has none, and says so.
func TestRunStoresTheInteropMatrices(t *testing.T) {
	if testing.Short() {
		t.Skip("computes every format's matrices")
	}
	dir := t.TempDir()
	var x result.Interop
	db := storedMatrix(t, dir, "--interop", []string{"interoperability matrices of ", "serbench interop --run "}, &x, "interop", "--format-out", "json")
	for _, wl := range []string{"person", "nested"} {
		m := x.Matrix("json", wl)
		if m == nil || len(m.Codecs) < 2 || x.Values != interop.DefaultValues {
			t.Fatalf("json on %s: %+v", wl, m)
		}
		// encoding/json reads its own messages.
		if c := m.Cell("json", "json"); c == nil || c.Values != interop.DefaultValues || c.Errors+c.Fails+c.Panics != 0 {
			t.Errorf("json → json on %s: %+v", wl, c)
		}
	}
	checkReportsShow(t, dir, db, `id="run-1-interop"`, "## Cross-library interoperability (run ")

	// A run without --interop has none.
	checkNoMatrix(t, db, "interop", "has no interoperability matrices", "serbench run --interop stores them")
}

// TestInteropInterruptedPrintsTheMatrix: serbench interop interrupted
// (its context done, as after Ctrl-C) prints the matrices so far, the
// pairs not measured interrupted, and returns the interruption (exit
// status 130), as serbench fidelity does.
func TestInteropInterruptedPrintsTheMatrix(t *testing.T) {
	x := interruptedMatrix[result.Interop](t, cmdInterop, "--format", "^json$", "--workload", "^person$", "--peers", "none", "--format-out", "json")
	m := x.Matrix("json", "person")
	if m == nil || len(m.Codecs) < 2 || len(m.Cells) != len(m.Codecs)*len(m.Codecs) {
		t.Fatalf("json on person: %+v, want every implementation and pair", m)
	}
	for _, c := range m.Cells {
		if c.Status != interop.Interrupted {
			t.Errorf("%s → %s: %s (%s), want %s", c.Writer, c.Reader, c.Status, c.Detail, interop.Interrupted)
		}
	}
}
