//go:build unix

package robust

import (
	"os"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/exectest"
)

// TestWorkerThatDoesNotExitIsNamed: a worker that does not exit when its
// inputs end (here a shell runs the worker, then stays, holding its
// pipes) is killed after workerproc.CloseWait, Options.Warn names its
// codec, and its outcomes are kept.
func TestWorkerThatDoesNotExitIsNamed(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var collected exectest.Warnings
	r := computeOne(t, tStrict, Options{
		Command: exectest.Lingering(exe, WorkerArg), Warn: collected.Warn})
	warnings := collected.List()
	for _, c := range r.Cells {
		if c.Class != Bomb && (c.Inputs == 0 || c.Errors+c.Accepted != c.Inputs) {
			t.Errorf("%s: %+v, want every input decoded: the outcomes of a worker killed after its work are kept", c.Class, c)
		}
	}
	if len(warnings) == 0 {
		t.Fatal("no warning of the worker that was killed for not exiting")
	}
	for _, w := range warnings {
		if !strings.Contains(w, tStrict) || !strings.Contains(w, "did not exit within 5s") || !strings.Contains(w, "killed") {
			t.Errorf("warning %q does not name %s and say it was killed for not exiting", w, tStrict)
		}
	}
}
