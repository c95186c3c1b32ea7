package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// runTables are the tables that hold rows of a run besides runs itself,
// each by its run_id column. Every table a migration adds with a run_id
// must be listed (TestBackends' DeleteRun checks it).
var runTables = []string{
	"samples", "cells", "verifications", "warnings",
	"run_env", "run_codecs", "run_workloads",
	"fidelity_cells", "fidelity_rows", "fidelity_cases", "robust_matrices",
	"interop_matrices", "run_locks",
}

// TableRows is how many rows of a table DeleteRun removed.
type TableRows struct {
	Table string
	Rows  int64
}

// DeleteRun removes run id and everything stored with it (its environment,
// codecs, workloads, verifications, cells, samples, warnings, fidelity,
// robustness and interoperability matrices and lock) in one transaction, and returns the rows it removed
// per table, the runs row last; a failure removes nothing.
//
// An ID that is not stored is an error wrapping ErrNotFound. A run that a
// process is measuring (its lock held with a heartbeat younger than
// LockStaleAge) is refused with an error wrapping ErrLocked that names the
// holder, unless force is set: then the holder's next writes fail. When
// alive is set and says that the holder of a fresh lock is gone (as for
// LockRunAlive), the run is deleted too.
func (d *DB) DeleteRun(ctx context.Context, id string, force bool, alive func(holder string) bool) ([]TableRows, error) {
	var deleted []TableRows
	err := d.inTx(ctx, ctx, func(tx *sql.Tx) error {
		deleted = nil
		if err := runStored(ctx, d, tx, id); err != nil {
			return err
		}
		if !force {
			if err := d.checkNotMeasured(ctx, tx, id, alive); err != nil {
				return err
			}
		}
		tables := append(append([]string(nil), runTables...), "runs")
		for _, table := range tables {
			col := "run_id"
			if table == "runs" {
				col = "id"
			}
			res, err := tx.ExecContext(ctx, d.rebind(`DELETE FROM `+table+` WHERE `+col+` = ?`), id)
			if err != nil {
				return fmt.Errorf("delete from %s: %w", table, err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return fmt.Errorf("delete from %s: %w", table, err)
			}
			deleted = append(deleted, TableRows{Table: table, Rows: n})
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return nil, notFoundError(fmt.Sprintf("delete run %q: no such run in %s", id, d.name))
	}
	if err != nil {
		return nil, fmt.Errorf("delete run %q from %s (nothing was deleted): %w", id, d.name, err)
	}
	return deleted, nil
}

// checkNotMeasured returns an error wrapping ErrLocked when a process
// holds the lock of run id with a fresh heartbeat and, as alive says when
// set, exists.
func (d *DB) checkNotMeasured(ctx context.Context, tx *sql.Tx, id string, alive func(string) bool) error {
	var holder, hb string
	err := tx.QueryRowContext(ctx, d.rebind(`SELECT owner, heartbeat FROM run_locks WHERE run_id = ?`), id).Scan(&holder, &hb)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	at, err := time.Parse(timeFormat, hb)
	if err != nil {
		return nil // a heartbeat that does not parse cannot be fresh
	}
	now, err := d.now(ctx)
	if err != nil {
		return err
	}
	if age := now.Sub(at); age < LockStaleAge && (alive == nil || alive(holder)) {
		return fmt.Errorf("%w: it is being measured: %s holds its lock, alive at %s (%s ago); stop that process first, or force the delete",
			ErrLocked, holder, at.Format(time.RFC3339), age.Round(time.Millisecond))
	}
	return nil
}
