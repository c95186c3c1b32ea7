package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
)

// testPrune checks which runs Prune selects: per machine and group/shard
// set, never a baseline nor a run being measured, with KeepLast, Before
// or both; and that the selected runs delete with everything stored with
// them.
func testPrune(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	base := fixture.Start
	// Machine A: a0..a4, a minute apart; machine B: b0, b1; group g on
	// machine A: g0, g1.
	add := func(id, cpu string, minute int, meta RunMeta) {
		r := fixture.Run(id)
		r.Start = base.Add(time.Duration(minute) * time.Minute)
		r.End = r.Start.Add(time.Second)
		r.Env = withCPU(r.Env, cpu)
		writeMeta(t, d, r, meta)
	}
	for i := range 5 {
		add(fmt.Sprintf("a%d", i), "CPU A", i, RunMeta{})
	}
	add("b0", "CPU B", 10, RunMeta{})
	add("b1", "CPU B", 11, RunMeta{})
	add("g0", "CPU A", 20, RunMeta{Group: "g", Shard: "1/1"})
	add("g1", "CPU A", 21, RunMeta{Group: "g", Shard: "1/1"})
	if err := d.SetBaseline(ctx, "a1", true); err != nil {
		t.Fatal(err)
	}
	if err := d.SetBaseline(ctx, "a2", true); err != nil {
		t.Fatal(err)
	}
	if err := d.SetBaseline(ctx, "a2", false); err != nil {
		t.Fatal(err)
	}
	if err := d.SetBaseline(ctx, "nosuch", true); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetBaseline(nosuch) = %v, want ErrNotFound", err)
	}
	runs, err := d.Runs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var baselines []string
	for _, ri := range runs {
		if ri.Baseline {
			baselines = append(baselines, ri.ID)
		}
	}
	if !slices.Equal(baselines, []string{"a1"}) {
		t.Errorf("baselines %q, want [a1]", baselines)
	}
	ids := func(rule PruneRule) []string {
		t.Helper()
		sel, err := d.Prune(ctx, rule)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range sel {
			out = append(out, p.ID)
		}
		return out
	}
	for _, c := range []struct {
		rule PruneRule
		want []string
	}{
		// a1 is a baseline: kept, and not counted.
		{PruneRule{KeepLast: 2}, []string{"a0", "a2"}},
		{PruneRule{KeepLast: 1}, []string{"a0", "a2", "a3", "b0", "g0"}},
		{PruneRule{Before: base.Add(10 * time.Minute)}, []string{"a0", "a2", "a3", "a4"}},
		{PruneRule{KeepLast: 1, Before: base.Add(3 * time.Minute)}, []string{"a0", "a2"}},
		{PruneRule{KeepLast: 100}, nil},
	} {
		if got := ids(c.rule); !slices.Equal(got, c.want) {
			t.Errorf("Prune(%+v) = %q, want %q", c.rule, got, c.want)
		}
	}
	sel, err := d.Prune(ctx, PruneRule{KeepLast: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sel[0].Set != "CPU A · 2 cores · GOMAXPROCS 2" || sel[4].Set != "CPU A · 2 cores · GOMAXPROCS 2, group g, shard 1/1" {
		t.Errorf("sets %q, %q", sel[0].Set, sel[4].Set)
	}
	if _, err := d.Prune(ctx, PruneRule{}); err == nil {
		t.Error("Prune without a rule: no error")
	}
	// A run being measured is never selected.
	plantLock(t, d, "a0", "host:1", 0)
	if got := ids(PruneRule{KeepLast: 2}); !slices.Equal(got, []string{"a2"}) {
		t.Errorf("with a0 locked: %q, want [a2]", got)
	}
	for _, id := range ids(PruneRule{KeepLast: 1}) {
		if _, err := d.DeleteRun(ctx, id, false, nil); err != nil {
			t.Fatal(err)
		}
	}
	if left, want := runIDs(t, d), []string{"a0", "a1", "a4", "b1", "g1"}; !slices.Equal(left, want) {
		t.Errorf("left %q, want %q", left, want)
	}
	if n := rowsOf(t, d, "a2")["samples"]; n != 0 {
		t.Errorf("a2 has %d samples left", n)
	}
}
