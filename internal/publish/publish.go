// Package publish writes serbench's reports of stored runs to files: the
// report of one or a few runs (an HTML page; Markdown with its charts as
// SVG files beside it) and the history dashboard of many runs, with a
// page per run beside it (Dashboard). It reads the store and hands the
// runs to package report, which renders; what a page holds is report's
// business, which runs and files is this package's.
package publish

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// ArgError is an error in what was asked (a run named twice, a baseline
// that is not among the runs): the command reports it as a usage error.
type ArgError struct{ msg string }

func (e *ArgError) Error() string { return e.msg }

func argErrorf(format string, args ...any) error {
	return &ArgError{fmt.Sprintf(format, args...)}
}

// namedOnce returns an *ArgError for the first ID that ids names twice.
func namedOnce(ids []string) error {
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			return argErrorf("run %s is named twice", id)
		}
		seen[id] = true
	}
	return nil
}

// Runs reads the runs of a report: the shards of group merged into one,
// or the runs ids names (each once), the latest run by default.
func Runs(ctx context.Context, db *store.DB, group string, ids []string) ([]*result.Run, error) {
	if group != "" {
		r, err := db.Group(ctx, group)
		if err != nil {
			return nil, err
		}
		return []*result.Run{r}, nil
	}
	if err := namedOnce(ids); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		id, err := db.Latest(ctx)
		if err != nil {
			return nil, err
		}
		ids = []string{id}
	}
	runs := make([]*result.Run, 0, len(ids))
	for _, id := range ids {
		r, err := db.Run(ctx, id)
		if err != nil {
			return nil, runError(id, err)
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// Matrices returns the fidelity, robustness and interoperability matrices
// stored with runs, by run ID; runs without one are left out.
func Matrices(ctx context.Context, db *store.DB, runs []*result.Run) (report.Matrices, error) {
	var mx report.Matrices
	var err error
	if mx.Fidelity, err = stored(ctx, db, runs, (*store.DB).Fidelity); err != nil {
		return mx, err
	}
	if mx.Robust, err = stored(ctx, db, runs, (*store.DB).Robust); err != nil {
		return mx, err
	}
	mx.Interop, err = stored(ctx, db, runs, (*store.DB).Interop)
	return mx, err
}

// stored returns one kind of matrix stored with runs, by run ID, as read
// reads one.
func stored[M any](ctx context.Context, db *store.DB, runs []*result.Run, read func(*store.DB, context.Context, string) (M, error)) (map[string]M, error) {
	out := map[string]M{}
	for _, r := range runs {
		m, err := read(db, ctx, r.ID)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[r.ID] = m
	}
	return out, nil
}

// HTML writes the report of runs, with the matrices stored with them, to
// the file at path, and returns its size.
func HTML(ctx context.Context, db *store.DB, runs []*result.Run, opts report.Options, path string) (int, error) {
	mx, err := Matrices(ctx, db, runs)
	if err != nil {
		return 0, err
	}
	var b bytes.Buffer
	if err := report.HTMLWithMatrices(&b, runs, opts, mx); err != nil {
		return 0, err
	}
	return b.Len(), WriteFile(path, b.Bytes())
}

// Markdown writes the report of runs to the file at path, each run's
// robustness and interoperability matrices after the runs, and its charts
// as SVG files beside it (NAME-person-encode.svg for NAME.md, linked by
// relative paths). It returns the number of charts.
func Markdown(ctx context.Context, db *store.DB, runs []*result.Run, opts report.Options, path string) (int, error) {
	if err := CheckTarget(path); err != nil {
		return 0, err
	}
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	var b bytes.Buffer
	charts, err := report.MarkdownFile(&b, runs, opts, base)
	if err != nil {
		return 0, err
	}
	mx, err := Matrices(ctx, db, runs)
	if err != nil {
		return 0, err
	}
	for _, r := range runs {
		if m := mx.Robust[r.ID]; m != nil {
			fmt.Fprintf(&b, "\n## Decoder robustness (run %s)\n\n", r.ID)
			if err := report.RobustMarkdown(&b, m); err != nil {
				return 0, err
			}
		}
		if x := mx.Interop[r.ID]; x != nil {
			fmt.Fprintf(&b, "\n## Cross-library interoperability (run %s)\n\n", r.ID)
			if err := report.InteropMarkdown(&b, x); err != nil {
				return 0, err
			}
		}
	}
	dir := filepath.Dir(path)
	for _, c := range charts {
		if err := WriteFile(filepath.Join(dir, report.ChartFile(base, c)), c.SVG); err != nil {
			return 0, err
		}
	}
	return len(charts), WriteFile(path, b.Bytes())
}

// runError is err, an error of reading run id, naming the run unless it
// does already (the store's "run "ID" in DB: not found").
func runError(id string, err error) error {
	if strings.Contains(err.Error(), strconv.Quote(id)) {
		return err
	}
	return fmt.Errorf("run %q: %w", id, err)
}
