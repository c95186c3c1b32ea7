package main

import (
	"context"
	"io"

	"github.com/serbench/serbench/internal/fidelity"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
)

const fidelityUsage = `Usage: serbench fidelity [--codec RE] [--format text|markdown|json]
       serbench fidelity --run RUN-ID|latest [--db DB] [--format text|markdown|json]

Prints the fidelity matrix: every codec (all variants; not the noop floor)
against a fixed set of edge values, one column each: negative zero, NaN,
infinities, the float32 extremes, the int64 and uint64 extremes, integers
beyond 2^53 and 2^63 and -1e19 inside interface{}, invalid UTF-8, NUL, times
before 1970, after 2262 and with an offset and nanoseconds, nil versus empty
slices and maps, and 100 levels of nesting. Each value is a change of a
simple base value of the nested workload's type (or person's, for codecs
that bind only that), so it reaches code-generated codecs too; the base
value is the first column, and what it loses is not counted against the
others. A cell is ok (exact), ~ (lossy, declared), ~! (lossy, not
declared), FAIL (silently changed), ERR (error or panic) or n/a, and the
details of every other cell follow the table.

Each codec's row is computed in worker processes of this binary: a codec
that crashes, hangs or eats memory is killed and its cell marked (CRASH,
TIME, MEM), and the others go on. Workers run with TZ=UTC, so codecs that
decode times in the local zone say the same on every machine. After Ctrl-C
no more workers start: the matrix so far is printed, the cells not
measured marked interrupted.

Nothing is stored: serbench run computes the matrix of its codecs and
stores it with the run; --run prints that stored matrix instead of
computing one.

Examples:
  serbench fidelity --codec json --format markdown   # the JSON codecs
  serbench fidelity --run latest                      # the matrix of the latest run
`

func cmdFidelity(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("fidelity", fidelityUsage, stderr)
	codecRE := fs.String("codec", "", "regular expression selecting codecs (default all, variants included; reference codecs never)")
	outFormat := matrixFormatFlag(fs, "format")
	timeout := fs.Duration("timeout", fidelity.DefaultTimeout, "limit for one cell; a worker past it is killed and its cell marked TIME")
	memoryLimit := fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it); 0 for none")
	workers := fs.Int("workers", 0, "codecs computed at once, each in worker processes of its own (default: GOMAXPROCS)")
	runID, dbPath := storedRunFlags(fs, "matrix", "one")
	if err := parseMatrixArgs(fs, args); err != nil {
		return err
	}
	render, err := matrixRenderer("fidelity", "format", *outFormat, report.FidelityTable, report.FidelityMarkdown, report.FidelityJSON)
	if err != nil {
		return err
	}
	if *runID != "" {
		if isSet(fs, "codec") || isSet(fs, "timeout") || isSet(fs, "memory-limit") || isSet(fs, "workers") {
			return usagef("--run prints a stored matrix: --codec, --timeout, --memory-limit and --workers do not apply")
		}
		return printStoredMatrix(ctx, *dbPath, *runID, (*store.DB).Fidelity,
			"a run stored by serbench run has one, unless it was stored before serbench computed fidelity matrices, or imported", render, stdout)
	}
	if isSet(fs, "db") {
		return usagef("--db is read with --run only: serbench fidelity stores nothing (serbench run stores the matrix of its codecs)")
	}
	codecs, err := matrixCodecs(*codecRE)
	if err != nil {
		return err
	}
	if err := positive("timeout", *timeout); err != nil {
		return err
	}
	if *workers < 1 && isSet(fs, "workers") {
		return usagef("--workers %d: want at least 1", *workers)
	}
	mem, err := workerMemoryLimit(*memoryLimit)
	if err != nil {
		return err
	}
	m, err := fidelity.Compute(ctx, codecs, fidelity.Options{Timeout: *timeout, MemoryLimit: mem, Workers: *workers, Warn: warnTo(stderr)})
	return printComputed(ctx, stdout, m, err, "fidelity matrix", render)
}
