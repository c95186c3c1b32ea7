//go:build linux

package interop

import (
	"context"
	"errors"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/exectest"
)

// TestInterruptedStartsNoWorker: Compute and Read whose context is done
// (as after Ctrl-C) start no worker process, not even one they kill at
// once, and return ctx's error.
func TestInterruptedStartsNoWorker(t *testing.T) {
	w := exectest.WatchExec(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opts := Options{Workloads: []string{"person"}, Values: 3, Workers: 1, Command: []string{w.Exe, WorkerArg}}
	if _, err := Compute(ctx, codectest.Codecs(t, tGood, tSpaced), opts); !errors.Is(err, context.Canceled) {
		t.Errorf("Compute: err = %v, want context.Canceled", err)
	}
	if w.Opened(t) {
		t.Error("Compute started a worker after its context was done")
	}
	msgs := [][]byte{[]byte(`{}`)}
	if _, err := Read(ctx, "person", []Reading{{Writer: "peer", Reader: tGood, Messages: msgs}}, opts); !errors.Is(err, context.Canceled) {
		t.Errorf("Read: err = %v, want context.Canceled", err)
	}
	if w.Opened(t) {
		t.Error("Read started a worker after its context was done")
	}
}
