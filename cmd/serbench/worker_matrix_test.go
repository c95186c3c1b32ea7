package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The test helpers of the matrices: computed by serbench run
// (worker_robust_test.go, worker_interop_test.go), or by a matrix command
// interrupted (worker_fidelity_test.go too).

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

// storedMatrix runs serbench run of json on person with flag (which
// computes a matrix) into a new database in dir, checks that its standard
// error says each of stored, and decodes into m the JSON that serbench
// command --run latest prints with the extra arguments (its JSON format).
// It returns the database.
func storedMatrix(t *testing.T, dir, flag string, stored []string, m any, command string, extra ...string) string {
	t.Helper()
	db := filepath.Join(dir, "r.db")
	stderr := runJSONPerson(t, db, flag)
	for _, s := range stored {
		if !strings.Contains(stderr, s) {
			t.Errorf("run %s does not say %q:\n%s", flag, s, stderr)
		}
	}
	out, stderr, code := cli(t, append([]string{command, "--run", "latest", "--db", db}, extra...)...)
	if code != 0 {
		t.Fatalf("%s --run latest: exit %d\n%s", command, code, stderr)
	}
	if err := json.Unmarshal([]byte(out), m); err != nil {
		t.Fatal(err)
	}
	return db
}

// checkNoMatrix adds to db a run without a matrix and checks that
// serbench command --run latest then exits 1 with an error that says each
// of wants.
func checkNoMatrix(t *testing.T, db, command string, wants ...string) {
	t.Helper()
	runJSONPerson(t, db, "--quiet")
	_, stderr, code := cli(t, command, "--run", "latest", "--db", db)
	if code != 1 {
		t.Errorf("%s --run of a run without a matrix: exit %d, want 1\n%s", command, code, stderr)
	}
	for _, w := range wants {
		if !strings.Contains(stderr, w) {
			t.Errorf("%s --run of a run without a matrix: %q, want it to say %q", command, stderr, w)
		}
	}
}

// interruptedMatrix runs the matrix command cmd with args (which select
// its JSON format) and a context cancelled before it starts, as after
// Ctrl-C, checks that it returns the interruption (exit status 130), and
// returns the matrix it printed all the same.
func interruptedMatrix[M any](t *testing.T, cmd func(context.Context, []string, io.Writer, io.Writer) error, args ...string) M {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	err := cmd(ctx, args, &out, &errb)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	var m M
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("stdout is not the matrix: %v\n%s", err, out.String())
	}
	return m
}
