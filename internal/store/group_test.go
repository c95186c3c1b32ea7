package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// withCPU returns a copy of env with the value of its "cpu" entry set to
// cpu, as the environment of a run measured on another machine.
func withCPU(env []result.Config, cpu string) []result.Config {
	env = slices.Clone(env)
	for i := range env {
		if env[i].Key == "cpu" {
			env[i].Value = cpu
		}
	}
	return env
}

// split returns the part of run whose codecs keep says to keep, as the
// run of one shard: its own ID, the codecs, verifications and cells of
// those codecs, and env with the shard's CPU.
func split(run *result.Run, id, cpu string, keep func(codec string) bool) *result.Run {
	s := *run
	s.ID = id
	s.Env = withCPU(run.Env, cpu)
	s.Codecs, s.Verifications, s.Cells = nil, nil, nil
	for _, c := range run.Codecs {
		if keep(c.Name) {
			s.Codecs = append(s.Codecs, c)
		}
	}
	for _, v := range run.Verifications {
		if keep(v.Codec) {
			s.Verifications = append(s.Verifications, v)
		}
	}
	for _, c := range run.Cells {
		if keep(c.Codec) {
			s.Cells = append(s.Cells, c)
		}
	}
	return &s
}

func testGroup(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	whole := engineRun("whole")
	first := func(codec string) bool { return codec < "l" }
	s1 := split(whole, "shard-1", "CPU A", first)
	s2 := split(whole, "shard-2", "CPU B", func(c string) bool { return !first(c) })
	s2.Start = s2.Start.Add(time.Second)
	s2.End = s2.End.Add(time.Minute)
	writeMeta(t, d, s1, RunMeta{Group: "g", Shard: "1/2"})
	// Only shard 1 so far: the group is incomplete and says so.
	g, err := d.Group(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if g.Complete || !slices.ContainsFunc(g.Warnings, func(w string) bool { return strings.Contains(w, "shard 2/2 is missing") }) {
		t.Errorf("group with one of two shards: complete %v, warnings %q", g.Complete, g.Warnings)
	}
	writeMeta(t, d, s2, RunMeta{Group: "g", Shard: "2/2"})
	// A run of another group and an unsharded run stay out.
	writeMeta(t, d, fixture.Run("other"), RunMeta{Group: "h", Shard: "1/1"})
	write(t, d, fixture.Run("plain"))

	g, err = d.Group(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole.Codecs, g.Codecs, sortedRun); diff != "" {
		t.Errorf("codecs (-whole +group):\n%s", diff)
	}
	if diff := cmp.Diff(whole.Verifications, g.Verifications, sortedRun); diff != "" {
		t.Errorf("verifications (-whole +group):\n%s", diff)
	}
	if diff := cmp.Diff(whole.Cells, g.Cells, sortedRun); diff != "" {
		t.Errorf("cells (-whole +group):\n%s", diff)
	}
	if diff := cmp.Diff(whole.Workloads, g.Workloads); diff != "" {
		t.Errorf("workloads (-whole +group):\n%s", diff)
	}
	if !g.Complete || !g.Start.Equal(whole.Start) || !g.End.Equal(s2.End) {
		t.Errorf("group: complete %v, %s to %s; want complete, %s to %s", g.Complete, g.Start, g.End, whole.Start, s2.End)
	}
	if !slices.Equal(g.Args, whole.Args) {
		t.Errorf("group args %q, want the shards' common %q", g.Args, whole.Args)
	}
	if g.ID != "group g" || g.EnvValue("group") != "g" {
		t.Errorf("group ID %q, env group %q", g.ID, g.EnvValue("group"))
	}
	if got, want := g.EnvValue("cpu"), "1/2: CPU A; 2/2: CPU B"; got != want {
		t.Errorf("env cpu = %q, want %q", got, want)
	}
	if got := g.EnvValue("goos"); got != "linux" {
		t.Errorf("env goos = %q, want the shards' common value", got)
	}
	if got, want := g.EnvValue("shards"), "1/2 run shard-1 (complete), 2/2 run shard-2 (complete)"; got != want {
		t.Errorf("env shards = %q, want %q", got, want)
	}
	if want := []string{"shard 1/2: " + whole.Warnings[0], "shard 2/2: " + whole.Warnings[0]}; !slices.Equal(g.Warnings, want) {
		t.Errorf("warnings %q, want %q", g.Warnings, want)
	}

	// Shard 2 run again, interrupted: the complete run still counts.
	again := split(whole, "shard-2-again", "CPU B", func(c string) bool { return !first(c) })
	again.Start = again.Start.Add(time.Hour)
	again.Complete = false
	writeMeta(t, d, again, RunMeta{Group: "g", Shard: "2/2"})
	g, err = d.Group(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(g.EnvValue("shards"), "2/2 run shard-2 (complete)") || !g.Complete ||
		!slices.ContainsFunc(g.Warnings, func(w string) bool { return strings.Contains(w, "using run shard-2, ignoring shard-2-again") }) {
		t.Errorf("rerun shard: shards %q, complete %v, warnings %q", g.EnvValue("shards"), g.Complete, g.Warnings)
	}

	// Shards that describe a workload differently (different binaries):
	// the first shard's description, and a warning.
	w1 := split(whole, "desc-1", "CPU A", first)
	w2 := split(whole, "desc-2", "CPU A", func(c string) bool { return !first(c) })
	w2.Workloads = []result.WorkloadInfo{{Name: "person", Description: "another description"}, {Name: "extra"}}
	writeMeta(t, d, w1, RunMeta{Group: "desc", Shard: "1/2"})
	writeMeta(t, d, w2, RunMeta{Group: "desc", Shard: "2/2"})
	if g, err := d.Group(ctx, "desc"); err != nil {
		t.Error(err)
	} else {
		if want := append([]result.WorkloadInfo{{Name: "extra"}}, whole.Workloads...); !cmp.Equal(g.Workloads, want) {
			t.Errorf("group of shards describing person differently: workloads %+v; want %+v", g.Workloads, want)
		}
		if !slices.ContainsFunc(g.Warnings, func(w string) bool {
			return strings.Contains(w, "workload person is described differently in run desc-1 (shard 1/2) and in run desc-2 (shard 2/2)")
		}) {
			t.Errorf("no warning about the two descriptions of person: %q", g.Warnings)
		}
	}

	// Shards whose arguments differ (as they do in --shard): no arguments.
	a1 := split(whole, "args-1", "CPU A", first)
	a1.Args = []string{"--shard", "1/2", "--group", "args"}
	a2 := split(whole, "args-2", "CPU A", func(c string) bool { return !first(c) })
	a2.Args = []string{"--shard", "2/2", "--group", "args"}
	writeMeta(t, d, a1, RunMeta{Group: "args", Shard: "1/2"})
	writeMeta(t, d, a2, RunMeta{Group: "args", Shard: "2/2"})
	if g, err := d.Group(ctx, "args"); err != nil {
		t.Error(err)
	} else if g.Args != nil {
		t.Errorf("group of shards with different arguments: args %q; want none", g.Args)
	}
}

func testGroupErrors(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	if _, err := d.Group(ctx, "none"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"none"`) {
		t.Errorf("missing group: %v", err)
	}
	// Two shards that measured the same cells.
	writeMeta(t, d, fixture.Run("a"), RunMeta{Group: "overlap", Shard: "1/2"})
	writeMeta(t, d, fixture.Run("b"), RunMeta{Group: "overlap", Shard: "2/2"})
	if _, err := d.Group(ctx, "overlap"); err == nil || !strings.Contains(err.Error(), "overlapping") || !strings.Contains(err.Error(), "run a") || !strings.Contains(err.Error(), "run b") {
		t.Errorf("overlapping shards: %v", err)
	}
	// Shards of different counts.
	empty := func(id string) *result.Run {
		r := fixture.Run(id)
		r.Codecs, r.Verifications, r.Cells = nil, nil, nil
		return r
	}
	writeMeta(t, d, empty("c"), RunMeta{Group: "mixed", Shard: "1/2"})
	writeMeta(t, d, empty("e"), RunMeta{Group: "mixed", Shard: "2/3"})
	if _, err := d.Group(ctx, "mixed"); err == nil || !strings.Contains(err.Error(), "mixes shard counts") {
		t.Errorf("mixed shard counts: %v", err)
	}
}

// testRunMetaAndOrder checks the group and shard columns, and that runs
// come back in time order with sub-second starts and names that sort
// differently under PostgreSQL's collations and byte order.
func testRunMetaAndOrder(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	base := fixture.Start
	starts := []time.Duration{time.Second, 0, 500 * time.Millisecond, 1500 * time.Millisecond}
	for i, off := range starts {
		r := fixture.Run(fmt.Sprintf("r%d", i))
		r.Start = base.Add(off)
		writeMeta(t, d, r, RunMeta{Group: "g", Shard: fmt.Sprintf("%d/4", i+1)})
	}
	runs, err := d.Runs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, ri := range runs {
		ids = append(ids, ri.ID+" "+ri.Group+" "+ri.Shard)
	}
	if want := []string{"r1 g 2/4", "r2 g 3/4", "r0 g 1/4", "r3 g 4/4"}; !slices.Equal(ids, want) {
		t.Errorf("Runs = %q, want %q", ids, want)
	}
	if latest, err := d.Latest(ctx); err != nil || latest != "r3" {
		t.Errorf("Latest = %q, %v; want r3", latest, err)
	}
	// Names whose order differs between byte order and en_US collation.
	r := fixture.Run("names")
	r.Codecs = []result.Codec{{Name: "a_b"}, {Name: "aB"}, {Name: "a-c"}, {Name: "Ab"}}
	r.Verifications, r.Cells = nil, nil
	write(t, d, r)
	got, err := d.Run(ctx, "names")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range got.Codecs {
		names = append(names, c.Name)
	}
	if want := []string{"Ab", "a-c", "aB", "a_b"}; !slices.Equal(names, want) {
		t.Errorf("codecs in order %q, want byte order %q", names, want)
	}
}

// testOneRunOrder: Runs (the list serbench runs prints), Latest (what
// latest names) and LatestIncomplete (what run --resume continues) rank
// runs by one rule, the run order: by start time as an instant, to the
// nanosecond, then by ID in byte order. The runs are written in an order
// that is neither their IDs' nor their times', three start at one
// instant, one of them stored as serbench's first version wrote times
// (RFC 3339 without trailing zeros: "09:30:00Z", which sorts after
// "09:30:00.000000000Z" as text), and one run, a second earlier, is
// stored with an offset (its text sorts after the others'). Latest
// ordered the text by SQL and LatestIncomplete compared it as text: they
// named the runs that Runs lists first.
func testOneRunOrder(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	base := fixture.Start
	runs := []struct {
		id       string
		start    time.Time
		complete bool
		text     string // the start time as stored, when not as serbench writes it
	}{
		{"r-c", base, true, ""},
		{"r-a", base, false, base.Format(time.RFC3339Nano)},
		{"r-b", base, false, ""},
		{"z-ns-earlier", base.Add(-time.Nanosecond), false, ""},
		{"r-0", base.Add(-time.Second), true, base.Add(-time.Second).In(time.FixedZone("", 2*3600)).Format(time.RFC3339Nano)},
	}
	for _, x := range runs {
		r := fixture.Run(x.id)
		r.Start, r.Complete = x.start, x.complete
		r.Cells, r.Verifications = nil, nil
		if err := d.SaveRun(ctx, r, RunMeta{}); err != nil {
			t.Fatal(err)
		}
		if x.text != "" {
			if err := d.exec(ctx, `UPDATE runs SET start_time = ? WHERE id = ?`, x.text, x.id); err != nil {
				t.Fatal(err)
			}
		}
	}
	if ids, want := runIDs(t, d), []string{"r-0", "z-ns-earlier", "r-a", "r-b", "r-c"}; !slices.Equal(ids, want) {
		t.Errorf("Runs = %q, want %q", ids, want)
	}
	if id, err := d.Latest(ctx); err != nil || id != "r-c" {
		t.Errorf("Latest = %q, %v; want r-c, the run Runs lists last", id, err)
	}
	if id, err := d.LatestIncomplete(ctx); err != nil || id != "r-b" {
		t.Errorf("LatestIncomplete = %q, %v; want r-b, the incomplete run Runs lists last", id, err)
	}
}
