package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// jsonMatrix is a matrix stored with a run as one JSON document in a table
// of (run_id, matrix): read and written whole, never queried by part (the
// robustness matrix of migration 8, the interoperability matrices of
// migration 9).
type jsonMatrix struct {
	table string // robust_matrices, interop_matrices
	what  string // "robustness matrix", "interoperability matrices"
}

// save stores m as run id's matrix, replacing any stored before. The run
// must be stored: the error wraps ErrNotFound when it is not (saveErr).
func (j jsonMatrix) save(ctx context.Context, d *DB, id string, m any) error {
	b, err := json.Marshal(m)
	if err == nil {
		err = d.inTx(ctx, ctx, func(tx *sql.Tx) error {
			err := runStored(ctx, d, tx, id)
			if err == nil {
				_, err = tx.ExecContext(ctx, d.rebind(`DELETE FROM `+j.table+` WHERE run_id = ?`), id)
			}
			if err == nil {
				_, err = tx.ExecContext(ctx, d.rebind(`INSERT INTO `+j.table+` (run_id, matrix) VALUES (?, ?)`), id, string(b))
			}
			return err
		})
	}
	return d.saveErr(ctx, j.what, id, err)
}

// runStored returns ErrNotFound, bare, when run id is not in the database
// as q (the database, or a transaction) sees it.
func runStored(ctx context.Context, d *DB, q queryer, id string) error {
	var one int
	err := q.QueryRowContext(ctx, d.rebind(`SELECT 1 FROM runs WHERE id = ?`), id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// saveErr returns the error of the save of run id's matrix (what: "fidelity
// matrix", "robustness matrix"), nil when err is nil. When the run is not
// stored, or no longer (deleted while the matrix was computed or stored:
// runs --delete --force), the error wraps ErrNotFound, whichever
// statement found it gone: runStored, or an insert whose foreign key
// constraint failed as the run's delete committed between the two. When
// this process holds the run's lock (it measures the run: serbench run
// stores its matrices before its samples), it also wraps ErrRunDeleted
// and says so, and the run's later writes, its finish and its unlock
// return nil (Writer.fail): that the run was deleted is said once.
func (d *DB) saveErr(ctx context.Context, what, id string, err error) error {
	if err == nil {
		return nil
	}
	if !errors.Is(err, ErrNotFound) {
		check, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if errors.Is(d.checkRun(check, id), ErrNotFound) {
			err = ErrNotFound
		}
	}
	if errors.Is(err, ErrNotFound) && d.measures(id) {
		d.toldDeleted(id, nil)
		err = deletedNotFound{}
	}
	return fmt.Errorf("store the %s of run %s in %s: %w", what, id, d.name, err)
}

// deletedNotFound is ErrRunDeleted as the error of a matrix save, which
// also wraps ErrNotFound, as the save of a matrix of a run not stored does.
type deletedNotFound struct{}

func (deletedNotFound) Error() string   { return ErrRunDeleted.Error() }
func (deletedNotFound) Unwrap() []error { return []error{ErrRunDeleted, ErrNotFound} }

// read decodes run id's matrix into m. The error wraps ErrNotFound when
// the run has none.
func (j jsonMatrix) read(ctx context.Context, d *DB, id string, m any) error {
	var text string
	err := d.db.QueryRowContext(ctx, d.rebind(`SELECT matrix FROM `+j.table+` WHERE run_id = ?`), id).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return notFoundError(fmt.Sprintf("run %q in %s has no %s", id, d.name, j.what))
	}
	if err != nil {
		return fmt.Errorf("read the %s of run %q from %s: %w", j.what, id, d.name, canceled(ctx, err))
	}
	if err := json.Unmarshal([]byte(text), m); err != nil {
		return fmt.Errorf("read the %s of run %q from %s: it is damaged: %w", j.what, id, d.name, err)
	}
	return nil
}

// readMatrix returns run id's matrix of j, decoded as an M. The error
// wraps ErrNotFound when the run has none.
func readMatrix[M any](ctx context.Context, d *DB, id string, j jsonMatrix) (*M, error) {
	var m M
	if err := j.read(ctx, d, id, &m); err != nil {
		return nil, err
	}
	return &m, nil
}
