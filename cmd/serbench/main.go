// Command serbench benchmarks Go serialization libraries: it verifies every
// codec with a full round trip of every value before timing it, reports
// medians with 95% confidence intervals, and stores every run in a
// database (embedded SQLite by default).
//
// "serbench help" lists the commands (the table commands in main.go is
// the one place they are written down: usage, dispatch and the list of
// valid names come from it); "serbench COMMAND --help" gives the flags
// and examples of a command. The README's Commands section is the manual.
// Every example of the usage texts and of the README runs in
// TestManualExamples, every error path in the CLI goldens
// (testdata/cli/*.args).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	_ "github.com/serbench/serbench/codecs/all" // registers every codec
	"github.com/serbench/serbench/internal/bounds"
	"github.com/serbench/serbench/internal/fidelity"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/internal/robust"
)

func main() {
	harness.MaybeWorker()  // a worker process of a run: serves it and exits
	fidelity.MaybeWorker() // a worker of a fidelity matrix: computes a row and exits
	robust.MaybeWorker()   // a worker of a robustness matrix: decodes inputs and exits
	interop.MaybeWorker()  // a worker of an interoperability matrix: encodes or reads and exits
	ctx, stop := handleSignals(os.Stderr)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	os.Exit(exitStatus(err, stop(), os.Stderr))
}

// usageError is bad usage: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// machineMemory returns the physical memory of this machine in bytes (0
// when unknown: then commands that build values in their own process
// are not bounded); tests replace it.
var machineMemory = bounds.PhysicalMemory

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

// command is one subcommand of serbench.
type command struct {
	name string
	// args is what follows the name in the usage ("[RUN-ID|latest]"), and
	// summary what the command does, in one line.
	args, summary string
	run           func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands are serbench's subcommands in the order the usage lists them.
// The usage, the dispatch and the list of valid names all come from here.
var commands = []command{
	{"run", "[flags]", "verify, time, store and print a run", cmdRun},
	{"list", "", "list codecs and workloads", noCtx(cmdList)},
	{"show", "[RUN-ID|latest]", "print a stored run again (the latest by default)", cmdShow},
	{"runs", "", "list stored runs", cmdRuns},
	{"prune", "", "delete old runs (--keep-last N per machine, --before DATE), never baselines", cmdPrune},
	{"compare", "A B", "compare two runs (IDs, latest or Go benchmark files) with significance", cmdCompare},
	{"history", "", "each cell across stored runs, regressions flagged", cmdHistory},
	{"import", "FILE", "store go test -bench output as a run", cmdImport},
	{"report", "[RUN-ID|latest...] --html FILE [--markdown FILE]", "HTML page (offline, charts) and/or Markdown with SVG charts", cmdReport},
	{"bigfloat", "", "write or read a file of big.Float numbers (--write/--read)", cmdBigfloat},
	{"onepass", "", "go-codec-bench's one-pass summary (nested workload by default)", cmdOnepass},
	{"fidelity", "", "every codec against edge values (-0, NaN, 2^63, bad UTF-8, ...)", cmdFidelity},
	{"robust", "", "every decoder against corrupt and malicious messages (truncated, bit flips, length bombs, ...)", cmdRobust},
	{"interop", "", "every implementation of a format reading every other's bytes (writer × reader matrices)", cmdInterop},
}

// noCtx adapts a command that takes no context.
func noCtx(f func(args []string, stdout, stderr io.Writer) error) func(context.Context, []string, io.Writer, io.Writer) error {
	return func(_ context.Context, args []string, stdout, stderr io.Writer) error { return f(args, stdout, stderr) }
}

// run is the whole command; main only adds signals and exit codes.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cmdRun(ctx, nil, stdout, stderr)
	}
	for _, c := range commands {
		if args[0] == c.name {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		return help(ctx, args[1:], stdout, stderr)
	}
	if len(args[0]) > 0 && args[0][0] == '-' {
		// Flags without a command belong to run.
		return cmdRun(ctx, args, stdout, stderr)
	}
	fmt.Fprint(stderr, topUsage())
	return usagef("unknown command %q (valid: %s)", args[0], commandNames())
}
