package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/pgtest"
)

func TestCompareHistoryImport(t *testing.T) {
	dir := t.TempDir()
	checkCompareHistoryImport(t, dir, filepath.Join(dir, "h.db"))
}

// TestCompareHistoryImportPostgres is the same on a throwaway PostgreSQL
// server (internal/pgtest).
func TestCompareHistoryImportPostgres(t *testing.T) {
	checkCompareHistoryImport(t, t.TempDir(), pgtest.DSN(t))
}

// checkCompareHistoryImport stores two runs in db, compares them (one as
// a Go benchmark file), imports that file and reads the history.
func checkCompareHistoryImport(t *testing.T, dir, db string) {
	args := []string{"run", "--workload", "^person$", "--codec", "^json$", "--count", "3", "--time", "2ms", "--ci", "0", "--db", db, "--quiet", "--zstd=false"}
	if _, stderr, code := cli(t, args...); code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr)
	}
	bench, stderr, code := cli(t, append(args, "--format", "gobench")...)
	if code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "empty.txt"), []byte("goos: linux\nPASS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(file, []byte(bench), 0o644); err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`(?m)^\d{8}-\d{6}-[0-9a-f]{6}`).FindAllString(mustCLI(t, "runs", "--db", db), -1)
	if len(ids) != 2 {
		t.Fatalf("runs: %v", ids)
	}
	// A run ID against a file.
	out := mustCLI(t, "compare", "--db", db, ids[0], file)
	for _, want := range []string{"person/json encode", "person/json decode", "geomean", "n=3+3"} {
		if !strings.Contains(out, want) {
			t.Errorf("compare output lacks %q:\n%s", want, out)
		}
	}
	out = mustCLI(t, "import", "--db", db, file)
	if !strings.Contains(out, "2 cells, 6 samples") {
		t.Errorf("import: %s", out)
	}
	out = mustCLI(t, "history", "--db", db, "--codec", "^json$", "--op", "decode")
	if strings.Count(out, "person/json decode") != 1 || len(regexp.MustCompile(`(?m)^  \d{8}-`).FindAllString(out, -1)) != 3 {
		t.Errorf("history: want one series of three runs:\n%s", out)
	}
	// Bad input names what is wrong.
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compare", "--db", db, ids[0]}, 2, "two runs"},
		{[]string{"compare", "--db", db, ids[0], "nosuch"}, 1, `"nosuch" is neither a file nor a run`},
		{[]string{"history", "--db", db, "--codec", "("}, 2, "bad regular expression"},
		{[]string{"import", "--db", db, filepath.Join(dir, "missing.txt")}, 1, "missing.txt"},
		{[]string{"import", "--db", db, filepath.Join(dir, "empty.txt")}, 1, "no benchmark results"},
	} {
		_, stderr, code := cli(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, code := cli(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return out
}
