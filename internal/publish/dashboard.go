package publish

import (
	"bytes"
	"context"
	"fmt"
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

// DashboardOptions say which runs a dashboard shows and where it goes.
type DashboardOptions struct {
	// IDs are the runs of the history; empty: every stored run, leaving
	// out (with a warning) a run that cannot be read.
	IDs []string
	// Baseline is the run the latest values are compared with; empty:
	// the newest run marked with serbench runs --baseline, else the
	// first run.
	Baseline string
	// AllVariants shows the variant codecs too.
	AllVariants bool
	// HTML is the path of the dashboard page ("": none); each run's page
	// goes into the directory PagesDir(HTML) beside it. Markdown is the
	// path of the dashboard as Markdown ("": none).
	HTML, Markdown string
	// Warn reports a run left out of the history (nil: not reported).
	Warn func(runID string, err error)
}

// DashboardResult says what Dashboard wrote.
type DashboardResult struct {
	// Runs is the number of runs of the history; HTMLSize the size of the
	// dashboard page.
	Runs, HTMLSize int
	// PagesDir is the directory of the runs' pages; Pages says how many
	// were written, kept and removed.
	PagesDir string
	Pages    PagesResult
}

// Dashboard writes the history dashboard of a store's runs (see
// report.BuildDashboard for what it shows): the page at o.HTML, with one
// page per run in PagesDir(o.HTML), and the Markdown at o.Markdown. The
// runs are read GOMAXPROCS at a time, oldest first, and each is dropped
// once its page is written and the dashboard has its summary, so that a
// history of a thousand runs is never held whole. Errors in what o asks
// are *ArgError.
func Dashboard(ctx context.Context, db *store.DB, o DashboardOptions) (*DashboardResult, error) {
	infos, err := historyRuns(ctx, db, o.IDs)
	if err != nil {
		return nil, err
	}
	// The baseline by default: the newest run marked as one, else the
	// first (report.DashboardBuilder's default).
	marked, newestMarked := map[string]bool{}, ""
	for _, ri := range infos {
		if ri.Baseline {
			marked[ri.ID], newestMarked = true, ri.ID
		}
	}
	baseline := o.Baseline
	if baseline == "" {
		baseline = newestMarked
	} else if !slices.ContainsFunc(infos, func(ri store.RunInfo) bool { return ri.ID == baseline }) {
		return nil, argErrorf("--baseline %s is not one of the runs of the history", baseline)
	}
	opts := report.DashboardOptions{Baseline: baseline, Marked: marked, AllVariants: o.AllVariants}
	res := &DashboardResult{}
	var pages *runPages
	for _, path := range []string{o.HTML, o.Markdown} {
		if path == "" {
			continue
		}
		if err := CheckTarget(path); err != nil {
			return nil, err
		}
	}
	if o.HTML != "" {
		res.PagesDir = PagesDir(o.HTML)
		if err := os.MkdirAll(res.PagesDir, 0o755); err != nil {
			return nil, err
		}
		opts.RunLink = func(id string) string {
			return url.PathEscape(filepath.Base(res.PagesDir)) + "/" + url.PathEscape(PageFile(id))
		}
		pages = newRunPages(res.PagesDir, report.Options{AllVariants: o.AllVariants})
	}
	b := report.NewDashboardBuilder(opts)
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
		// The matrices stored with the run go on its page.
		mx, err := Matrices(ctx, db, []*result.Run{r})
		return loaded{run: r, mx: mx, err: err}
	}
	err = inOrder(len(infos), runtime.GOMAXPROCS(0), load, func(i int, l loaded) error {
		ri := infos[i]
		if l.err != nil {
			if len(o.IDs) > 0 || ctx.Err() != nil || l.run != nil {
				return fmt.Errorf("run %q: %w", ri.ID, l.err)
			}
			if ri.ID == baseline {
				return fmt.Errorf("the baseline run %s cannot be read: %w", ri.ID, l.err)
			}
			if o.Warn != nil {
				o.Warn(ri.ID, l.err)
			}
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
	var d *report.Dashboard
	if err == nil {
		d, err = b.Dashboard()
	}
	if err != nil {
		if pages != nil {
			pages.abandon()
		}
		return nil, err
	}
	res.Runs = len(d.Runs)
	if o.HTML != "" {
		// The runs' own pages first, so that the dashboard's links work
		// once it is written.
		if res.Pages, err = pages.finish(); err != nil {
			return nil, err
		}
		var h bytes.Buffer
		if err := report.DashboardHTML(&h, d); err != nil {
			return nil, err
		}
		if err := WriteFile(o.HTML, h.Bytes()); err != nil {
			return nil, err
		}
		res.HTMLSize = h.Len()
	}
	if o.Markdown != "" {
		var m bytes.Buffer
		if err := report.DashboardMarkdown(&m, d); err != nil {
			return nil, err
		}
		if err := WriteFile(o.Markdown, m.Bytes()); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// historyRuns returns the runs of a history, oldest first (by start, then
// ID, as the store lists them): runs ids, each named once and stored, or
// every stored run.
func historyRuns(ctx context.Context, db *store.DB, ids []string) ([]store.RunInfo, error) {
	if err := namedOnce(ids); err != nil {
		return nil, err
	}
	all, err := db.Runs(ctx)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		if len(all) == 0 {
			return nil, fmt.Errorf("no stored runs in %s", db.Name())
		}
		return all, nil
	}
	named := map[string]bool{}
	for _, id := range ids {
		named[id] = true
	}
	var sel []store.RunInfo
	for _, ri := range all {
		if named[ri.ID] {
			sel = append(sel, ri)
			delete(named, ri.ID)
		}
	}
	for _, id := range ids {
		if named[id] {
			// As serbench show names a run that is not there.
			if _, err := db.Run(ctx, id); err != nil {
				return nil, runError(id, err)
			}
			return nil, fmt.Errorf("run %q: %w", id, store.ErrNotFound)
		}
	}
	return sel, nil
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

// PagesDir is the directory of the runs' pages of the dashboard at
// htmlPath: report.html has report-runs beside it.
func PagesDir(htmlPath string) string {
	return strings.TrimSuffix(htmlPath, filepath.Ext(htmlPath)) + "-runs"
}

// PageFile is the file name of run id's page: the ID with any character
// but letters, digits, '.', '-' and '_' replaced by '_'.
func PageFile(id string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, id) + ".html"
}
