package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// engineRun is the fixture run with the fields of the measurement engine
// set: the run's arguments, every cell's sample time, a reference cell,
// and each sample's fork and GC data (two forks, alternating).
func engineRun(id string) *result.Run {
	r := fixture.Run(id)
	r.Args = []string{"--workload", "person", "--count", "10", "--codec", `ü|"x"`}
	for i := range r.Cells {
		c := &r.Cells[i]
		c.SampleTime = 50 * time.Millisecond
		c.Target = 0.03
		if i == 0 {
			c.Missed = result.MissedBudget
		}
		for j := range c.Samples {
			s := &c.Samples[j]
			s.Fork = 1 + j%2
			s.GCCycles = 3*j + i
			s.GCCPU = time.Duration(j)*time.Millisecond + time.Duration(i)*time.Microsecond + 7
		}
	}
	floor := result.Cell{Workload: "person", Codec: "noop", Op: result.OpEncode, Status: result.CellOK, Goroutines: 1,
		SampleTime: 5 * time.Millisecond, Reference: "floor"}
	for j := range 4 {
		floor.Samples = append(floor.Samples, result.Sample{Iters: 1 << 33, NsPerOp: 0.75 + float64(j)/100, Fork: 1 + j%2, GCCPU: 1<<40 + time.Duration(j)})
	}
	r.Cells = append(r.Cells, floor)
	return r
}

// testMigrateFromVersion2 makes a database at schema version 2 with the
// statements of that version, stores a run the way serbench did then, and
// checks that the current store migrates it, reads it, and continues it.
func testMigrateFromVersion2(t *testing.T, newDB newDB) {
	ctx := context.Background()
	dsn := newDB(t)
	saved := migrations
	migrations = migrations[:2]
	d, err := Open(ctx, dsn)
	migrations = saved
	if err != nil {
		t.Fatal(err)
	}
	old := []struct {
		q    string
		args []any
	}{
		{`INSERT INTO runs (id, start_time, end_time, complete, command, run_group, shard) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			[]any{"old", "2025-03-01T10:00:00.000000000Z", "2025-03-01T10:01:00.000000000Z", 0, "serbench run", "", ""}},
		{`INSERT INTO run_env (run_id, pos, key, value) VALUES (?, ?, ?, ?)`, []any{"old", 0, "count", "10"}},
		{`INSERT INTO run_codecs (run_id, name, format, module, version, api, flags, losses, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{"old", "json", "json", "std", "go1.25", "reflection", "[]", "[]", ""}},
		{`INSERT INTO verifications (run_id, workload, codec, status, n_values, mean_size, observed, diffs, diff_values, error, compressed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{"old", "person", "json", "exact", 1000, 209.5, "[]", "[]", 0, "", `{"zstd":160.5}`}},
		{`INSERT INTO cells (run_id, workload, codec, op, goroutines, status, error, mean_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{"old", "person", "json", "encode", 1, "interrupted", "context canceled", 209.5}},
		{`INSERT INTO samples (run_id, workload, codec, op, goroutines, seq, iters, ns_per_op, bytes_per_op, allocs_per_op) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{"old", "person", "json", "encode", 1, 0, 40000, 1250.5, 363.0, 5.0}},
		{`INSERT INTO samples (run_id, workload, codec, op, goroutines, seq, iters, ns_per_op, bytes_per_op, allocs_per_op) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{"old", "person", "json", "encode", 1, 1, 40000, 1260.25, 363.0, 5.0}},
		{`INSERT INTO warnings (run_id, seq, message) VALUES (?, ?, ?)`, []any{"old", 0, "old warning"}},
	}
	for _, o := range old {
		if err := d.exec(ctx, o.q, o.args...); err != nil {
			t.Fatalf("%s: %v", o.q, err)
		}
	}
	var v int
	if err := d.db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil || v != 2 {
		t.Fatalf("schema version before migrating: %d, %v; want 2", v, err)
	}
	d.Close()

	d = open(t, dsn)
	if err := d.db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(migrations) {
		t.Fatalf("schema version after migrating: %d, %v; want %d", v, err, len(migrations))
	}
	got, err := d.Run(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	want := &result.Run{
		ID: "old", Start: start, End: start.Add(time.Minute), Command: "serbench run",
		Env:    []result.Config{{Key: "count", Value: "10"}},
		Codecs: []result.Codec{{Name: "json", Format: "json", Module: "std", Version: "go1.25", API: "reflection"}},
		Verifications: []result.Verification{{Workload: "person", Codec: "json", Status: result.VerifyExact, Values: 1000, MeanSize: 209.5,
			Compressed: map[string]float64{"zstd": 160.5}}},
		Cells: []result.Cell{{Workload: "person", Codec: "json", Op: result.OpEncode, Goroutines: 1, Status: result.CellInterrupted,
			Error: "context canceled", MeanSize: 209.5, Samples: []result.Sample{
				{Iters: 40000, NsPerOp: 1250.5, BytesPerOp: 363, AllocsPerOp: 5},
				{Iters: 40000, NsPerOp: 1260.25, BytesPerOp: 363, AllocsPerOp: 5},
			}}},
		Warnings: []string{"old warning"},
	}
	if diff := cmp.Diff(want, got, sortedRun); diff != "" {
		t.Errorf("version 2 run read back differs (-want +got):\n%s", diff)
	}
	if got.Args != nil {
		t.Errorf("version 2 run has arguments %q; want none", got.Args)
	}
	if got.Workloads != nil {
		t.Errorf("version 2 run has workload records %+v; want none", got.Workloads)
	}

	// Its results are found by their digest, which the first look
	// computes, as the same results are again (nothing is stored).
	whole := *want
	whole.ID = "copy"
	if id, err := d.SaveRunUnlessStored(ctx, &whole, RunMeta{}, func(c string) bool { return c == "serbench run" }); err != nil || id != "old" {
		t.Fatalf("the results of the version 2 run stored again: %q, %v; want old found", id, err)
	}

	// The old run continues with the new fields.
	w, _, err := d.ResumeRun(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	c := want.Cells[0]
	c.Status, c.Error, c.SampleTime = result.CellOK, "", 20*time.Millisecond
	c.Samples = []result.Sample{{Iters: 50000, NsPerOp: 1240, BytesPerOp: 363, AllocsPerOp: 5, Fork: 3, GCCycles: 2, GCCPU: 150 * time.Microsecond}}
	if err := w.Sample(c); err != nil {
		t.Fatal(err)
	}
	if err := w.Warning("new warning"); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(start.Add(time.Hour), true); err != nil {
		t.Fatal(err)
	}
	got, err = d.Run(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	wantSamples := append(slices.Clone(want.Cells[0].Samples), c.Samples[0])
	if gc := got.Cell(c.Key()); gc == nil || !slices.Equal(gc.Samples, wantSamples) || gc.SampleTime != c.SampleTime || gc.Status != result.CellOK {
		t.Errorf("continued cell %+v; want samples %v, sample time %s, ok", gc, wantSamples, c.SampleTime)
	}
	if !got.Complete || !slices.Equal(got.Warnings, []string{"old warning", "new warning"}) {
		t.Errorf("continued run: complete %v, warnings %q", got.Complete, got.Warnings)
	}
}

// testVerificationUpsert stores a verification twice: the second replaces
// the first.
func testVerificationUpsert(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	r := fixture.Run("upsert")
	r.Cells = nil
	write(t, d, r)
	w, _, err := d.ResumeRun(ctx, "upsert")
	if err != nil {
		t.Fatal(err)
	}
	v := *r.Verification("person", "json")
	v.Status, v.Values, v.MeanSize, v.Observed, v.Compressed = result.VerifyLossy, 999, 210.25, []string{"x ×1"}, map[string]float64{"zstd": 1.5}
	if err := w.Verification(v); err != nil {
		t.Fatalf("storing a verification again: %v", err)
	}
	got, err := d.Run(ctx, "upsert")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Verifications) != len(r.Verifications) {
		t.Errorf("%d verifications after storing one again; want %d", len(got.Verifications), len(r.Verifications))
	}
	if diff := cmp.Diff(&v, got.Verification("person", "json"), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("replaced verification (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(r.Verification("person", "fast"), got.Verification("person", "fast"), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("other verification changed (-want +got):\n%s", diff)
	}
}

// testResumeRun stores the first part of a run as an interrupted process
// would, resumes it and stores the rest from "another process" (new forks):
// the run then holds every sample exactly once, numbered without gaps.
func testResumeRun(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	run := engineRun("res")
	// The second half of every cell's samples comes from the resumed
	// process, whose forks are numbered on.
	half := func(c result.Cell) int { return len(c.Samples) / 2 }
	for i := range run.Cells {
		c := &run.Cells[i]
		for j := half(*c); j < len(c.Samples); j++ {
			c.Samples[j].Fork += 2
		}
	}
	run.Warnings = []string{"first process", "first process again"}

	// The first process: everything but the second halves.
	w, err := d.BeginRun(ctx, run, RunMeta{})
	if err != nil {
		t.Fatal(err)
	}
	interrupted := run.Start.Add(time.Minute)
	writeProcess(t, w, run, func(c result.Cell) []result.Sample { return c.Samples[:half(c)] },
		func(c *result.Cell) { c.Status, c.Error, c.Samples = result.CellInterrupted, "context canceled", nil },
		run.Warnings, interrupted, false)

	if _, _, err := d.ResumeRun(ctx, "nope"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), d.Name()) {
		t.Errorf("ResumeRun(unknown) = %v; want ErrNotFound naming the run and %s", err, d.Name())
	}

	w, got, err := d.ResumeRun(ctx, "res")
	if err != nil {
		t.Fatal(err)
	}
	// What was stored, exactly.
	if got.Complete || !got.End.Equal(interrupted) || !slices.Equal(got.Args, run.Args) || !slices.Equal(got.Warnings, run.Warnings) {
		t.Errorf("resumed run: complete %v, end %s, args %q, warnings %q; want incomplete, %s, %q, %q",
			got.Complete, got.End, got.Args, got.Warnings, interrupted, run.Args, run.Warnings)
	}
	if diff := cmp.Diff(run.Env, got.Env); diff != "" {
		t.Errorf("resumed run's environment (-stored +read):\n%s", diff)
	}
	if diff := cmp.Diff(run.Codecs, got.Codecs, sortedRun); diff != "" {
		t.Errorf("resumed run's codecs (-stored +read):\n%s", diff)
	}
	if len(got.Cells) != len(run.Cells) {
		t.Fatalf("resumed run has %d cells; want %d", len(got.Cells), len(run.Cells))
	}
	for _, c := range run.Cells {
		gc := got.Cell(c.Key())
		if gc == nil {
			t.Errorf("resumed run lacks cell %v", c.Key())
			continue
		}
		if diff := cmp.Diff(c.Samples[:half(c)], gc.Samples, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("resumed cell %v samples (-stored +read):\n%s", c.Key(), diff)
		}
		if gc.Status != result.CellInterrupted || gc.SampleTime != c.SampleTime || gc.Reference != c.Reference {
			t.Errorf("resumed cell %v: status %q, sample time %s, reference %q", c.Key(), gc.Status, gc.SampleTime, gc.Reference)
		}
	}
	// The state is unchanged by ResumeRun.
	if again, err := d.Run(ctx, "res"); err != nil || again.Complete || !again.End.Equal(interrupted) {
		t.Errorf("after ResumeRun the stored run is %+v, %v; want it unchanged", again, err)
	}

	// The resumed process verifies again (replacing), measures the rest
	// and finishes.
	run.End = run.Start.Add(time.Hour)
	writeProcess(t, w, run, func(c result.Cell) []result.Sample { return c.Samples[half(c):] }, nil, []string{"resumed"}, run.End, true)
	run.Warnings = append(run.Warnings, "resumed")
	final, err := d.Run(ctx, "res")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(run, final, sortedRun); diff != "" {
		t.Errorf("resumed run read back differs (-written +read):\n%s", diff)
	}
	// Sample numbers: 0..n-1 in every cell, no gap, no duplicate.
	for _, c := range run.Cells {
		rows, err := d.db.QueryContext(ctx, d.rebind(`SELECT seq FROM samples WHERE run_id = ? AND workload = ? AND codec = ? AND op = ? AND goroutines = ? ORDER BY seq`),
			"res", c.Workload, c.Codec, c.Op, c.Goroutines)
		if err != nil {
			t.Fatal(err)
		}
		var seqs []int
		for rows.Next() {
			var s int
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			seqs = append(seqs, s)
		}
		rows.Close()
		for i, s := range seqs {
			if s != i {
				t.Errorf("cell %v: sample numbers %v; want 0..%d", c.Key(), seqs, len(c.Samples)-1)
				break
			}
		}
		if len(seqs) != len(c.Samples) {
			t.Errorf("cell %v: %d samples stored; want %d", c.Key(), len(seqs), len(c.Samples))
		}
	}
}

func testLatestIncomplete(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	// The text says it once, not with ": not found" after it.
	if id, err := d.LatestIncomplete(ctx); !errors.Is(err, ErrNotFound) || err.Error() != "no incomplete run in "+d.Name()+" to resume" {
		t.Errorf("LatestIncomplete of an empty store = %q, %v; want ErrNotFound saying 'no incomplete run in %s to resume'", id, err, d.Name())
	}
	at := func(id string, off time.Duration, complete bool) *result.Run {
		r := fixture.Run(id)
		r.Start, r.Complete = r.Start.Add(off), complete
		r.Cells = nil
		return r
	}
	write(t, d, at("done", 0, true))
	if id, err := d.LatestIncomplete(ctx); !errors.Is(err, ErrNotFound) {
		t.Errorf("LatestIncomplete with only a complete run = %q, %v; want ErrNotFound", id, err)
	}
	write(t, d, at("early", time.Second, false))
	// Started, never finished (killed): incomplete too.
	if _, err := d.BeginRun(ctx, at("killed", 2*time.Second+500*time.Millisecond, false), RunMeta{}); err != nil {
		t.Fatal(err)
	}
	write(t, d, at("later-complete", time.Hour, true))
	if id, err := d.LatestIncomplete(ctx); err != nil || id != "killed" {
		t.Errorf("LatestIncomplete = %q, %v; want killed", id, err)
	}
	// Same start: the greater ID in byte order, as Runs orders them.
	write(t, d, at("z-tie", 2*time.Second+500*time.Millisecond, false))
	if id, err := d.LatestIncomplete(ctx); err != nil || id != "z-tie" {
		t.Errorf("LatestIncomplete = %q, %v; want z-tie", id, err)
	}
}

func testSampleCounts(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	run := engineRun("counts")
	// A cell that failed before its first sample has none.
	run.Cells = append(run.Cells, result.Cell{Workload: "person", Codec: "panics", Op: result.OpEncode, Goroutines: 1, Status: result.CellCrash, Error: "fatal error"})
	// And one of three forks, unevenly.
	three := result.Cell{Workload: "person", Codec: "fast", Op: result.OpEncode, Goroutines: 4, Status: result.CellOK}
	for _, f := range []int{1, 1, 1, 2, 3, 3, 0} {
		three.Samples = append(three.Samples, result.Sample{Iters: 10, NsPerOp: 1, Fork: f})
	}
	run.Cells = append(run.Cells, three)
	write(t, d, run)
	got, err := d.SampleCounts(ctx, "counts")
	if err != nil {
		t.Fatal(err)
	}
	want := map[result.Key]map[int]int{}
	for _, c := range run.Cells {
		for _, s := range c.Samples {
			if want[c.Key()] == nil {
				want[c.Key()] = map[int]int{}
			}
			want[c.Key()][s.Fork]++
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SampleCounts (-want +got):\n%s", diff)
	}
	// Spelled out for two cells, so the test does not only agree with
	// itself.
	if c := got[three.Key()]; !cmp.Equal(c, map[int]int{0: 1, 1: 3, 2: 1, 3: 2}) {
		t.Errorf("counts of the three-fork cell: %v", c)
	}
	if c := got[result.Key{Workload: "person", Codec: "json", Op: result.OpEncode, Goroutines: 1}]; !cmp.Equal(c, map[int]int{1: 5, 2: 5}) {
		t.Errorf("counts of person/json encode: %v; want 5 in each of forks 1 and 2", c)
	}
	if _, ok := got[result.Key{Workload: "person", Codec: "panics", Op: result.OpEncode, Goroutines: 1}]; ok {
		t.Error("a cell without samples has counts")
	}
	// A run without samples: an empty map; an unknown run: ErrNotFound.
	empty := fixture.Run("empty")
	empty.Cells = nil
	write(t, d, empty)
	if got, err := d.SampleCounts(ctx, "empty"); err != nil || len(got) != 0 {
		t.Errorf("SampleCounts(run without samples) = %v, %v; want empty", got, err)
	}
	if _, err := d.SampleCounts(ctx, "nope"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("SampleCounts(unknown) = %v; want ErrNotFound naming it", err)
	}
}

// setLockStaleAge sets LockStaleAge for the rest of t.
func setLockStaleAge(t *testing.T, age time.Duration) {
	saved := LockStaleAge
	LockStaleAge = age
	t.Cleanup(func() { LockStaleAge = saved })
}

// lockRow returns the owner of run id's lock, or "" when it has none.
func lockRow(t *testing.T, d *DB, id string) (owner string) {
	t.Helper()
	rows, err := d.db.QueryContext(context.Background(), d.rebind(`SELECT owner FROM run_locks WHERE run_id = ?`), id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if err := rows.Scan(&owner); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n > 1 {
		t.Fatalf("run %s has %d locks", id, n)
	}
	return owner
}

// wantLock checks that run id's lock is held by want ("": none) when
// (the step of the test) is done.
func wantLock(t *testing.T, d *DB, id, when, want string) {
	t.Helper()
	if owner := lockRow(t, d, id); owner != want {
		t.Errorf("%s: run %s's lock is held by %q; want %q", when, id, owner, want)
	}
}

// plantLock stores a lock of run id held by owner with the given heartbeat
// age, as a process that died would leave it.
func plantLock(t *testing.T, d *DB, id, owner string, age time.Duration) {
	t.Helper()
	ctx := context.Background()
	now, err := d.now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hb := now.Add(-age).Format(writeTimeFormat)
	if err := d.exec(ctx, `DELETE FROM run_locks WHERE run_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	if err := d.exec(ctx, `INSERT INTO run_locks (run_id, owner, heartbeat) VALUES (?, ?, ?)`, id, owner, hb); err != nil {
		t.Fatal(err)
	}
}

// testLockRun: a held lock keeps a second process out, also past the
// stale age (the heartbeat keeps it fresh), until it is unlocked.
func testLockRun(t *testing.T, newDB newDB) {
	ctx := context.Background()
	setLockStaleAge(t, 900*time.Millisecond)
	dsn := newDB(t)
	d1, d2 := open(t, dsn), open(t, dsn) // two processes
	write(t, d1, fixture.Run("r"))
	if _, err := d1.LockRun(ctx, "nope", "p1"); !errors.Is(err, ErrNotFound) || err.Error() != `no run "nope" in `+d1.Name() {
		t.Errorf("LockRun(unknown run) = %v; want ErrNotFound saying 'no run \"nope\" in %s'", err, d1.Name())
	}
	unlock, err := d1.LockRun(ctx, "r", "host-a pid 1")
	if err != nil {
		t.Fatal(err)
	}
	unlocked := false
	defer func() {
		if !unlocked {
			unlock()
		}
	}()
	wantLock(t, d2, "r", "after LockRun", "host-a pid 1")
	second := func() error {
		u, err := d2.LockRun(ctx, "r", "host-b pid 2")
		if err == nil {
			u()
			return errors.New("second LockRun succeeded")
		}
		return err
	}
	if err := second(); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "host-a pid 1") || !strings.Contains(err.Error(), `"r"`) {
		t.Errorf("second lock: %v; want ErrLocked naming the run and the holder", err)
	}
	// Past twice the stale age the heartbeat has kept the lock fresh.
	time.Sleep(2 * LockStaleAge)
	if err := second(); !errors.Is(err, ErrLocked) {
		t.Errorf("second lock after %s: %v; want ErrLocked (the holder's heartbeat keeps it)", 2*LockStaleAge, err)
	}
	unlocked = true
	if err := unlock(); err != nil {
		t.Fatalf("unlock: %v", err)
	}
	wantLock(t, d2, "r", "after unlock", "")
	if err := unlock(); err != nil {
		t.Errorf("second unlock: %v", err)
	}
	u2, err := d2.LockRun(ctx, "r", "host-b pid 2")
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	wantLock(t, d1, "r", "after LockRun", "host-b pid 2")
	if err := u2(); err != nil {
		t.Error(err)
	}
}

// testLockStaleTakeover: the lock of a process that died is taken over.
func testLockStaleTakeover(t *testing.T, newDB newDB) {
	ctx := context.Background()
	setLockStaleAge(t, 2*time.Second)
	d := open(t, newDB(t))
	write(t, d, fixture.Run("r"))
	// Fresh enough: kept.
	plantLock(t, d, "r", "dead", LockStaleAge/2)
	if _, err := d.LockRun(ctx, "r", "alive"); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "dead") {
		t.Errorf("lock held %s ago: %v; want ErrLocked naming dead", LockStaleAge/2, err)
	}
	// Stale: taken over.
	plantLock(t, d, "r", "dead", LockStaleAge+time.Second)
	unlock, err := d.LockRun(ctx, "r", "alive")
	if err != nil {
		t.Fatalf("stale lock not taken over: %v", err)
	}
	wantLock(t, d, "r", "after takeover", "alive")
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	wantLock(t, d, "r", "after unlock", "")
}

// testLockRace: processes that race for a stale lock, or for a free one:
// exactly one wins, the others get ErrLocked.
func testLockRace(t *testing.T, newDB newDB) {
	ctx := context.Background()
	dsn := newDB(t)
	const n = 3
	dbs := make([]*DB, n)
	for i := range dbs {
		dbs[i] = open(t, dsn)
	}
	write(t, dbs[0], fixture.Run("r"))
	for round := range 4 {
		stale := round%2 == 0
		if stale {
			plantLock(t, dbs[0], "r", "dead", LockStaleAge+time.Minute)
			// Every racer reads the stale lock before any takes it over:
			// the interleaving in which a non-atomic takeover would let
			// them all win.
			var mu sync.Mutex
			arrived, all := 0, make(chan struct{})
			takeoverHook = func() {
				mu.Lock()
				arrived++
				if arrived == n {
					close(all)
				}
				mu.Unlock()
				select {
				case <-all:
				case <-time.After(10 * time.Second):
				}
			}
		}
		start := make(chan struct{})
		unlocks := make([]func() error, n)
		errs := make([]error, n)
		done := make(chan int)
		for i := range n {
			go func() {
				<-start
				unlocks[i], errs[i] = dbs[i].LockRun(ctx, "r", fmt.Sprintf("racer %d", i))
				done <- i
			}()
		}
		close(start)
		for range n {
			<-done
		}
		takeoverHook = nil
		var winners []int
		for i := range n {
			switch {
			case errs[i] == nil:
				winners = append(winners, i)
			case !errors.Is(errs[i], ErrLocked):
				t.Errorf("round %d (stale %v): racer %d: %v; want ErrLocked or the lock", round, stale, i, errs[i])
			}
		}
		if len(winners) != 1 {
			t.Fatalf("round %d (stale %v): racers %v won; want exactly one", round, stale, winners)
		}
		w := winners[0]
		wantLock(t, dbs[0], "r", fmt.Sprintf("round %d, won by racer %d", round, w), fmt.Sprintf("racer %d", w))
		for i := range n {
			if i != w && !strings.Contains(errs[i].Error(), fmt.Sprintf("racer %d", w)) {
				t.Errorf("round %d: racer %d's error does not name the winner: %v", round, i, errs[i])
			}
		}
		if err := unlocks[w](); err != nil {
			t.Fatal(err)
		}
	}
}

// testLockLost: a holder whose heartbeat went stale loses the lock to
// another process, and its unlock says so without removing the new lock.
func testLockLost(t *testing.T, newDB newDB) {
	ctx := context.Background()
	setLockStaleAge(t, 600*time.Millisecond)
	dsn := newDB(t)
	d1, d2 := open(t, dsn), open(t, dsn)
	write(t, d1, fixture.Run("r"))
	unlock1, err := d1.LockRun(ctx, "r", "stalled")
	if err != nil {
		t.Fatal(err)
	}
	// As if the holder had stopped for longer than the stale age.
	if err := d2.exec(ctx, `UPDATE run_locks SET heartbeat = ? WHERE run_id = ?`, "2000-01-01T00:00:00.000000000Z", "r"); err != nil {
		t.Fatal(err)
	}
	unlock2, err := d2.LockRun(ctx, "r", "taker")
	if err != nil {
		unlock1()
		t.Fatalf("stale lock not taken over: %v", err)
	}
	// Let the stalled holder's heartbeat notice.
	time.Sleep(LockStaleAge)
	err = unlock1()
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "taker") {
		t.Errorf("unlock of a lost lock: %v; want ErrLocked naming the taker", err)
	}
	wantLock(t, d1, "r", "after the loser's unlock", "taker")
	if err := unlock2(); err != nil {
		t.Error(err)
	}
	wantLock(t, d1, "r", "after unlock", "")
}
