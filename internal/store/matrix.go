package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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
// must be stored.
func (j jsonMatrix) save(ctx context.Context, d *DB, id string, m any) error {
	b, err := json.Marshal(m)
	if err == nil {
		err = d.inTx(ctx, ctx, func(tx *sql.Tx) error {
			var one int
			err := tx.QueryRowContext(ctx, d.rebind(`SELECT 1 FROM runs WHERE id = ?`), id).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			if err == nil {
				_, err = tx.ExecContext(ctx, d.rebind(`DELETE FROM `+j.table+` WHERE run_id = ?`), id)
			}
			if err == nil {
				_, err = tx.ExecContext(ctx, d.rebind(`INSERT INTO `+j.table+` (run_id, matrix) VALUES (?, ?)`), id, string(b))
			}
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("store the %s of run %s in %s: %w", j.what, id, d.name, err)
	}
	return nil
}

// read decodes run id's matrix into m. The error wraps ErrNotFound when
// the run has none.
func (j jsonMatrix) read(ctx context.Context, d *DB, id string, m any) error {
	var text string
	err := d.db.QueryRowContext(ctx, d.rebind(`SELECT matrix FROM `+j.table+` WHERE run_id = ?`), id).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		err = fmt.Errorf("run %q has no %s: %w", id, j.what, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("read the %s of run %q from %s: %w", j.what, id, d.name, err)
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
