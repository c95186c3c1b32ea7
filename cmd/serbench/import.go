package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

const importUsage = `Usage: serbench import [--db DB] FILE

Stores the results of a file in Go benchmark format (plain go test -bench
output, serbench's own BenchmarkEncode/Decode, or serbench run --format
gobench) as a new run, with the file's configuration lines (goos, cpu, pkg,
...) as its environment. Results serbench did not verify are marked
"unverified". Prints the new run's ID.
`

func cmdImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("import", importUsage, "store the run in", stderr)
	files, err := parseArgs(fs, args, 1, "one FILE")
	if err != nil {
		return err
	}
	path := files[0]
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
