package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/report"
)

const historyUsage = `Usage: serbench history [--db DB] [--workload RE] [--codec RE] [--op RE]

For each stored cell (workload, codec, operation) the series of its results
across runs, oldest first, with the codec's library version, the Go version
and the machine of each run. A run that is significantly slower than the
previous run on the same machine (Mann-Whitney U test, p <= 0.05) is
flagged REGRESSION. An incomplete run (interrupted or failed) is shown,
marked, but compared with no other unless --include-incomplete is given.
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
	if _, err := report.History(nil, f); err != nil {
		return usageError{err}
	}
	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	runs, err := loadRuns(ctx, db, func(id string, err error) {
		fmt.Fprintf(stderr, "warning: run %s is left out of the history, it cannot be read: %v\n", id, err)
	})
	if err != nil {
		return err
	}
	series, err := report.History(runs, f)
	if err != nil {
		return err
	}
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
