package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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
stores nothing. Prints the new run's ID. Results imported already (the
same file, or a copy of it) are refused, naming the run that holds them.
`

func cmdImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("import", importUsage, "store the run in", stderr)
	files, err := parseArgs(fs, args, 1, "one FILE")
	if err != nil {
		return err
	}
	if err := emptyDB(*dbPath); err != nil {
		return err
	}
	path := files[0]
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("%s: is a directory, want a file of Go benchmark results", path)
	}
	// Read before the database is opened: an interrupted read stores
	// nothing and leaves the database as it was.
	r, err := readInterruptible(ctx, "the file", path, "nothing was imported",
		func() (*result.Run, error) { return readBenchFile(path) })
	if err != nil {
		return err
	}
	r.ID = runner.NewRunID(time.Now())
	r.Command = importPrefix + filepath.Base(path)
	db, err := openToWrite(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if id, err := importRun(ctx, db, r); err != nil {
		return err
	} else if id != "" {
		return fmt.Errorf("%s is imported already: run %s in %s holds the same results (%d cells, %d samples); serbench runs --delete %s removes it, to import them again",
			path, id, db.Name(), len(r.Cells), countSamples(r), id)
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

// importPrefix starts the command of a run that serbench import stored.
const importPrefix = "serbench import "

// importRun stores run r, read from a file, into db as storeRun does,
// unless a run of db that serbench import stored holds the same results:
// the same file imported again, or a copy of it, whatever its name and
// time. Then it stores nothing and returns that run's ID. The same
// results are the same environment, verifications, cells and samples:
// two files of measurements that differ in none of them are one file
// (store.DB.SaveRunUnlessStored, which finds them by a digest stored
// with each run). Runs that another command stored are not looked at (a
// run's export, serbench show --format gobench, may be imported beside
// it), nor runs that cannot be read. The look and the store are one
// transaction that runs after or before any other import's, so that two
// imports of one file at the same moment store it once.
func importRun(ctx context.Context, db *store.DB, r *result.Run) (string, error) {
	whole := *r
	whole.Complete = true
	return db.SaveRunUnlessStored(ctx, &whole, store.RunMeta{},
		func(command string) bool { return strings.HasPrefix(command, importPrefix) })
}

func countSamples(r *result.Run) int {
	n := 0
	for _, c := range r.Cells {
		n += len(c.Samples)
	}
	return n
}
