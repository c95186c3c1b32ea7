//go:build linux

package fidelity

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/result"
)

// TestComputeInterrupted cancels Compute while a worker hangs on a cell
// (as Ctrl-C does): no worker is started after that, not for the row's
// later cells nor for the rows still waiting; the cells measured before
// are kept; the others are Interrupted, and Compute returns ctx's error
// with that matrix.
func TestComputeInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	w := exectest.WatchExec(t)
	mark := filepath.Join(t.TempDir(), "hanging")
	t.Setenv(hangMarkEnv, mark)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type computed struct {
		m   *result.Fidelity
		err error
	}
	done := make(chan computed, 1)
	go func() {
		m, err := Compute(ctx, codectest.Codecs(t, codecHang, codecZero, codecError),
			Options{Timeout: 10 * time.Minute, Workers: 1, Command: []string{w.Exe, WorkerArg}})
		done <- computed{m, err}
	}()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(mark); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the worker of fidtest-hang did not reach its hang within a minute")
		}
	}
	if !w.Opened(t) {
		t.Fatal("the test binary's copy was not seen executed: the test cannot tell when a worker starts")
	}
	cancel()
	var c computed
	select {
	case c = <-done:
	case <-time.After(time.Minute):
		t.Fatal("Compute still ran a minute after its context was cancelled")
	}
	if !errors.Is(c.err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", c.err)
	}
	if w.Opened(t) {
		t.Error("a worker was started after the cancellation")
	}
	if c.m == nil {
		t.Fatal("no matrix: what was measured is lost")
	}
	hang := false
	for _, cs := range Cases() {
		if cs.Name == "2300" {
			hang = true
		}
		if hang {
			wantCell(t, c.m, codecHang, cs.Name, Interrupted, "interrupted")
		} else if got := cell(t, c.m, codecHang, cs.Name); !measured(got.Status) {
			t.Errorf("%s %s: %s (%s), want the cell the worker measured", codecHang, cs.Name, got.Status, got.Detail)
		}
		for _, name := range []string{codecZero, codecError} {
			wantCell(t, c.m, name, cs.Name, Interrupted, "interrupted")
		}
	}
	if r := c.m.Row(codecHang); r.Carrier != CarrierNested {
		t.Errorf("%s: carrier %q, want %q", codecHang, r.Carrier, CarrierNested)
	}
}

// measured reports whether s is the status of a cell a worker measured.
func measured(s result.FidelityStatus) bool {
	switch s {
	case result.FidelityExact, result.FidelityLossy, result.FidelityUndeclared, result.FidelityFail, result.FidelityError, result.FidelityNA:
		return true
	}
	return false
}
