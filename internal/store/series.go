package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/serbench/serbench/internal/sqlrows"
	"github.com/serbench/serbench/result"
)

// RunsWithCells reads every stored run as Run does, but with only the
// cells that keep selects (and their samples and verifications), and
// without workloads or warnings: what serbench history needs of a
// thousand runs when it shows one codec's series. It reads each selected
// cell's series across runs through the index of migration 10
// (samples_cell), instead of every sample of every run. Runs come oldest
// first, as Runs lists them; a run with no selected cell has none.
//
// A row that cannot be read fails the whole read: reading the runs one by
// one (Run) says which run it is.
func (d *DB) RunsWithCells(ctx context.Context, keep func(result.Key) bool) ([]*result.Run, error) {
	fail := func(err error) ([]*result.Run, error) {
		return nil, fmt.Errorf("read runs from %s: %w", d.name, canceled(ctx, err))
	}
	infos, err := d.Runs(ctx)
	if err != nil {
		return nil, err
	}
	runs := make([]*result.Run, len(infos))
	byID := make(map[string]*result.Run, len(infos))
	for i, ri := range infos {
		r := &result.Run{ID: ri.ID, Start: ri.Start, End: ri.End, Complete: ri.Complete, Command: ri.Command}
		runs[i], byID[ri.ID] = r, r
	}
	// The environments, in order.
	type envRow struct {
		pos int
		c   result.Config
	}
	envs := map[string][]envRow{}
	if err := sqlrows.Each(ctx, d.db, `SELECT run_id, pos, key, value FROM run_env`, func(rows *sql.Rows) error {
		var id string
		var e envRow
		if err := rows.Scan(&id, &e.pos, &e.c.Key, &e.c.Value); err != nil {
			return err
		}
		envs[id] = append(envs[id], e)
		return nil
	}); err != nil {
		return fail(err)
	}
	for id, rows := range envs {
		r := byID[id]
		if r == nil {
			continue
		}
		slices.SortFunc(rows, func(a, b envRow) int { return a.pos - b.pos })
		for _, e := range rows {
			r.Env = append(r.Env, e.c)
		}
	}
	if err := sqlrows.Each(ctx, d.db, `SELECT run_id, name, format, module, version, api, flags, losses, notes FROM run_codecs`, func(rows *sql.Rows) error {
		var id, flags, losses string
		var c result.Codec
		if err := rows.Scan(&id, &c.Name, &c.Format, &c.Module, &c.Version, &c.API, &flags, &losses, &c.Notes); err != nil {
			return err
		}
		var err error
		if c.Flags, err = parseList(flags); err != nil {
			return fmt.Errorf("run %s codec %s flags: %w", id, c.Name, err)
		}
		if c.Losses, err = parseList(losses); err != nil {
			return fmt.Errorf("run %s codec %s losses: %w", id, c.Name, err)
		}
		if r := byID[id]; r != nil {
			r.Codecs = append(r.Codecs, c)
		}
		return nil
	}); err != nil {
		return fail(err)
	}
	// The cells stored, each once, and those keep selects.
	var keys []result.Key
	if err := sqlrows.Each(ctx, d.db, `SELECT DISTINCT workload, codec, op, goroutines FROM cells`, func(rows *sql.Rows) error {
		var k result.Key
		if err := rows.Scan(&k.Workload, &k.Codec, &k.Op, &k.Goroutines); err != nil {
			return err
		}
		if keep(k) {
			keys = append(keys, k)
		}
		return nil
	}); err != nil {
		return fail(err)
	}
	slices.SortFunc(keys, compareKeys)
	// Each selected cell's series, through the indexes.
	verified := map[[2]string]bool{}
	type sampleRow struct {
		seq int
		s   result.Sample
	}
	for _, k := range keys {
		args := []any{k.Workload, k.Codec, k.Op, k.Goroutines}
		cells := map[string]*result.Cell{}
		if err := sqlrows.Each(ctx, d.db, d.rebind(`SELECT run_id, status, error, mean_size, sample_time_ns, reference, target, missed FROM cells WHERE workload = ? AND codec = ? AND op = ? AND goroutines = ?`), func(rows *sql.Rows) error {
			var id string
			c := &result.Cell{Workload: k.Workload, Codec: k.Codec, Op: k.Op, Goroutines: k.Goroutines}
			var sampleTime int64
			if err := rows.Scan(&id, &c.Status, &c.Error, &c.MeanSize, &sampleTime, &c.Reference, &c.Target, &c.Missed); err != nil {
				return err
			}
			c.SampleTime = time.Duration(sampleTime)
			cells[id] = c
			return nil
		}, args...); err != nil {
			return fail(err)
		}
		samples := map[string][]sampleRow{}
		if err := sqlrows.Each(ctx, d.db, d.rebind(`SELECT run_id, seq, iters, ns_per_op, bytes_per_op, allocs_per_op, fork, gc_cycles, gc_cpu_ns FROM samples WHERE workload = ? AND codec = ? AND op = ? AND goroutines = ?`), func(rows *sql.Rows) error {
			var id string
			var sr sampleRow
			var gcCPU int64
			if err := rows.Scan(&id, &sr.seq, &sr.s.Iters, &sr.s.NsPerOp, &sr.s.BytesPerOp, &sr.s.AllocsPerOp, &sr.s.Fork, &sr.s.GCCycles, &gcCPU); err != nil {
				return err
			}
			sr.s.GCCPU = time.Duration(gcCPU)
			samples[id] = append(samples[id], sr)
			return nil
		}, args...); err != nil {
			return fail(err)
		}
		for id, ss := range samples {
			c := cells[id]
			if c == nil {
				return fail(fmt.Errorf("run %s: sample of %v has no cell", id, k))
			}
			slices.SortFunc(ss, func(a, b sampleRow) int { return a.seq - b.seq })
			for _, sr := range ss {
				c.Samples = append(c.Samples, sr.s)
			}
		}
		for id, c := range cells {
			if r := byID[id]; r != nil {
				r.Cells = append(r.Cells, *c)
			}
		}
		wc := [2]string{k.Workload, k.Codec}
		if verified[wc] {
			continue
		}
		verified[wc] = true
		if err := sqlrows.Each(ctx, d.db, d.rebind(`SELECT run_id, `+verificationColumns+` FROM verifications WHERE workload = ? AND codec = ?`), func(rows *sql.Rows) error {
			var id string
			v, err := scanVerification(rows, &id)
			if err != nil {
				return err
			}
			if r := byID[id]; r != nil {
				r.Verifications = append(r.Verifications, v)
			}
			return nil
		}, k.Workload, k.Codec); err != nil {
			return fail(err)
		}
	}
	for _, r := range runs {
		result.LegacyGeneratedTypes(r.Codecs)
		sortRun(r)
	}
	return runs, nil
}
