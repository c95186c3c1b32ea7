package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/suite"
)

// newFlags returns a flag set that writes its usage to stderr, followed
// by its flags, and returns errors instead of exiting.
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		if len(flagNames(fs.VisitAll)) > 0 {
			fmt.Fprint(stderr, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parse parses args and turns flag errors into usage errors. After a bad
// flag the usage is printed, and the error is returned (flagError) to be
// printed once, under it: the flag package would print it above the
// usage too.
func parse(fs *flag.FlagSet, args []string) error {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	if err != nil {
		fs.Usage()
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{flagError(fs, err)}
	}
	return nil
}

// invalidValueRE is the flag package's error for a value that its flag's
// type does not parse: the value (quoted), the flag's name and why.
var invalidValueRE = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-(\S+): (.*)$`)

// flagError is err, the flag package's error, saying what a value that
// does not parse as its flag's type should be: `--time "5": a duration
// needs a unit; want a duration such as 10ms, 2s or 1m30s` where the flag
// package says `invalid value "5" for flag -time: parse error`. Other
// errors are returned as they are.
func flagError(fs *flag.FlagSet, err error) error {
	m := invalidValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	value, uerr := strconv.Unquote(m[1])
	f := fs.Lookup(m[2])
	if uerr != nil || f == nil {
		return err
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err
	}
	if m[3] == "value out of range" {
		return fmt.Errorf("--%s %q: out of range", f.Name, value)
	}
	switch g.Get().(type) {
	case time.Duration:
		why := "not a duration"
		if _, perr := time.ParseDuration(value); perr != nil && strings.Contains(perr.Error(), "missing unit") {
			why = "a duration needs a unit"
		}
		return fmt.Errorf("--%s %q: %s; want a duration such as 10ms, 2s or 1m30s", f.Name, value, why)
	case int, int64:
		return fmt.Errorf("--%s %q: not a whole number", f.Name, value)
	case uint, uint64:
		return fmt.Errorf("--%s %q: not a whole number of 0 or more", f.Name, value)
	case float64:
		return fmt.Errorf("--%s %q: not a number", f.Name, value)
	case bool:
		return fmt.Errorf("--%s=%q: want true or false", f.Name, value)
	}
	return err
}

// parseArgs parses args, flags and positional arguments in any order
// (parseInterspersed), and returns the positional arguments, of which
// there must be n, as what says ("one FILE"): bad usage otherwise.
func parseArgs(fs *flag.FlagSet, args []string, n int, what string) ([]string, error) {
	pos, err := parseInterspersed(fs, args)
	if err == nil && len(pos) != n {
		got := "none"
		if len(pos) > 0 {
			got = fmt.Sprintf("%q", pos)
		}
		err = usagef("%s takes %s, got %s", fs.Name(), what, got)
	}
	return pos, err
}

// parseInterspersed parses flags that may come before, between or after
// the positional arguments ("report ID --html x.html ID2"), and returns
// the positional arguments; everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parse(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		consumed := args[:len(args)-len(rest)]
		if len(consumed) > 0 && consumed[len(consumed)-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// selectionUsage makes a selection that selects nothing, or options the
// selected workloads cannot take (suite.IsSelectionError), bad usage.
func selectionUsage(err error) error {
	if suite.IsSelectionError(err) {
		return usageError{err}
	}
	return err
}
