package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/serbench/serbench/result"
)

// testMatrix is a small matrix with every kind of cell, and text that each
// format must escape. Its columns carry their docs, as a computed or
// stored matrix does (the first five are internal/fidelity's).
func testMatrix() *result.Fidelity {
	cases := []result.FidelityCase{
		{Name: "base", Doc: "the base value, unchanged (nested: BaseNested, person: BasePerson); every other column changes one thing in it, and differences the base shows too are not counted against it"},
		{Name: "-0 f64", Doc: "negative zero in a float64 field (F64; person: Money)"},
		{Name: "NaN", Doc: "NaN in a float64 field (F64; person: Money)"},
		{Name: "badUTF8", Doc: `invalid UTF-8 in a string: "\xff\xfe" (S; person: Name)`},
		{Name: "nil/[]", Doc: "a nil and an empty slice side by side (Sslice nil, Intslice []int{}; person: Aliases nil)"},
		{Name: "old case", Doc: "a case this version no longer has | <b>"},
	}
	row := func(name, carrier, note string, cells ...result.FidelityCell) result.FidelityRow {
		for i := range cells {
			cells[i].Case = cases[i].Name
		}
		return result.FidelityRow{Codec: name, Carrier: carrier, Note: note, Cells: cells}
	}
	ok := result.FidelityCell{Status: result.FidelityExact}
	na := func(d string) result.FidelityCell { return result.FidelityCell{Status: result.FidelityNA, Detail: d} }
	return &result.Fidelity{
		Cases: cases,
		Rows: []result.FidelityRow{
			row("bigfloat-text", "", "",
				na("nested: bind: unsupported: bigfloat only"), na("binds no carrier type (see base)"), na("binds no carrier type (see base)"),
				na("binds no carrier type (see base)"), na("binds no carrier type (see base)"), na("binds no carrier type (see base)")),
			row("handwritten", "person", "nested: bind: unsupported: person only", ok, ok, ok,
				result.FidelityCell{Status: result.FidelityCrash, Detail: "the worker died: exit status 2: panic: <boom>"},
				result.FidelityCell{Status: result.FidelityTimeout, Detail: "no answer within the timeout of 30s; the worker was killed"},
				result.FidelityCell{Status: result.FidelityMemory, Detail: "the worker went past the memory limit (1GiB) and was killed"}),
			row("json", "nested", "", ok, ok,
				result.FidelityCell{Status: result.FidelityError, Detail: "encode: json: unsupported value: NaN"},
				result.FidelityCell{Status: result.FidelityFail, Classes: []string{"other"}, Detail: `S: "\xff\xfe" became "��"`},
				result.FidelityCell{Status: result.FidelityLossy, Classes: []string{"nil-empty"}, Detail: "Intslice: []int{} became nil []int (empty decoded as nil) [nil-empty: declared]"},
				result.FidelityCell{Status: result.FidelityUndeclared, Classes: []string{"zero-sign"}, Detail: "F64: -0 became 0 (negative zero became +0) [zero-sign: not declared] | *a* _b_ <c> " + strings.Repeat("long words ", 12)}),
		},
	}
}

func TestFidelityGolden(t *testing.T) {
	checkGoldens(t, testMatrix,
		goldenRender[*result.Fidelity]{"fidelity.golden", FidelityTable},
		goldenRender[*result.Fidelity]{"fidelity-markdown.golden", FidelityMarkdown},
		goldenRender[*result.Fidelity]{"fidelity-json.golden", FidelityJSON})
}

func TestFidelityJSONRoundTrips(t *testing.T) {
	checkJSONRoundTrip(t, FidelityJSON, testMatrix(), "the matrix")
}

func TestFidelityHTML(t *testing.T) {
	run := referenceRun("20261121-093000-abcdef")
	var without bytes.Buffer
	if err := HTML(&without, []*result.Run{run}, Options{}); err != nil {
		t.Fatal(err)
	}
	page := matrixPage(t, []*result.Run{run}, Matrices{Fidelity: map[string]*result.Fidelity{run.ID: testMatrix()}})
	checkPage(t, page, []string{
		`<a href="#run-1-fidelity">fidelity</a> <a href="#run-1-env">environment</a>`,
		`<section class="fidelity" id="run-1-fidelity">`,
		`<span class="mark fail">FAIL</span>`,
		`<span class="mark lossy">~!</span>`,
		`panic: &lt;boom&gt;`,
		`a case this version no longer has | &lt;b&gt;`,
		`carrier: nested: bind: unsupported: person only`,
	}, "<boom>", "<b>")
	// Without a matrix the page is what HTML writes.
	none := matrixPage(t, []*result.Run{run}, Matrices{Fidelity: map[string]*result.Fidelity{"other-run": testMatrix()}})
	if none != without.String() || strings.Contains(without.String(), "fidelity") {
		t.Error("a page without a matrix of its runs differs from HTML's")
	}
	// Several runs: each run's own section, no navigation link.
	run2 := referenceRun("20261122-093000-abcdef")
	page = matrixPage(t, []*result.Run{run, run2}, Matrices{Fidelity: map[string]*result.Fidelity{run2.ID: testMatrix()}})
	if strings.Count(page, `<section class="fidelity"`) != 1 || !strings.Contains(page, `id="run-2-fidelity"`) {
		t.Error("several runs: want one section, in the second run")
	}
}

// testInterruptedMatrix is testMatrix as an interrupted computation
// leaves it: handwritten stopped after its first two cells, json not
// started; bigfloat-text measured.
func testInterruptedMatrix() *result.Fidelity {
	m := testMatrix()
	interrupted := result.FidelityCell{Status: result.FidelityInterrupted, Detail: "not measured: interrupted"}
	for i := range m.Rows {
		for j := range m.Rows[i].Cells {
			if m.Rows[i].Codec == "json" || m.Rows[i].Codec == "handwritten" && j >= 2 {
				c := interrupted
				c.Case = m.Rows[i].Cells[j].Case
				m.Rows[i].Cells[j] = c
			}
		}
	}
	m.Rows[2].Carrier = ""
	return m
}

// TestFidelityInterruptedGolden: a partial matrix shows its cells not
// measured as ? in the table, with the legend's line for it, and counts
// them in one note, not in a detail line each; the cells measured keep
// their details.
func TestFidelityInterruptedGolden(t *testing.T) {
	for _, text := range checkGoldens(t, testInterruptedMatrix,
		goldenRender[*result.Fidelity]{"fidelity-interrupted.golden", FidelityTable},
		goldenRender[*result.Fidelity]{"fidelity-interrupted-markdown.golden", FidelityMarkdown}) {
		if n := strings.Count(text, "not measured: interrupted"); n != 2 {
			t.Errorf("%d mentions of the cells not measured, want 2 (the note and the legend):\n%s", n, text)
		}
		wantIn(t, "the rendering", text, "10 of 18 cells not measured: interrupted", "not measured: interrupted (Ctrl-C)", "bigfloat only")
	}
	if strings.Contains(rendered(t, FidelityTable, testMatrix()), "interrupted") {
		t.Error("a complete matrix mentions interrupted cells")
	}
	page := matrixPage(t, []*result.Run{referenceRun("20261121-093000-abcdef")}, Matrices{Fidelity: map[string]*result.Fidelity{"20261121-093000-abcdef": testInterruptedMatrix()}})
	if !strings.Contains(page, "<strong>10 of 18 cells not measured: interrupted") || strings.Count(page, "not measured: interrupted") != 1+1+10 {
		t.Errorf("the HTML section: %d mentions of not measured (want the note, the legend and the 10 cells' titles)", strings.Count(page, "not measured: interrupted"))
	}
}

// TestFidelityNoteOfARowNotMeasured: a row's carrier note is shown in the
// details whatever its cells, in every format: in the partial matrix,
// where handwritten's only cells that are not exact were not measured;
// and in a complete matrix where they are all exact, so that a partial
// matrix shows the notes its complete matrix shows. A row with neither a
// note nor cells to detail (json, not started) has no entry.
func TestFidelityNoteOfARowNotMeasured(t *testing.T) {
	const note = "carrier: nested: bind: unsupported: person only"
	exact := testMatrix()
	for j := range exact.Rows[1].Cells {
		exact.Rows[1].Cells[j] = result.FidelityCell{Case: exact.Rows[1].Cells[j].Case, Status: result.FidelityExact}
	}
	const id = "20261121-093000-abcdef"
	page := func(m *result.Fidelity) string {
		return matrixPage(t, []*result.Run{referenceRun(id)}, Matrices{Fidelity: map[string]*result.Fidelity{id: m}})
	}
	for _, tc := range []struct {
		name string
		m    *result.Fidelity
	}{{"partial", testInterruptedMatrix()}, {"all exact", exact}} {
		for _, f := range []struct {
			format, want, json string
			text               string
		}{
			{"text", "\nhandwritten (person)\n  " + note + "\n", "\njson (", rendered(t, FidelityTable, tc.m)},
			{"markdown", "\n**handwritten** (person)\n\n- " + note + "\n", "**json**", rendered(t, FidelityMarkdown, tc.m)},
			{"html", "<p><strong>handwritten</strong> (person): " + note + "</p>", "<strong>json</strong>", page(tc.m)},
		} {
			if !strings.Contains(f.text, f.want) {
				t.Errorf("%s, %s: the details lack handwritten's note %q:\n%s", tc.name, f.format, f.want, f.text)
			}
			if tc.name == "partial" && strings.Contains(f.text, f.json) {
				t.Errorf("%s, %s: json, without a note or cells to detail, has an entry in the details", tc.name, f.format)
			}
		}
	}
}

// TestFidelityDetailsTitleNamesNotes: the heading of the details names
// what they hold, in text, Markdown and HTML alike: a matrix whose only
// entry is a row's carrier note (handwritten's cells all exact, the other
// rows' too) has its notes under a heading of notes, not of the cells that
// are not exact; one with both names both; one without notes, the cells
// only.
func TestFidelityDetailsTitleNamesNotes(t *testing.T) {
	notesOnly := testMatrix()
	notesOnly.Rows = notesOnly.Rows[1:2] // handwritten, with its note
	for j := range notesOnly.Rows[0].Cells {
		notesOnly.Rows[0].Cells[j].Status, notesOnly.Rows[0].Cells[j].Detail = result.FidelityExact, ""
	}
	noNotes := testMatrix()
	noNotes.Rows[1].Note = ""
	const (
		cells = "Details of the cells that are not exact"
		both  = "Details of the cells that are not exact, and notes on the carriers"
		notes = "Notes on the carriers"
	)
	const id = "20261121-093000-abcdef"
	for _, tc := range []struct {
		name  string
		m     *result.Fidelity
		title string
	}{{"notes only", notesOnly, notes}, {"both", testMatrix(), both}, {"no notes", noNotes, cells}} {
		page := matrixPage(t, []*result.Run{referenceRun(id)}, Matrices{Fidelity: map[string]*result.Fidelity{id: tc.m}})
		for _, f := range []struct{ format, text, want string }{
			{"text", rendered(t, FidelityTable, tc.m), "\n" + tc.title + ":\n\n"},
			{"markdown", rendered(t, FidelityMarkdown, tc.m), "\n**" + tc.title + ":**\n\n"},
			{"html", page, "<summary>" + tc.title + "</summary>"},
		} {
			if !strings.Contains(f.text, f.want) {
				t.Errorf("%s, %s: no heading %q:\n%s", tc.name, f.format, f.want, f.text)
			}
			if tc.title == notes && strings.Contains(f.text, cells) {
				t.Errorf("%s, %s: a note alone is under the heading of the cells that are not exact:\n%s", tc.name, f.format, f.text)
			}
		}
	}
}
