package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
)

const runsUsage = `Usage: serbench runs [--db DB]
       serbench runs --delete RUN-ID|latest [--force] [--db DB]
       serbench runs --baseline RUN-ID|latest | --no-baseline RUN-ID|latest [--db DB]

Lists the runs stored in the database, oldest first. STATE is complete;
running when a serbench process is measuring the run (it holds the run's
lock and keeps it alive); or abandoned when the run is incomplete and no
process measures it: it was interrupted, killed or failed, and
serbench run --resume RUN-ID finishes it.

--delete removes a run and everything stored with it (samples, cells,
verifications, warnings, fidelity matrix, lock) in one transaction, and
says what it removed. A running run is refused unless --force is given.

--baseline marks a run as a baseline, a reference that serbench prune
never deletes (its STATE says baseline); --no-baseline unmarks it.

For each, RUN-ID may be latest: the run that started last, which the
output names by its ID.
`

func cmdRuns(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("runs", runsUsage, "read (or delete a run from)", stderr)
	del := fs.String("delete", "", "remove the run with this ID (or latest) and everything stored with it")
	force := fs.Bool("force", false, "with --delete: remove the run even if a process is measuring it")
	mark := fs.String("baseline", "", "mark the run with this ID (or latest) as a baseline, which serbench prune never deletes")
	unmark := fs.String("no-baseline", "", "unmark the run with this ID (or latest) as a baseline")
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	if err := emptyRefs(fs, "delete", "baseline", "no-baseline"); err != nil {
		return err
	}
	if *mark != "" || *unmark != "" {
		if *del != "" || *force || *mark != "" && *unmark != "" {
			return usagef("--baseline and --no-baseline go alone (with --db)")
		}
		return setBaseline(ctx, *dbPath, *mark, *unmark, stdout)
	}
	if *del != "" {
		return deleteRun(ctx, *dbPath, *del, *force, stdout)
	}
	if *force {
		return usagef("--force goes with --delete RUN-ID")
	}
	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	runs, err := db.Runs(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "RUN\tSTART (UTC)\tDURATION\tSTATE\tGROUP\tCOMMAND\n")
	var running []store.RunInfo
	abandoned := 0
	for _, ri := range runs {
		state, dur := "complete", "-"
		switch {
		case ri.Complete:
		case ri.Holder != "" && runner.HolderAlive(ri.Holder):
			state = "running"
			running = append(running, ri)
		default:
			state = "abandoned"
			abandoned++
		}
		if !ri.End.IsZero() {
			dur = ri.End.Sub(ri.Start).Round(time.Second).String()
		}
		if ri.Baseline {
			state += ", baseline"
		}
		group := "-"
		if ri.Group != "" {
			group = ri.Group + " " + ri.Shard
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ri.ID, ri.Start.UTC().Format("2006-01-02 15:04:05"), dur, state, group, ri.Command)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, ri := range running {
		fmt.Fprintf(stderr, "run %s is being measured by %s (its last heartbeat %s ago)\n",
			ri.ID, ri.Holder, max(time.Since(ri.Heartbeat), 0).Round(time.Second))
	}
	if abandoned > 0 {
		fmt.Fprintf(stderr, "abandoned: incomplete, and no process measures it (interrupted, killed or failed); serbench run --resume RUN-ID finishes such a run, serbench runs --delete RUN-ID removes it\n")
	}
	return nil
}
