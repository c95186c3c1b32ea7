package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/result"
)

const historyUsage = `Usage: serbench history [--db DB] [--workload RE] [--codec RE] [--op RE]

For each stored cell (workload, codec, operation) the series of its results
across runs, oldest first, with the codec's library version, the Go version
and the machine of each run, and the change from the previous run on the
same machine (tested as serbench compare tests it), which is not flagged:
one noisy run makes it significant, and the next run looks like a
recovery.

What is flagged is a level change: the first run from which the cell stayed
slower (REGRESSION) or faster, found over the medians of the runs of each
machine (binary segmentation with a rank statistic tested by permutation,
p <= 0.02: see the documentation of internal/trend). Its size is the ratio
of the medians of the runs after and before it, with a 95% bootstrap
interval over runs, and the library, Go or serbench versions and the
settings that change the numbers (sample time, forks, workload options,
values, seed, ...) that changed at that run are named. A change is seen
once 4 runs have been measured at the new level; a machine with fewer
than 10 runs shows none.

An incomplete run (interrupted or failed) is shown, marked, but compared
with no other unless --include-incomplete is given.
A run that cannot be read (a damaged row or page) is left out, with a
warning that names it and says why.

Patterns are regular expressions matched anywhere in the name, as
go test -bench does: --codec json selects every codec whose name holds
json (json, goccy-json, jsoniter, ...), --codec '^json$' encoding/json
alone. When a pattern selects several codecs, history says which.

Examples:
  serbench history --workload person --codec '^json$' --op decode
  serbench history --workload '^person$' --codec 'json' --op encode
`

func cmdHistory(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("history", historyUsage, "read", stderr)
	var f report.HistoryFilter
	fs.StringVar(&f.Workload, "workload", "", "regular expression selecting workloads")
	fs.StringVar(&f.Codec, "codec", "", "regular expression selecting codecs")
	fs.StringVar(&f.Op, "op", "", "regular expression selecting operations (encode, decode, access, zstd)")
	fs.BoolVar(&f.IncludeIncomplete, "include-incomplete", false, "compare the cells of interrupted or failed runs too (they are shown, marked, but not compared by default)")
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	hb, err := report.NewHistoryBuilder(f)
	if err != nil {
		return usageError{err}
	}
	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	// Read only the selected cells of every run, through the store's
	// per-cell indexes; if a row cannot be read, read the runs one by one
	// instead, which names the damaged run and leaves it out.
	// stored are the cells stored, each once, to say which names there
	// are when the patterns select none.
	var stored []result.Key
	runs, err := db.RunsWithCells(ctx, func(k result.Key) bool {
		stored = append(stored, k)
		return hb.Selects(k)
	})
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		runs, err = loadRuns(ctx, db, func(id string, err error) {
			fmt.Fprintf(stderr, "warning: run %s is left out of the history, it cannot be read: %v\n", id, err)
		})
		if err != nil {
			return err
		}
		stored = nil
		for _, r := range runs {
			for i := range r.Cells {
				stored = append(stored, r.Cells[i].Key())
			}
		}
	}
	if err := selectsStored(f, hb, stored, db.Name()); err != nil {
		return err
	}
	for _, r := range report.SortRuns(runs) {
		if err := hb.Add(r); err != nil {
			return err
		}
	}
	series := hb.Series()
	report.DetectChanges(series, f.IncludeIncomplete)
	if f.Codec != "" {
		if names := seriesCodecs(series); len(names) > 1 {
			fmt.Fprintf(stderr, "--codec %q selects %d codecs: %s (match one with '^NAME$')\n", f.Codec, len(names), strings.Join(names, ", "))
		}
	}
	return report.HistoryTable(stdout, series)
}

// seriesCodecs lists the codecs of series, each once, in order.
func seriesCodecs(series []*report.Series) []string {
	var names []string
	seen := map[string]bool{}
	for _, s := range series {
		if !seen[s.Key.Codec] {
			seen[s.Key.Codec] = true
			names = append(names, s.Key.Codec)
		}
	}
	return names
}
