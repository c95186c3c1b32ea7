// Package golden compares test output with golden files in testdata/, and
// rewrites them when a test runs with -update.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Check compares got with testdata/name, or rewrites that file when the
// test binary runs with -update.
func Check(t *testing.T, name string, got []byte) {
	t.Helper()
	check(t, name, got, nil)
}

// CheckNormalized is Check for output with parts that legitimately vary
// between runs: got and the golden file are compared after norm has
// rewritten both; -update writes got as it is.
func CheckNormalized(t *testing.T, name string, got []byte, norm func([]byte) []byte) {
	t.Helper()
	check(t, name, got, norm)
}

func check(t *testing.T, name string, got []byte, norm func([]byte) []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	g, w, how := got, want, ""
	if norm != nil {
		g, w, how = norm(got), norm(want), " (normalized)"
	}
	if !bytes.Equal(g, w) {
		t.Errorf("%s differs from the golden file%s at %s; run go test -update if the change is intended.\ngot:\n%s", name, how, firstDifference(w, g), got)
	}
}

// firstDifference describes where got first differs from want: the line
// and column, and up to 40 bytes of each side from a little before it.
func firstDifference(want, got []byte) string {
	n := 0
	for n < len(want) && n < len(got) && want[n] == got[n] {
		n++
	}
	line := 1 + bytes.Count(want[:n], []byte("\n"))
	col := n - bytes.LastIndexByte(want[:n], '\n')
	from := max(0, n-20)
	return fmt.Sprintf("line %d, column %d: want %q, got %q", line, col, want[from:min(len(want), n+20)], got[from:min(len(got), n+20)])
}
