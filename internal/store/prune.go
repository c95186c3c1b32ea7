package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/sqlrows"
)

// SetBaseline marks run id as a baseline (on) or unmarks it. A baseline is
// a run kept as a reference: Prune never selects it. An ID that is not
// stored is an error wrapping ErrNotFound.
func (d *DB) SetBaseline(ctx context.Context, id string, on bool) error {
	v := 0
	if on {
		v = 1
	}
	var n int64
	err := d.retry(ctx, func() error {
		res, err := d.db.ExecContext(ctx, d.rebind(`UPDATE runs SET baseline = ? WHERE id = ?`), v, id)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return fmt.Errorf("mark run %q in %s: %w", id, d.name, canceled(ctx, err))
	}
	if n == 0 {
		return notFoundError(fmt.Sprintf("mark run %q: no such run in %s", id, d.name))
	}
	return nil
}

// PruneRule says which runs Prune selects. Every rule that is set must
// select a run for it to be selected; at least one must be set.
type PruneRule struct {
	// KeepLast, when positive, selects every run of a set (PruneRun.Set)
	// but the KeepLast latest to start, baselines not counted.
	KeepLast int
	// Before, when not zero, selects the runs that started before it.
	Before time.Time
}

// PruneRun is a run that Prune selects.
type PruneRun struct {
	RunInfo
	// Set names the runs that KeepLast counts together: the machine that
	// measured the run (its cpu, cores and GOMAXPROCS, as history names
	// it), then its group and shard when it has them.
	Set string
}

// Prune returns the runs that rule selects, oldest first: never a
// baseline (SetBaseline), nor a run that a process is measuring (its lock
// held with a fresh heartbeat). It deletes nothing: DeleteRun does.
func (d *DB) Prune(ctx context.Context, rule PruneRule) ([]PruneRun, error) {
	if rule.KeepLast <= 0 && rule.Before.IsZero() {
		return nil, fmt.Errorf("prune: no rule (keep the last N runs, or the runs before a date)")
	}
	runs, err := d.Runs(ctx)
	if err != nil {
		return nil, err
	}
	machines, err := d.machines(ctx)
	if err != nil {
		return nil, fmt.Errorf("prune %s: %w", d.name, canceled(ctx, err))
	}
	sets := map[string][]int{} // indexes into runs, oldest first
	for i, ri := range runs {
		set := setName(machines[ri.ID], ri.Group, ri.Shard)
		sets[set] = append(sets[set], i)
	}
	selected := make([]bool, len(runs))
	setOf := make([]string, len(runs))
	for set, members := range sets {
		kept := 0
		for j := len(members) - 1; j >= 0; j-- {
			i := members[j]
			ri := runs[i]
			setOf[i] = set
			if ri.Baseline || ri.Holder != "" {
				continue
			}
			kept++
			sel := true
			if rule.KeepLast > 0 && kept <= rule.KeepLast {
				sel = false
			}
			if !rule.Before.IsZero() && !ri.Start.Before(rule.Before) {
				sel = false
			}
			selected[i] = sel
		}
	}
	var out []PruneRun
	for i, ri := range runs {
		if selected[i] {
			out = append(out, PruneRun{RunInfo: ri, Set: setOf[i]})
		}
	}
	return out, nil
}

// setName is the name of a set of runs (PruneRun.Set).
func setName(machine, group, shard string) string {
	if machine == "" {
		machine = "unknown machine"
	}
	if group != "" {
		machine += ", group " + group
	}
	if shard != "" {
		machine += ", shard " + shard
	}
	return machine
}

// machineKeys are the environment keys that name the machine of a run,
// each with the format of its value, as history shows them.
var machineKeys = []struct{ key, format string }{
	{"cpu", "%s"}, {"cores", "%s cores"}, {"gomaxprocs", "GOMAXPROCS %s"},
}

// machines returns the machine of every run that records one, by run ID.
func (d *DB) machines(ctx context.Context) (map[string]string, error) {
	values := map[string]map[string]string{}
	var keys []string
	for _, mk := range machineKeys {
		keys = append(keys, "'"+mk.key+"'")
	}
	err := sqlrows.Each(ctx, d.db, `SELECT run_id, key, value FROM run_env WHERE key IN (`+strings.Join(keys, ", ")+`)`, func(rows *sql.Rows) error {
		var id, key, value string
		if err := rows.Scan(&id, &key, &value); err != nil {
			return err
		}
		if values[id] == nil {
			values[id] = map[string]string{}
		}
		values[id][key] = value
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(values))
	for id, kv := range values {
		var parts []string
		for _, mk := range machineKeys {
			if v := kv[mk.key]; v != "" {
				parts = append(parts, fmt.Sprintf(mk.format, v))
			}
		}
		out[id] = strings.Join(parts, " · ")
	}
	return out, nil
}
