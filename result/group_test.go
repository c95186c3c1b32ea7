package result

import (
	"strings"
	"testing"
	"time"
)

func shardRun(id string, start time.Time, complete bool, cells ...Key) *Run {
	r := &Run{ID: id, Start: start, End: start.Add(time.Minute), Complete: complete,
		Env: []Config{{Key: "cpu", Value: "X"}, {Key: "shard", Value: "ignored"}, {Key: "host", Value: id}}}
	for _, k := range cells {
		r.Cells = append(r.Cells, Cell{Workload: k.Workload, Codec: k.Codec, Op: k.Op, Goroutines: k.Goroutines})
	}
	return r
}

// TestPlanGroup chooses a run per shard without a database: the latest
// complete run of a shard run twice, a warning for it and for a missing
// shard, and an error for mixed shard counts.
func TestPlanGroup(t *testing.T) {
	picks, complete, warnings, err := PlanGroup("g", "db", []GroupMember{
		{ID: "a", Shard: "3/3", Complete: true},
		{ID: "b", Shard: "1/3", Complete: true},
		{ID: "c", Shard: "1/3", Complete: false},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(picks) != 2 || picks[0].ID != "b" || picks[0].Shard != "1/3" || picks[1].ID != "a" {
		t.Errorf("picks = %+v, want b (1/3, the complete one) then a (3/3)", picks)
	}
	if complete {
		t.Error("complete with shard 2/3 missing")
	}
	joined := strings.Join(warnings, "\n")
	for _, want := range []string{"shard 2/3 is missing", "shard 1/3 was run 2 times; using run b, ignoring c"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
	_, _, _, err = PlanGroup("g", "db", []GroupMember{{ID: "a", Shard: "1/2"}, {ID: "b", Shard: "2/3"}})
	if err == nil || !strings.Contains(err.Error(), `group "g" in db mixes shard counts`) {
		t.Errorf("mixed counts: err = %v", err)
	}
}

// TestMergeGroup merges two shards: the union of cells, the earliest
// start and latest end, environment values that differ listed per shard,
// and an error for a cell both shards measured.
func TestMergeGroup(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	k1 := Key{Workload: "person", Codec: "json", Op: OpEncode, Goroutines: 1}
	k2 := Key{Workload: "person", Codec: "gob", Op: OpEncode, Goroutines: 1}
	shards := []ShardRun{
		{Label: "1/2", Run: shardRun("r1", t0.Add(time.Minute), true, k1)},
		{Label: "2/2", Run: shardRun("r2", t0, true, k2)},
	}
	g, err := MergeGroup("g", "db", shards, true, []string{"plan warning"})
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != "group g" || !g.Complete || len(g.Cells) != 2 {
		t.Errorf("group %s complete %v with %d cells; want group g, complete, 2 cells", g.ID, g.Complete, len(g.Cells))
	}
	if !g.Start.Equal(t0) || !g.End.Equal(t0.Add(2*time.Minute)) {
		t.Errorf("start %v end %v; want the earliest start and the latest end", g.Start, g.End)
	}
	if v := g.EnvValue("host"); v != "1/2: r1; 2/2: r2" {
		t.Errorf("host = %q, want each shard's value", v)
	}
	if v := g.EnvValue("cpu"); v != "X" {
		t.Errorf("cpu = %q, want the shared value", v)
	}
	if g.EnvValue("shard") != "" || g.EnvValue("group") != "g" || !strings.Contains(g.EnvValue("shards"), "1/2 run r1 (complete)") {
		t.Errorf("env = %+v", g.Env)
	}
	if len(g.Warnings) == 0 || g.Warnings[0] != "plan warning" {
		t.Errorf("warnings = %q, want the plan's first", g.Warnings)
	}
	shards[1].Run = shardRun("r2", t0, false, k1)
	if _, err := MergeGroup("g", "db", shards, true, nil); err == nil || !strings.Contains(err.Error(), "measured by both") {
		t.Errorf("overlapping shards: err = %v", err)
	}
}
