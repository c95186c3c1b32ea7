package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
)

// The test helpers of the matrices stored as JSON (jsonMatrix: the
// robustness and the interoperability tests).

// matrixMethods are a kind of matrix's DB methods, its table and what
// the tests call it ("matrix", "matrices").
type matrixMethods[M any] struct {
	save  func(d *DB, ctx context.Context, id string, m *M) error
	read  func(d *DB, ctx context.Context, id string) (*M, error)
	table string
	what  string
}

// checkMatrixSaved stores a run with fresh, checks that it has no matrix
// and that a matrix of a run not stored is not saved, saves the matrix
// newMatrix returns and checks that it reads back as it was. It returns
// the database and the run's ID.
func checkMatrixSaved[M any](t *testing.T, fresh newDB, mm matrixMethods[M], newMatrix func() *M) (*DB, string) {
	t.Helper()
	ctx := context.Background()
	d := open(t, fresh(t))
	run := fixture.Run("20260101-000000-aaaaaa")
	write(t, d, run)
	// It names the run and the database once each, and says "not found"
	// in its own words only.
	if _, err := mm.read(d, ctx, run.ID); !errors.Is(err, ErrNotFound) ||
		strings.Count(err.Error(), run.ID) != 1 || strings.Count(err.Error(), d.Name()) != 1 || strings.Contains(err.Error(), ErrNotFound.Error()) {
		t.Fatalf("a run without %s: %v, want ErrNotFound naming run %s and %s once each, without %q", mm.what, err, run.ID, d.Name(), ErrNotFound.Error())
	}
	if err := mm.save(d, ctx, "no-such-run", newMatrix()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("%s of a run not stored: %v, want ErrNotFound", mm.what, err)
	}
	if err := mm.save(d, ctx, run.ID, newMatrix()); err != nil {
		t.Fatal(err)
	}
	got, err := mm.read(d, ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(newMatrix(), got); diff != "" {
		t.Errorf("stored %s differs (-want +got):\n%s", mm.what, diff)
	}
	return d, run.ID
}

// setStoredMatrix replaces the JSON stored as run id's matrix with text.
func setStoredMatrix[M any](t *testing.T, d *DB, mm matrixMethods[M], id, text string) {
	t.Helper()
	if _, err := d.db.ExecContext(context.Background(), d.rebind(`UPDATE `+mm.table+` SET matrix = ? WHERE run_id = ?`), text, id); err != nil {
		t.Fatal(err)
	}
}

// checkMatrixDamaged damages run id's stored matrix and checks that
// reading it is an error that says so.
func checkMatrixDamaged[M any](t *testing.T, d *DB, mm matrixMethods[M], id string) {
	t.Helper()
	setStoredMatrix(t, d, mm, id, "{not json")
	if _, err := mm.read(d, context.Background(), id); err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), id) {
		t.Errorf("damaged %s: %v", mm.what, err)
	}
}
