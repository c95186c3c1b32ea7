package report

import (
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/result"
)

// testInterop is a small interoperability matrix with every status of a
// pair, a codec left out, and text that each format must escape.
func testInterop() *result.Interop {
	codecs := []result.InteropCodec{
		{Name: "a-msgpack", Module: "example.com/a", Losses: []string{"time-zone"}, MessageBytes: [2]int{90, 120}},
		{Name: "b<msgpack>", Module: "example.com/b", Losses: []string{"nil-empty", "time-zone"}, MessageBytes: [2]int{80, 110}},
		{Name: "c-msgpack", Module: "example.com/c", MessageBytes: [2]int{85, 115}},
	}
	cell := func(w, r string, s result.InteropStatus) result.InteropCell {
		return result.InteropCell{Writer: w, Reader: r, Status: s, Values: 10}
	}
	a, b, c := codecs[0].Name, codecs[1].Name, codecs[2].Name
	lossy := func(w, r string, classes ...string) result.InteropCell {
		x := cell(w, r, result.InteropLossy)
		x.Lossy, x.Exact, x.Classes = 4, 6, classes
		return x
	}
	fail := cell(b, a, result.InteropFail)
	fail.Fails, fail.Lossy, fail.Exact, fail.Classes = 2, 3, 5, []string{"nil-empty", "other"}
	fail.Example = &result.InteropDiff{Value: 3, Path: `Tags["<k>"]`, Class: "other", Want: `"x"`, Got: `""`}
	errc := cell(a, c, result.InteropError)
	errc.Errors, errc.Detail = 10, "value 0: msgpack: got ext type=5, wanted -1 <ext>"
	beyond := cell(c, a, result.InteropFail)
	beyond.Fails, beyond.Exact, beyond.Classes = 1, 9, []string{"time-zone"}
	beyond.Example = &result.InteropDiff{Value: 2, Path: "BirthDay", Class: "time-zone", Want: "12:00+01:00", Got: "11:00Z"}
	panicc := cell(c, b, result.InteropPanic)
	panicc.Panics, panicc.Exact, panicc.Detail = 1, 9, "value 4: panic: index out of range [3] with length 3"
	exact := cell(c, c, result.InteropExact)
	exact.Exact = 10
	return &result.Interop{
		Values: 10, TimeLimit: 20 * time.Second, MemoryLimit: 1 << 30,
		Matrices: []result.InteropMatrix{
			{Format: "msgpack", Workload: "person", Codecs: codecs,
				Left: []result.InteropCodec{{Name: "d-msgpack", Note: "bind: unsupported: binds nested only"}},
				Cells: []result.InteropCell{
					lossy(a, a, "time-zone"), lossy(a, b, "time-zone"), errc,
					fail, lossy(b, b, "nil-empty", "time-zone"), {Writer: b, Reader: c, Status: result.InteropCrash, Detail: "the worker died: signal: killed: fatal error: stack overflow"},
					beyond, panicc, exact,
				}},
			{Format: "cbor", Workload: "nested",
				Codecs: []result.InteropCodec{{Name: "x"}, {Name: "y"}},
				Cells: []result.InteropCell{
					{Writer: "x", Reader: "x", Status: result.InteropExact, Values: 10, Exact: 10},
					{Writer: "x", Reader: "y", Status: result.InteropHang, Detail: "no answer within the time limit of 20s; the worker was killed"},
					{Writer: "y", Reader: "x", Status: result.InteropNA, Detail: "the reader: bind: unsupported"},
					{Writer: "y", Reader: "y", Status: result.InteropExact, Values: 10, Exact: 10},
				}},
			{Format: "avro", Workload: "bigfloat", Left: []result.InteropCodec{{Name: "z", Note: "bind: unsupported: no schema for <BigFloat>"}}},
		},
	}
}

func TestInteropRenderers(t *testing.T) {
	checkGoldens(t, testInterop,
		goldenRender[*result.Interop]{"interop-text.golden", InteropTable},
		goldenRender[*result.Interop]{"interop-markdown.golden", InteropMarkdown})
}

func TestInteropWhy(t *testing.T) {
	x := testInterop()
	m := &x.Matrices[0]
	for _, tc := range []struct{ w, r, want string }{
		{"a-msgpack", "b<msgpack>", "4 of 10 values lossy: time-zone (both)"},
		{"b<msgpack>", "a-msgpack", `2 changed, 3 lossy of 10 values; value 3: Tags["<k>"]: "x" became "" (other, declared by neither); declared losses seen: nil-empty (writer)`},
		{"a-msgpack", "c-msgpack", "10 errors of 10 values; value 0: msgpack: got ext type=5, wanted -1 <ext>"},
		{"c-msgpack", "b<msgpack>", "1 panicked of 10 values; value 4: panic: index out of range [3] with length 3"},
		{"b<msgpack>", "c-msgpack", "the worker died: signal: killed: fatal error: stack overflow"},
		{"c-msgpack", "a-msgpack", "1 changed of 10 values; value 2: BirthDay: 12:00+01:00 became 11:00Z (time-zone, beyond the bound the reader declares); declared losses seen: time-zone (reader)"},
	} {
		if got := interopWhy(m, *m.Cell(tc.w, tc.r)); got != tc.want {
			t.Errorf("%s → %s:\n got %s\nwant %s", tc.w, tc.r, got, tc.want)
		}
	}
	if got := interopCounts(m); got != "3 implementations, 9 pairs: 1 exact, 3 lossy, 2 FAIL, 1 error, 1 panic, 1 crash" {
		t.Errorf("counts %q", got)
	}
}

func TestInteropJSONRoundTrips(t *testing.T) {
	checkJSONRoundTrip(t, InteropJSON, testInterop(), "the matrices")
}

func TestInteropHTML(t *testing.T) {
	run := referenceRun("20261121-093000-abcdef")
	page := matrixPage(t, []*result.Run{run}, Matrices{Interop: map[string]*result.Interop{run.ID: testInterop()}})
	checkPage(t, page, []string{
		`<a href="#run-1-interop">interoperability</a> <a href="#run-1-env">environment</a>`,
		`<section class="fidelity interop" id="run-1-interop">`,
		`<h4>msgpack on person</h4>`,
		`<th title="b&lt;msgpack&gt;">2</th>`,
		`<span class="mark fail">FAIL</span>`,
		`<span class="mark lossy">~</span>`,
		`<span class="mark ok">ok</span>`,
		`<span class="mark other">n/a</span>`,
		`<span class="mark fail">HANG</span>`,
		`left out: d-msgpack: bind: unsupported: binds nested only`,
		`got ext type=5, wanted -1 &lt;ext&gt;`,
		`<h4>avro on bigfloat</h4>
<p class="sub">no implementation binds the workload.</p>
<ul class="notes"><li>left out: z: bind: unsupported: no schema for &lt;BigFloat&gt;</li></ul>`,
	}, "<msgpack>", "<ext>", "<BigFloat>")
	// Without matrices, no section.
	if strings.Contains(matrixPage(t, []*result.Run{run}, Matrices{}), "interop") {
		t.Error("a run without interoperability matrices has a section")
	}
}

// testInteropPeers is a matrix that the peers joined: two Go codecs, a
// Python and a Node library, a missing peer's note, and their timings.
func testInteropPeers() *result.Interop {
	a, c, py, node := "a-msgpack", "c-msgpack", "python msgpack", "node @msgpack/msgpack"
	codecs := []result.InteropCodec{
		{Name: a, Module: "example.com/a", Losses: []string{"time-zone"}, MessageBytes: [2]int{90, 120}},
		{Name: c, Module: "example.com/c", MessageBytes: [2]int{85, 115}},
		{Name: py, Module: "msgpack 1.2.4 on CPython 3.11.7", Peer: "python", Losses: []string{"time-precision", "time-zone"}},
		{Name: node, Module: "@msgpack/msgpack 3.1.3 on Node v20.20.2", Peer: "node", Losses: []string{"time-precision", "time-zone"}},
	}
	cell := func(w, r string, s result.InteropStatus, classes ...string) result.InteropCell {
		x := result.InteropCell{Writer: w, Reader: r, Status: s, Values: 10, Classes: classes}
		switch s {
		case result.InteropExact:
			x.Exact = 10
		case result.InteropLossy:
			x.Lossy = 10
		}
		return x
	}
	fail := cell(c, py, result.InteropFail)
	fail.Fails, fail.Example = 10, &result.InteropDiff{Value: 0, Path: "BirthDay", Class: "other", Want: "1964-04-08T23:42:07.20229896+13:00", Got: `[5, "b'\\xff'"]`}
	errc := cell(py, c, result.InteropError)
	errc.Errors, errc.Detail = 10, "message 0: decode: invalid code c7 decoding as struct"
	na := func(w, r string) result.InteropCell {
		return result.InteropCell{Writer: w, Reader: r, Status: result.InteropNA, Detail: "not measured: the peers are not run against each other"}
	}
	return &result.Interop{
		Values: 10, TimeLimit: 20 * time.Second, MemoryLimit: 1 << 30,
		Matrices: []result.InteropMatrix{{
			Format: "msgpack", Workload: "person", Codecs: codecs,
			Cells: []result.InteropCell{
				cell(a, a, result.InteropLossy, "time-zone"), cell(a, c, result.InteropLossy, "time-zone"), cell(a, py, result.InteropLossy, "time-precision", "time-zone"), cell(a, node, result.InteropLossy, "time-precision", "time-zone"),
				cell(c, a, result.InteropExact), cell(c, c, result.InteropExact), fail, cell(c, node, result.InteropHang),
				cell(py, a, result.InteropLossy, "time-precision", "time-zone"), errc, na(py, py), na(py, node),
				cell(node, a, result.InteropLossy, "time-precision", "time-zone"), cell(node, c, result.InteropLossy, "time-precision"), na(node, py), na(node, node),
			},
			Notes: []string{"python msgpack: python peer→go with another Go writer (writer→peer→reader, 2 pairs): 1 lossy, 1 error"},
		}, {
			Format: "protobuf", Workload: "nested",
			Codecs: []result.InteropCodec{{Name: "x"}, {Name: "y"}},
			Cells: []result.InteropCell{
				cell("x", "x", result.InteropExact), cell("x", "y", result.InteropExact),
				cell("y", "x", result.InteropExact), cell("y", "y", result.InteropExact),
			},
			Notes: []string{"python protobuf did not join: the peer reads person in protobuf only (peers/README.md)"},
		}},
		Peers: []result.InteropPeer{
			{Name: "python", Runtime: "CPython 3.11.7", Libraries: map[string]string{"msgpack": "1.2.4", "protobuf": "7.36.2"}, Elapsed: 1102 * time.Millisecond},
			{Name: "node", Runtime: "Node v20.20.2", Libraries: map[string]string{"@msgpack/msgpack": "3.1.3"}, Elapsed: 1546 * time.Millisecond,
				Note: "hang: the peer process gave no answer in 2m0s"},
		},
		PeerTimings: []result.InteropPeerTiming{
			{Peer: "python", Library: "msgpack", Format: "msgpack", Workload: "person", Writers: 2, Messages: 20, Decode: 1548, Encode: 2093, Reps: 5, Bytes: 96.4},
			{Peer: "node", Library: "@msgpack/msgpack", Format: "msgpack", Workload: "person", Writers: 2, Messages: 20, Decode: 12345, Encode: 234567, Reps: 5, Bytes: 97},
		},
		PeerTimingMethod: "each message's best of 5 decodes and of 5 encodes <after a warm-up>, the median over the messages",
	}
}

func TestInteropPeerRenderers(t *testing.T) {
	checkGoldens(t, testInteropPeers,
		goldenRender[*result.Interop]{"interop-peers-text.golden", InteropTable},
		goldenRender[*result.Interop]{"interop-peers-markdown.golden", InteropMarkdown})
	got := checkJSONRoundTrip(t, InteropJSON, testInteropPeers(), "the matrices")
	m := &got.Matrices[0]
	if why := interopWhy(m, *m.Cell("a-msgpack", "python msgpack")); why != "10 of 10 values lossy: time-precision (reader's mapping), time-zone (both)" {
		t.Errorf("a-msgpack → python msgpack: %s", why)
	}
	run := referenceRun("20261121-093000-abcdef")
	page := matrixPage(t, []*result.Run{run}, Matrices{Interop: map[string]*result.Interop{run.ID: testInteropPeers()}})
	checkPage(t, page, []string{
		`<li>peer python: CPython 3.11.7; msgpack 1.2.4, protobuf 7.36.2 (the peer process ran 1.102s)</li>`,
		`<th title="node @msgpack/msgpack">4</th>`,
		`<li>note: python protobuf did not join: the peer reads person in protobuf only (peers/README.md)</li>`,
		`peer × peer pairs are n/a: not measured`,
		`<h4>Another runtime: the peer libraries&#39; own time per message</h4>`,
		`not comparable with the Go tables&#39; timing method`,
		`&lt;after a warm-up&gt;`,
		`<td class="l">@msgpack/msgpack</td>`,
		`<td>1.55µs</td>`,
		`<td>235µs</td>`,
	})
}

// testInteropInterrupted is testInterop as an interrupted computation
// leaves it: in msgpack on person, c-msgpack did not encode its values
// (its row not measured) and did not read the others' (its column).
func testInteropInterrupted() *result.Interop {
	x := testInterop()
	m := &x.Matrices[0]
	n := len(m.Codecs)
	c := m.Codecs[2].Name
	for i := range m.Cells {
		cell := &m.Cells[i]
		switch {
		case i/n == 2:
			*cell = result.InteropCell{Writer: cell.Writer, Reader: cell.Reader, Status: result.InteropInterrupted, Detail: "not measured: interrupted before the writer encoded its values"}
		case cell.Reader == c:
			*cell = result.InteropCell{Writer: cell.Writer, Reader: cell.Reader, Status: result.InteropInterrupted, Detail: "not measured: interrupted before the reader read these messages"}
		}
	}
	return x
}

// TestInteropInterruptedRenderers: partial matrices show their pairs not
// measured as ? in the tables, with the legend's line for it, count them
// in their counts and in one note, and leave them out of the pairs that
// are not exact, which had a line for each.
func TestInteropInterruptedRenderers(t *testing.T) {
	for _, text := range checkGoldens(t, testInteropInterrupted,
		goldenRender[*result.Interop]{"interop-interrupted-text.golden", InteropTable},
		goldenRender[*result.Interop]{"interop-interrupted-markdown.golden", InteropMarkdown}) {
		if strings.Contains(text, "interrupted before") {
			t.Errorf("a pair not measured is listed:\n%s", text)
		}
		wantIn(t, "the rendering", text, "5 of 13 pairs not measured: interrupted", "5 interrupted", "not measured: interrupted (Ctrl-C) before the writer encoded")
	}
	if strings.Contains(rendered(t, InteropTable, testInterop()), "interrupted") {
		t.Error("complete matrices mention pairs interrupted")
	}
	h, err := interopHTML(testInteropInterrupted(), "i")
	if err != nil {
		t.Fatal(err)
	}
	page := string(h)
	if !strings.Contains(page, `<span class="mark other">?</span>`) || strings.Contains(page, `<span class="mark fail">?</span>`) ||
		!strings.Contains(page, "<strong>5 of 13 pairs not measured: interrupted") {
		t.Errorf("the HTML section shows the pairs not measured as failures, or without the note:\n%s", page)
	}
}
