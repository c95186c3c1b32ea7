package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

// TestRunThenShowPrintsTheSameNumbers: show prints a stored run as the run
// printed it, from what was stored (testdata/cli/run.args has what they
// print); the run stores its workloads as this binary defines them.
func TestRunThenShowPrintsTheSameNumbers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	out, stderr, code := cli(t, quick(db)...)
	if code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr)
	}
	r := storedRun(t, db)
	if want := fmt.Sprintf("stored as run %s in %s\n", r.ID, db); stderr != want {
		t.Errorf("run's stderr %q, want %q", stderr, want)
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
	if got, want := r.Workloads, []result.WorkloadInfo{suite.WorkloadRecord(person)}; !cmp.Equal(got, want) {
		t.Errorf("stored workloads %+v, want %+v", got, want)
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

// pkgDir is this package's directory, for go build.
var pkgDir string

// testDir is the temporary directory the tests run in, removed when they
// end: the working directory of the in-process commands and the home of
// the binary serbenchBinary builds.
var testDir string

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
	testDir = dir
	os.Chdir(dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestBuiltBinary runs the command built as users build it: it lists the
// codecs of this test binary but for its test codecs (format test), with
// the same modules and versions from the build information, and its own
// version (a commit when built in a checkout); its exit status for bad
// usage is 2, with the message this test binary prints.
func TestBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	bin := serbenchBinary(t)
	got, err := exec.Command(bin, "list").Output()
	if err != nil {
		t.Fatalf("serbench list: %v", err)
	}
	want, _, _ := cli(t, "list")
	if g, w := comparableList(string(got)), comparableList(want); g != w {
		t.Errorf("the built binary's list differs from this test binary's:\n%s", cmp.Diff(w, g))
	}
	cmd := exec.Command(bin, "run", "--count", "0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Errorf("bad usage: %v, want exit status 2", err)
	}
	if _, want, _ := cli(t, "run", "--count", "0"); stderr.String() != want {
		t.Errorf("bad usage printed %q, want %q", stderr.String(), want)
	}
}

// comparableList is the output of serbench list without the rows of test
// codecs and the count they change, with serbench's own version (a VCS
// commit, or unknown) as VERSION, and one space between columns, whose
// widths follow that version.
func comparableList(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 1 && f[1] == "test", strings.HasSuffix(line, " codecs"):
			continue
		case len(f) > 3 && strings.HasPrefix(f[2], "serbench@"):
			f[3] = "VERSION"
		}
		out = append(out, strings.Join(f, " "))
	}
	return strings.Join(out, "\n")
}
