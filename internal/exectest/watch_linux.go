package exectest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// ExecWatch tells whether a copy of the test binary was executed: the
// kernel opens a program when a process executes it, before the exec
// returns to the parent, so a worker started and killed at once is seen
// too (a worker that wrote a line as it started might be killed first).
type ExecWatch struct {
	// Exe is the copy of the test binary to give workers as their
	// command.
	Exe string
	fd  int
}

// WatchExec copies the test binary into a temporary directory of t and
// watches the copy for opens with inotify, until t ends.
func WatchExec(t testing.TB) *ExecWatch {
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
	return &ExecWatch{Exe: exe, fd: fd}
}

// Opened reports whether the copy was opened (executed) since the watch
// began or the last call, and forgets those opens. (inotify merges an
// open into the one before it when that one is unread: it tells whether,
// not how often.)
func (w *ExecWatch) Opened(t testing.TB) bool {
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

// Interrupt runs compute with exe, a watched copy of the test binary
// (WatchExec) to start its workers with, and cancels its context as
// Ctrl-C does once a worker hangs: it names a file in the environment
// variable markEnv of the workers, which the hanging one creates
// (Hanging), waits (a minute at most) until the file exists, checks that
// a worker was seen started, cancels, waits for compute to return (a
// minute at most) and checks that it returned the context's error and
// that no worker was started after the cancellation. It returns what
// compute returned with that error: the matrix so far.
func Interrupt[T any](t *testing.T, markEnv string, compute func(ctx context.Context, exe string) (T, error)) T {
	t.Helper()
	w := WatchExec(t)
	mark := filepath.Join(t.TempDir(), "hanging")
	t.Setenv(markEnv, mark)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type computed struct {
		v   T
		err error
	}
	done := make(chan computed, 1)
	go func() {
		v, err := compute(ctx, w.Exe)
		done <- computed{v, err}
	}()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(mark); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no worker reached its hang (%s) within a minute", filepath.Base(mark))
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
		t.Fatal("the computation still ran a minute after its context was cancelled")
	}
	if !errors.Is(c.err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", c.err)
	}
	if w.Opened(t) {
		t.Error("a worker was started after the cancellation")
	}
	return c.v
}
