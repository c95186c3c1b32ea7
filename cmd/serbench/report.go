package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/serbench/serbench/internal/publish"
	"github.com/serbench/serbench/internal/report"
)

const reportUsage = `Usage: serbench report [RUN-ID|latest...] --html FILE [--markdown FILE] [--db DB] [--variants plain|all]
       serbench report --history [--baseline RUN-ID|latest] --html FILE [--markdown FILE] [--db DB]

Writes reports of stored runs (the latest by default; a RUN-ID, and the
run of --baseline, may be latest: the run that started last) to files:

  --html FILE      one self-contained HTML page that works offline: per
                   workload charts (encode and decode times with 95%
                   confidence intervals, encoded size, size versus speed,
                   compressed sizes) and sortable tables, with the date and
                   environment of each run. A checkbox shows the variant
                   codecs (buffer reuse, unsafe strings, conversion).
  --markdown FILE  compact Markdown tables for a README, with the charts
                   written as SVG files beside FILE (FILE-person-encode.svg,
                   ...) and linked by relative paths.

With --group NAME it reports the shards of a sharded run merged into one
(as serbench show --group NAME). With two run IDs the report has each run's
tables and environment, and charts of every codec's times across those
runs. At least one of --html and --markdown is required.

History dashboard: with --history (every stored run) or three or more run
IDs, the report is a dashboard of the history instead of the runs' reports
one after another. Per workload and operation it has a trend chart of every
codec across the runs (oldest first, dates on the axis, each median's 95%
interval as a band; past 100 runs a point stands for an equal slice of
them), and a table of each codec's latest median with its version and its
change since the baseline run (--baseline RUN-ID; by default the newest
run marked with serbench runs --baseline, else the first run), ~ when not
significant (p > 0.05, as serbench compare tests it), then the runs where
something changed and the list of runs. It shows plain codecs (--variants
all: the variants too). Each run's full report is one link away: --html
FILE writes the dashboard to FILE and one page per run into the directory
FILE-runs beside it (report.html: report-runs/ID.html), so the dashboard
stays small (4 MiB for 1,000 runs of the default suite). A page already
there is kept when it would be written the same (same run, matrices and
serbench binary), so writing the dashboard again after one more run writes
one page; pages of runs no longer in the history are removed. --markdown
FILE writes the dashboard's tables and changes as text, with no charts.

Examples:
  serbench report --html report.html --markdown RESULTS.md --variants all
  serbench report --history --html history.html
`

func cmdReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("report", reportUsage, "read", stderr)
	htmlPath := fs.String("html", "", "write the HTML report to this `FILE`")
	mdPath := fs.String("markdown", "", "write the Markdown report to this `FILE`, and its charts beside it")
	variants := fs.String("variants", "plain", "codec variants to show: plain, or all (HTML: whether the variants checkbox starts checked)")
	group := fs.String("group", "", "report the runs of the sharded group `NAME` (serbench run --shard I/N --group NAME) merged into one")
	history := fs.Bool("history", false, "a history dashboard of every stored run (also with three or more run IDs)")
	baseline := fs.String("baseline", "", "the dashboard compares the latest values with run `RUN-ID`, or latest: the run that started last (default: the first run)")
	ids, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := firstError(emptyArgs(ids, []string{"RUN-ID"}, "a RUN-ID, or latest"), emptyGroup(fs), emptyRefs(fs, "baseline")); err != nil {
		return err
	}
	if *htmlPath == "" && *mdPath == "" {
		return usagef("report needs --html FILE or --markdown FILE (or both)")
	}
	if *variants != "plain" && *variants != "all" {
		return usagef("--variants %q: want plain or all", *variants)
	}
	if *htmlPath != "" && *htmlPath == *mdPath {
		return usagef("--html and --markdown name the same file %s", *htmlPath)
	}
	opts := report.Options{AllVariants: *variants == "all"}
	// A path that cannot be written (a directory, a missing directory)
	// is refused before any work, so that the other file is not written
	// either.
	for _, path := range []string{*htmlPath, *mdPath} {
		if path != "" {
			if err := publish.CheckTarget(path); err != nil {
				return err
			}
		}
	}

	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if *group != "" && len(ids) > 0 {
		return usagef("--group reports one merged group: give no run IDs with it")
	}
	if *history && (*group != "" || len(ids) > 0) {
		return usagef("--history is every stored run: give no run IDs or --group with it")
	}
	if ids, err = resolveRuns(ctx, db, "report", ids); err != nil {
		return err
	}
	if *history || len(ids) >= dashboardRuns {
		base, err := resolveBaseline(ctx, db, *baseline, ids)
		if err != nil {
			return err
		}
		return reportHistory(ctx, db, publish.DashboardOptions{IDs: ids, Baseline: base, AllVariants: opts.AllVariants, HTML: *htmlPath, Markdown: *mdPath,
			Warn: func(id string, err error) {
				fmt.Fprintf(stderr, "warning: run %s is left out of the history, it cannot be read: %v\n", id, err)
			}}, stdout)
	}
	if *baseline != "" {
		return usagef("--baseline is for a history dashboard: --history, or at least %d run IDs", dashboardRuns)
	}
	runs, err := publish.Runs(ctx, db, *group, ids)
	if err != nil {
		return publishError(err)
	}
	if *htmlPath != "" {
		size, err := publish.HTML(ctx, db, runs, opts, *htmlPath)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%s, %s)\n", *htmlPath, plural(len(runs), "run"), sizeOf(size))
	}
	if *mdPath != "" {
		charts, err := publish.Markdown(ctx, db, runs, opts, *mdPath)
		if err != nil {
			return err
		}
		base := filepath.Join(filepath.Dir(*mdPath), strings.TrimSuffix(filepath.Base(*mdPath), filepath.Ext(*mdPath)))
		fmt.Fprintf(stdout, "wrote %s and %d charts beside it (%s-*.svg)\n", *mdPath, charts, base)
	}
	return nil
}

// publishError is err, a usage error when it is an error in what was
// asked (publish.ArgError).
func publishError(err error) error {
	if ae := (*publish.ArgError)(nil); errors.As(err, &ae) {
		return usageError{err}
	}
	return err
}
