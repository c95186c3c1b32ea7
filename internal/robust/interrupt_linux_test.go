//go:build linux

package robust

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/result"
)

// TestComputeInterrupted cancels Compute while a worker hangs on an input
// (as Ctrl-C does): no worker is started after that, for the row or for
// the rows still waiting; Compute returns ctx's error with the matrix so
// far, the row it stopped counting its inputs not decoded as not run, the
// row it did not start empty, both noted as interrupted.
func TestComputeInterrupted(t *testing.T) {
	m := exectest.Interrupt(t, hangMarkEnv, func(ctx context.Context, exe string) (*result.Robust, error) {
		return Compute(ctx, codectest.Codecs(t, tHang, tStrict), Options{
			Workloads: []string{"person"}, Budget: 6, Messages: 2, TimeLimit: 10 * time.Minute, Workers: 1,
			Command: []string{exe, WorkerArg},
		})
	})
	if m == nil || len(m.Rows) != 2 {
		t.Fatalf("matrix %+v, want the rows of %s and %s", m, tHang, tStrict)
	}
	hang := m.Row(tHang, "person")
	if hang == nil || hang.Messages != 2 || !strings.Contains(hang.Note, "interrupted") || len(hang.Cells) != len(Classes()) {
		t.Fatalf("%s: %+v, want its 2 messages, its cells and a note that it was interrupted", tHang, hang)
	}
	notRun := 0
	for _, cl := range hang.Cells {
		if sum := cl.Errors + cl.Panics + cl.Crashes + cl.Hangs + cl.Accepted + cl.NotRun; sum != cl.Inputs {
			t.Errorf("%s %s: outcomes add up to %d of %d inputs: %+v", tHang, cl.Class, sum, cl.Inputs, cl)
		}
		if cl.Hangs != 0 || cl.Crashes != 0 {
			t.Errorf("%s %s: the interrupted input is counted as a hang or crash: %+v", tHang, cl.Class, cl)
		}
		notRun += cl.NotRun
	}
	if notRun == 0 {
		t.Errorf("%s: no input counted as not run", tHang)
	}
	if strict := m.Row(tStrict, "person"); strict == nil || strict.Cells != nil || !strings.Contains(strict.Note, "interrupted") {
		t.Errorf("%s: %+v, want no cells and a note that it was interrupted", tStrict, strict)
	}
}
