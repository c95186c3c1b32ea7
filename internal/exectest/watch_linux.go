package exectest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
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
