package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
)

const pruneUsage = `Usage: serbench prune [--keep-last N] [--before DATE] [--dry-run] [--db DB]

Deletes old runs from the database, each with everything stored with it
(as serbench runs --delete does), to keep a team database small.

  --keep-last N   keeps the N latest runs of each set of comparable runs:
                  the runs of one machine (its CPU, cores and GOMAXPROCS,
                  as history names it), of one group and shard apart
                  (serbench run --shard I/N --group NAME)
  --before DATE   deletes only runs started before DATE (2006-01-02, UTC,
                  or an RFC 3339 time)

Given both, a run goes when both select it: older than DATE and not
among the N latest of its set. A baseline (serbench runs --baseline
RUN-ID) is never deleted, nor counted among the N; nor is a run that a
process is measuring. --dry-run lists what would go and deletes nothing.
`

func cmdPrune(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("prune", pruneUsage, "delete runs from", stderr)
	keep := fs.Int("keep-last", 0, "keep the `N` latest runs of each machine (and group/shard), baselines besides")
	before := fs.String("before", "", "delete only the runs started before `DATE` (2006-01-02, UTC, or RFC 3339)")
	dry := fs.Bool("dry-run", false, "list the runs that would be deleted, and delete nothing")
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	var rule store.PruneRule
	if isSet(fs, "keep-last") {
		if *keep < 1 {
			return usagef("--keep-last %d: want 1 or more", *keep)
		}
		rule.KeepLast = *keep
	}
	if *before != "" {
		t, err := parseDate(*before)
		if err != nil {
			return usagef("--before %q: want a date (2006-01-02) or an RFC 3339 time", *before)
		}
		rule.Before = t
	}
	if rule.KeepLast == 0 && rule.Before.IsZero() {
		return usagef("prune needs --keep-last N or --before DATE (or both)")
	}
	open := openExistingToWrite
	if *dry {
		open = openExisting
	}
	db, err := open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	sel, err := db.Prune(ctx, rule)
	if err != nil {
		return err
	}
	if len(sel) == 0 {
		fmt.Fprintf(stdout, "no run to delete from %s\n", db.Name())
		return nil
	}
	if *dry {
		fmt.Fprintf(stdout, "would delete %s from %s:\n", plural(len(sel), "run"), db.Name())
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "RUN\tSTART (UTC)\tSTATE\tSET\n")
		for _, p := range sel {
			state := "complete"
			if !p.Complete {
				state = "incomplete"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.ID, p.Start.UTC().Format("2006-01-02 15:04:05"), state, p.Set)
		}
		return tw.Flush()
	}
	var failed []string
	for _, p := range sel {
		deleted, err := db.DeleteRun(ctx, p.ID, false, runner.HolderAlive)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			if !errors.Is(err, store.ErrLocked) && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			// Started being measured, or deleted, since it was selected.
			fmt.Fprintf(stderr, "warning: %v\n", err)
			failed = append(failed, p.ID)
			continue
		}
		fmt.Fprintf(stdout, "deleted run %s (%s): %s\n", p.ID, p.Set, strings.Join(store.DeletedWords(deleted, false), ", "))
	}
	fmt.Fprintf(stdout, "deleted %s from %s\n", plural(len(sel)-len(failed), "run"), db.Name())
	if len(failed) > 0 {
		return fmt.Errorf("%s not deleted: %s", plural(len(failed), "run"), strings.Join(failed, ", "))
	}
	return nil
}

// parseDate parses a date (2006-01-02, midnight UTC) or an RFC 3339 time.
func parseDate(s string) (time.Time, error) {
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	return time.Parse(time.RFC3339, s)
}
