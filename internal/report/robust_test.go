package report

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/result"
)

// testRobust is a small robustness matrix with every kind of cell, a row
// without cells, and text that each format must escape.
func testRobust() *result.Robust {
	classes := []result.RobustClass{
		{Name: "truncate", Doc: "every prefix", Finding: true},
		{Name: "bitflip", Doc: "one bit flipped"},
		{Name: "bomb", Doc: "huge lengths"},
	}
	worst := &result.RobustInput{Pos: 40, Desc: "value 1 (288 bytes), uint32 LE 2^32-1 (ff ff ff ff) written at byte 7", Outcome: "error",
		Detail: "too long", Size: 288, Data: []byte{1, 2}, Alloc: 1 << 30, Ratio: result.Amplification(1<<30, 288), File: "person/fb/bomb-worst-40.bin"}
	return &result.Robust{
		Seed: 7, Budget: 100, TimeLimit: 5 * time.Second, MemoryLimit: 1 << 30, Classes: classes,
		Rows: []result.RobustRow{
			{Codec: "fb", Workload: "person", Messages: 10, MessageBytes: [2]int{112, 288}, Cells: []result.RobustCell{
				{Class: "truncate", Inputs: 100, Panics: 95, Errors: 5, Example: &result.RobustInput{Pos: 3, Desc: "value 0 (112 bytes), its first 3 bytes", Outcome: "panic", Detail: "index out of range <3>", Size: 3, Data: []byte{1, 2, 3}}},
				{Class: "bitflip", Inputs: 100, Accepted: 60, Errors: 40},
				{Class: "bomb", Inputs: 100, Crashes: 3, NotRun: 90, Errors: 7, Worst: worst,
					Example: &result.RobustInput{Pos: 12, Desc: "value 0 (112 bytes), varint 2^32-1 written at byte 9", Outcome: "crash", Detail: "the worker ran out of memory", Size: 112}},
			}},
			{Codec: "json", Workload: "person", Messages: 10, MessageBytes: [2]int{150, 400}, Cells: []result.RobustCell{
				{Class: "truncate", Inputs: 100, Errors: 100},
				{Class: "bitflip", Inputs: 100, Errors: 70, Accepted: 30},
				{Class: "bomb", NA: "json declares no lengths"},
			}},
			{Codec: "only<nested>", Workload: "person", Note: "unsupported: binds nested only"},
			{Codec: "broken", Workload: "person", Note: "the codec does not decode its own valid message (value 0): error: <eof>"},
			{Codec: "json", Workload: "nested", Messages: 10, MessageBytes: [2]int{900, 2400}, Cells: []result.RobustCell{
				{Class: "truncate", Inputs: 100, Errors: 99, Hangs: 1, Example: &result.RobustInput{Pos: 0, Desc: "value 0, its first 0 bytes", Outcome: "hang", Detail: "no answer"}},
				{Class: "bitflip", Inputs: 100, Errors: 100},
				{Class: "bomb", NA: "json declares no lengths"},
			}},
		},
	}
}

func TestRobustRenderers(t *testing.T) {
	checkGoldens(t, testRobust,
		goldenRender[*result.Robust]{"robust-text.golden", RobustTable},
		goldenRender[*result.Robust]{"robust-markdown.golden", RobustMarkdown})
}

func TestRobustMarks(t *testing.T) {
	m := testRobust()
	for _, tc := range []struct {
		codec, workload, class, want string
	}{
		{"fb", "person", "truncate", "P95"},
		{"fb", "person", "bitflip", "A60"},
		{"fb", "person", "bomb", "C3+90"},
		{"json", "person", "truncate", "ok"},
		{"json", "person", "bomb", "n/a"},
		{"json", "nested", "truncate", "H1"},
	} {
		if got := m.Row(tc.codec, tc.workload).Cell(tc.class).Mark(); got != tc.want {
			t.Errorf("%s on %s, %s: mark %q, want %q", tc.codec, tc.workload, tc.class, got, tc.want)
		}
	}
	if got := worstText(*m.Row("fb", "person")); got != "×3.7M bomb" {
		t.Errorf("worst alloc cell %q", got)
	}
	if got := robustCounts(m, "person"); got != "2 codecs: 1 crash, 0 hang, 1 panic, 0 accept truncated or random input" {
		t.Errorf("counts %q", got)
	}
}

func TestRobustJSONRoundTrips(t *testing.T) {
	checkJSONRoundTrip(t, RobustJSON, testRobust(), "the matrix")
}

func TestRobustHTML(t *testing.T) {
	run := referenceRun("20261121-093000-abcdef")
	page := matrixPage(t, []*result.Run{run}, Matrices{Robust: map[string]*result.Robust{run.ID: testRobust()}})
	checkPage(t, page, []string{
		`<a href="#run-1-robust">robustness</a> <a href="#run-1-env">environment</a>`,
		`<section class="fidelity robust" id="run-1-robust">`,
		`<span class="mark fail">P95</span>`,
		`<span class="mark lossy">A60</span>`,
		`<span class="mark ok">ok</span>`,
		`index out of range &lt;3&gt;`,
		`not run: only&lt;nested&gt; (unsupported on person: serbench list says why)`,
		`not run: broken: the codec does not decode its own valid message (value 0): error: &lt;eof&gt;`,
		`person/fb/bomb-worst-40.bin`,
		`<h4>nested</h4>`,
	}, "<3>", "<nested>")
}

// TestRobustClassFollowsMark checks robustClass against the marks of
// package result (RobustCell.Mark) for every kind of cell: ok exactly
// when the mark is "ok"; other exactly for "n/a" and for a "+N" alone,
// the inputs of a row stopped (inputs not run without a crash or hang,
// RobustStopped) when those decoded found nothing, so that a stopped cell
// is never ok; fail for a crash, hang or panic, or a finding accepted.
func TestRobustClassFollowsMark(t *testing.T) {
	plusN := regexp.MustCompile(`^\+[0-9]+$`)
	for bits := range 1 << 6 {
		has := func(i int) int { return bits >> i & 1 }
		c := result.RobustCell{Class: "c", Inputs: 10 * has(0), Errors: 1, Crashes: has(1), Hangs: has(2), Panics: has(3), Accepted: 2 * has(4), NotRun: 3 * has(5)}
		if c.Inputs == 0 {
			c = result.RobustCell{Class: "c", NA: "no inputs"}
		}
		for _, finding := range []bool{false, true} {
			mark, class := c.Mark(), robustClass(c, finding)
			parts := strings.Fields(mark)
			alone := len(parts) > 0
			for _, p := range parts {
				alone = alone && plusN.MatchString(p)
			}
			stopped := c.Inputs > 0 && c.Stopped()
			var want string
			switch {
			case mark == "n/a" || alone:
				want = "other"
			case c.Bad() > 0 || finding && c.Accepted > 0:
				want = "fail"
			case c.Accepted > 0:
				want = "lossy"
			default:
				want = "ok"
			}
			if class != want || (class == "ok") != (mark == "ok") || stopped && (class == "ok" || !slices.Contains(parts, fmt.Sprintf("+%d", c.NotRun))) ||
				alone != (stopped && c.Bad()+c.Accepted == 0) {
				t.Errorf("%+v (finding %v): mark %q, class %q, want %q", c, finding, mark, class, want)
			}
		}
	}
}

// testRobustInterrupted is a robustness matrix as an interrupted
// computation leaves it: json on person stopped in bitflip (truncate
// done), json on nested not started.
func testRobustInterrupted() *result.Robust {
	m := testRobust()
	for i := range m.Rows {
		r := &m.Rows[i]
		switch {
		case r.Codec == "json" && r.Workload == "person":
			r.Note = result.RobustStopped
			r.Cells[1] = result.RobustCell{Class: "bitflip", Inputs: 100, Errors: 20, Accepted: 5, NotRun: 75}
		case r.Codec == "json" && r.Workload == "nested":
			*r = result.RobustRow{Codec: "json", Workload: "nested", Note: result.RobustInterrupted}
		}
	}
	return m
}

// TestRobustInterruptedRenderers: a partial matrix counts its rows
// interrupted in one note, marks the inputs a stopped row did not decode
// +N (not ok), with the legend's line for it, and says which rows were
// not computed.
func TestRobustInterruptedRenderers(t *testing.T) {
	text := checkGoldens(t, testRobustInterrupted,
		goldenRender[*result.Robust]{"robust-interrupted-text.golden", RobustTable},
		goldenRender[*result.Robust]{"robust-interrupted-markdown.golden", RobustMarkdown})[0]
	m := testRobustInterrupted()
	if got := m.Row("json", "person").Cell("bitflip").Mark(); got != "A5 +75" {
		t.Errorf("a cell of a stopped row: mark %q, want %q", got, "A5 +75")
	}
	wantIn(t, "the text", text, "2 of 5 rows interrupted", "+400   set apart (not joined to C or H)", "json: "+result.RobustInterrupted)
	if strings.Contains(rendered(t, RobustTable, testRobust()), "interrupted") {
		t.Error("a complete matrix mentions rows interrupted")
	}
	m.Row("json", "person").Cells[1] = result.RobustCell{Class: "bitflip", Inputs: 100, Errors: 20, NotRun: 80}
	h, err := robustHTML(m, "r")
	if err != nil {
		t.Fatal(err)
	}
	if page := string(h); !strings.Contains(page, `<span class="mark other">&#43;80</span>`) || !strings.Contains(page, "<strong>2 of 5 rows interrupted") {
		t.Errorf("the HTML section shows a stopped cell as ok, or lacks the note:\n%s", page)
	}
}

// TestRobustDetailsOfAStoppedRow: the inputs a stopped row did not decode
// are said to be so in its details, even in a class with a panic or a
// crash; "not run after 3 crashes and hangs" is kept for a class that had
// them.
func TestRobustDetailsOfAStoppedRow(t *testing.T) {
	m := testRobustInterrupted()
	r := m.Row("json", "person")
	details := func() string {
		var b strings.Builder
		for _, d := range robustDetails(m, *r) {
			fmt.Fprintf(&b, "%s %s %s\n", d.Class, d.Mark, d.Text)
		}
		return b.String()
	}
	r.Cells[1] = result.RobustCell{Class: "bitflip", Inputs: 100, Errors: 19, Panics: 2, Crashes: 1, NotRun: 78,
		Example: &result.RobustInput{Outcome: "panic", Detail: "index out of range", Desc: "bit 3 of byte 2"}}
	got := details()
	wantIn(t, "the details", got, "bitflip C1 P2 +78 ", "78 inputs not decoded: the row was stopped (interrupted)")
	if strings.Contains(got, "not run after") {
		t.Errorf("a stopped row's inputs not decoded are said to be skipped after crashes and hangs:\n%s", got)
	}
	r.Cells[1] = result.RobustCell{Class: "bitflip", Inputs: 100, Errors: 7, Crashes: 2, Hangs: 1, NotRun: 90,
		Example: &result.RobustInput{Outcome: "crash", Detail: "fatal error: out of memory", Desc: "bit 3 of byte 2"}}
	wantIn(t, "the details", details(), "bitflip C2H1+90 ", "90 inputs not run after 3 crashes and hangs")
}
