package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
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

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	return slices.Contains(flagNames(fs.Visit), name)
}

// emptyRefs refuses, as bad usage, a flag among names (each taking a
// RUN-ID) that was given an empty value, as --delete "$ID" gives with ID
// unset: taken for a flag not given, it would do something else than
// asked (list the runs, compute a matrix).
func emptyRefs(fs *flag.FlagSet, names ...string) error {
	for _, name := range names {
		if isSet(fs, name) && strings.TrimSpace(fs.Lookup(name).Value.String()) == "" {
			return usagef("--%s is empty: give a RUN-ID, or latest", name)
		}
	}
	return nil
}

// emptyArgs refuses, as bad usage, an argument of args that is empty or
// only blanks, as "$ID" gives with ID unset: taken for one not given, it
// would show the latest run instead. names[i] is what the usage calls
// args[i] (the last name stands for the rest), want what to give instead.
func emptyArgs(args, names []string, want string) error {
	for i, arg := range args {
		if strings.TrimSpace(arg) == "" {
			return usagef("%s is empty: give %s", names[min(i, len(names)-1)], want)
		}
	}
	return nil
}

// emptyGroup refuses, as bad usage, a --group given an empty value: taken
// for no --group, it would show the latest run instead of a group.
func emptyGroup(fs *flag.FlagSet) error {
	if isSet(fs, "group") && strings.TrimSpace(fs.Lookup("group").Value.String()) == "" {
		return usagef("--group is empty: give the NAME of a group of shards (serbench run --shard I/N --group NAME)")
	}
	return nil
}

// defaultNote is " (the default)" when the flag name was not given on
// the command line, for an error that names its value; else "".
func defaultNote(fs *flag.FlagSet, name string) string {
	if isSet(fs, name) {
		return ""
	}
	return " (the default)"
}

// flagNames lists the names of the flags that visit visits: those given
// on the command line for a flag set's Visit, all for its VisitAll.
func flagNames(visit func(func(*flag.Flag))) []string {
	var names []string
	visit(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// parseBytes parses a size such as 512MiB, 2GiB, 1GB or a plain number
// of bytes, below 8EiB; not NaN, and not a fraction of a byte (which would
// be 0).
func parseBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	const want = "want a size such as 512MiB, 2GiB or 0"
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsNaN(v) {
		return 0, errors.New(want)
	}
	// Converted to int64, a size of 2^63 bytes or more (Inf) would be
	// negative, and one below a byte 0: no limit.
	switch b := v * float64(mult); {
	case b >= 1<<63:
		return 0, errors.New("8EiB or more; " + want)
	case b > 0 && b < 1:
		return 0, errors.New("less than a byte; " + want)
	default:
		return int64(b), nil
	}
}

// parsePercent parses a precision target given in percent: "3", "3%" or
// "2.5" (0 for none) and returns it as a fraction (0.03).
func parsePercent(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%")), 64)
	if err != nil || v < 0 || v >= 100 || math.IsNaN(v) {
		return 0, errors.New("want a percentage from 0 (no target) to below 100, such as 3 or 2.5%")
	}
	return v / 100, nil
}
