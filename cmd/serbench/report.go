package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

const reportUsage = `Usage: serbench report [RUN-ID...] --html FILE [--markdown FILE] [--db DB] [--variants plain|all]
       serbench report --history [--baseline RUN-ID] --html FILE [--markdown FILE] [--db DB]

Writes reports of stored runs (the latest by default) to files:

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
	baseline := fs.String("baseline", "", "the dashboard compares the latest values with run `RUN-ID` (default: the first run)")
	ids, err := parseInterspersed(fs, args)
	if err != nil {
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
	if *history || len(ids) >= dashboardRuns {
		return reportHistory(ctx, db, ids, *baseline, opts.AllVariants, *htmlPath, *mdPath, stdout, stderr)
	}
	if *baseline != "" {
		return usagef("--baseline is for a history dashboard: --history, or at least %d run IDs", dashboardRuns)
	}
	runs, err := reportRuns(ctx, db, *group, ids)
	if err != nil {
		return err
	}

	if *htmlPath != "" {
		var b bytes.Buffer
		// The fidelity matrices stored with the runs (db.go).
		matrices, err := storedMatrices(ctx, db, runs, (*store.DB).Fidelity)
		if err != nil {
			return err
		}
		robust, err := storedMatrices(ctx, db, runs, (*store.DB).Robust)
		if err != nil {
			return err
		}
		interops, err := storedMatrices(ctx, db, runs, (*store.DB).Interop)
		if err != nil {
			return err
		}
		if err := report.HTMLWithMatrices(&b, runs, opts, report.Matrices{Fidelity: matrices, Robust: robust, Interop: interops}); err != nil {
			return err
		}
		if err := writeFile(*htmlPath, b.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%s, %s)\n", *htmlPath, plural(len(runs), "run"), sizeOf(b.Len()))
	}
	if *mdPath != "" {
		base := strings.TrimSuffix(filepath.Base(*mdPath), filepath.Ext(*mdPath))
		var b bytes.Buffer
		charts, err := report.MarkdownFile(&b, runs, opts, base)
		if err != nil {
			return err
		}
		// The robustness matrices stored with the runs, after the runs.
		robust, err := storedMatrices(ctx, db, runs, (*store.DB).Robust)
		if err != nil {
			return err
		}
		// And the interoperability matrices.
		interops, err := storedMatrices(ctx, db, runs, (*store.DB).Interop)
		if err != nil {
			return err
		}
		for _, r := range runs {
			if m := robust[r.ID]; m != nil {
				fmt.Fprintf(&b, "\n## Decoder robustness (run %s)\n\n", r.ID)
				if err := report.RobustMarkdown(&b, m); err != nil {
					return err
				}
			}
			if x := interops[r.ID]; x != nil {
				fmt.Fprintf(&b, "\n## Cross-library interoperability (run %s)\n\n", r.ID)
				if err := report.InteropMarkdown(&b, x); err != nil {
					return err
				}
			}
		}
		dir := filepath.Dir(*mdPath)
		for _, c := range charts {
			if err := writeFile(filepath.Join(dir, report.ChartFile(base, c)), c.SVG); err != nil {
				return err
			}
		}
		if err := writeFile(*mdPath, b.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s and %d charts beside it (%s-*.svg)\n", *mdPath, len(charts), filepath.Join(dir, base))
	}
	return nil
}

// reportRuns reads the runs of a report: the shards of group merged into
// one, or the runs ids names, the latest by default.
func reportRuns(ctx context.Context, db *store.DB, group string, ids []string) ([]*result.Run, error) {
	if group != "" {
		r, err := db.Group(ctx, group)
		if err != nil {
			return nil, err
		}
		return []*result.Run{r}, nil
	}
	if len(ids) == 0 {
		id, err := latestOr(ctx, db, "")
		if err != nil {
			return nil, err
		}
		ids = []string{id}
	}
	var runs []*result.Run
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			return nil, usagef("run %s is named twice", id)
		}
		seen[id] = true
		r, err := db.Run(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("run %q: %w", id, err)
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// dashboardRuns is the number of run IDs from which serbench report writes
// a history dashboard rather than every run's report.
const dashboardRuns = 3

// reportHistory writes the history dashboard of runs ids (every stored
// run when there are none): the page at htmlPath with one page per run in
// the directory beside it (runPagesDir), and the Markdown at mdPath. The
// runs are read one at a time, oldest first, and each is dropped once its
// page is written and the dashboard has its summary, so the memory a
// dashboard takes does not grow with the samples of a thousand runs.
func reportHistory(ctx context.Context, db *store.DB, ids []string, baseline string, allVariants bool, htmlPath, mdPath string, stdout, stderr io.Writer) error {
	infos, err := historyRuns(ctx, db, ids)
	if err != nil {
		return err
	}
	marked := map[string]bool{}
	for _, ri := range infos {
		if ri.Baseline {
			marked[ri.ID] = true
		}
	}
	if baseline == "" {
		// The newest run marked as a baseline (serbench runs --baseline),
		// else the first.
		for _, ri := range infos {
			if ri.Baseline {
				baseline = ri.ID
			}
		}
	} else if !slices.ContainsFunc(infos, func(ri store.RunInfo) bool { return ri.ID == baseline }) {
		return usagef("--baseline %s is not one of the runs of the history", baseline)
	}
	opts := report.DashboardOptions{Baseline: baseline, Marked: marked, AllVariants: allVariants}
	var pages *runPages
	var dir string
	if htmlPath != "" {
		if st, err := os.Stat(filepath.Dir(htmlPath)); err != nil || !st.IsDir() {
			return fmt.Errorf("writing %s: directory %s does not exist", htmlPath, filepath.Dir(htmlPath))
		}
		dir = runPagesDir(htmlPath)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		opts.RunLink = func(id string) string {
			return url.PathEscape(filepath.Base(dir)) + "/" + url.PathEscape(runPageFile(id))
		}
		pages = newRunPages(dir, report.Options{AllVariants: allVariants})
	}
	b := report.NewDashboardBuilder(opts)
	// Runs are read GOMAXPROCS at a time, each with its matrices when it
	// gets a page, and added to the dashboard in order.
	type loaded struct {
		run *result.Run
		mx  report.Matrices
		err error
	}
	load := func(i int) loaded {
		r, err := db.Run(ctx, infos[i].ID)
		if err != nil || pages == nil {
			return loaded{run: r, err: err}
		}
		// The fidelity, robustness and interoperability matrices stored
		// with the run go on its page.
		runs := []*result.Run{r}
		var mx report.Matrices
		if mx.Fidelity, err = storedMatrices(ctx, db, runs, (*store.DB).Fidelity); err == nil {
			if mx.Robust, err = storedMatrices(ctx, db, runs, (*store.DB).Robust); err == nil {
				mx.Interop, err = storedMatrices(ctx, db, runs, (*store.DB).Interop)
			}
		}
		return loaded{run: r, mx: mx, err: err}
	}
	err = inOrder(len(infos), runtime.GOMAXPROCS(0), load, func(i int, l loaded) error {
		ri := infos[i]
		if l.err != nil {
			if len(ids) > 0 || ctx.Err() != nil || l.run != nil {
				return fmt.Errorf("run %q: %w", ri.ID, l.err)
			}
			if ri.ID == baseline {
				return fmt.Errorf("the baseline run %s cannot be read: %w", ri.ID, l.err)
			}
			fmt.Fprintf(stderr, "warning: run %s is left out of the history, it cannot be read: %v\n", ri.ID, l.err)
			return nil
		}
		if err := b.Add(l.run); err != nil {
			return err
		}
		if pages != nil {
			return pages.add(l.run, l.mx)
		}
		return nil
	})
	if err != nil {
		if pages != nil {
			pages.abandon()
		}
		return err
	}
	d, err := b.Dashboard()
	if err != nil {
		if pages != nil {
			pages.abandon()
		}
		return err
	}
	if htmlPath != "" {
		// The runs' own pages first, so that the dashboard's links work
		// once it is written.
		written, kept, removed, err := pages.finish()
		if err != nil {
			return err
		}
		var h bytes.Buffer
		if err := report.DashboardHTML(&h, d); err != nil {
			return err
		}
		if err := writeFile(htmlPath, h.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (history of %s, %s) and a page per run in %s (%d written, %d unchanged", htmlPath, plural(len(d.Runs), "run"), sizeOf(h.Len()), dir, written, kept)
		if removed > 0 {
			fmt.Fprintf(stdout, ", %s of runs no longer in the history removed", plural(removed, "page"))
		}
		fmt.Fprintln(stdout, ")")
	}
	if mdPath != "" {
		var m bytes.Buffer
		if err := report.DashboardMarkdown(&m, d); err != nil {
			return err
		}
		if err := writeFile(mdPath, m.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (history of %s)\n", mdPath, plural(len(d.Runs), "run"))
	}
	return nil
}

// historyRuns returns the runs of a history, oldest first (by start, then
// ID): runs ids, each named once and stored, or every stored run.
func historyRuns(ctx context.Context, db *store.DB, ids []string) ([]store.RunInfo, error) {
	all, err := db.Runs(ctx)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		if len(all) == 0 {
			return nil, fmt.Errorf("no stored runs in %s", db.Name())
		}
	} else {
		byID := map[string]store.RunInfo{}
		for _, ri := range all {
			byID[ri.ID] = ri
		}
		named := map[string]bool{}
		var sel []store.RunInfo
		for _, id := range ids {
			if named[id] {
				return nil, usagef("run %s is named twice", id)
			}
			named[id] = true
			ri, ok := byID[id]
			if !ok {
				// As serbench show names a run that is not there.
				_, err := db.Run(ctx, id)
				if err == nil {
					err = store.ErrNotFound
				}
				return nil, fmt.Errorf("run %q: %w", id, err)
			}
			sel = append(sel, ri)
		}
		all = sel
	}
	slices.SortStableFunc(all, func(a, b store.RunInfo) int {
		if c := a.Start.Compare(b.Start); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return all, nil
}

// inOrder calls load(i) for every i in [0, n), up to workers at once, and
// use(i, v) with the results in the order of i, holding at most 2×workers
// results at a time. It stops at use's first error and returns it.
func inOrder[T any](n, workers int, load func(int) T, use func(int, T) error) error {
	results := make([]chan T, n)
	for i := range results {
		results[i] = make(chan T, 1)
	}
	window := make(chan struct{}, 2*workers)
	indexes := make(chan int)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(indexes)
		for i := range n {
			select {
			case window <- struct{}{}:
			case <-done:
				return
			}
			select {
			case indexes <- i:
			case <-done:
				return
			}
		}
	}()
	for range workers {
		go func() {
			for i := range indexes {
				results[i] <- load(i)
			}
		}()
	}
	for i := range n {
		v := <-results[i]
		<-window
		if err := use(i, v); err != nil {
			return err
		}
	}
	return nil
}

// runPagesDir is the directory of the runs' pages of the dashboard at
// htmlPath: report.html has report-runs beside it.
func runPagesDir(htmlPath string) string {
	return strings.TrimSuffix(htmlPath, filepath.Ext(htmlPath)) + "-runs"
}

// runPageFile is the file name of run id's page: the ID with any
// character but letters, digits, '.', '-' and '_' replaced by '_'.
func runPageFile(id string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, id) + ".html"
}
