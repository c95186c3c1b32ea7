package atomicfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/serbench/serbench/internal/exectest"
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
	var err error
	exectest.FileSizeLimit(t, 4096, func() { err = WriteFile(path, bytes.Repeat([]byte("new "), 4096)) })
	checkError(t, err, path)
	if !errors.Is(err, syscall.EFBIG) {
		t.Errorf("error %v, want EFBIG", err)
	}
	if b, err := os.ReadFile(path); err != nil || !bytes.Equal(b, old) {
		t.Errorf("after the failed write the file holds %q (%v), want %q", b, err, old)
	}
	onlyEntries(t, dir, "f.txt")
}
