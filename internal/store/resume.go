package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/serbench/serbench/result"
)

// Resuming an interrupted run (serbench run --resume): the stored run says
// what was measured, SampleCounts how far each cell got in each fork, and
// ResumeRun returns a Writer that appends to it. LockRun (lock.go) keeps a
// second process from measuring the same run meanwhile.

// ResumeRun reads the stored run id (its settings, arguments, codecs,
// verifications, cells with their samples, and warnings) and returns a
// Writer that continues it: each cell's samples are numbered on after the
// ones stored, and warnings after the stored warnings. Verifications
// written again replace the stored ones.
//
// ResumeRun changes nothing in the store: the run keeps its complete flag
// and end time until the Writer's Finish records how the continued run
// ended. Take the run's lock (LockRun) before calling ResumeRun, so that no
// other process adds samples between the read and the writes.
//
// An ID that is not stored is an error wrapping ErrNotFound.
func (d *DB) ResumeRun(ctx context.Context, id string) (*Writer, *result.Run, error) {
	r, err := d.Run(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, nil, notFoundError(fmt.Sprintf("resume run %q: no such run in %s", id, d.name))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("resume run %q: %w", id, err)
	}
	fail := func(what string, err error) (*Writer, *result.Run, error) {
		return nil, nil, fmt.Errorf("resume run %q in %s: read %s numbers: %w", id, d.name, what, canceled(ctx, err))
	}
	w := d.newWriter(ctx, id)
	// Number on from the highest stored numbers rather than from the
	// counts, which would collide with a stored sample if any number were
	// ever skipped.
	rows, err := d.db.QueryContext(ctx, d.rebind(`SELECT workload, codec, op, goroutines, MAX(seq) FROM samples WHERE run_id = ? GROUP BY workload, codec, op, goroutines`), id)
	if err != nil {
		return fail("sample", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k result.Key
		var last int
		if err := rows.Scan(&k.Workload, &k.Codec, &k.Op, &k.Goroutines, &last); err != nil {
			return fail("sample", err)
		}
		w.seq[k] = last + 1
	}
	if err := rows.Err(); err != nil {
		return fail("sample", err)
	}
	var last sql.NullInt64
	if err := d.db.QueryRowContext(ctx, d.rebind(`SELECT MAX(seq) FROM warnings WHERE run_id = ?`), id).Scan(&last); err != nil {
		return fail("warning", err)
	}
	if last.Valid {
		w.warns = int(last.Int64) + 1
	}
	return w, r, nil
}

// LatestIncomplete returns the ID of the most recently started run that is
// not complete: interrupted, failed, or still being measured; the last
// incomplete one in the run order (order.go: by start time, then by ID),
// as Runs lists them. With no such run it returns an error wrapping
// ErrNotFound.
func (d *DB) LatestIncomplete(ctx context.Context) (string, error) {
	id, found, err := d.lastRun(ctx, "complete = 0")
	if err != nil {
		return "", fmt.Errorf("find the latest incomplete run in %s: %w", d.name, canceled(ctx, err))
	}
	if !found {
		return "", notFoundError(fmt.Sprintf("no incomplete run in %s to resume", d.name))
	}
	return id, nil
}

// SampleCounts returns, for each cell of run id that has samples, the
// number of samples stored per fork (result.Sample.Fork; 0 for samples that
// do not say). Cells without samples are absent. An ID that is not stored
// is an error wrapping ErrNotFound.
func (d *DB) SampleCounts(ctx context.Context, id string) (map[result.Key]map[int]int, error) {
	if err := d.checkRun(ctx, id); err != nil {
		return nil, fmt.Errorf("count samples: %w", err)
	}
	fail := func(err error) (map[result.Key]map[int]int, error) {
		return nil, fmt.Errorf("count samples of run %q in %s: %w", id, d.name, canceled(ctx, err))
	}
	rows, err := d.db.QueryContext(ctx, d.rebind(`SELECT workload, codec, op, goroutines, fork, COUNT(*) FROM samples WHERE run_id = ? GROUP BY workload, codec, op, goroutines, fork`), id)
	if err != nil {
		return fail(err)
	}
	defer rows.Close()
	out := map[result.Key]map[int]int{}
	for rows.Next() {
		var k result.Key
		var fork, n int
		if err := rows.Scan(&k.Workload, &k.Codec, &k.Op, &k.Goroutines, &fork, &n); err != nil {
			return fail(err)
		}
		if out[k] == nil {
			out[k] = map[int]int{}
		}
		out[k][fork] = n
	}
	if err := rows.Err(); err != nil {
		return fail(err)
	}
	return out, nil
}

// checkRun returns an error wrapping ErrNotFound when run id is not
// stored.
func (d *DB) checkRun(ctx context.Context, id string) error {
	err := runStored(ctx, d, d.db, id)
	if errors.Is(err, ErrNotFound) {
		return fmt.Errorf("run %q in %s: %w", id, d.name, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("read run %q from %s: %w", id, d.name, canceled(ctx, err))
	}
	return nil
}
