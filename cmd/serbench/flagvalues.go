package main

import (
	"errors"
	"flag"
	"math"
	"slices"
	"strconv"
	"strings"
)

// What the commands ask of their flags beyond what the flag package
// parses: whether one was given, empty references, sizes and percentages.

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

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	return slices.Contains(flagNames(fs.Visit), name)
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
