package main

import (
	"flag"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/serbench/serbench/workload"
)

// workloadFlags registers the flags that tune workloads' values: --seed,
// --values, and one flag per param that the workloads ws declare (all
// registered workloads when ws is nil). Its options method returns the
// options they give, after parsing.
func workloadFlags(fs *flag.FlagSet, ws []*workload.Workload) *workloadOptions {
	o := &workloadOptions{fs: fs}
	fs.Uint64Var(&o.seed, "seed", 0, "seed for the workloads' values (default: each workload's documented seed)")
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
	seed   uint64
	count  int
	params []string // the flags of workloads' params
}

// options returns the workload options that the flags give: the seed,
// the number of values, and the params that were set on the command
// line, as their flags print them, so that a workload uses its own
// default for the others (and runs record only the params asked for).
func (o *workloadOptions) options() workload.Options {
	opts := workload.Options{Seed: o.seed, Count: o.count}
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
