package report

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
)

// The test helpers of the three matrices (fidelity, robust and interop
// tests): golden renderings, the JSON round trip and the HTML page.

// goldenRender is a renderer of a matrix and its golden file.
type goldenRender[M any] struct {
	name   string
	render func(io.Writer, M) error
}

// checkGoldens renders the matrix m returns with each renderer and checks
// the output against the renderer's golden file; it returns the outputs,
// in the order of renders.
func checkGoldens[M any](t *testing.T, m func() M, renders ...goldenRender[M]) []string {
	t.Helper()
	out := make([]string, len(renders))
	for i, tc := range renders {
		t.Run(tc.name, func(t *testing.T) {
			out[i] = rendered(t, tc.render, m())
			golden.Check(t, tc.name, []byte(out[i]))
		})
	}
	return out
}

// rendered returns what render writes of m.
func rendered[M any](t *testing.T, render func(io.Writer, M) error, m M) string {
	t.Helper()
	var b strings.Builder
	if err := render(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkJSONRoundTrip renders want as JSON and checks that it reads back
// as want; what names the matrix in the error.
func checkJSONRoundTrip[M any](t *testing.T, render func(io.Writer, *M) error, want *M, what string) *M {
	t.Helper()
	var b bytes.Buffer
	if err := render(&b, want); err != nil {
		t.Fatal(err)
	}
	var got M
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, &got); diff != "" {
		t.Errorf("JSON does not read back as %s (-want +got):\n%s", what, diff)
	}
	return &got
}

// matrixPage returns the HTML page of runs with the matrices mx.
func matrixPage(t *testing.T, runs []*result.Run, mx Matrices) string {
	t.Helper()
	var b bytes.Buffer
	if err := HTMLWithMatrices(&b, runs, Options{}, mx); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// wantIn reports each of wants that text, which name names, lacks.
func wantIn(t *testing.T, name, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
}

// checkPage reports each of wants that page lacks, and that the text of
// the matrix is not escaped when page has any of raw.
func checkPage(t *testing.T, page string, wants []string, raw ...string) {
	t.Helper()
	wantIn(t, "the page", page, wants...)
	for _, r := range raw {
		if strings.Contains(page, r) {
			t.Error("text of the matrix is not escaped")
			return
		}
	}
}

// TestHungStacksInJSONOnly: the goroutines of a hung worker that a
// fidelity cell, an interoperability pair or a writer left out keep
// after their line (workerproc.WithStacks) are in the JSON, while the
// text, Markdown and HTML show the line alone, as they show a cell
// without them.
func TestHungStacksInJSONOnly(t *testing.T) {
	const stacks = "goroutine 1 [sleep]:\nexample.com/hang.forever()\n\t/src/hang/forever.go:7 +0x1d"
	withStacks := func(line string) string { return workerproc.WithStacks(line, stacks) }
	fid := func() *result.Fidelity {
		m := testMatrix()
		c := &m.Rows[1].Cells[4] // handwritten nil/[]: TIME
		c.Detail = withStacks(c.Detail)
		return m
	}
	interop := func() *result.Interop {
		x := testInterop()
		x.Matrices[1].Cell("x", "y").Detail = withStacks(x.Matrices[1].Cell("x", "y").Detail)
		x.Matrices[0].Left[0].Note = withStacks("the worker encoding its values: hang: no answer within the time limit of 20s; the worker was killed")
		return x
	}
	const id = "20261121-093000-abcdef"
	fidPage := matrixPage(t, []*result.Run{referenceRun(id)}, Matrices{Fidelity: map[string]*result.Fidelity{id: fid()}})
	interopPage := matrixPage(t, []*result.Run{referenceRun(id)}, Matrices{Interop: map[string]*result.Interop{id: interop()}})
	for _, tc := range []struct {
		name, got, want string
	}{
		{"fidelity text", rendered(t, FidelityTable, fid()), rendered(t, FidelityTable, testMatrix())},
		{"fidelity markdown", rendered(t, FidelityMarkdown, fid()), rendered(t, FidelityMarkdown, testMatrix())},
		{"fidelity html", fidPage, matrixPage(t, []*result.Run{referenceRun(id)}, Matrices{Fidelity: map[string]*result.Fidelity{id: testMatrix()}})},
		{"interop text", rendered(t, InteropTable, interop()), ""},
		{"interop markdown", rendered(t, InteropMarkdown, interop()), ""},
		{"interop html", interopPage, ""},
	} {
		if strings.Contains(tc.got, "forever") || strings.Contains(tc.got, "SIGQUIT") {
			t.Errorf("%s shows the goroutines of the hung worker:\n%s", tc.name, tc.got)
		}
		if tc.want != "" && tc.got != tc.want {
			t.Errorf("%s differs from the rendering of the cell without the goroutines:\n%s", tc.name, tc.got)
		}
		if strings.HasPrefix(tc.name, "interop") && !strings.Contains(tc.got, "no answer within the time limit of 20s; the worker was killed") {
			t.Errorf("%s lacks the line of the hung pair:\n%s", tc.name, tc.got)
		}
	}
	for name, js := range map[string]string{"fidelity": rendered(t, FidelityJSON, fid()), "interop": rendered(t, InteropJSON, interop())} {
		if !strings.Contains(js, `example.com/hang.forever()\n\t/src/hang/forever.go:7`) {
			t.Errorf("%s JSON lacks the goroutines of the hung worker:\n%s", name, js)
		}
	}
}
