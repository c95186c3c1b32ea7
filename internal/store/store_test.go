package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/pgtest"
	"github.com/serbench/serbench/result"
)

// newDB returns the DSN of a new, empty database of one backend.
type newDB func(t *testing.T) string

// backendTests run against every backend: SQLite files and PostgreSQL
// databases on one throwaway server (internal/pgtest).
var backendTests = []struct {
	name string
	test func(t *testing.T, newDB newDB)
}{
	{"RoundTrip", testRoundTrip},
	{"InterruptedRunKeepsSamples", testInterruptedRunKeepsSamples},
	{"DuplicateRunIDIsAnError", testDuplicateRunIDIsAnError},
	{"RunMetaAndOrder", testRunMetaAndOrder},
	{"OneRunOrder", testOneRunOrder},
	{"ConcurrentOpenMigratesOnce", testConcurrentOpenMigratesOnce},
	{"ExtremeValues", testExtremeValues},
	{"Group", testGroup},
	{"GroupErrors", testGroupErrors},
	{"MigrateFromVersion2", testMigrateFromVersion2},
	{"VerificationUpsert", testVerificationUpsert},
	{"ResumeRun", testResumeRun},
	{"LatestIncomplete", testLatestIncomplete},
	{"SampleCounts", testSampleCounts},
	{"LockRun", testLockRun},
	{"LockStaleTakeover", testLockStaleTakeover},
	{"LockRace", testLockRace},
	{"LockLost", testLockLost},
	{"VerificationFindings", testVerificationFindings},
	{"DeleteRun", testDeleteRun},
	{"ForcedDeleteIsToldToTheMeasurer", testForcedDeleteIsToldToTheMeasurer},
	{"RunsInProgress", testRunsInProgress},
	{"SaveRunIsAtomic", testSaveRunIsAtomic},
	{"SaveRunUnlessStoredIsAtomic", testSaveRunUnlessStoredIsAtomic},
	{"Fidelity", func(t *testing.T, fresh newDB) { testFidelity(t, fresh(t)) }},
	{"Robust", testRobust},
	{"Interop", testInterop},
	{"MatrixOfADeletedRun", testMatrixOfADeletedRun},
	{"Prune", testPrune},
	{"RunsWithCells", testRunsWithCells},
	{"MissingTableIsRefused", testMissingTableIsRefused},
	{"ForeignTables", testForeignTables},
	{"CanceledSaysTheCause", testCanceledSaysTheCause},
}

func TestBackends(t *testing.T) {
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			var fresh newDB
			switch backend {
			case "sqlite":
				fresh = func(t *testing.T) string { return filepath.Join(t.TempDir(), "s.db") }
			case "postgres":
				srv := pgtest.Start(t)
				fresh = func(t *testing.T) string { return srv.NewDatabase(t) }
			}
			for _, bt := range backendTests {
				t.Run(bt.name, func(t *testing.T) { bt.test(t, fresh) })
			}
		})
	}
}

// open opens dsn and closes it when t ends.
func open(t *testing.T, dsn string) *DB {
	t.Helper()
	d, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// runIDs returns the IDs of the runs d lists, in its order.
func runIDs(t *testing.T, d *DB) []string {
	t.Helper()
	runs, err := d.Runs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, ri := range runs {
		ids = append(ids, ri.ID)
	}
	return ids
}

// sortedRun compares runs as the store returns them: codecs, verifications
// and cells sorted.
var sortedRun = cmp.Options{
	cmpopts.EquateEmpty(),
	cmpopts.SortSlices(func(a, b result.Codec) bool { return a.Name < b.Name }),
	cmpopts.SortSlices(func(a, b result.Verification) bool { return a.Workload+a.Codec < b.Workload+b.Codec }),
	cmpopts.SortSlices(func(a, b result.Cell) bool { return compareKeys(a.Key(), b.Key()) < 0 }),
}

// write stores run through a Writer as the harness would: header,
// verifications, samples one at a time, cell statuses, warnings, finish.
func write(t *testing.T, d *DB, run *result.Run) {
	t.Helper()
	writeMeta(t, d, run, RunMeta{})
}

// writeMeta is write with the run's group and shard.
func writeMeta(t *testing.T, d *DB, run *result.Run, meta RunMeta) {
	t.Helper()
	ctx := context.Background()
	w, err := d.BeginRun(ctx, run, meta)
	if err != nil {
		t.Fatal(err)
	}
	writeProcess(t, w, run, func(c result.Cell) []result.Sample { return c.Samples }, nil, run.Warnings, run.End, run.Complete)
}

// writeProcess writes to w what one process measures of run: the run's
// verifications; for each cell, the samples that part returns, one at a
// time, and the cell as done (changed by done first, unless done is nil);
// warnings; and the finish at end.
func writeProcess(t *testing.T, w *Writer, run *result.Run, part func(result.Cell) []result.Sample, done func(*result.Cell),
	warnings []string, end time.Time, complete bool) {
	t.Helper()
	for _, v := range run.Verifications {
		if err := w.Verification(v); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range run.Cells {
		for _, s := range part(c) {
			one := c
			one.Samples = []result.Sample{s}
			if err := w.Sample(one); err != nil {
				t.Fatal(err)
			}
		}
		if done != nil {
			done(&c)
		}
		if err := w.CellDone(c); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range warnings {
		if err := w.Warning(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Finish(end, complete); err != nil {
		t.Fatal(err)
	}
}

func testRoundTrip(t *testing.T, newDB newDB) {
	ctx := context.Background()
	path := newDB(t)
	d := open(t, path)
	// With the measurement engine's fields: arguments, sample times, a
	// reference cell, forks and GC data.
	run := engineRun("run-a")
	write(t, d, run)
	later := fixture.Run("run-b")
	later.Start = later.Start.Add(time.Hour)
	write(t, d, later)
	d.Close()

	// Reopen: migrations are not applied twice, data is there.
	d = open(t, path)
	got, err := d.Run(ctx, "run-a")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(run, got, sortedRun); diff != "" {
		t.Errorf("run read back differs (-stored +read):\n%s", diff)
	}
	latest, err := d.Latest(ctx)
	if err != nil || latest != "run-b" {
		t.Errorf("Latest = %q, %v; want run-b", latest, err)
	}
	runs, err := d.Runs(ctx)
	if err != nil || len(runs) != 2 || runs[0].ID != "run-a" || !runs[0].Complete {
		t.Errorf("Runs = %+v, %v", runs, err)
	}
	if _, err := d.Run(ctx, "nope"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("missing run: %v", err)
	}
}

func testInterruptedRunKeepsSamples(t *testing.T, newDB newDB) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := Open(ctx, newDB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	run := fixture.Run("run-i")
	w, err := d.BeginRun(ctx, run, RunMeta{})
	if err != nil {
		t.Fatal(err)
	}
	c := run.Cells[0]
	c.Samples = c.Samples[:1]
	if err := w.Sample(c); err != nil {
		t.Fatal(err)
	}
	cancel() // Ctrl-C: later writes must still land.
	c.Status, c.Error = result.CellInterrupted, "context canceled"
	if err := w.CellDone(c); err != nil {
		t.Fatalf("CellDone after cancel: %v", err)
	}
	if err := w.Finish(time.Now(), false); err != nil {
		t.Fatal(err)
	}
	got, err := d.Run(context.Background(), "run-i")
	if err != nil {
		t.Fatal(err)
	}
	if got.Complete || len(got.Cells) != 1 || len(got.Cells[0].Samples) != 1 || got.Cells[0].Status != result.CellInterrupted {
		t.Errorf("interrupted run read back as %+v", got.Cells)
	}
}

func TestOpenErrorsNameTheDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	bad := filepath.Join(dir, "no-such-dir", "x.db")
	_, err := Open(ctx, bad)
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("Open(%s) = %v, want an error naming the path", bad, err)
	}
	notDB := filepath.Join(dir, "text.db")
	os.WriteFile(notDB, []byte("this is not a database, just text that is long enough to have a header"), 0o644)
	if _, err := Open(ctx, notDB); err == nil || !strings.Contains(err.Error(), notDB) {
		t.Errorf("Open(text file) = %v, want an error naming it", err)
	}
	if _, err := Open(ctx, ""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
}

func testDuplicateRunIDIsAnError(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	write(t, d, fixture.Run("same"))
	if _, err := d.BeginRun(ctx, fixture.Run("same"), RunMeta{}); err == nil {
		t.Error("second run with the same ID was accepted")
	}
	// The first run is intact.
	r, err := d.Run(ctx, "same")
	if err != nil || len(r.Cells) == 0 {
		t.Errorf("first run damaged: %v", err)
	}
}

// testVerificationFindings stores what verification found beyond the
// status (found flags, aliasing examples, the extent of declared bounds,
// changed inputs) and reads it back; and a run stored with the flags of
// before "gen-types" reads back with its generated-types-only codecs
// marked.
func testVerificationFindings(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	run := fixture.Run("findings")
	run.Codecs = append(run.Codecs,
		result.Codec{Name: "gen", Format: "protobuf", Module: "m", API: "codegen"},
		result.Codec{Name: "gen+convert", Format: "protobuf", Module: "m", API: "codegen", Flags: []string{"convert"}})
	found := result.Verification{Workload: "person", Codec: "gen", Status: result.VerifyMutated, Values: 10, MutatedValues: 3,
		Flags: []string{result.FlagUnsafe}, Aliases: []string{"value 0: other at .Name"},
		Bounds: []string{"time-precision: bound 1h, largest seen 1ms (bound 3600000× looser than observed)"}, LooseBounds: 1}
	run.Verifications = append(run.Verifications, found)
	write(t, d, run)
	got, err := d.Run(ctx, "findings")
	if err != nil {
		t.Fatal(err)
	}
	var v *result.Verification
	for i := range got.Verifications {
		if got.Verifications[i].Codec == "gen" {
			v = &got.Verifications[i]
		}
	}
	if v == nil {
		t.Fatal("verification of gen not stored")
	}
	if diff := cmp.Diff(found, *v, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("verification (-stored +loaded):\n%s", diff)
	}
	flags := map[string][]string{}
	for _, c := range got.Codecs {
		flags[c.Name] = c.Flags
	}
	if !slices.Equal(flags["gen"], []string{result.FlagGeneratedTypes}) || !slices.Equal(flags["gen+convert"], []string{result.FlagConvert}) {
		t.Errorf("legacy codec flags not upgraded on load: %v", flags)
	}
}
