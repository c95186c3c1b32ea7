//go:build unix

package interop

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/result"
)

// TestWorkerThatDoesNotExitIsNamed: a worker that does not exit when its
// requests end (here a shell runs the worker, then stays, holding its
// pipes) is killed after workerproc.CloseWait, Options.Warn names the
// codecs it ran, and the cells are kept.
func TestWorkerThatDoesNotExitIsNamed(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var collected exectest.Warnings
	opts := Options{Workloads: []string{"person"}, Values: 3, Workers: 3,
		Command: exectest.Lingering(exe, WorkerArg), Warn: collected.Warn}
	x, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSpaced), opts)
	if err != nil {
		t.Fatal(err)
	}
	warnings := collected.List()
	m := x.Matrices[0]
	for _, c := range m.Cells {
		if c.Status != result.InteropExact {
			t.Errorf("%s → %s: %s (%s), want exact: the cells of a worker killed after its work are kept", c.Writer, c.Reader, c.Status, c.Detail)
		}
	}
	// The writers' worker (both codecs) and each reader's.
	if len(warnings) != 3 {
		t.Errorf("%d warnings, want 3: %q", len(warnings), warnings)
	}
	for _, name := range []string{tGood, tSpaced} {
		n := 0
		for _, w := range warnings {
			if strings.Contains(w, name) {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%d warnings name %s, want 2 (its writer's worker and its reader's): %q", n, name, warnings)
		}
	}
	for _, w := range warnings {
		if !strings.Contains(w, "did not exit within 5s") || !strings.Contains(w, "killed") {
			t.Errorf("warning %q does not say the worker was killed for not exiting", w)
		}
	}
}
