package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

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
	if err := d.SaveFidelity(ctx, "no-such-run", fidelityMatrix()); !errors.Is(err, ErrNotFound) {
		t.Errorf("a matrix of a run that does not exist: %v, want ErrNotFound", err)
	}
}

// testMatrixOfADeletedRun: a matrix saved for a run deleted by force
// while the matrix was computed (runs --delete --force) is an error that
// wraps ErrNotFound and says so the same way for the three matrices,
// not a foreign key constraint (SaveFidelity's was): when this process
// measures the run (holds its lock), that it was deleted while this
// process measured it, said once (the unlock after it returns nil), and
// else not found. On PostgreSQL also when the delete commits while the
// save is under way, between its check that the run is stored and its
// inserts.
func testMatrixOfADeletedRun(t *testing.T, fresh newDB) {
	ctx := context.Background()
	d := open(t, fresh(t))
	savers := []struct {
		what string
		save func(id string) error
	}{
		{"fidelity matrix", func(id string) error { return d.SaveFidelity(ctx, id, fidelityMatrix()) }},
		{"robustness matrix", func(id string) error { return d.SaveRobust(ctx, id, robustMatrix()) }},
		{"interoperability matrices", func(id string) error { return d.SaveInterop(ctx, id, interopMatrix()) }},
	}
	check := func(how, what, id string, err error, measured bool) {
		t.Helper()
		want := "store the " + what + " of run " + id + " in " + d.Name() + ": "
		if measured {
			want += ErrRunDeleted.Error()
		} else {
			want += ErrNotFound.Error()
		}
		if !errors.Is(err, ErrNotFound) || errors.Is(err, ErrRunDeleted) != measured || err.Error() != want {
			t.Errorf("%s of a run deleted %s: %v\nwant %q", what, how, err, want)
		}
	}
	for i, s := range savers {
		for _, measured := range []bool{false, true} {
			id := fmt.Sprintf("deleted-%d-%v", i, measured)
			if _, err := d.BeginRun(ctx, fixture.Run(id), RunMeta{}); err != nil {
				t.Fatal(err)
			}
			unlock := func() error { return nil }
			if measured {
				var err error
				if unlock, err = d.LockRun(ctx, id, "host-a pid 1"); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := d.DeleteRun(ctx, id, true, nil); err != nil {
				t.Fatal(err)
			}
			check("before it was saved", s.what, id, s.save(id), measured)
			if err := unlock(); err != nil {
				t.Errorf("unlock after the save of the %s said that the run was deleted: %v; want nil, said once", s.what, err)
			}
		}
	}
	if !d.postgres {
		return // SQLite's transactions do not interleave: the check holds
	}
	// The delete takes the run's row and commits once the save waits for
	// it: the save found the run, and its first insert finds it gone.
	for i, s := range savers {
		id := fmt.Sprintf("deleted-late-%d", i)
		if _, err := d.BeginRun(ctx, fixture.Run(id), RunMeta{}); err != nil {
			t.Fatal(err)
		}
		del, err := d.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, table := range runTables {
			if _, err := del.ExecContext(ctx, `DELETE FROM `+table+` WHERE run_id = $1`, id); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := del.ExecContext(ctx, `DELETE FROM runs WHERE id = $1`, id); err != nil {
			t.Fatal(err)
		}
		saved := make(chan error, 1)
		go func() { saved <- s.save(id) }()
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			var n int
			if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the save of the %s did not wait for the run's delete within 30s", s.what)
			}
		}
		if err := del.Commit(); err != nil {
			t.Fatal(err)
		}
		check("while it was saved", s.what, id, <-saved, false)
	}
}
