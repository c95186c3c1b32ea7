package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/fidelity"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
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
decode times in the local zone say the same on every machine.

Nothing is stored: serbench run computes the matrix of its codecs and
stores it with the run; --run prints that stored matrix instead of
computing one.

Examples:
  serbench fidelity --codec json --format markdown   # the JSON codecs
  serbench fidelity --run latest                      # the matrix of the latest run
`

var fidelityFormats = []string{"text", "markdown", "json"}

func cmdFidelity(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("fidelity", fidelityUsage, stderr)
	codecRE := fs.String("codec", "", "regular expression selecting codecs (default all, variants included; reference codecs never)")
	outFormat := fs.String("format", "text", "output format: "+strings.Join(fidelityFormats, ", "))
	timeout := fs.Duration("timeout", fidelity.DefaultTimeout, "limit for one cell; a worker past it is killed and its cell marked TIME")
	memoryLimit := fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it); 0 for none")
	workers := fs.Int("workers", 0, "codecs computed at once, each in worker processes of its own (default: GOMAXPROCS)")
	runID := fs.String("run", "", "print the matrix stored with this run (an ID, or latest) in --db instead of computing one")
	dbPath := dbFlag(fs, "read with --run")
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	render, err := fidelityRenderer(*outFormat)
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
	codecs, err := fidelityCodecs(*codecRE)
	if err != nil {
		return err
	}
	if *timeout <= 0 {
		return usagef("--timeout %s: want a positive duration", *timeout)
	}
	if *workers < 1 && isSet(fs, "workers") {
		return usagef("--workers %d: want at least 1", *workers)
	}
	mem, err := parseBytes(*memoryLimit)
	if err != nil {
		return usagef("--memory-limit %q: %v", *memoryLimit, err)
	}
	if mem == 0 {
		mem = -1
	}
	m, err := fidelity.Compute(ctx, codecs, fidelity.Options{Timeout: *timeout, MemoryLimit: mem, Workers: *workers})
	if err != nil {
		return fmt.Errorf("fidelity matrix: %w", err)
	}
	return render(stdout, m)
}

// fidelityRenderer returns the renderer of a --format value.
func fidelityRenderer(name string) (func(io.Writer, *result.Fidelity) error, error) {
	switch name {
	case "text":
		return report.FidelityTable, nil
	case "markdown":
		return report.FidelityMarkdown, nil
	case "json":
		return report.FidelityJSON, nil
	}
	return nil, usagef("--format %q is not a format of fidelity (valid: %s)", name, strings.Join(fidelityFormats, ", "))
}

// fidelityCodecs returns the codecs whose names pattern matches (all for
// ""), without reference codecs, which carry no data.
func fidelityCodecs(pattern string) ([]codec.Codec, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, usagef("--codec %q: %v", pattern, err)
	}
	var out []codec.Codec
	var valid []string
	for _, c := range codec.All() {
		info := c.Info()
		if info.Reference != "" {
			continue
		}
		valid = append(valid, info.Name)
		if re.MatchString(info.Name) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, usagef("--codec %q matches no codec (reference codecs carry no data and are left out); valid: %s", pattern, strings.Join(valid, ", "))
	}
	return out, nil
}
