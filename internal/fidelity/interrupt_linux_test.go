//go:build linux

package fidelity

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/result"
)

// execWatch tells whether a copy of the test binary was executed: the
// kernel opens a program when a process executes it, before the exec
// returns to the parent, so a worker started and killed at once is seen
// too (a worker that wrote a line as it started might be killed first).
type execWatch struct {
	// Exe is the copy of the test binary to give workers as their
	// command.
	Exe string
	fd  int
}

// watchExec copies the test binary into a temporary directory and
// watches the copy for opens with inotify.
func watchExec(t *testing.T) *execWatch {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "worker.test")
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if _, err := syscall.InotifyAddWatch(fd, exe, syscall.IN_OPEN); err != nil {
		t.Fatal(err)
	}
	return &execWatch{Exe: exe, fd: fd}
}

// opened reports whether the copy was opened (executed) since the watch
// began or the last call, and forgets those opens. (inotify merges an
// open into the one before it when that one is unread: it tells whether,
// not how often.)
func (w *execWatch) opened(t *testing.T) bool {
	t.Helper()
	seen := false
	buf := make([]byte, 64*(syscall.SizeofInotifyEvent+syscall.PathMax))
	for {
		n, err := syscall.Read(w.fd, buf)
		if err == syscall.EAGAIN {
			return seen
		}
		if err != nil {
			t.Fatal(err)
		}
		for off := 0; off+syscall.SizeofInotifyEvent <= n; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
			if ev.Mask&syscall.IN_OPEN != 0 {
				seen = true
			}
			off += syscall.SizeofInotifyEvent + int(ev.Len)
		}
	}
}

// TestComputeInterrupted cancels Compute while a worker hangs on a cell
// (as Ctrl-C does): no worker is started after that, not for the row's
// later cells nor for the rows still waiting; the cells measured before
// are kept; the others are Interrupted, and Compute returns ctx's error
// with that matrix.
func TestComputeInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	w := watchExec(t)
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
	if !w.opened(t) {
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
	if w.opened(t) {
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
