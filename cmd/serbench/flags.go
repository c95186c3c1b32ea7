package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
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

// workloadFlags registers the flags that tune workloads' values: --values,
// and one flag per param that the workloads ws declare (all registered
// workloads when ws is nil). Its options method returns the options they
// give, after parsing.
func workloadFlags(fs *flag.FlagSet, ws []*workload.Workload) *workloadOptions {
	o := &workloadOptions{fs: fs}
	fs.IntVar(&o.count, "values", 0, "number of distinct values per workload (default: the workload's)")
	if ws == nil {
		ws = workload.All()
	}
	for _, d := range declaredParams(ws) {
		o.params = append(o.params, d.name)
		switch def := d.def.(type) {
		case int:
			fs.Int(d.name, def, d.usage)
		case uint:
			fs.Uint(d.name, def, d.usage)
		case float64:
			fs.Float64(d.name, def, d.usage)
		case bool:
			fs.Bool(d.name, def, d.usage)
		default:
			panic(fmt.Sprintf("workload param --%s: default %T, want int, uint, float64 or bool", d.name, d.def))
		}
	}
	return o
}

// workloadOptions are the workload flags of a flag set.
type workloadOptions struct {
	fs     *flag.FlagSet
	count  int
	params []string // the flags of workloads' params
}

// options returns the workload options that the flags give, with seed:
// the params that were set on the command line, as their flags print
// them, so that a workload uses its own default for the others (and runs
// record only the params asked for).
func (o *workloadOptions) options(seed uint64) workload.Options {
	opts := workload.Options{Seed: seed, Count: o.count}
	o.fs.Visit(func(f *flag.Flag) {
		if slices.Contains(o.params, f.Name) {
			if opts.Params == nil {
				opts.Params = map[string]string{}
			}
			opts.Params[f.Name] = f.Value.String()
		}
	})
	return opts
}

// declaredParam is a flag for the params of one name that workloads
// declare: its usage names each workload ("nested: how many times ...").
type declaredParam struct {
	name, usage string
	def         any
}

// declaredParams returns one flag per distinct param name that ws
// declare, in their order. Workloads that declare the same name must
// agree on its type. The flag's default is theirs when they agree on it;
// otherwise it is the type's zero value and each usage says its
// workload's default (a param that is not given is not passed on, so
// each workload uses its own).
func declaredParams(ws []*workload.Workload) []declaredParam {
	type decl struct {
		w string
		p workload.Param
	}
	var names []string
	by := map[string][]decl{}
	for _, w := range ws {
		for _, p := range w.Params {
			if _, ok := by[p.Name]; !ok {
				names = append(names, p.Name)
			}
			by[p.Name] = append(by[p.Name], decl{w.Name, p})
		}
	}
	var out []declaredParam
	for _, name := range names {
		ds := by[name]
		def, same := ds[0].p.Default, true
		for _, d := range ds[1:] {
			if reflect.TypeOf(d.p.Default) != reflect.TypeOf(def) {
				panic(fmt.Sprintf("workload param --%s: %T in %s, %T in %s", name, def, ds[0].w, d.p.Default, d.w))
			}
			same = same && d.p.Default == def
		}
		var usages []string
		for _, d := range ds {
			u := d.w + ": " + d.p.Usage
			if !same {
				u += fmt.Sprintf(" (default %v)", d.p.Default)
			}
			usages = append(usages, u)
		}
		if !same {
			def = reflect.Zero(reflect.TypeOf(def)).Interface()
		}
		out = append(out, declaredParam{name: name, usage: strings.Join(usages, "; "), def: def})
	}
	return out
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
