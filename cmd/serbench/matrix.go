package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/serbench/serbench/codec"
)

// matrixFormats are the output formats of the commands that print a
// matrix (fidelity, robust, interop).
var matrixFormats = []string{"text", "markdown", "json"}

// matrixFormatFlag registers the flag name that selects the output
// format of a matrix (fidelity's and robust's --format, interop's
// --format-out).
func matrixFormatFlag(fs *flag.FlagSet, name string) *string {
	return fs.String(name, "text", "output format: "+strings.Join(matrixFormats, ", "))
}

// storedRunFlags registers a matrix command's --run, which prints what is
// stored with a run instead of computing it ("the matrix ... computing
// one": what and it name it), and the --db that --run reads.
func storedRunFlags(fs *flag.FlagSet, what, it string) (runID, dbPath *string) {
	runID = fs.String("run", "", "print the "+what+" stored with this run (an ID, or latest) in --db instead of computing "+it)
	return runID, dbFlag(fs, "read with --run")
}

// parseMatrixArgs parses the arguments of a matrix command, which takes
// none, and refuses an empty --run.
func parseMatrixArgs(fs *flag.FlagSet, args []string) error {
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	return emptyRefs(fs, "run")
}

// matrixRenderer returns the renderer of format, the value of the flag
// flagName of command cmd: text, markdown or json.
func matrixRenderer[M any](cmd, flagName, format string, text, markdown, json func(io.Writer, M) error) (func(io.Writer, M) error, error) {
	switch format {
	case "text":
		return text, nil
	case "markdown":
		return markdown, nil
	case "json":
		return json, nil
	}
	return nil, usagef("--%s %q is not a format of %s (valid: %s)", flagName, format, cmd, strings.Join(matrixFormats, ", "))
}

// notWithRun refuses, as bad usage, any of the flags names given with
// --run, which prints what is stored (what: "a stored matrix").
func notWithRun(fs *flag.FlagSet, what string, names ...string) error {
	for _, name := range names {
		if isSet(fs, name) {
			return usagef("--run prints %s: --%s does not apply", what, name)
		}
	}
	return nil
}

// workerMemoryLimit parses the --memory-limit of a matrix's worker
// processes: -1 for 0, no limit.
func workerMemoryLimit(s string) (int64, error) {
	mem, err := parseBytes(s)
	if err != nil {
		return 0, usagef("--memory-limit %q: %v", s, err)
	}
	if mem == 0 {
		mem = -1
	}
	return mem, nil
}

// firstError returns the first of errs that is not nil: the first of a
// command's checks of its flags that fails.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// atLeast refuses, as bad usage, a value v of --name below min.
func atLeast(name string, v, min int) error {
	if v < min {
		return usagef("--%s %d: want at least %d", name, v, min)
	}
	return nil
}

// positive refuses, as bad usage, a duration d of --name that is not
// positive.
func positive(name string, d time.Duration) error {
	if d <= 0 {
		return usagef("--%s %s: want a positive duration", name, d)
	}
	return nil
}

// workersFlag refuses, as bad usage, a negative --workers of a matrix
// command (0 is its default: GOMAXPROCS).
func workersFlag(n int) error {
	if n < 0 {
		return usagef("--workers %d: want at least 1", n)
	}
	return nil
}

// matrixCodecs returns the codecs whose names pattern matches (all for
// ""), without reference codecs, which carry no data.
func matrixCodecs(pattern string) ([]codec.Codec, error) {
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

// warnTo returns a matrix's Options.Warn: a "serbench: " line on stderr.
func warnTo(stderr io.Writer) func(msg string) {
	return func(msg string) { fmt.Fprintln(stderr, "serbench:", msg) }
}

// printComputed renders the matrix m that a Compute returned with err: all
// of it, or, when ctx was interrupted (Ctrl-C), the part measured, with
// err, which then makes the command exit 130. wrap, when not "", prefixes
// err.
func printComputed[M any](ctx context.Context, stdout io.Writer, m *M, err error, wrap string, render func(io.Writer, *M) error) error {
	if err == nil {
		return render(stdout, m)
	}
	if wrap != "" {
		err = fmt.Errorf("%s: %w", wrap, err)
	}
	if m != nil && ctx.Err() != nil {
		return errors.Join(render(stdout, m), err)
	}
	return err
}
