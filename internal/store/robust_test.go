package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
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

// testRobust: a run's robustness matrix is stored, read back as it was,
// replaced, and a damaged one is an error that says so.
func testRobust(t *testing.T, fresh newDB) {
	ctx := context.Background()
	d := open(t, fresh(t))
	run := fixture.Run("20260101-000000-aaaaaa")
	write(t, d, run)
	if _, err := d.Robust(ctx, run.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a run without a matrix: %v, want ErrNotFound", err)
	}
	if err := d.SaveRobust(ctx, "no-such-run", robustMatrix()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a matrix of a run not stored: %v, want ErrNotFound", err)
	}
	m := robustMatrix()
	if err := d.SaveRobust(ctx, run.ID, m); err != nil {
		t.Fatal(err)
	}
	got, err := d.Robust(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(robustMatrix(), got); diff != "" {
		t.Errorf("stored matrix differs (-want +got):\n%s", diff)
	}
	// Saving again replaces the matrix.
	m.Rows = m.Rows[1:]
	if err := d.SaveRobust(ctx, run.ID, m); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Robust(ctx, run.ID); err != nil || len(got.Rows) != 1 {
		t.Fatalf("after saving again: %v, %v", got, err)
	}
	// A damaged matrix is an error that says so.
	if _, err := d.db.ExecContext(ctx, d.rebind(`UPDATE robust_matrices SET matrix = ? WHERE run_id = ?`), "{not json", run.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Robust(ctx, run.ID); err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), run.ID) {
		t.Errorf("damaged matrix: %v", err)
	}
}
