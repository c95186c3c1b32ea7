package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The test helpers of the matrices computed by serbench run
// (worker_robust_test.go, worker_interop_test.go).

// runJSONPerson runs serbench run of json on person into db, a quick run,
// with the extra arguments, and returns its standard error; it fails the
// test unless the run exits 0.
func runJSONPerson(t *testing.T, db string, extra ...string) string {
	t.Helper()
	args := append([]string{"run", "--workload", "^person$", "--codec", "^json$", "--count", "2", "--time", "1ms", "--ci", "0", "--forks", "1", "--db", db}, extra...)
	_, stderr, code := cli(t, args...)
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s", strings.Join(append([]string{"run"}, extra...), " "), code, stderr)
	}
	return stderr
}

// checkReportsShow writes the HTML and Markdown reports of db into dir
// and checks that the HTML has htmlWant and the Markdown mdWant.
func checkReportsShow(t *testing.T, dir, db, htmlWant, mdWant string) {
	t.Helper()
	html, md := filepath.Join(dir, "r.html"), filepath.Join(dir, "r.md")
	if _, stderr, code := cli(t, "report", "--db", db, "--html", html, "--markdown", md); code != 0 {
		t.Fatalf("report: exit %d\n%s", code, stderr)
	}
	for file, want := range map[string]string{html: htmlWant, md: mdWant} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", filepath.Base(file), want)
		}
	}
}
