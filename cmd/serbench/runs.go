package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

const runsUsage = `Usage: serbench runs [flags]

Lists the runs stored in the database, oldest first.
`

func cmdRuns(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("runs", runsUsage, "read", stderr)
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
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
	for _, ri := range runs {
		state, dur := "complete", "-"
		if !ri.Complete {
			state = "incomplete"
		}
		if !ri.End.IsZero() {
			dur = ri.End.Sub(ri.Start).Round(time.Second).String()
		}
		group := "-"
		if ri.Group != "" {
			group = ri.Group + " " + ri.Shard
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ri.ID, ri.Start.UTC().Format("2006-01-02 15:04:05"), dur, state, group, ri.Command)
	}
	return tw.Flush()
}
