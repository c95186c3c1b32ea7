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
"unverified". The run is stored in one transaction: an import that fails
stores nothing. Prints the new run's ID.
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

// storeRun writes the whole of run r into db, marked complete, in one
// transaction: on failure nothing of it is stored.
func storeRun(ctx context.Context, db *store.DB, r *result.Run) error {
	whole := *r
	whole.Complete = true
	return db.SaveRun(ctx, &whole, store.RunMeta{})
}

func countSamples(r *result.Run) int {
	n := 0
	for _, c := range r.Cells {
		n += len(c.Samples)
	}
	return n
}
