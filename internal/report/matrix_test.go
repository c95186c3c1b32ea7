package report

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/golden"
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
