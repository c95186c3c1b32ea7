package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/serbench/serbench/result"
)

// The cross-library interoperability matrices of a run (migration 9), kept
// as the JSON of result.Interop: read and written whole, never queried by
// part.

// SaveInterop stores m as the interoperability matrices of run id,
// replacing any stored before. The run must be stored.
func (d *DB) SaveInterop(ctx context.Context, id string, m *result.Interop) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("store the interoperability matrices of run %s in %s: %w", id, d.name, err)
	}
	err = d.inTx(ctx, ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, d.rebind(`SELECT 1 FROM runs WHERE id = ?`), id).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`DELETE FROM interop_matrices WHERE run_id = ?`, []any{id}},
			{`INSERT INTO interop_matrices (run_id, matrix) VALUES (?, ?)`, []any{id, string(b)}},
		} {
			if err == nil {
				_, err = tx.ExecContext(ctx, d.rebind(q.sql), q.args...)
			}
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store the interoperability matrices of run %s in %s: %w", id, d.name, err)
	}
	return nil
}

// Interop reads the interoperability matrices of run id. The error wraps
// ErrNotFound when the run has none (serbench run computes them with
// --interop only).
func (d *DB) Interop(ctx context.Context, id string) (*result.Interop, error) {
	var text string
	err := d.db.QueryRowContext(ctx, d.rebind(`SELECT matrix FROM interop_matrices WHERE run_id = ?`), id).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		err = fmt.Errorf("run %q has no interoperability matrices: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("read the interoperability matrices of run %q from %s: %w", id, d.name, err)
	}
	var m result.Interop
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, fmt.Errorf("read the interoperability matrices of run %q from %s: it is damaged: %w", id, d.name, err)
	}
	return &m, nil
}
