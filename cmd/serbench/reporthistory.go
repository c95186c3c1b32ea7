package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/serbench/serbench/internal/publish"
	"github.com/serbench/serbench/internal/store"
)

// dashboardRuns is the number of run IDs from which serbench report writes
// a history dashboard rather than every run's report.
const dashboardRuns = 3

// reportHistory writes the history dashboard (package publish) and says
// what it wrote.
func reportHistory(ctx context.Context, db *store.DB, o publish.DashboardOptions, stdout io.Writer) error {
	res, err := publish.Dashboard(ctx, db, o)
	if err != nil {
		return publishError(err)
	}
	if o.HTML != "" {
		p := res.Pages
		fmt.Fprintf(stdout, "wrote %s (history of %s, %s) and a page per run in %s (%d written, %d unchanged", o.HTML, plural(res.Runs, "run"), sizeOf(res.HTMLSize), res.PagesDir, p.Written, p.Kept)
		if p.Removed > 0 {
			fmt.Fprintf(stdout, ", %s of runs no longer in the history removed", plural(p.Removed, "page"))
		}
		fmt.Fprintln(stdout, ")")
	}
	if o.Markdown != "" {
		fmt.Fprintf(stdout, "wrote %s (history of %s)\n", o.Markdown, plural(res.Runs, "run"))
	}
	return nil
}

// resolveBaseline returns the run ID that ref, the value of report
// --baseline, stands for (resolveRun): "" for none; for latest, the run
// that started last, which must be one of the runs of the history, ids
// (every stored run when there are none), or the error says which run
// latest was.
func resolveBaseline(ctx context.Context, db *store.DB, ref string, ids []string) (string, error) {
	if ref == "" {
		return "", nil
	}
	id, note, err := resolveRun(ctx, db, "--baseline", ref)
	if err == nil && note != "" && len(ids) > 0 && !slices.Contains(ids, id) {
		err = usagef("--baseline latest is run %s, the run that started last, which is not one of the runs of the history (%s)", id, strings.Join(ids, ", "))
	}
	return id, err
}
