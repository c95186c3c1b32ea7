package bigfloatio

import (
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/workload"
)

// TestWriteFileFails: a write that fails part-way (here the file size
// limit, as a full disk would) returns an error and leaves the file that
// was there, and no temporary file.
func TestWriteFileFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "n.bf")
	old := []*big.Float{big.NewFloat(1), big.NewFloat(2)}
	if err := WriteFile(path, Text, old, 53); err != nil {
		t.Fatal(err)
	}
	values, _ := workload.BigFloats(workload.BigFloatOptions{Count: 1000})

	var err error
	exectest.FileSizeLimit(t, 4096, func() { err = WriteFile(path, Text, values, 64) })
	if err == nil {
		t.Fatal("a write beyond the file size limit succeeded")
	}
	if want := "write " + path + ": file too large"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	_, got, rerr := ReadFile(path)
	if rerr != nil || len(got) != len(old) || got[1].Cmp(old[1]) != 0 {
		t.Errorf("after the failed write, the file reads %d values, %v; want the %d it had", len(got), rerr, len(old))
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files in the directory after the failed write, want 1", len(ents))
	}
	// A missing directory is named as the file's.
	missing := filepath.Join(dir, "no", "n.bf")
	if err := WriteFile(missing, Text, old, 53); err == nil || err.Error() != "write "+missing+": no such file or directory" {
		t.Errorf("write into a missing directory: %v", err)
	}
}
