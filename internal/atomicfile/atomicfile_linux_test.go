package atomicfile

import (
	"bytes"
	"errors"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteFileFailsPartWay: a write that fails part-way (here at the
// file size limit, as at a full disk) leaves the old content, whole, and
// no temporary file.
func TestWriteFileFailsPartWay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	old := []byte("the old content")
	if err := WriteFile(path, old); err != nil {
		t.Fatal(err)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	signal.Ignore(syscall.SIGXFSZ) // the write then fails with EFBIG
	defer signal.Reset(syscall.SIGXFSZ)
	small := lim
	small.Cur = 4096
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
		t.Skip(err)
	}
	err := WriteFile(path, bytes.Repeat([]byte("new "), 4096))
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	checkError(t, err, path)
	if !errors.Is(err, syscall.EFBIG) {
		t.Errorf("error %v, want EFBIG", err)
	}
	if b, err := os.ReadFile(path); err != nil || !bytes.Equal(b, old) {
		t.Errorf("after the failed write the file holds %q (%v), want %q", b, err, old)
	}
	onlyEntries(t, dir, "f.txt")
}
