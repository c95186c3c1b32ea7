package report

import (
	"bytes"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/serbench/serbench/result"
)

// What tables say about a workload (its description, the fields its access
// operation reads) comes from the run, as serbench run recorded it, not
// from the workloads of the binary that renders it; a run that recorded
// none (stored before, or imported) gets the generic text.
func TestWorkloadFactsComeFromTheRun(t *testing.T) {
	// render returns the text table, the Markdown tables, the HTML page
	// and the Markdown file of r, separated by NUL bytes.
	render := func(r *result.Run) string {
		var b strings.Builder
		rep := Build(r, Options{})
		for _, f := range []func(*bytes.Buffer) error{
			func(b *bytes.Buffer) error { return Table(b, rep) },
			func(b *bytes.Buffer) error { return Markdown(b, rep) },
			func(b *bytes.Buffer) error { return HTML(b, []*result.Run{r}, Options{}) },
			func(b *bytes.Buffer) error { _, err := MarkdownFile(b, []*result.Run{r}, Options{}, "x"); return err },
		} {
			var out bytes.Buffer
			if err := f(&out); err != nil {
				t.Fatal(err)
			}
			b.Write(out.Bytes())
			b.WriteByte(0)
		}
		return strings.TrimSuffix(b.String(), "\x00")
	}
	const vectors = "vectors of a made-up workload"
	count := func(page, s string) int { return strings.Count(page, s) }

	r := referenceRun("r1")
	r.Workloads = append(r.Workloads, result.WorkloadInfo{Name: "vectors", Description: vectors})
	page := render(r)
	if count(page, "Name, Siblings and Money") == 0 || count(page, "a few fields") != 0 {
		t.Error("the recorded access fields of person are not shown")
	}
	for _, out := range strings.Split(page, "\x00") {
		if count(out, vectors) == 0 {
			t.Errorf("an output lacks the recorded description of vectors:\n%.300s", out)
		}
	}

	r.Workload("person").AccessFields = []string{"Only"}
	if page := render(r); count(page, "read Only from") == 0 || count(page, "Siblings") != 0 {
		t.Error("the access fields shown are not the run's")
	}

	r.Workloads = nil
	page = render(r)
	if count(page, "a few fields") == 0 || count(page, "Siblings and Money") != 0 || count(page, vectors) != 0 {
		t.Error("a run without workload records does not get the generic text")
	}
}

// report renders stored runs only: it imports no package that measures
// (harness, workload, codec, floats, internal/fidelity, ...), only result,
// stats, internal/trend (change points of stored series), internal/format,
// its own subpackages, the standard library and the libraries that draw
// and summarize.
func TestImportsNoMeasuringPackage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	const mod = "github.com/serbench/serbench/"
	allowed := func(p string) bool {
		switch {
		case !strings.Contains(strings.Split(p, "/")[0], "."): // standard library
			return true
		case p == mod+"result", p == mod+"internal/stats", p == mod+"internal/trend", p == mod+"internal/format", strings.HasPrefix(p, mod+"internal/report/"):
			return true
		case strings.HasPrefix(p, "gonum.org/"), strings.HasPrefix(p, "golang.org/x/perf/"), strings.HasPrefix(p, "golang.org/x/image/"):
			return true
		}
		return false
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); !allowed(p) {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
