package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/serbench/serbench/result"
)

// The decoder robustness matrix of a run (migration 8), kept as the JSON
// of result.Robust: it is read and written whole, never queried by part.

// SaveRobust stores m as the robustness matrix of run id, replacing any
// stored before. The run must be stored.
func (d *DB) SaveRobust(ctx context.Context, id string, m *result.Robust) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("store the robustness matrix of run %s in %s: %w", id, d.name, err)
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
			{`DELETE FROM robust_matrices WHERE run_id = ?`, []any{id}},
			{`INSERT INTO robust_matrices (run_id, matrix) VALUES (?, ?)`, []any{id, string(b)}},
		} {
			if err == nil {
				_, err = tx.ExecContext(ctx, d.rebind(q.sql), q.args...)
			}
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store the robustness matrix of run %s in %s: %w", id, d.name, err)
	}
	return nil
}

// Robust reads the robustness matrix of run id. The error wraps
// ErrNotFound when the run has none (serbench run computes one with
// --robust only).
func (d *DB) Robust(ctx context.Context, id string) (*result.Robust, error) {
	var text string
	err := d.db.QueryRowContext(ctx, d.rebind(`SELECT matrix FROM robust_matrices WHERE run_id = ?`), id).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		err = fmt.Errorf("run %q has no robustness matrix: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("read the robustness matrix of run %q from %s: %w", id, d.name, err)
	}
	var m result.Robust
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, fmt.Errorf("read the robustness matrix of run %q from %s: it is damaged: %w", id, d.name, err)
	}
	return &m, nil
}
