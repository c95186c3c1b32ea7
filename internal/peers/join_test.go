package peers

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
)

// TestJoinedMatrix: the peers join the msgpack and BSON matrices on
// person as rows and columns with real outcomes, after the Go codecs
// (BSON, which one Go codec wrote until mgo-bson came, has a matrix with
// one Go codec because they join it: TestImplementations in
// internal/interop checks that). Under CI=true missing
// peers are a failure (ensurePeers).
func TestJoinedMatrix(t *testing.T) {
	root := ensurePeers(t)
	x, missing, err := Compute(context.Background(), nil,
		interop.Options{Format: regexp.MustCompile("^(msgpack|bson)$"), Workloads: []string{"person"}, Values: 10},
		JoinOptions{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 0 {
		t.Fatalf("missing peers %+v", missing)
	}
	m := x.Matrix("msgpack", "person")
	if m == nil {
		t.Fatal("no msgpack matrix")
	}
	py, node := m.Codec("python msgpack"), m.Codec("node @msgpack/msgpack")
	if py == nil || node == nil || py.Peer != "python" || node.Peer != "node" || !strings.HasPrefix(py.Module, "msgpack ") {
		t.Fatalf("peer codecs %+v, %+v", py, node)
	}
	if !slices.Contains(py.Losses, "time-precision") || !slices.Contains(node.Losses, "time-zone") {
		t.Errorf("the peers' declared losses (their mappings): %v, %v", py.Losses, node.Losses)
	}
	if n := len(m.Codecs); len(m.Cells) != n*n {
		t.Fatalf("%d cells for %d codecs", len(m.Cells), n)
	}
	for i, w := range m.Codecs {
		for j, r := range m.Codecs {
			if c := m.Cells[i*len(m.Codecs)+j]; c.Writer != w.Name || c.Reader != r.Name {
				t.Fatalf("cell %d,%d is %s → %s", i, j, c.Writer, c.Reader)
			}
		}
	}
	want := func(writer, reader string, status result.InteropStatus, class string) *result.InteropCell {
		t.Helper()
		c := m.Cell(writer, reader)
		if c == nil {
			t.Fatalf("no cell %s → %s", writer, reader)
		}
		if c.Status != status || (class != "" && !slices.Contains(c.Classes, class)) {
			t.Errorf("%s → %s: %s %v (%s), want %s with %s", writer, reader, c.Status, c.Classes, c.Detail, status, class)
		}
		return c
	}
	// go→peer: the Python datetime's microseconds, the Date's
	// milliseconds: lossy, time-precision, never exact.
	for _, peer := range []string{"python msgpack", "node @msgpack/msgpack"} {
		if c := want("vmihailenco-msgpack", peer, result.InteropLossy, "time-precision"); c.Values != 10 {
			t.Errorf("vmihailenco-msgpack → %s: %d values, want 10", peer, c.Values)
		}
		// peer→go: the peer's re-encoding of vmihailenco-msgpack's own
		// messages.
		want(peer, "vmihailenco-msgpack", result.InteropLossy, "time-precision")
		// msgp's time extension 5 is no timestamp to the peers.
		if c := want("msgp+convert", peer, result.InteropFail, ""); c.Example == nil || c.Example.Path != "BirthDay" {
			t.Errorf("msgp+convert → %s: example %+v, want one at BirthDay", peer, c.Example)
		}
	}
	want("python msgpack", "node @msgpack/msgpack", result.InteropNA, "")
	// The Go pairs are as they were.
	want("vmihailenco-msgpack", "vmihailenco-msgpack", result.InteropLossy, "")
	if len(m.Notes) == 0 {
		t.Error("no notes: want the peer→go pairs of one Go writer and another reader")
	}
	b := x.Matrix("bson", "person")
	if b == nil || b.Codec("bson") == nil || b.Codec("python pymongo") == nil || b.Codec("node bson") == nil ||
		b.Codecs[0].Peer != "" || b.Codecs[len(b.Codecs)-1].Name != "node bson" {
		t.Fatalf("bson matrix: %+v", b)
	}
	want = func(writer, reader string, status result.InteropStatus, class string) *result.InteropCell {
		t.Helper()
		c := b.Cell(writer, reader)
		if c == nil || c.Status != status || (class != "" && !slices.Contains(c.Classes, class)) {
			t.Errorf("bson %s → %s: %+v, want %s with %s", writer, reader, c, status, class)
		}
		return c
	}
	want("bson", "python pymongo", result.InteropLossy, "time-zone")
	want("node bson", "bson", result.InteropLossy, "time-precision")
	// Timings: one per peer, format and workload, labelled with how they
	// were measured.
	if len(x.PeerTimings) != 4 || x.PeerTimingMethod == "" || len(x.Peers) != 2 {
		t.Fatalf("timings %+v, method %q, peers %+v", x.PeerTimings, x.PeerTimingMethod, x.Peers)
	}
	for _, tm := range x.PeerTimings {
		if tm.Decode <= 0 || tm.Encode <= 0 || tm.Messages == 0 || tm.Writers == 0 {
			t.Errorf("timing %+v", tm)
		}
	}
}

// TestJoinMissingAndFailed: a peer that is not installed is a note of the
// matrices it would join, and a peer process that crashed makes its
// cells CRASH, with what it printed; peer × peer pairs are n/a.
func TestJoinMissingAndFailed(t *testing.T) {
	x := &result.Interop{Values: 2, Matrices: []result.InteropMatrix{{
		Format: "msgpack", Workload: "person",
		Codecs: []result.InteropCodec{{Name: "a"}},
		Cells:  []result.InteropCell{{Writer: "a", Reader: "a", Status: result.InteropExact}},
	}, {
		Format: "gob", Workload: "person",
		Codecs: []result.InteropCodec{{Name: "g"}},
		Cells:  []result.InteropCell{{Writer: "g", Reader: "g", Status: result.InteropExact}},
	}}}
	r := &Result{Values: 2, Peers: []PeerInfo{{Name: "python", Failed: "Traceback: boom", Status: StatusCrash}}}
	Join(x, r, []Missing{{Peer: "node", Err: errors.New("node is not on PATH")}})
	m := x.Matrix("msgpack", "person")
	if len(m.Codecs) != 2 || m.Codecs[1].Name != "python msgpack" {
		t.Fatalf("codecs %+v", m.Codecs)
	}
	if c := m.Cell("a", "python msgpack"); c == nil || c.Status != result.InteropCrash || !strings.Contains(c.Detail, "boom") {
		t.Errorf("a → python msgpack: %+v", c)
	}
	if c := m.Cell("python msgpack", "python msgpack"); c == nil || c.Status != result.InteropNA {
		t.Errorf("python msgpack → itself: %+v", c)
	}
	if len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "node @msgpack/msgpack did not join: the node peer is not installed") {
		t.Errorf("notes %q", m.Notes)
	}
	if g := x.Matrix("gob", "person"); len(g.Codecs) != 1 || len(g.Notes) != 0 {
		t.Errorf("gob, which no peer reads: %+v", g)
	}
	if len(x.Peers) != 2 || x.Peers[0].Name != "python" || !strings.Contains(x.Peers[0].Note, "boom") || !strings.Contains(x.Peers[1].Note, "not installed") {
		t.Errorf("peers %+v", x.Peers)
	}
}

// TestJoinHungReaderStacks: a Go reader's worker that hung on the peer's
// messages (interop.Read) has its goroutines after the line of the
// cell's error: the matrix's cell keeps them, as a hung Go pair's, and
// the note on the peer→go pairs of another Go writer, which every
// renderer prints as it is, has the line only.
func TestJoinHungReaderStacks(t *testing.T) {
	const line = "no answer within the time limit of 2s; the worker was killed"
	hung := workerproc.WithStacks(line, "goroutine 1 [sleep]:\ntime.Sleep(0x1)\ninterop.hangReading()")
	x := &result.Interop{Values: 2, Matrices: []result.InteropMatrix{{
		Format: "msgpack", Workload: "person",
		Codecs: []result.InteropCodec{{Name: "a"}, {Name: "b"}},
		Cells: []result.InteropCell{
			{Writer: "a", Reader: "a", Status: result.InteropExact}, {Writer: "a", Reader: "b", Status: result.InteropExact},
			{Writer: "b", Reader: "a", Status: result.InteropExact}, {Writer: "b", Reader: "b", Status: result.InteropExact},
		},
	}}}
	cell := func(dir Direction, writer, reader string, status Status, err string) Cell {
		return Cell{Peer: "python", Library: "msgpack", Format: "msgpack", Workload: "person", Direction: dir,
			Writer: writer, Reader: reader, Outcome: Outcome{Status: status, Messages: 2, Exact: 2, Error: err}}
	}
	r := &Result{Values: 2, Peers: []PeerInfo{{Name: "python"}}, Cells: []Cell{
		cell(GoToPeer, "a", "", StatusExact, ""),
		cell(GoToPeer, "b", "", StatusExact, ""),
		cell(PeerToGo, "a", "a", StatusHang, hung),
		cell(PeerToGo, "a", "b", StatusHang, hung),
		cell(PeerToGo, "b", "a", StatusExact, ""),
		cell(PeerToGo, "b", "b", StatusExact, ""),
	}}
	Join(x, r, nil)
	m := x.Matrix("msgpack", "person")
	if c := m.Cell("python msgpack", "a"); c == nil || c.Status != result.InteropHang || c.Detail != hung {
		t.Errorf("python msgpack → a: %+v, want hang with the goroutines after the line", c)
	}
	if len(m.Notes) != 1 {
		t.Fatalf("notes %q, want the peer→go pairs of another Go writer", m.Notes)
	}
	if n := m.Notes[0]; !strings.Contains(n, "a → python msgpack → b hang: "+line) || strings.Contains(n, "\n") {
		t.Errorf("note %q: want the hung pair's line, on one line", n)
	}
}
