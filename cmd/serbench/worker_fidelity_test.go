package main

import (
	"testing"

	"github.com/serbench/serbench/internal/fidelity"
	"github.com/serbench/serbench/result"
)

// The matrices computed by these tests run their rows in worker processes
// of this test binary. TestMain (main_test.go) serves the harness's
// workers; this init serves the fidelity matrix's, before TestMain runs.
// It is in a file whose name sorts after main_test.go, so that the test
// codecs main_test.go registers in its init are registered in the
// workers too: a package's init functions run in the order of its file
// names.
func init() { fidelity.MaybeWorker() }

// TestFidelityInterruptedPrintsTheMatrix: serbench fidelity stopped
// before it measured anything (its context cancelled, as Ctrl-C does)
// starts no worker, prints the matrix with every cell marked interrupted
// rather than nothing, and returns the interruption.
func TestFidelityInterruptedPrintsTheMatrix(t *testing.T) {
	m := interruptedMatrix[result.Fidelity](t, cmdFidelity, "--codec", "^json$", "--format", "json")
	if len(m.Rows) != 1 || m.Rows[0].Codec != "json" || len(m.Rows[0].Cells) != len(fidelity.Cases()) {
		t.Fatalf("rows %+v, want json's with a cell per case", m.Rows)
	}
	for _, c := range m.Rows[0].Cells {
		if c.Status != fidelity.Interrupted {
			t.Errorf("json %s: %s (%s), want %s", c.Case, c.Status, c.Detail, fidelity.Interrupted)
		}
	}
}
