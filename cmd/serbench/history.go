package main

import (
	"context"
	"io"

	"github.com/serbench/serbench/internal/report"
)

const historyUsage = `Usage: serbench history [--db DB] [--workload RE] [--codec RE] [--op RE]

For each stored cell (workload, codec, operation) the series of its results
across runs, oldest first, with the codec's library version, the Go version
and the machine of each run. A run that is significantly slower than the
previous run on the same machine (Mann-Whitney U test, p <= 0.05) is
flagged REGRESSION.

Examples:
  serbench history --workload person --codec '^json$' --op decode
`

func cmdHistory(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("history", historyUsage, "read", stderr)
	var f report.HistoryFilter
	fs.StringVar(&f.Workload, "workload", "", "regular expression selecting workloads")
	fs.StringVar(&f.Codec, "codec", "", "regular expression selecting codecs")
	fs.StringVar(&f.Op, "op", "", "regular expression selecting operations (encode, decode, access, zstd)")
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
	runs, err := loadRuns(ctx, db)
	if err != nil {
		return err
	}
	series, err := report.History(runs, f)
	if err != nil {
		return err
	}
	return report.HistoryTable(stdout, series)
}
