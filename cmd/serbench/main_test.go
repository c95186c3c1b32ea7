package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/perf/benchfmt"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// A codec that panics on every call, registered only in this test binary,
// shows that one broken codec does not end a run.
func init() {
	codec.Register(codec.New(codec.Info{Name: "test-panics", Format: "test", Module: "serbench", API: codec.HandWritten},
		func(t codec.Target) (codec.Instance, error) {
			return codec.Funcs{
				EncodeFunc: func(any) ([]byte, error) { var m map[string]int; m["x"] = 1; return nil, nil },
				DecodeFunc: func([]byte) (any, error) { panic("unreachable") },
			}, nil
		}))
}

// cli runs the command and returns stdout, stderr and the exit code.
func cli(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	code := exitCode(err, &errb)
	return out.String(), errb.String(), code
}

func quick(db string, extra ...string) []string {
	return append([]string{"run", "--workload", "^person$", "--codec", "^(json|test-panics)$", "--count", "3", "--time", "2ms", "--ci", "0", "--db", db, "--quiet"}, extra...)
}

func TestRunThenShowPrintsTheSameNumbers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	out, stderr, code := cli(t, quick(db)...)
	if code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr)
	}
	for _, want := range []string{"workload person", " json ", "error test-panics", "panicked", "only 3 samples"} {
		if !strings.Contains(out, want) {
			t.Errorf("run output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr, "stored as run") {
		t.Errorf("stderr: %s", stderr)
	}
	shown, stderr, code := cli(t, "show", "--db", db)
	if code != 0 {
		t.Fatalf("show exit %d: %s", code, stderr)
	}
	if shown != out {
		t.Errorf("show differs from run:\n--- run\n%s\n--- show\n%s", out, shown)
	}
	// The run records its workload as this binary defines it, for show
	// to render whatever binary runs it.
	person, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := storedRun(t, db).Workloads, []result.WorkloadInfo{suite.WorkloadRecord(person)}; !cmp.Equal(got, want) {
		t.Errorf("stored workloads %+v, want %+v", got, want)
	}
	runs, _, code := cli(t, "runs", "--db", db)
	if code != 0 || !strings.Contains(runs, "complete") {
		t.Errorf("runs (exit %d): %s", code, runs)
	}
}

func TestGoBenchOutputParses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	out, stderr, code := cli(t, quick(db, "--format", "gobench", "--zstd")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := benchfmt.NewReader(strings.NewReader(out), "out")
	n := 0
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("benchmark format error: %v", rec)
		case *benchfmt.Result:
			n++
			if name := rec.Name.String(); !strings.HasPrefix(name, "Encode/workload=person/codec=json") && !strings.HasPrefix(name, "Decode/workload=person/codec=json") && !strings.HasPrefix(name, "Zstd/workload=person/codec=json") {
				t.Errorf("unexpected name %s", rec.Name)
			}
			if _, ok := rec.Value("sec/op"); !ok {
				t.Errorf("%s has no time", rec.Name)
			}
			if rec.GetConfig("goos") == "" {
				t.Errorf("%s lacks the goos configuration", rec.Name)
			}
		}
	}
	if n != 9 {
		t.Errorf("%d results, want 3 samples × 3 ops (encode, decode, zstd)", n)
	}
}

func TestBadUsage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"run", "--codec", "nosuchcodec", "--db", db}, []string{`--codec "nosuchcodec" matches no codec`, "json", "test-panics"}},
		{[]string{"run", "--workload", "nope", "--db", db}, []string{`--workload "nope" matches no workload`, "person"}},
		{[]string{"run", "--codec", "(", "--db", db}, []string{"--codec", "missing closing )"}},
		{[]string{"run", "--format", "xml", "--db", db}, []string{`--format "xml"`, "table, markdown, json, csv, gobench"}},
		{[]string{"run", "--count", "0", "--db", db}, []string{"--count 0"}},
		{[]string{"run", "--ci", "three", "--db", db}, []string{`--ci "three"`, "such as 3 or 2.5%"}},
		{[]string{"run", "--ci", "-1", "--db", db}, []string{`--ci "-1"`}},
		{[]string{"run", "--budget", "-1s", "--db", db}, []string{"--budget -1s"}},
		{[]string{"run", "--suite", "most", "--db", db}, []string{`--suite "most": want default or full`}},
		{[]string{"run", "--time", "0s", "--db", db}, []string{"--time"}},
		{[]string{"run", "--bogus"}, []string{"flag provided but not defined: -bogus"}},
		{[]string{"frobnicate"}, []string{`unknown command "frobnicate"`, "run, list, show"}},
		{[]string{"show", "a", "b", "--db", db}, []string{"at most one RUN-ID"}},
	} {
		_, stderr, code := cli(t, tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", tc.args, code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", tc.args, w, stderr)
			}
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("bad usage created the database")
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "missing-dir", "s.db")
	_, stderr, code := cli(t, quick(bad)...)
	if code != 1 || !strings.Contains(stderr, bad) {
		t.Errorf("unwritable database: exit %d, stderr %q; want 1 and the path", code, stderr)
	}
	_, stderr, code = cli(t, "show", "--db", filepath.Join(dir, "none.db"))
	if code != 1 || !strings.Contains(stderr, "none.db") {
		t.Errorf("show of a missing database: exit %d, %q", code, stderr)
	}
	db := filepath.Join(dir, "s.db")
	if _, _, code := cli(t, quick(db)...); code != 0 {
		t.Fatal("run failed")
	}
	_, stderr, code = cli(t, "show", "--db", db, "no-such-run")
	if code != 1 || !strings.Contains(stderr, `"no-such-run"`) {
		t.Errorf("show of a missing run: exit %d, %q", code, stderr)
	}
}

func TestHelpAndList(t *testing.T) {
	out, _, code := cli(t, "help")
	if code != 0 || !strings.Contains(out, "serbench run") {
		t.Errorf("help: %d %s", code, out)
	}
	_, stderr, code := cli(t, "run", "--help")
	if code != 0 || !strings.Contains(stderr, "-workload") {
		t.Errorf("run --help: %d %s", code, stderr)
	}
	out, _, code = cli(t, "list")
	if code != 0 || !strings.Contains(out, "json  ") || !strings.Contains(out, "std@go") || !strings.Contains(out, "person") {
		t.Errorf("list: %d\n%s", code, out)
	}
}

// pkgDir is this package's directory, for go build.
var pkgDir string

func TestMain(m *testing.M) {
	// Runs started by the tests re-execute this test binary as their
	// worker processes.
	harness.MaybeWorker()
	pkgDir, _ = os.Getwd()
	// Tests run the command in-process; keep them from writing a
	// serbench.db into the package directory.
	dir, err := os.MkdirTemp("", "serbench-cli")
	if err != nil {
		panic(err)
	}
	os.Chdir(dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestBuiltBinary builds the command as users do and checks what only a
// real binary shows: module versions from the build information.
func TestBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "serbench")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = pkgDir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "list")
	cmd.Dir = wd
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("serbench list: %v\n%s", err, out)
	}
	for _, want := range []string{"github.com/fxamacker/cbor/v2@v2.9.6", "go.mongodb.org/mongo-driver/v2@v2.9.3", "github.com/ugorji/go/codec@v1.3.2"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("list lacks %s:\n%s", want, out)
		}
	}
	// Bad usage from the real binary: exit status 2.
	err = exec.Command(bin, "run", "--codec", "nosuch").Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Errorf("bad usage: %v, want exit status 2", err)
	}
}

func TestBigfloatWriteRead(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "nums.bflt")
	out, stderr, code := cli(t, "bigfloat", "--write", file, "--encoding", "binary-varint", "--from", "0", "--to", "1000", "--by", "1")
	if code != 0 || !strings.Contains(out, "wrote 1000 numbers") {
		t.Fatalf("write: exit %d %s %s", code, out, stderr)
	}
	out, stderr, code = cli(t, "bigfloat", "--read", file, "--print")
	if code != 0 || !strings.Contains(out, "1000 numbers, encoding binary-varint") || !strings.Contains(out, "\n999\t(prec 64)\n") {
		t.Fatalf("read: exit %d %s %s", code, out[:min(len(out), 300)], stderr)
	}
	os.WriteFile(file, []byte("garbage"), 0o644)
	if _, stderr, code := cli(t, "bigfloat", "--read", file); code != 1 || !strings.Contains(stderr, file) {
		t.Errorf("garbage file: exit %d, %s", code, stderr)
	}
	for _, args := range [][]string{
		{"bigfloat", "--write", file},
		{"bigfloat", "--write", file, "--encoding", "nope"},
		{"bigfloat", "--read", file, "--write", file},
		{"bigfloat", "--write", file, "--encoding", "text", "--from", "10", "--to", "1"},
	} {
		if _, stderr, code := cli(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}

func TestWorkloadOptionsAreCheckedByTheWorkload(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	// An empty bigfloat range is bad usage when bigfloat runs...
	_, stderr, code := cli(t, "run", "--workload", "^bigfloat$", "--from", "10", "--to", "1", "--db", db)
	if code != 2 || !strings.Contains(stderr, "bigfloat: --from 10 --to 1") || !strings.Contains(stderr, "empty") {
		t.Errorf("empty range: exit %d, %s", code, stderr)
	}
	// A negative depth is an error of nested's, not "no children".
	_, stderr, code = cli(t, "run", "--workload", "^nested$", "--depth", "-2", "--db", db)
	if code != 2 || !strings.Contains(stderr, "nested: --depth -2: want 0 or more") {
		t.Errorf("--depth -2: exit %d, %s", code, stderr)
	}
	// ...and irrelevant when it does not.
	if _, stderr, code := cli(t, append(quick(db), "--from", "10", "--to", "1")...); code != 0 {
		t.Errorf("bigfloat options with --workload person: exit %d, %s", code, stderr)
	}
}
