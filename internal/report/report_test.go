package report

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// reportGolden is the golden file name of the report of a run, which
// write writes, with every variant (Options.AllVariants) when all is set.
func reportGolden(name string, all bool, write func(io.Writer, *Report) error) goldenRender[*result.Run] {
	return goldenRender[*result.Run]{name, func(w io.Writer, run *result.Run) error {
		return write(w, Build(run, Options{AllVariants: all}))
	}}
}

func TestGolden(t *testing.T) {
	run := referenceRun("20261121-093000-abcdef")
	checkGoldens(t, func() *result.Run { return run },
		reportGolden("table.golden", false, Table),
		reportGolden("table-all.golden", true, Table),
		reportGolden("markdown.golden", false, Markdown),
		reportGolden("csv.golden", true, CSV),
		reportGolden("json.golden", false, JSON),
	)
	t.Run("gobench.golden", func(t *testing.T) {
		var b bytes.Buffer
		if err := result.WriteGoBench(&b, fixture.Run("20261121-093000-abcdef")); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "gobench.golden", b.Bytes())
	})
}

func TestBuild(t *testing.T) {
	rep := Build(fixture.Run("r1"), Options{})
	if len(rep.Workloads) != 1 {
		t.Fatalf("%d workloads", len(rep.Workloads))
	}
	w := rep.Workloads[0]
	var names []string
	for _, r := range w.Rows {
		names = append(names, r.Codec.Name+":"+r.Mark())
	}
	// Exact rows first, by encode+decode median, then the lossy and the
	// failing ones (which are faster than json and noisy: they do not
	// set the bar, nor get a tier); the reuse variant hidden; the
	// panicking codec listed as failed.
	if got := strings.Join(names, " "); got != "fast:ok json:ok noisy:ok lossy-bson:lossy broken:FAIL" {
		t.Errorf("rows = %s", got)
	}
	for _, r := range w.Rows {
		if exact := r.Mark() == "ok"; exact != (r.Rank.Tier > 0) {
			t.Errorf("%s (%s): tier %d; want exact rows ranked, the others not", r.Codec.Name, r.Mark(), r.Rank.Tier)
		}
	}
	if lossy := w.Rows[3]; lossy.Total() >= w.Rows[1].Total() || lossy.Relative >= w.Rows[1].Relative || lossy.VsBest("x") == "1x" {
		t.Errorf("lossy-bson is faster than json in the fixture, relative to the fastest exact row: %v vs %v, %s",
			lossy.Relative, w.Rows[1].Relative, lossy.VsBest("x"))
	}
	if w.Rows[0].Relative != 1 || w.Rows[1].Relative <= 1 {
		t.Errorf("relative: %v, %v", w.Rows[0].Relative, w.Rows[1].Relative)
	}
	if len(w.Failed) != 1 || w.Failed[0].Mark() != "error" || w.Hidden != 1 {
		t.Errorf("failed %d, hidden %d", len(w.Failed), w.Hidden)
	}
	warn := strings.Join(rep.Warnings, "\n")
	// One warning for all such cells, naming no remedy the settings did
	// not already try: the fixture asked for enough samples.
	few := rep.Warnings[0]
	if !strings.HasPrefix(few, "2 cells have fewer than 6 samples") || !strings.Contains(few, "person/noisy encode 4") || strings.Contains(few, "--count") {
		t.Errorf("no single few-samples warning without advice:\n%s", warn)
	}
	all := Build(fixture.Run("r1"), Options{AllVariants: true})
	if all.Workloads[0].Rows[0].Codec.Name != "reuse" {
		t.Errorf("with all variants the reuse variant should lead")
	}
}
