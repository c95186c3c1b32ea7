package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/serbench/serbench/result"
)

// interopMatrix is a small interoperability matrix with text that SQL and
// JSON must keep as they are.
func interopMatrix() *result.Interop {
	return &result.Interop{
		Values: 100, TimeLimit: 20 * time.Second, MemoryLimit: 1 << 30,
		Matrices: []result.InteropMatrix{{
			Format: "msgpack", Workload: "person",
			Codecs: []result.InteropCodec{
				{Name: "msgp+convert", Module: "github.com/tinylib/msgp", Losses: []string{"nil-empty", "time-zone"}, MessageBytes: [2]int{90, 180}},
				{Name: "vmihailenco-msgpack", Module: "github.com/vmihailenco/msgpack/v5", Losses: []string{"time-zone"}, MessageBytes: [2]int{95, 190}},
			},
			Left: []result.InteropCodec{{Name: "x", Note: `bind: "'; DROP TABLE runs; --`}},
			Cells: []result.InteropCell{
				{Writer: "msgp+convert", Reader: "msgp+convert", Status: result.InteropLossy, Values: 100, Exact: 12, Lossy: 88, Classes: []string{"nil-empty", "time-zone"}},
				{Writer: "msgp+convert", Reader: "vmihailenco-msgpack", Status: result.InteropError, Values: 100, Errors: 100, Detail: "value 0: msgpack: got ext type=5, wanted -1"},
				{Writer: "vmihailenco-msgpack", Reader: "msgp+convert", Status: result.InteropFail, Values: 100, Fails: 1, Exact: 99, Classes: []string{"other"},
					Example: &result.InteropDiff{Value: 7, Path: `Tags["ü\x00"]`, Class: "other", Want: `"a"`, Got: `""`}},
				{Writer: "vmihailenco-msgpack", Reader: "vmihailenco-msgpack", Status: result.InteropCrash, Detail: "the worker died: signal: killed"},
			},
			Notes: []string{"node @msgpack/msgpack did not join: the node peer is not installed (node is not on PATH)"},
		}, {
			// A matrix the peers joined: a Python library's row and column.
			Format: "bson", Workload: "person",
			Codecs: []result.InteropCodec{
				{Name: "bson", Module: "go.mongodb.org/mongo-driver", Losses: []string{"time-precision", "time-zone"}},
				{Name: "python pymongo", Module: "pymongo 4.20.0 on CPython 3.11.7", Peer: "python", Losses: []string{"time-zone"}},
			},
			Cells: []result.InteropCell{
				{Writer: "bson", Reader: "bson", Status: result.InteropLossy, Values: 100, Lossy: 100, Classes: []string{"time-precision", "time-zone"}},
				{Writer: "bson", Reader: "python pymongo", Status: result.InteropLossy, Values: 100, Lossy: 100, Classes: []string{"time-precision", "time-zone"}},
				{Writer: "python pymongo", Reader: "bson", Status: result.InteropLossy, Values: 100, Lossy: 100, Classes: []string{"time-precision", "time-zone"}},
				{Writer: "python pymongo", Reader: "python pymongo", Status: result.InteropNA, Detail: "not measured: the peers are not run against each other"},
			},
		}},
		Peers: []result.InteropPeer{
			{Name: "python", Runtime: "CPython 3.11.7", Libraries: map[string]string{"pymongo": "4.20.0"}, Elapsed: 1606 * time.Millisecond},
			{Name: "node", Note: "not installed: node is not on PATH"},
		},
		PeerTimings: []result.InteropPeerTiming{
			{Peer: "python", Library: "pymongo", Format: "bson", Workload: "person", Writers: 1, Messages: 100, Decode: 2840, Encode: 2090, Reps: 5, Bytes: 175},
		},
		PeerTimingMethod: "each peer process times itself",
	}
}

// interopMethods are the interoperability matrices' DB methods.
var interopMethods = matrixMethods[result.Interop]{(*DB).SaveInterop, (*DB).Interop, "interop_matrices", "matrices"}

// testInterop: a run's interoperability matrices are stored, read back as
// they were, replaced, and damaged ones are an error that says so.
func testInterop(t *testing.T, fresh newDB) {
	ctx := context.Background()
	d, id := checkMatrixSaved(t, fresh, interopMethods, interopMatrix)
	// The note of the pairs not measured that engines before bfc79a2
	// stored with an interrupted matrix is not read back (the renderers
	// count those cells themselves); other notes are.
	prior := interopMatrix()
	prior.Matrices[0].Notes = append(prior.Matrices[0].Notes, "interrupted: 5 of 9 pairs were not measured")
	prior.Matrices[1].Notes = []string{"interrupted: 1 of 4 pairs were not measured"}
	if err := d.SaveInterop(ctx, id, prior); err != nil {
		t.Fatal(err)
	}
	got, err := d.Interop(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if n, want := got.Matrices[0].Notes, interopMatrix().Matrices[0].Notes; !slices.Equal(n, want) {
		t.Errorf("notes of the first matrix: %q, want %q", n, want)
	}
	if n := got.Matrices[1].Notes; n != nil {
		t.Errorf("notes of the second matrix: %q, want none", n)
	}
	// Saving again replaces the matrices.
	m := interopMatrix()
	m.Matrices = nil
	if err := d.SaveInterop(ctx, id, m); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Interop(ctx, id); err != nil || len(got.Matrices) != 0 {
		t.Fatalf("after saving again: %v, %v", got, err)
	}
	// Matrices stored before the peers joined read as they were.
	old := `{"values":3,"time_limit":20000000000,"memory_limit":0,"matrices":[{"format":"json","workload":"person",` +
		`"codecs":[{"name":"json","module":"encoding/json"}],"cells":[{"writer":"json","reader":"json","status":"exact","values":3,"exact":3}]}]}`
	setStoredMatrix(t, d, interopMethods, id, old)
	if got, err := d.Interop(ctx, id); err != nil || got.HasPeers() || len(got.Peers) != 0 || got.Matrix("json", "person").Cell("json", "json").Exact != 3 {
		t.Fatalf("matrices stored before the peers: %+v, %v", got, err)
	}
	checkMatrixDamaged(t, d, interopMethods, id)
}
