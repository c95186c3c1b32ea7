// Command serbench benchmarks Go serialization libraries: it verifies every
// codec with a full round trip of every value before timing it, reports
// medians with 95% confidence intervals, and stores every run in a
// database (embedded SQLite by default).
//
// Usage:
//
//	serbench                 run the default suite (same as serbench run)
//	serbench run [flags]     verify, time, store and print a run
//	serbench list            list codecs and workloads
//	serbench show [RUN-ID]   print a stored run again (the latest by default)
//	serbench runs            list stored runs
//	serbench compare A B     compare two runs (IDs or Go benchmark files)
//	serbench history         each cell across stored runs, regressions flagged
//	serbench import FILE     store go test -bench output as a run
//	serbench report [IDs]    HTML page and/or Markdown with charts (--html, --markdown)
//	serbench bigfloat        write or read a file of big.Float numbers
//	serbench onepass         one encode and decode per codec, with match check
//	serbench fidelity        every codec against edge values (-0, NaN, 2^63, ...)
//
// Run "serbench COMMAND --help" for the flags of a command.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/serbench/serbench/codecs/all" // registers every codec
	"github.com/serbench/serbench/harness"
	"github.com/serbench/serbench/internal/fidelity"
)

func main() {
	harness.MaybeWorker()  // a worker process of a run: serves it and exits
	fidelity.MaybeWorker() // a worker of a fidelity matrix: computes a row and exits
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// usageError is bad usage: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errHelp is returned after --help output: exit status 0.
var errHelp = errors.New("help requested")

func exitCode(err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, errHelp) {
		return 0
	}
	fmt.Fprintln(stderr, "serbench:", err)
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

const topUsage = `serbench verifies and benchmarks Go serialization libraries.

Usage:
  serbench                 run the default suite (same as "serbench run")
  serbench run [flags]     verify, time, store and print a run
  serbench list            list codecs and workloads
  serbench show [RUN-ID]   print a stored run again (the latest by default)
  serbench runs            list stored runs
  serbench compare A B     compare two runs (IDs or Go benchmark files) with significance
  serbench history         each cell across stored runs, regressions flagged
  serbench import FILE     store go test -bench output as a run
  serbench report [RUN-ID...] --html FILE [--markdown FILE]
                           HTML page (offline, charts) and/or Markdown with SVG charts
  serbench bigfloat        write or read a file of big.Float numbers (--write/--read)
  serbench onepass         go-codec-bench's one-pass summary (nested workload by default)
  serbench fidelity        every codec against edge values (-0, NaN, 2^63, bad UTF-8, ...)

Run "serbench COMMAND --help" for the flags of a command.
`

// run is the whole command; main only adds signals and exit codes.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cmdRun(ctx, nil, stdout, stderr)
	}
	switch args[0] {
	case "run":
		return cmdRun(ctx, args[1:], stdout, stderr)
	case "list":
		return cmdList(args[1:], stdout, stderr)
	case "show":
		return cmdShow(ctx, args[1:], stdout, stderr)
	case "runs":
		return cmdRuns(ctx, args[1:], stdout, stderr)
	case "bigfloat":
		return cmdBigfloat(args[1:], stdout, stderr)
	case "onepass":
		return cmdOnepass(args[1:], stdout, stderr)
	case "compare":
		return cmdCompare(ctx, args[1:], stdout, stderr)
	case "history":
		return cmdHistory(ctx, args[1:], stdout, stderr)
	case "import":
		return cmdImport(ctx, args[1:], stdout, stderr)
	case "report":
		return cmdReport(ctx, args[1:], stdout, stderr)
	case "fidelity":
		return cmdFidelity(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, topUsage)
		return nil
	}
	if len(args[0]) > 0 && args[0][0] == '-' {
		// Flags without a command belong to run.
		return cmdRun(ctx, args, stdout, stderr)
	}
	fmt.Fprint(stderr, topUsage)
	return usagef("unknown command %q (valid: run, list, show, runs, compare, history, import, report, bigfloat, onepass, fidelity, help)", args[0])
}
