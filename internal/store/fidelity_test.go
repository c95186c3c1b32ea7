package store

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// fidelityMatrix is a small matrix with every kind of cell, and text that
// SQL and JSON must keep as it is.
func fidelityMatrix() *result.Fidelity {
	return &result.Fidelity{
		Cases: []result.FidelityCase{{Name: "base", Doc: "the base value"}, {Name: "-0 f64", Doc: "negative zero"}, {Name: "badUTF8", Doc: `"\xff\xfe" ; DROP TABLE runs; --`}},
		Rows: []result.FidelityRow{
			{Codec: "json", Carrier: "nested", Cells: []result.FidelityCell{
				{Case: "base", Status: result.FidelityExact},
				{Case: "-0 f64", Status: result.FidelityUndeclared, Classes: []string{"zero-sign"}, Detail: "F64: -0 became 0 [zero-sign: not declared]"},
				{Case: "badUTF8", Status: result.FidelityFail, Classes: []string{"other"}, Detail: `S: "\xff\xfe" became "��"`},
			}},
			{Codec: "bigfloat-text", Cells: []result.FidelityCell{
				{Case: "base", Status: result.FidelityNA, Detail: "nested: bind: unsupported; person: bind: unsupported"},
				{Case: "-0 f64", Status: result.FidelityNA, Detail: "binds no carrier type (see base)"},
				{Case: "badUTF8", Status: result.FidelityNA, Detail: "binds no carrier type (see base)"},
			}},
			{Codec: "handwritten", Carrier: "person", Note: "nested: bind: unsupported: ü", Cells: []result.FidelityCell{
				{Case: "base", Status: result.FidelityExact},
				{Case: "-0 f64", Status: result.FidelityCrash, Detail: "the worker died: exit status 2"},
				{Case: "badUTF8", Status: result.FidelityError, Detail: "encode: invalid UTF-8"},
			}},
		},
	}
}

func testFidelity(t *testing.T, dsn string) {
	ctx := context.Background()
	d := open(t, dsn)
	run := fixture.Run("20260101-000000-aaaaaa")
	write(t, d, run)
	if _, err := d.Fidelity(ctx, run.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a run without a matrix: %v, want ErrNotFound", err)
	}
	m := fidelityMatrix()
	if err := d.SaveFidelity(ctx, run.ID, m); err != nil {
		t.Fatal(err)
	}
	got, err := d.Fidelity(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := fidelityMatrix()
	want.Sort()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored matrix differs (-want +got):\n%s", diff)
	}
	// Saving again replaces the matrix.
	m.Rows = m.Rows[:1]
	if err := d.SaveFidelity(ctx, run.ID, m); err != nil {
		t.Fatal(err)
	}
	if got, err = d.Fidelity(ctx, run.ID); err != nil || len(got.Rows) != 1 {
		t.Errorf("after saving one row: %v rows, %v", got, err)
	}
	// A row whose cells do not match the columns is refused.
	m.Rows[0].Cells = m.Rows[0].Cells[:2]
	if err := d.SaveFidelity(ctx, run.ID, m); err == nil {
		t.Error("a row with too few cells was stored")
	}
	if got, err = d.Fidelity(ctx, run.ID); err != nil || len(got.Rows) != 1 || len(got.Rows[0].Cells) != 3 {
		t.Errorf("a refused save changed the stored matrix: %v, %v", got, err)
	}
	// Only a stored run can have one.
	if err := d.SaveFidelity(ctx, "no-such-run", fidelityMatrix()); err == nil {
		t.Error("a matrix was stored for a run that does not exist")
	}
}
