package result

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestInteropLookups: Cell, Codec, Matrix, Counts and Declared find what
// the matrix holds, and every status has its own symbol in the legend.
func TestInteropLookups(t *testing.T) {
	x := &Interop{Values: 3, Matrices: []InteropMatrix{{
		Format: "msgpack", Workload: "person",
		Codecs: []InteropCodec{{Name: "a", Losses: []string{"time-zone"}}, {Name: "b", Losses: []string{"nil-empty"}}},
		Cells: []InteropCell{
			{Writer: "a", Reader: "a", Status: InteropLossy, Classes: []string{"time-zone"}},
			{Writer: "a", Reader: "b", Status: InteropFail, Classes: []string{"nil-empty", "other", "time-zone"}},
			{Writer: "b", Reader: "a", Status: InteropCrash},
			{Writer: "b", Reader: "b", Status: InteropExact},
		},
	}}}
	m := x.Matrix("msgpack", "person")
	if m == nil || x.Matrix("msgpack", "nested") != nil {
		t.Fatal("Matrix finds the wrong matrices")
	}
	if c := m.Cell("a", "b"); c == nil || c.Status != InteropFail || m.Cell("b", "c") != nil {
		t.Fatalf("Cell(a, b) = %+v", c)
	}
	if c := m.Codec("b"); c == nil || c.Name != "b" || m.Codec("c") != nil {
		t.Fatalf("Codec(b) = %+v", c)
	}
	d, not := m.Declared("a", "b", m.Cell("a", "b").Classes)
	if !slices.Equal(d, []string{"nil-empty", "time-zone"}) || !slices.Equal(not, []string{"other"}) {
		t.Errorf("Declared: %v, not %v", d, not)
	}
	n := x.Counts()
	if n[InteropLossy] != 1 || n[InteropFail] != 1 || n[InteropCrash] != 1 || n[InteropExact] != 1 {
		t.Errorf("Counts: %v", n)
	}
	if k := x.Interrupted(); k != 0 {
		t.Errorf("Interrupted() = %d of a complete matrix, want 0", k)
	}
	m.Cells[2].Status = InteropInterrupted
	if k := x.Interrupted(); k != 1 {
		t.Errorf("Interrupted() = %d, want 1", k)
	}
	m.Cells[2].Status = InteropCrash
	seen := map[string]bool{}
	for _, s := range []InteropStatus{InteropExact, InteropLossy, InteropError, InteropPanic, InteropFail, InteropNA, InteropCrash, InteropHang, InteropInterrupted} {
		sym := s.Symbol()
		if seen[sym] {
			t.Errorf("symbol %q of %s is another status's too", sym, s)
		}
		seen[sym] = true
		if !slices.ContainsFunc(append(InteropLegend, InteropInterruptedLegend), func(l string) bool { return strings.HasPrefix(l, sym+" ") || strings.Contains(l, "("+sym+":") }) {
			t.Errorf("the legend does not explain %q", sym)
		}
	}
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var back Interop
	if err := json.Unmarshal(b, &back); err != nil || back.Matrices[0].Cells[1].Classes[1] != "other" {
		t.Errorf("JSON round trip: %v, %+v", err, back)
	}
}

// TestInteropPeers: the peer libraries' rows, the peers and their timings
// survive a JSON round trip, HasPeers sees them, and a matrix stored
// before the peers joined reads as one without them.
func TestInteropPeers(t *testing.T) {
	x := &Interop{Values: 2, Matrices: []InteropMatrix{{
		Format: "msgpack", Workload: "person",
		Codecs: []InteropCodec{{Name: "a"}, {Name: "python msgpack", Module: "msgpack 1.1.0 (CPython 3.12)", Peer: "python", Losses: []string{"time-precision"}}},
		Cells: []InteropCell{
			{Writer: "a", Reader: "a", Status: InteropExact},
			{Writer: "a", Reader: "python msgpack", Status: InteropLossy, Classes: []string{"time-precision"}},
			{Writer: "python msgpack", Reader: "a", Status: InteropLossy, Classes: []string{"time-precision"}},
			{Writer: "python msgpack", Reader: "python msgpack", Status: InteropNA, Detail: "not measured"},
		},
		Notes: []string{"node: not installed"},
	}},
		Peers:            []InteropPeer{{Name: "python", Runtime: "CPython 3.12", Libraries: map[string]string{"msgpack": "1.1.0"}}, {Name: "node", Note: "not installed"}},
		PeerTimings:      []InteropPeerTiming{{Peer: "python", Library: "msgpack", Format: "msgpack", Workload: "person", Writers: 1, Messages: 2, Decode: 1500, Encode: 900, Reps: 5, Bytes: 80}},
		PeerTimingMethod: "best of 5",
	}
	if !x.HasPeers() {
		t.Error("HasPeers: false")
	}
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var back Interop
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.HasPeers() || back.Matrices[0].Codecs[1].Peer != "python" || back.PeerTimings[0].Decode != 1500 ||
		back.Peers[1].Note != "not installed" || back.Matrices[0].Notes[0] != "node: not installed" || back.PeerTimingMethod != "best of 5" {
		t.Errorf("JSON round trip: %s\n%+v", b, back)
	}
	var old Interop
	if err := json.Unmarshal([]byte(`{"values":3,"time_limit":20000000000,"memory_limit":0,"matrices":[{"format":"json","workload":"person","codecs":[{"name":"json","module":"encoding/json"}],"cells":[{"writer":"json","reader":"json","status":"exact"}]}]}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.HasPeers() || len(old.PeerTimings) != 0 || old.Matrix("json", "person") == nil {
		t.Errorf("a matrix stored before the peers: %+v", old)
	}
}
