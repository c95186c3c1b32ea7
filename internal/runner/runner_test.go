package runner

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	_ "github.com/serbench/serbench/codecs/all"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
)

// quick are the options of a small run in this process.
func quick(codecRE string) Options {
	return Options{
		Selection: suite.Selection{Workload: "^person$", Codec: codecRE},
		Count:     2, SampleTime: time.Millisecond, Timeout: 30 * time.Second, Forks: 1, Workers: 1,
		Isolation: harness.IsolationNone, Suite: "default",
	}
}

// TestPlanShards: the shards of a group split the jobs without overlap,
// and a shard's record says which it is.
func TestPlanShards(t *testing.T) {
	whole, err := New(quick("^(json|jsonv2|bson)$"))
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Specs) != 3 || len(whole.Codecs) != 3 || whole.Sharded() {
		t.Fatalf("%d specs, %d codecs, sharded %v; want 3, 3, false", len(whole.Specs), len(whole.Codecs), whole.Sharded())
	}
	var union []string
	for i := 1; i <= 2; i++ {
		o := quick("^(json|jsonv2|bson)$")
		o.Group, o.Shard = "g", suite.Shard{I: i, N: 2}
		p, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Specs {
			union = append(union, s.String())
		}
		r := p.Record("serbench run", nil)
		if r.EnvValue("group") != "g" || r.EnvValue("shard") != o.Shard.String() || p.meta().Shard != o.Shard.String() {
			t.Errorf("shard %d: env %v, meta %+v", i, r.Env, p.meta())
		}
	}
	var want []string
	for _, s := range whole.Specs {
		want = append(want, s.String())
	}
	slices.Sort(union)
	slices.Sort(want)
	if !slices.Equal(union, want) {
		t.Errorf("shards' jobs %v, want %v", union, want)
	}
}

// TestSelectionError: a pattern that selects nothing is a selection error.
func TestSelectionError(t *testing.T) {
	if _, err := New(quick("nosuch")); !suite.IsSelectionError(err) {
		t.Errorf("New(--codec nosuch) = %v, want a selection error", err)
	}
}

// TestExecute: a plan executed into a store is stored complete, with its
// fidelity matrix and its workloads, and its lock is released.
func TestExecute(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := New(quick("^json$"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Start(ctx, db, p, p.Record("serbench run --codec ^json$", []string{"--codec", "^json$"}))
	if err != nil {
		t.Fatal(err)
	}
	var fidelityRows int
	if err := r.Execute(ctx, p, Hooks{Fidelity: func(m *result.Fidelity, _ time.Duration) { fidelityRows = len(m.Rows) }}); err != nil {
		t.Fatal(err)
	}
	stored, err := db.Run(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !stored.Complete || len(stored.Cells) == 0 || len(stored.Workloads) != 1 || stored.Workloads[0].Name != "person" {
		t.Errorf("stored run: complete %v, %d cells, workloads %+v", stored.Complete, len(stored.Cells), stored.Workloads)
	}
	if fidelityRows != 1 {
		t.Errorf("fidelity hook saw %d rows, want 1", fidelityRows)
	}
	if _, err := db.Fidelity(ctx, r.ID); err != nil {
		t.Errorf("fidelity matrix: %v", err)
	}
	unlock, err := Lock(ctx, db, r.ID)
	if err != nil {
		t.Fatalf("lock after Execute: %v", err)
	}
	if err := unlock(); err != nil {
		t.Error(err)
	}
}

// TestMemoryLimit: the limit is given in bytes, passed to the harness (0:
// none, which the harness takes as negative) and recorded as serbench
// run's --memory-limit writes it.
func TestMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		bytes   int64
		harness int64
		record  string
	}{
		{1 << 30, 1 << 30, "1GiB"},
		{512 << 20, 512 << 20, "512MiB"},
		{1536 << 20, 1536 << 20, "1536MiB"},
		{2e9, 2e9, "2GB"},
		{1000, 1000, "1KB"},
		{1023, 1023, "1023"},
		{0, -1, "0"},
	} {
		o := quick("^json$")
		o.MemoryLimit = tc.bytes
		p, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		if p.Config.MemoryLimit != tc.harness || p.Settings.MemoryLimit != tc.record {
			t.Errorf("%d bytes: harness %d, recorded %q; want %d and %q", tc.bytes, p.Config.MemoryLimit, p.Settings.MemoryLimit, tc.harness, tc.record)
		}
		if got := p.Record("serbench run", nil).EnvValue("memory-limit"); got != tc.record {
			t.Errorf("%d bytes: the run's environment says memory-limit %q, want %q", tc.bytes, got, tc.record)
		}
	}
}
