package workerproc

import (
	"os"
	"syscall"
	"testing"
)

// TestFD: FD returns a file for a pipe and nil for a descriptor that is
// not open or not a pipe, which os.NewFile cannot tell apart.
func TestFD(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	fd, err := syscall.Dup(int(w.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	f := FD(uintptr(fd), "dup")
	if f == nil {
		syscall.Close(fd)
		t.Fatal("FD of an open descriptor = nil")
	}
	if _, err := f.Write([]byte("x")); err != nil {
		t.Errorf("write to the descriptor FD returned: %v", err)
	}
	f.Close()
	b := make([]byte, 1)
	if n, err := r.Read(b); n != 1 || b[0] != 'x' {
		t.Errorf("read %q, %v; want the byte written through FD's file", b[:n], err)
	}
	// A descriptor number no process of a test has open (far above the
	// ones in use, which are handed out lowest first).
	if g := FD(987654, "not open"); g != nil {
		t.Errorf("FD of a descriptor that is not open = %v, want nil", g.Name())
	}
	// An open descriptor that is not a pipe, such as the cgroup files
	// the runtime may hold at 3 and 4 in a worker started by hand.
	file, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if g := FD(file.Fd(), "regular"); g != nil {
		t.Errorf("FD of a regular file = %v, want nil", g.Name())
	}
}
