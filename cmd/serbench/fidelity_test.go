package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// smallSet is the codecs of the fidelity goldens: the known cells
// (goccy-json's MaxFloat32, ugorji-json's -1e19 in interface{}),
// encoding/json, and a code-generated codec with its conversion.
const smallSet = `^(json|goccy-json|ugorji-json|protobuf\+convert)$`

// inPackageDir makes the package directory the working directory until
// the test ends, for golden.Check's testdata/ (TestMain runs the tests in
// a temporary directory).
func inPackageDir(t *testing.T) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(pkgDir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
}

func TestFidelityGolden(t *testing.T) {
	for _, tc := range []struct{ format, file string }{
		{"text", "fidelity.golden"},
		{"markdown", "fidelity-markdown.golden"},
		{"json", "fidelity-json.golden"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			out, stderr, code := cli(t, "fidelity", "--codec", smallSet, "--format", tc.format)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			inPackageDir(t)
			golden.CheckNormalized(t, tc.file, []byte(out), hyrumProof)
		})
	}
}

// TestFidelityAllGolden is the matrix of every codec of the serbench
// binary (this test binary's test codecs, of format "test", left out), as the README
// shows it: a change of any codec's behaviour on an edge value shows here.
func TestFidelityAllGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("every codec; skipped with -short")
	}
	var names []string
	for _, c := range codec.All() {
		if info := c.Info(); info.Format != "test" { // not test-panics, not internal/badcodec's
			names = append(names, regexp.QuoteMeta(info.Name))
		}
	}
	out, stderr, code := cli(t, "fidelity", "--codec", "^("+strings.Join(names, "|")+")$")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	inPackageDir(t)
	golden.CheckNormalized(t, "fidelity-all.golden", []byte(out), hyrumProof)
}

// hyrumProof undoes what varies between runs in the matrix's error
// messages: go-json-experiment (jsonv2) picks "cannot" or "unable to" at
// random once per process, so its messages, and the wrapping of the cells
// that show them, differ between runs. Both become "cannot", and every run
// of white space (line breaks and indentation included) one space.
func hyrumProof(b []byte) []byte {
	s := strings.ReplaceAll(string(b), "unable to", "cannot")
	return []byte(strings.Join(strings.Fields(s), " "))
}

// matrixOf runs serbench fidelity with --format json and the given
// arguments and decodes the matrix.
func matrixOf(t *testing.T, args ...string) *result.Fidelity {
	t.Helper()
	out, stderr, code := cli(t, append([]string{"fidelity", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var m result.Fidelity
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return &m
}

// The cells the issue names, and a few more whose behaviour is known.
func TestFidelityKnownCells(t *testing.T) {
	m := matrixOf(t, "--codec", smallSet)
	for _, tc := range []struct {
		codec, cell string
		status      result.FidelityStatus
		detail      string
	}{
		{"json", "base", result.FidelityExact, ""},
		{"json", "NaN", result.FidelityError, "encode: json: unsupported value: NaN"},
		{"json", "MaxF32", result.FidelityExact, ""},
		// goccy-json cannot decode the shortest text of MaxFloat32 into
		// a float32.
		{"goccy-json", "MaxF32", result.FidelityError, "cannot unmarshal number 3.4028235e+38 into Go struct field TestStruc.F32 of type float32"},
		// ugorji-json writes -1e19 without a fraction or exponent, then
		// fails to read it back into interface{}.
		{"ugorji-json", "-1e19", result.FidelityError, `parsing "-10000000000000000000"`},
		{"ugorji-json", "NaN", result.FidelityFail, "F64: NaN became 0"},
		{"protobuf+convert", "badUTF8", result.FidelityError, "invalid UTF-8"},
		{"protobuf+convert", "nil/[]", result.FidelityLossy, "nil-empty: declared"},
		// The conversion to the generated message refuses a time
		// outside the int64 Unix nanoseconds of the time mapping.
		{"protobuf+convert", "2300", result.FidelityError, "encode: T: time 2300-01-02T03:04:05Z has no int64 Unix nanoseconds"},
	} {
		r := m.Row(tc.codec)
		if r == nil {
			t.Fatalf("no row %s", tc.codec)
		}
		if r.Carrier != "nested" {
			t.Errorf("%s carried by %q", tc.codec, r.Carrier)
		}
		c := r.Cell(tc.cell)
		if c == nil {
			t.Fatalf("%s has no cell %s", tc.codec, tc.cell)
		}
		if c.Status != tc.status || !strings.Contains(c.Detail, tc.detail) {
			t.Errorf("%s %s: %s %q; want %s with %q", tc.codec, tc.cell, c.Status, c.Detail, tc.status, tc.detail)
		}
	}
	// Reference codecs carry no data: left out.
	if all := matrixOf(t, "--codec", "^(noop|json)$"); len(all.Rows) != 1 || all.Rows[0].Codec != "json" {
		t.Errorf("rows of ^(noop|json)$: %+v", all.Rows)
	}
}

func TestRunStoresTheFidelityMatrix(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	if _, stderr, code := cli(t, quick(db)...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	m := matrixOf(t, "--run", "latest", "--db", db)
	if len(m.Rows) != 2 || m.Rows[0].Codec != "json" || m.Rows[1].Codec != "test-panics" {
		t.Fatalf("stored rows: %+v", m.Rows)
	}
	if c := m.Rows[0].Cell("NaN"); c == nil || c.Status != result.FidelityError {
		t.Errorf("json NaN: %+v", c)
	}
	// test-panics panics on every call: its base value fails on every
	// carrier, and its row says so.
	if c := m.Rows[1].Cells[0]; c.Status != result.FidelityError || !strings.Contains(c.Detail, "panicked") {
		t.Errorf("test-panics base: %+v", c)
	}
	text, _, code := cli(t, "fidelity", "--run", "latest", "--db", db)
	if code != 0 || !strings.Contains(text, "Fidelity matrix: 2 codecs") {
		t.Errorf("text of the stored matrix (exit %d):\n%s", code, text)
	}
	html := filepath.Join(dir, "r.html")
	if out, stderr, code := cli(t, "report", "--html", html, "--db", db); code != 0 {
		t.Fatalf("report: exit %d: %s %s", code, out, stderr)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<section class="fidelity"`) || !strings.Contains(string(page), "unsupported value: NaN") {
		t.Error("the HTML report has no fidelity section")
	}
}

func TestFidelityUsage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fidelity", "--format", "table"}, `--format "table" is not a format of fidelity (valid: text, markdown, json)`},
		{[]string{"fidelity", "--codec", "nosuch"}, `--codec "nosuch" matches no codec`},
		{[]string{"fidelity", "--codec", "^noop$"}, "reference codecs carry no data"},
		{[]string{"fidelity", "--codec", "("}, "missing closing )"},
		{[]string{"fidelity", "extra"}, "fidelity takes no arguments"},
		{[]string{"fidelity", "--db", db}, "--db is read with --run only"},
		{[]string{"fidelity", "--run", "latest", "--codec", "json"}, "--run prints a stored matrix"},
		{[]string{"fidelity", "--timeout", "0s"}, "--timeout 0s"},
		{[]string{"fidelity", "--memory-limit", "lots"}, `--memory-limit "lots"`},
	} {
		_, stderr, code := cli(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	// A run stored without a matrix (an older serbench) says so.
	d := filepath.Join(t.TempDir(), "old.db")
	if _, stderr, code := cli(t, "import", "--db", d, writeBench(t)); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	if _, stderr, code := cli(t, "fidelity", "--run", "latest", "--db", d); code != 1 || !strings.Contains(stderr, "not found") {
		t.Errorf("a run without a matrix: exit %d, %s", code, stderr)
	}
}

// writeBench writes a file of go test -bench output to import.
func writeBench(t *testing.T) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "bench.txt")
	text := "goos: linux\nBenchmarkEncode/workload=person/codec=json-2 \t 1000\t 1200 ns/op\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}
