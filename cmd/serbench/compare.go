package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

const compareUsage = `Usage: serbench compare [--db DB] A B

Compares two runs cell by cell as benchstat does: the medians of A (old)
and B (new) with their 95% confidence intervals, the change, "~" when the
test finds no significant difference (p > 0.05: the Mann-Whitney U test,
or Welch's t-test of the fork medians where a cell's forks differ), the
p-value and sample counts, and the geometric mean of the changes. Codec
versions that differ between A and B are named above the table.
A and B are run IDs in the database or files in Go benchmark format
(serbench run --format gobench, or go test -bench output).

Examples:
  serbench run --workload person --codec '^msgp$' --format gobench > old.txt   # before a change
  serbench run --workload person --codec '^msgp$' --format gobench > new.txt   # after it
  serbench compare old.txt new.txt
`

func cmdCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, dbPath := newDBFlags("compare", compareUsage, "read", stderr)
	refs, err := parseArgs(fs, args, 2, "two runs (run IDs or Go benchmark files)")
	if err != nil {
		return err
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
	a, err := load(refs[0])
	if err != nil {
		return err
	}
	b, err := load(refs[1])
	if err != nil {
		return err
	}
	return report.CompareTable(stdout, report.Compare(refs[0], a, refs[1], b))
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
