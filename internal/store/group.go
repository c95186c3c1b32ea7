package store

import (
	"context"
	"fmt"

	"github.com/serbench/serbench/result"
)

// Group reads the runs of the group called name (serbench run --shard I/N
// --group NAME, one run per shard, all in this database) and merges them
// into one run: result.PlanGroup chooses the run of each shard (its latest
// complete one), result.MergeGroup merges them (see there for how). A
// group with no run is ErrNotFound.
func (d *DB) Group(ctx context.Context, name string) (*result.Run, error) {
	all, err := d.Runs(ctx)
	if err != nil {
		return nil, err
	}
	var members []result.GroupMember
	for _, ri := range all {
		if ri.Group == name {
			members = append(members, result.GroupMember{ID: ri.ID, Shard: ri.Shard, Complete: ri.Complete})
		}
	}
	if len(members) == 0 {
		return nil, notFoundError(fmt.Sprintf("no run of group %q in %s", name, d.name))
	}
	picks, complete, warnings, err := result.PlanGroup(name, d.name, members)
	if err != nil {
		return nil, err
	}
	shards := make([]result.ShardRun, 0, len(picks))
	for _, p := range picks {
		r, err := d.Run(ctx, p.ID)
		if err != nil {
			return nil, err
		}
		shards = append(shards, result.ShardRun{Label: p.Shard, Run: r})
	}
	g, err := result.MergeGroup(name, d.name, shards, complete, warnings)
	if err != nil {
		return nil, err
	}
	sortRun(g)
	return g, nil
}
