package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

const reportUsage = `Usage: serbench report [RUN-ID...] --html FILE [--markdown FILE] [--db DB] [--variants plain|all]

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
(as serbench show --group NAME). With several run IDs the report has each run's tables and environment, and
charts of every codec's times across those runs. At least one of --html
and --markdown is required.

Examples:
  serbench report --html report.html --markdown RESULTS.md --variants all
`

func cmdReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("report", reportUsage, "read", stderr)
	htmlPath := fs.String("html", "", "write the HTML report to this `FILE`")
	mdPath := fs.String("markdown", "", "write the Markdown report to this `FILE`, and its charts beside it")
	variants := fs.String("variants", "plain", "codec variants to show: plain, or all (HTML: whether the variants checkbox starts checked)")
	group := fs.String("group", "", "report the runs of the sharded group `NAME` (serbench run --shard I/N --group NAME) merged into one")
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
