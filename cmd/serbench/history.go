package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/report"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/store"
)

const compareUsage = `Usage: serbench compare [--db DB] A B

Compares two runs cell by cell as benchstat does: the medians of A (old)
and B (new) with their 95% confidence intervals, the change, "~" when the
Mann-Whitney U test finds no significant difference (p > 0.05), the
p-value and sample counts, and the geometric mean of the changes.
A and B are run IDs in the database or files in Go benchmark format
(serbench run --format gobench, or go test -bench output).

Flags:
`

func cmdCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("compare", compareUsage, stderr)
	dbPath := fs.String("db", defaultDB, "database holding the runs")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usagef("compare takes two runs (run IDs or Go benchmark files), got %d arguments", fs.NArg())
	}
	var db *store.DB
	load := func(ref string) (*result.Run, error) {
		if st, err := os.Stat(ref); err == nil && st.Mode().IsRegular() {
			return readBenchFile(ref)
		}
		if db == nil {
			var err error
			if db, err = openExisting(ctx, *dbPath); err != nil {
				return nil, fmt.Errorf("%q is not a file, and %w", ref, err)
			}
		}
		r, err := db.Run(ctx, ref)
		if err != nil {
			return nil, fmt.Errorf("%q is neither a file nor a run in %s: %w", ref, db.Name(), err)
		}
		return r, nil
	}
	defer func() {
		if db != nil {
			db.Close()
		}
	}()
	a, err := load(fs.Arg(0))
	if err != nil {
		return err
	}
	b, err := load(fs.Arg(1))
	if err != nil {
		return err
	}
	return report.CompareTable(stdout, report.Compare(fs.Arg(0), a, fs.Arg(1), b))
}

// readBenchFile reads a Go benchmark file into a run named after it.
func readBenchFile(path string) (*result.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := result.ReadGoBench(f, filepath.Base(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st, err := f.Stat(); err == nil {
		r.Start, r.End = st.ModTime(), st.ModTime()
	}
	return r, nil
}

const historyUsage = `Usage: serbench history [--db DB] [--workload RE] [--codec RE] [--op RE]

For each stored cell (workload, codec, operation) the series of its results
across runs, oldest first, with the codec's library version, the Go version
and the machine of each run. A run that is significantly slower than the
previous run on the same machine (Mann-Whitney U test, p <= 0.05) is
flagged REGRESSION.

Flags:
`

func cmdHistory(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("history", historyUsage, stderr)
	dbPath := fs.String("db", defaultDB, "database holding the runs")
	var f report.HistoryFilter
	fs.StringVar(&f.Workload, "workload", "", "regular expression selecting workloads")
	fs.StringVar(&f.Codec, "codec", "", "regular expression selecting codecs")
	fs.StringVar(&f.Op, "op", "", "regular expression selecting operations (encode, decode, access, zstd)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("history takes no arguments, got %q", fs.Args())
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

// loadRuns reads every run of db.
func loadRuns(ctx context.Context, db *store.DB) ([]*result.Run, error) {
	infos, err := db.Runs(ctx)
	if err != nil {
		return nil, err
	}
	runs := make([]*result.Run, 0, len(infos))
	for _, ri := range infos {
		r, err := db.Run(ctx, ri.ID)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

const importUsage = `Usage: serbench import [--db DB] FILE

Stores the results of a file in Go benchmark format (plain go test -bench
output, serbench's own BenchmarkEncode/Decode, or serbench run --format
gobench) as a new run, with the file's configuration lines (goos, cpu, pkg,
...) as its environment. Results serbench did not verify are marked
"unverified". Prints the new run's ID.

Flags:
`

func cmdImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("import", importUsage, stderr)
	dbPath := fs.String("db", defaultDB, "database to store the run in")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("import takes one FILE, got %d arguments", fs.NArg())
	}
	path := fs.Arg(0)
	r, err := readBenchFile(path)
	if err != nil {
		return err
	}
	r.ID = runner.NewRunID(time.Now())
	r.Command = "serbench import " + filepath.Base(path)
	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := storeRun(ctx, db, r); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "imported %s: %d cells, %d samples, as run %s\n", path, len(r.Cells), countSamples(r), r.ID)
	return nil
}

// storeRun writes a whole run into db.
func storeRun(ctx context.Context, db *store.DB, r *result.Run) error {
	w, err := db.BeginRun(ctx, r, store.RunMeta{})
	if err != nil {
		return err
	}
	for _, v := range r.Verifications {
		if err := w.Verification(v); err != nil {
			return err
		}
	}
	for _, c := range r.Cells {
		if err := w.Sample(c); err != nil {
			return err
		}
		if err := w.CellDone(c); err != nil {
			return err
		}
	}
	for _, m := range r.Warnings {
		if err := w.Warning(m); err != nil {
			return err
		}
	}
	return w.Finish(r.End, true)
}

func countSamples(r *result.Run) int {
	n := 0
	for _, c := range r.Cells {
		n += len(c.Samples)
	}
	return n
}
