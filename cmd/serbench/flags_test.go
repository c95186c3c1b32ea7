package main

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/workload"
)

// TestWorkloadParamFlags: the workloads' params become flags whose usage
// names the declaring workload; only the params set on the command line
// reach the options, as their flags print them, so that the stored
// arguments of a run give the same options (and settings) when --resume
// parses them again.
func TestWorkloadParamFlags(t *testing.T) {
	args := []string{"--workload", "^nested$", "--depth", "0", "--precision", "100", "--random", "--values", "5", "--seed", "3"}
	want := workload.Options{Seed: 3, Count: 5, Params: map[string]string{"depth": "0", "precision": "100", "random": "true"}}
	for range 2 { // the run, then its resume from the stored arguments
		f := newRunFlags(io.Discard)
		if err := parse(f.fs, args); err != nil {
			t.Fatal(err)
		}
		if got := f.wopts.options(); !reflect.DeepEqual(got, want) {
			t.Errorf("options %+v, want %+v", got, want)
		}
	}
	env := suite.Env(suite.Settings{Options: want})
	var got []string
	for _, c := range env {
		switch c.Key {
		case "values", "depth", "precision", "random", "from", "to", "by":
			got = append(got, c.Key+"="+c.Value)
		}
	}
	if s := strings.Join(got, " "); s != "values=5 precision=100 random=true depth=0" {
		t.Errorf("recorded settings %s", s)
	}

	f := newRunFlags(io.Discard)
	if err := parse(f.fs, []string{"--workload", "^person$"}); err != nil {
		t.Fatal(err)
	}
	if got := f.wopts.options(); got.Params != nil {
		t.Errorf("no param given: params %v", got.Params)
	}
	for _, w := range workload.All() {
		for _, p := range w.Params {
			fl := f.fs.Lookup(p.Name)
			if fl == nil || !strings.Contains(fl.Usage, w.Name+": "+p.Usage) {
				t.Errorf("%s --%s: flag %+v, want its usage to say %q", w.Name, p.Name, fl, w.Name+": "+p.Usage)
			}
		}
	}
}

// TestDeclaredParams: workloads that declare the same param share one
// flag, whose usage names each; when their defaults differ the flag's is
// the zero value and each usage says its own.
func TestDeclaredParams(t *testing.T) {
	a := &workload.Workload{Name: "a", Params: []workload.Param{{Name: "n", Usage: "how many", Default: 2}, {Name: "x", Usage: "x it", Default: false}}}
	b := &workload.Workload{Name: "b", Params: []workload.Param{{Name: "n", Usage: "how much", Default: 3}}}
	got := declaredParams([]*workload.Workload{a, b})
	want := []declaredParam{
		{name: "n", usage: "a: how many (default 2); b: how much (default 3)", def: 0},
		{name: "x", usage: "a: x it", def: false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("declaredParams = %+v, want %+v", got, want)
	}
	b.Params[0].Default = 2
	if got := declaredParams([]*workload.Workload{a, b}); got[0].usage != "a: how many; b: how much" || got[0].def != 2 {
		t.Errorf("same default: %+v", got[0])
	}
}
