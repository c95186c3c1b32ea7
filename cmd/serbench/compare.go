package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

const compareUsage = `Usage: serbench compare [--db DB] A B   (each a RUN-ID, latest, or a Go benchmark FILE)

Compares two runs cell by cell as benchstat does: the medians of A (old)
and B (new) with their 95% confidence intervals, the change, "~" when the
test finds no significant difference (p > 0.05: the Mann-Whitney U test,
or Welch's t-test of the fork medians where a cell's forks differ), the
p-value and sample counts, and the geometric mean of the changes. Codec
versions that differ between A and B are named above the table.
A and B are run IDs in the database, or latest for the run that started
last (named by its ID in the output), or files in Go benchmark format
(serbench run --format gobench, or go test -bench output). A and B must
be two different runs: compare latest latest, or a run ID and latest
when that run is the latest, is refused, naming the run.

Examples:
  serbench run --workload person --codec '^msgp$' --format gobench > old.txt   # before a change
  serbench run --workload person --codec '^msgp$' --format gobench > new.txt   # after it
  serbench compare old.txt new.txt
`

func cmdCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("compare", compareUsage, "read", stderr)
	refs, err := parseArgs(fs, args, 2, "two runs (run IDs, latest, or Go benchmark files)")
	if err != nil {
		return err
	}
	if err := emptyArgs(refs, []string{"A", "B"}, "a RUN-ID, latest, or a Go benchmark file"); err != nil {
		return err
	}
	var db *store.DB
	defer func() {
		if db != nil {
			db.Close()
		}
	}()
	// Each side is a file, or a run of the database (an ID or latest),
	// resolved before either is read, so that one run named twice is
	// refused at once.
	var ids, names [2]string
	for i, ref := range refs {
		names[i] = ref
		if isRegularFile(ref) {
			continue
		}
		if st, err := os.Stat(ref); err == nil && st.IsDir() {
			return usagef("%s: is a directory, want a Go benchmark file or a run ID", ref)
		}
		if db == nil {
			var err error
			if db, err = openExisting(ctx, *dbPath); err != nil {
				return fmt.Errorf("%q is not a file, and %w", ref, err)
			}
		}
		id, note, err := resolveRun(ctx, db, "compare", ref)
		if err != nil {
			return err
		}
		ids[i], names[i] = id, id+note
	}
	if ids[0] != "" && ids[0] == ids[1] {
		return sameRun("compare", refs[0], refs[1], ids[0])
	}
	var runs [2]*result.Run
	for i, ref := range refs {
		var err error
		if ids[i] == "" {
			// A first SIGINT or SIGTERM ends a read that takes long (a
			// large file, a stalled network file system).
			runs[i], err = readInterruptible(ctx, "the benchmark file", ref, "nothing was compared",
				func() (*result.Run, error) { return readBenchFile(ref) })
		} else if runs[i], err = db.Run(ctx, ids[i]); errors.Is(err, store.ErrNotFound) {
			err = fmt.Errorf("%q is neither a file nor a run in %s", ref, db.Name())
		}
		if err != nil {
			return err
		}
	}
	c := report.Compare(names[0], runs[0], names[1], runs[1])
	if len(c.Rows) == 0 {
		// Not a clean comparison: a script would take an empty table
		// for "nothing changed".
		return fmt.Errorf("%s and %s share no cell (workload, codec, op) timed in both: nothing to compare (%s only in %s, %s only in %s)",
			names[0], names[1], cells(len(c.OnlyOld)), names[0], cells(len(c.OnlyNew)), names[1])
	}
	return report.CompareTable(stdout, c)
}

// cells is "1 cell" or "n cells".
func cells(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}

// isRegularFile reports whether path names a regular file: a side of
// compare that is read as a Go benchmark file rather than as a run ID.
func isRegularFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
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
