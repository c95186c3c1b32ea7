package main

import (
	"context"
	"io"
)

const showUsage = `Usage: serbench show [flags] [RUN-ID|latest | --group NAME]

Prints a stored run again, computing its statistics from the stored
samples. Without RUN-ID, or with "latest", the latest run. With --group
NAME, the shards of a sharded run (serbench run --shard I/N --group NAME) merged into one.

Examples:
  serbench show --format csv > run.csv   # the latest run's cells, for a spreadsheet
  serbench show --variants all           # with buffer reuse, unsafe and generated-types rows
`

func cmdShow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("show", showUsage, stderr)
	var out outputFlags
	out.register(fs)
	dbPath := dbFlag(fs, "read")
	group := fs.String("group", "", "show the runs of this group of shards merged into one")
	ids, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := out.check(); err != nil {
		return err
	}
	if len(ids) > 1 {
		return usagef("show takes at most one RUN-ID, got %q", ids)
	}
	if err := firstError(emptyArgs(ids, []string{"RUN-ID"}, "a RUN-ID, or latest (or none: the latest run)"), emptyGroup(fs)); err != nil {
		return err
	}
	if err := checkShowGroup(*group, ids); err != nil {
		return err
	}
	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if *group != "" {
		r, err := db.Group(ctx, *group)
		if err != nil {
			return err
		}
		return out.render(stdout, r)
	}
	id := "" // the latest
	if len(ids) == 1 {
		id = ids[0]
	}
	r, err := loadRun(ctx, db, id)
	if err != nil {
		return err
	}
	return out.render(stdout, r)
}
