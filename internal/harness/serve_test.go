package harness

import (
	"bytes"
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestQuitClosesTheJob: a worker told to quit closes its job (a floats
// strategy removes its temporary directory there) before it ends, and
// the end of its requests that follows quit is not taken for a vanished
// coordinator, whose gone exits the process at once.
func TestQuitClosesTheJob(t *testing.T) {
	var closed atomic.Bool
	build := func(ctx context.Context, s Spec) (*Bound, error) {
		b, err := fuzzBuild(ctx, s)
		if err == nil {
			b.Close = func() {
				time.Sleep(50 * time.Millisecond) // a removal that takes a moment
				closed.Store(true)
			}
		}
		return b, err
	}
	gone := make(chan struct{})
	in := protocolLines(t,
		request{Op: "hello", Version: ProtocolVersion},
		request{Op: "setup", Spec: &Spec{Name: "x"}},
		request{Op: "quit"},
	) // and then the end of the requests, as the coordinator closes them
	var out bytes.Buffer
	err := serve(context.Background(), bytes.NewReader(in), &out, func() { close(gone) }, &handler{build: build})
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	if !closed.Load() {
		t.Error("serve returned after quit without closing the job")
	}
	select {
	case <-gone:
		t.Error("the end of the requests after quit called gone, which exits a worker process before its job is closed")
	case <-time.After(200 * time.Millisecond):
	}
}
