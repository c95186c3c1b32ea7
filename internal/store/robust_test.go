package store

import (
	"context"
	"testing"
	"time"

	"github.com/serbench/serbench/result"
)

// robustMatrix is a small robustness matrix with saved input bytes and
// text that SQL and JSON must keep as they are.
func robustMatrix() *result.Robust {
	return &result.Robust{
		Seed: 9, Budget: 50, TimeLimit: 5 * time.Second, MemoryLimit: 1 << 30,
		Classes: []result.RobustClass{{Name: "truncate", Doc: "prefixes", Finding: true}, {Name: "bomb", Doc: `"'; DROP TABLE runs; --`}},
		Rows: []result.RobustRow{
			{Codec: "msgp", Workload: "person", Messages: 10, MessageBytes: [2]int{100, 200}, Cells: []result.RobustCell{
				{Class: "truncate", Inputs: 50, Errors: 49, Panics: 1, Example: &result.RobustInput{Pos: 3, Desc: "value 0, first 3 bytes", Outcome: "panic", Detail: "ü\x00", Size: 3, Data: []byte{0, 0xff, 0x80}}},
				{Class: "bomb", Inputs: 50, Errors: 40, Crashes: 3, NotRun: 7, Worst: &result.RobustInput{Pos: 60, Desc: "map32", Outcome: "error", Size: 171, Alloc: 5 << 20, Ratio: 30659.4, File: "person/msgp/bomb-worst-60.bin"}},
			}},
			{Codec: "bigfloat-text", Workload: "person", Note: "unsupported"},
		},
	}
}

// robustMethods are the robustness matrix's DB methods.
var robustMethods = matrixMethods[result.Robust]{(*DB).SaveRobust, (*DB).Robust, "robust_matrices", "a matrix"}

// testRobust: a run's robustness matrix is stored, read back as it was,
// replaced, and a damaged one is an error that says so.
func testRobust(t *testing.T, fresh newDB) {
	ctx := context.Background()
	d, id := checkMatrixSaved(t, fresh, robustMethods, robustMatrix)
	// Saving again replaces the matrix.
	m := robustMatrix()
	m.Rows = m.Rows[1:]
	if err := d.SaveRobust(ctx, id, m); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Robust(ctx, id); err != nil || len(got.Rows) != 1 {
		t.Fatalf("after saving again: %v, %v", got, err)
	}
	checkMatrixDamaged(t, d, robustMethods, id)
}
