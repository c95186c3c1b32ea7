//go:build linux

package fidelity

import (
	"context"
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
	m := exectest.Interrupt(t, hangMarkEnv, func(ctx context.Context, exe string) (*result.Fidelity, error) {
		return Compute(ctx, codectest.Codecs(t, codecHang, codecZero, codecError),
			Options{Timeout: 10 * time.Minute, Workers: 1, Command: []string{exe, WorkerArg}})
	})
	if m == nil {
		t.Fatal("no matrix: what was measured is lost")
	}
	hang := false
	for _, cs := range Cases() {
		if cs.Name == "2300" {
			hang = true
		}
		if hang {
			wantCell(t, m, codecHang, cs.Name, Interrupted, "interrupted")
		} else if got := cell(t, m, codecHang, cs.Name); !measured(got.Status) {
			t.Errorf("%s %s: %s (%s), want the cell the worker measured", codecHang, cs.Name, got.Status, got.Detail)
		}
		for _, name := range []string{codecZero, codecError} {
			wantCell(t, m, name, cs.Name, Interrupted, "interrupted")
		}
	}
	if r := m.Row(codecHang); r.Carrier != CarrierNested {
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
