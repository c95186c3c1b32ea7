package report

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// parseRun is the fixture run with three codecs of the parse category
// (API "parse") on person: treeparse, timed with an access cell and a
// declared loss seen; treeparse-reuse, its reuse variant (hidden by
// default); and badparse, whose verification found an undeclared
// difference. treeparse is faster than every codec of the fixture, so a
// ranking or a pick that let it in would show.
func parseRun() *result.Run {
	r := fixture.Run("20261121-093000-abcdef")
	r.Codecs = append(r.Codecs,
		result.Codec{Name: "treeparse", Format: "json", Module: "example.com/treeparse", Version: "v1.6.10", API: APIParse,
			Losses: []string{"float-precision: not correctly rounded"}, Notes: "parse only; Encode is encoding/json's Marshal"},
		result.Codec{Name: "treeparse-reuse", Format: "json", Module: "example.com/treeparse", Version: "v1.6.10", API: APIParse,
			Flags: []string{result.FlagReuse}, Losses: []string{"float-precision: not correctly rounded"}},
		result.Codec{Name: "badparse", Format: "json", Module: "example.com/badparse", Version: "v0.1.0", API: APIParse},
	)
	r.Verifications = append(r.Verifications,
		result.Verification{Workload: "person", Codec: "treeparse", Status: result.VerifyLossy, Values: 1000, MeanSize: 209.3,
			Observed: []string{"float-precision ×12"}, Bounds: []string{"float-precision: relative 4.4e-16 (bound 1e-15)"}},
		result.Verification{Workload: "person", Codec: "treeparse-reuse", Status: result.VerifyLossy, Values: 1000, MeanSize: 209.3,
			Observed: []string{"float-precision ×12"}, Bounds: []string{"float-precision: relative 4.4e-16 (bound 1e-15)"}},
		result.Verification{Workload: "person", Codec: "badparse", Status: result.VerifyMismatch, Values: 1000, MeanSize: 209.3,
			DiffValues: 3, Diffs: []string{"value 1: other at .Name: want \"Zoë\", got \"Zo\""}},
	)
	cell := func(codec, op string, base float64) result.Cell {
		// A target none meets, so that the precision line names cells.
		c := result.Cell{Workload: "person", Codec: codec, Op: op, Status: result.CellOK, Goroutines: 1, MeanSize: 209.3,
			Target: 0.001, Missed: result.MissedNoise}
		for k, f := range spread {
			c.Samples = append(c.Samples, result.Sample{Iters: int(5e7 / base), NsPerOp: base * f, BytesPerOp: 600, AllocsPerOp: 3,
				Fork: 1 + 2*k/len(spread)})
		}
		return c
	}
	r.Cells = append(r.Cells,
		// Encode is encoding/json's, as fast as the json row's.
		cell("treeparse", result.OpEncode, 1200), cell("treeparse", result.OpDecode, 95), cell("treeparse", result.OpAccess, 110),
		cell("treeparse-reuse", result.OpEncode, 1200), cell("treeparse-reuse", result.OpDecode, 60), cell("treeparse-reuse", result.OpAccess, 70),
		cell("badparse", result.OpEncode, 1200), cell("badparse", result.OpDecode, 50),
	)
	return r
}

func TestParseCategory(t *testing.T) {
	for _, all := range []bool{false, true} {
		rep := Build(parseRun(), Options{AllVariants: all})
		w := rep.Workloads[0]
		for _, r := range append(slices.Clone(w.Rows), w.Failed...) {
			if r.Codec.API == APIParse {
				t.Errorf("all=%v: parse codec %s in the encode/decode table", all, r.Codec.Name)
			}
		}
		var names []string
		for _, r := range w.Parse {
			names = append(names, r.Codec.Name+":"+r.Mark())
			if r.Rank.Tier != 0 || r.AccessRank.Tier != 0 {
				t.Errorf("%s is ranked: %+v %+v", r.Codec.Name, r.Rank, r.AccessRank)
			}
		}
		// Exact and lossy rows by parse time, then those that failed,
		// whatever their speed.
		want := "treeparse:lossy badparse:FAIL"
		if all {
			want = "treeparse-reuse:lossy treeparse:lossy badparse:FAIL"
		}
		if got := strings.Join(names, " "); got != want {
			t.Errorf("all=%v: parse rows %s, want %s", all, got, want)
		}
		for _, r := range w.AccessRows() {
			if r.Codec.API == APIParse {
				t.Errorf("%s in the access table of the zero-copy codecs", r.Codec.Name)
			}
		}
		// Never picked, never counted among the codecs compared.
		for _, s := range rep.Summaries {
			var b bytes.Buffer
			if err := Table(&b, &Report{Run: rep.Run, Summaries: []*Summary{s}, opts: rep.opts}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), "treeparse") || strings.Contains(b.String(), "badparse") {
				t.Errorf("the summary names a parse codec:\n%s", b.String())
			}
		}
		if s := rep.Summaries[0]; s.Codecs != len(w.Rows) {
			t.Errorf("summary counts %d codecs, the table has %d rows", s.Codecs, len(w.Rows))
		}
		// The encode cells of the parse category are shown nowhere, so
		// the precision line does not judge them.
		p := w.Precision
		if p == nil || len(p.Missed) == 0 {
			t.Fatalf("no cell missed its target: %+v", p)
		}
		for _, o := range p.Missed {
			if o.Cell.Op == result.OpEncode && strings.Contains(o.Cell.Codec, "parse") {
				t.Errorf("the precision line judges %s's encode: %s", o.Cell.Codec, p.Line())
			}
		}
	}
}

// TestLossyNotesShareALine checks that codecs with the same losses share
// one note even when their names carry bounds, which have ": " of their
// own.
func TestLossyNotesShareALine(t *testing.T) {
	w := Build(parseRun(), Options{AllVariants: true}).Workloads[0]
	want := "lossy treeparse-reuse (float-precision ×12; bounds: float-precision: relative 4.4e-16 (bound 1e-15)), " +
		"treeparse (float-precision ×12; bounds: float-precision: relative 4.4e-16 (bound 1e-15)): float-precision: not correctly rounded"
	if notes := w.Notes(); !slices.Contains(notes, want) {
		t.Errorf("notes:\n%s\nwant the line\n%s", strings.Join(notes, "\n"), want)
	}
}

// TestParseOnly checks a workload with parse codecs only: their section
// and no empty encode/decode or bandwidth table.
func TestParseOnly(t *testing.T) {
	run := parseRun()
	var cells []result.Cell
	for _, c := range run.Cells {
		if strings.Contains(c.Codec, "parse") {
			cells = append(cells, c)
		}
	}
	run.Cells = cells
	var verifs []result.Verification
	for _, v := range run.Verifications {
		if strings.Contains(v.Codec, "parse") {
			verifs = append(verifs, v)
		}
	}
	run.Verifications = verifs
	w := Build(run, Options{}).Workloads[0]
	var kinds []SectionKind
	for _, s := range w.Sections {
		kinds = append(kinds, s.Kind)
	}
	if w.Bandwidth != nil || slices.Contains(kinds, SectionMain) || !slices.Contains(kinds, SectionParse) {
		t.Errorf("sections %v, bandwidth %v", kinds, w.Bandwidth != nil)
	}
}

func TestParseGolden(t *testing.T) {
	checkGoldens(t, parseRun,
		reportGolden("parse-table.golden", true, Table),
		reportGolden("parse-markdown.golden", false, Markdown),
		reportGolden("parse-brief.golden", false, func(w io.Writer, r *Report) error { return Brief(w, r, 100) }),
	)
	t.Run("html", func(t *testing.T) {
		var b bytes.Buffer
		if err := HTML(&b, []*result.Run{parseRun()}, Options{}); err != nil {
			t.Fatal(err)
		}
		wantIn(t, "the HTML", b.String(), `class="sortable parse"`, "Parse only (not ranked)", "treeparse")
	})
}
