package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFileReplaces: each write replaces the file whole, longer or
// shorter than before, with mode 0644 whatever the mode of the file it
// replaces, and leaves no temporary file.
func TestWriteFileReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, data := range []string{"first", "second, longer", "3", ""} {
		if err := WriteFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != data {
			t.Errorf("read %q (%v), want %q", b, err, data)
		}
		if st, err := os.Stat(path); err != nil || st.Mode() != 0o644 {
			t.Errorf("mode %v (%v), want %v", st.Mode(), err, fs.FileMode(0o644))
		}
	}
	onlyEntries(t, dir, "f.txt")
}

// TestWriteFileMissingDirectory: a file in a directory that does not
// exist is an error of that file, which is not created.
func TestWriteFileMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "no", "f.txt")
	err := WriteFile(path, []byte("x"))
	checkError(t, err, path)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error %v, want one that is fs.ErrNotExist", err)
	}
	onlyEntries(t, dir)
}

// TestWriteFileRenameFails: when the rename fails (path is a directory)
// the error names path, the directory stays as it was, and the temporary
// file is removed.
func TestWriteFileRenameFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d")
	if err := os.MkdirAll(filepath.Join(path, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkError(t, WriteFile(path, []byte("x")), path)
	onlyEntries(t, dir, "d")
	onlyEntries(t, path, "sub")
}

// checkError checks that err is the error of a failed write of path: an
// *fs.PathError naming path and no temporary file.
func checkError(t *testing.T, err error, path string) {
	t.Helper()
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Op != "write" || pe.Path != path {
		t.Fatalf("error %#v, want an *fs.PathError of write %s", err, path)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "write "+path+": ") || strings.Contains(msg, ".tmp-") {
		t.Errorf("error %q, want one that names %s and not the temporary file", msg, path)
	}
}

// onlyEntries checks that dir holds exactly the entries names.
func onlyEntries(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}
