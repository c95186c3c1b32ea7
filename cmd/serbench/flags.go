package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/workload"
)

// newFlags returns a flag set that writes its usage to stderr and returns
// errors instead of exiting.
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args and turns flag errors into usage errors.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{err}
	}
	return nil
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
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// workloadFlags registers the flags that tune workloads' values and
// returns the options they fill in.
func workloadFlags(fs *flag.FlagSet) *workload.Options {
	o := &workload.Options{}
	fs.IntVar(&o.Depth, "depth", 1, "nested: how many times the struct contains itself (0: no children)")
	fs.IntVar(&o.Count, "values", 0, "number of distinct values per workload (default: the workload's)")
	fs.UintVar(&o.Precision, "precision", 0, "bigfloat: mantissa precision in bits (default: the workload's)")
	fs.Float64Var(&o.From, "from", 0, "bigfloat: first number of a sequential range")
	fs.Float64Var(&o.To, "to", 0, "bigfloat: end (exclusive) of a sequential range")
	fs.Float64Var(&o.By, "by", 0, "bigfloat: step of a sequential range")
	fs.BoolVar(&o.Random, "random", false, "bigfloat: random numbers from the fixed seed instead of a range")
	return o
}

// depthOption maps the --depth flag onto workload.Options.Depth, where 0
// means the workload's default and a negative depth means no children:
// an unset flag keeps the default, so runs record only depths asked for.
func depthOption(fs *flag.FlagSet, depth int) int {
	switch {
	case !isSet(fs, "depth"):
		return 0
	case depth <= 0:
		return -1
	}
	return depth
}

// parseBytes parses a size such as 512MiB, 2GiB, 1GB or a plain number
// of bytes.
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
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return 0, errors.New("want a size such as 512MiB, 2GiB or 0")
	}
	return int64(v * float64(mult)), nil
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
