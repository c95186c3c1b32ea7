package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/pgtest"
	"github.com/serbench/serbench/internal/sqlitetest"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// The store's commands given a database that is damaged, locked, holds
// runs that are still measured or abandoned, or fails half-way (issue 14,
// points 3 to 5).

// benchFile is the path of a Go benchmark file of testdata/cli.
func benchFile(name string) string { return filepath.Join(pkgDir, "testdata", "cli", name) }

var importedRE = regexp.MustCompile(`as run (\S+)\n$`)

// mustImport imports a Go benchmark file of testdata/cli into db and
// returns the new run's ID.
func mustImport(t *testing.T, db, name string) string {
	t.Helper()
	out := mustCLI(t, "import", "--db", db, benchFile(name))
	m := importedRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("import printed %q, want the run's ID", out)
	}
	return m[1]
}

// mustOpen opens the database db (a SQLite file or a PostgreSQL URL)
// with the store, failing the test if it cannot; the caller closes it.
func mustOpen(t *testing.T, db string) *store.DB {
	t.Helper()
	d, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// storeHourly stores a fixture run under each of ids in d, each starting
// an hour after the one before it, so that the last is the latest.
func storeHourly(t *testing.T, d *store.DB, ids ...string) {
	t.Helper()
	for i, id := range ids {
		r := fixture.Run(id)
		r.Start = r.Start.Add(time.Duration(i) * time.Hour)
		if err := storeRun(context.Background(), d, r); err != nil {
			t.Fatal(err)
		}
	}
}

// rawSQLite opens the SQLite file at path without the store, as a user's
// sqlite3 shell (or a failing disk) would.
func rawSQLite(t *testing.T, path string) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}

func mustExec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// TestCorruptDatabaseIsNotAppendedTo: run, run --resume, import and runs
// --delete refuse a database with a corrupt page, with a message that
// names it and says how to recover its data, and leave its bytes as they
// were (run used to append a run to it and exit 0).
func TestCorruptDatabaseIsNotAppendedTo(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	id := mustImport(t, db, "a.bench")
	sqlitetest.CorruptPage(t, db, "samples")
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"import", "--db", db, benchFile("b.bench")},
		{"run", "--workload", "^person$", "--codec", "^json$", "--count", "3", "--time", "2ms", "--ci", "0", "--quiet", "--zstd=false", "--db", db},
		{"run", "--resume", "--db", db},
		{"runs", "--delete", id, "--db", db},
	} {
		_, stderr, code := cli(t, args...)
		if code != 1 || !strings.Contains(stderr, db+" is corrupt") || !strings.Contains(stderr, ".recover") {
			t.Errorf("%s: exit %d, %q; want exit 1 and a message that names the corrupt database and how to recover it", args[0], code, stderr)
		}
		after, err := os.ReadFile(db)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			t.Fatalf("%q changed the corrupt database", args)
		}
	}
}

// TestHistoryShowsTheRunsItCanRead: a run whose rows cannot be read (a
// list column that is not JSON, a time per operation that is not a
// number) is left out of history with a warning that names it and says
// why; the other runs are shown (history used to fail entirely).
func TestHistoryShowsTheRunsItCanRead(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	badJSON := mustImport(t, db, "a.bench")
	good := mustImport(t, db, "b.bench")
	badSample := mustImport(t, db, "c.bench")
	raw := rawSQLite(t, db)
	mustExec(t, raw, `UPDATE run_codecs SET flags = 'garbage' WHERE run_id = ?`, badJSON)
	mustExec(t, raw, `UPDATE samples SET ns_per_op = 'fast' WHERE run_id = ? AND seq = 1`, badSample)
	raw.Close()
	out, stderr, code := cli(t, "history", "--db", db)
	if code != 0 {
		t.Fatalf("history: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, good) || strings.Contains(out, badJSON) || strings.Contains(out, badSample) {
		t.Errorf("history shows:\n%s\nwant run %s only", out, good)
	}
	for _, want := range []string{badJSON + " ", "invalid character 'g'", badSample + " ", `"fast"`, "left out"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("history's warnings:\n%s\nwant them to hold %q", stderr, want)
		}
	}
}

// TestImportIsAtomic: an import that fails half-way (here the database
// refuses the fifth sample) stores nothing: no run, no rows (it used to
// leave an empty ghost run).
func TestImportIsAtomic(t *testing.T) {
	db := filepath.Join(t.TempDir(), "i.db")
	first := mustImport(t, db, "a.bench")
	raw := rawSQLite(t, db)
	mustExec(t, raw, `CREATE TRIGGER fail_late BEFORE INSERT ON samples
		WHEN (SELECT count(*) FROM samples WHERE run_id = NEW.run_id) >= 4
		BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END`)
	_, stderr, code := cli(t, "import", "--db", db, benchFile("b.bench"))
	if code != 1 || !strings.Contains(stderr, "disk full (test)") || !strings.Contains(stderr, db) {
		t.Errorf("import failing at its fifth sample: exit %d, %q; want exit 1 naming the database and the error", code, stderr)
	}
	for _, table := range []string{"runs", "run_env", "run_codecs", "run_workloads", "verifications", "cells", "samples", "warnings"} {
		col := "run_id"
		if table == "runs" {
			col = "id"
		}
		var n int
		if err := raw.QueryRow(`SELECT count(*) FROM `+table+` WHERE `+col+` <> ?`, first).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("the failed import left %d rows in %s", n, table)
		}
	}
	out := mustCLI(t, "runs", "--db", db)
	if lines := strings.Count(out, "\n"); lines != 2 {
		t.Errorf("runs after a failed import:\n%s\nwant the first run only", out)
	}
}

// runStates returns the STATE column of serbench runs, by run ID.
func runStates(t *testing.T, out string) map[string]string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	col := strings.Index(lines[0], "STATE")
	if col < 0 {
		t.Fatalf("runs printed no STATE column:\n%s", out)
	}
	states := map[string]string{}
	for _, l := range lines[1:] {
		if len(l) > col {
			states[strings.Fields(l)[0]] = strings.Fields(l[col:])[0]
		}
	}
	return states
}

// beginRun stores the header of fixture run id, incomplete, as a run
// that was started.
func beginRun(t *testing.T, d *store.DB, id string, start time.Time) {
	t.Helper()
	r := fixture.Run(id)
	r.Start = start
	if _, err := d.BeginRun(context.Background(), r, store.RunMeta{}); err != nil {
		t.Fatal(err)
	}
}

// TestRunsTellsRunningFromAbandoned: runs lists an incomplete run whose
// lock a process holds with a fresh heartbeat as running, and one with no
// lock, a stale one, or a fresh one of a process of this machine that is
// gone as abandoned, saying how to resume or delete it (all used to be
// "incomplete").
func TestRunsTellsRunningFromAbandoned(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "r.db")
	d := mustOpen(t, db)
	defer d.Close()
	if err := storeRun(ctx, d, fixture.Run("done")); err != nil {
		t.Fatal(err)
	}
	beginRun(t, d, "running", fixture.Start.Add(time.Hour))
	beginRun(t, d, "killed", fixture.Start.Add(2*time.Hour))
	beginRun(t, d, "stale", fixture.Start.Add(3*time.Hour))
	unlock, err := d.LockRun(ctx, "running", "serbench pid 12345 on elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	raw := rawSQLite(t, db)
	mustExec(t, raw, `INSERT INTO run_locks (run_id, owner, heartbeat) VALUES ('stale', 'serbench pid 9 on elsewhere', '2026-01-01T00:00:00.000000000Z')`)
	// A fresh lock of a process of this machine that is gone (SIGKILL).
	beginRun(t, d, "gone", fixture.Start.Add(4*time.Hour))
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	unlockDead, err := d.LockRun(ctx, "gone", fmt.Sprintf("serbench pid %d on %s", dead.Process.Pid, host))
	if err != nil {
		t.Fatal(err)
	}
	defer unlockDead()
	out, stderr, code := cli(t, "runs", "--db", db)
	if code != 0 {
		t.Fatalf("runs: exit %d: %s", code, stderr)
	}
	states := runStates(t, out)
	for id, want := range map[string]string{"done": "complete", "running": "running", "killed": "abandoned", "stale": "abandoned", "gone": "abandoned"} {
		if states[id] != want {
			t.Errorf("runs lists %s as %q, want %q:\n%s", id, states[id], want, out)
		}
	}
	for _, want := range []string{"serbench pid 12345 on elsewhere", "serbench run --resume", "runs --delete"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("runs' notes:\n%s\nwant them to hold %q", stderr, want)
		}
	}
}

func TestRunsDelete(t *testing.T) {
	checkRunsDelete(t, filepath.Join(t.TempDir(), "d.db"))
}

// TestRunsDeletePostgres is TestRunsDelete on a throwaway PostgreSQL
// server (internal/pgtest).
func TestRunsDeletePostgres(t *testing.T) {
	checkRunsDelete(t, pgtest.DSN(t))
}

// checkRunsDelete: runs --delete ID removes a run and what is stored with
// it (its fidelity matrix too) and says what it removed; the other runs
// are untouched; an unknown ID and a run that a process is measuring are
// refused, the latter unless --force is given.
func checkRunsDelete(t *testing.T, db string) {
	ctx := context.Background()
	d := mustOpen(t, db)
	defer d.Close()
	for i, id := range []string{"keep", "gone"} {
		r := fixture.Run(id)
		r.Start = r.Start.Add(time.Duration(i) * time.Hour)
		if err := storeRun(ctx, d, r); err != nil {
			t.Fatal(err)
		}
		m := &result.Fidelity{Cases: []result.FidelityCase{{Name: "base", Doc: "the base value"}},
			Rows: []result.FidelityRow{{Codec: "json", Carrier: "nested", Cells: []result.FidelityCell{{Case: "base", Status: result.FidelityExact}}}}}
		if err := d.SaveFidelity(ctx, id, m); err != nil {
			t.Fatal(err)
		}
	}
	kept, err := d.Run(ctx, "keep")
	if err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := cli(t, "runs", "--delete", "nosuch", "--db", db); code != 1 || !strings.Contains(stderr, `"nosuch"`) {
		t.Errorf("runs --delete nosuch: exit %d, %q; want exit 1 naming the run", code, stderr)
	}
	unlock, err := d.LockRun(ctx, "gone", "serbench pid 12345 on elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if _, stderr, code := cli(t, "runs", "--delete", "gone", "--db", db); code != 1 || !strings.Contains(stderr, "serbench pid 12345 on elsewhere") || !strings.Contains(stderr, "--force") {
		t.Errorf("runs --delete of a run being measured: exit %d, %q; want exit 1 naming who measures it and --force", code, stderr)
	}
	if _, err := d.Run(ctx, "gone"); err != nil {
		t.Errorf("a refused delete deleted: %v", err)
	}
	out, stderr, code := cli(t, "runs", "--delete", "gone", "--force", "--db", db)
	if code != 0 || !strings.Contains(out, "deleted run gone") || !strings.Contains(out, "samples") || !strings.Contains(out, "fidelity") {
		t.Errorf("runs --delete --force: exit %d, %q, %q; want what was deleted", code, out, stderr)
	}
	if _, err := d.Run(ctx, "gone"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the deleted run reads as %v", err)
	}
	if _, err := d.Fidelity(ctx, "gone"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the deleted run's fidelity matrix reads as %v", err)
	}
	if again, err := d.Run(ctx, "keep"); err != nil || again.ID != kept.ID || len(again.Cells) != len(kept.Cells) {
		t.Errorf("the other run after the delete: %v", err)
	}
	if _, err := d.Fidelity(ctx, "keep"); err != nil {
		t.Errorf("the other run's fidelity matrix after the delete: %v", err)
	}
	if _, stderr, code := cli(t, "runs", "--delete", "gone", "--db", db); code != 1 || !strings.Contains(stderr, `"gone"`) {
		t.Errorf("runs --delete of a deleted run: exit %d, %q; want exit 1", code, stderr)
	}
	if states := runStates(t, mustCLI(t, "runs", "--db", db)); len(states) != 1 || states["keep"] != "complete" {
		t.Errorf("runs after the delete: %v", states)
	}
}

// TestDroppedTableIsNamed: a database with a table dropped by hand (the
// sqlite3 shell's DROP TABLE samples) is refused by every command that
// reads or writes it with a message that names the database and the
// missing table (it used to be SQLite's "SQL logic error: no such table:
// samples", or a runs listing as if nothing were wrong); nothing is
// recreated and the runs stay stored.
func TestDroppedTableIsNamed(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	id := mustImport(t, db, "a.bench")
	raw := rawSQLite(t, db)
	mustExec(t, raw, `DROP TABLE samples`)
	raw.Close()
	for _, args := range [][]string{
		{"runs"},
		{"show"},
		{"show", id},
		{"compare", id, id},
		{"history"},
		{"report", "--html", filepath.Join(dir, "r.html")},
		{"fidelity", "--run", "latest"},
		{"import", benchFile("b.bench")},
		{"runs", "--delete", id},
		{"prune", "--keep-last", "1"},
	} {
		_, stderr, code := cli(t, append(args, "--db", db)...)
		if want := "open database " + db + ": not a complete serbench database: table samples is missing"; code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%q: exit %d, %q; want exit 1 and %q", args, code, stderr, want)
		}
	}
	raw = rawSQLite(t, db)
	var runs, samples int
	if err := raw.QueryRow(`SELECT count(*) FROM runs`).Scan(&runs); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'samples'`).Scan(&samples); err != nil {
		t.Fatal(err)
	}
	if runs != 1 || samples != 0 {
		t.Errorf("after the commands the database holds %d runs and %d samples tables; want the 1 run and no table recreated", runs, samples)
	}
}

// TestReadersLeaveNoFiles: the commands that only read leave the
// directory of a SQLite database as they found it (they used to leave an
// empty -wal and a 32 KB -shm file beside it), and its bytes as they
// were.
func TestReadersLeaveNoFiles(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "r.db")
	a := mustImport(t, db, "a.bench")
	b := mustImport(t, db, "b.bench")
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	html := filepath.Join(t.TempDir(), "r.html")
	for _, args := range [][]string{
		{"runs"},
		{"show"},
		{"show", a},
		{"compare", a, b},
		{"history"},
		{"report", "--html", html},
	} {
		if _, stderr, code := cli(t, append(args, "--db", db)...); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 1 {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("after %q the database's directory holds %v; want r.db alone", args, names)
		}
		if after, err := os.ReadFile(db); err != nil || !bytes.Equal(before, after) {
			t.Errorf("%q changed the database (%v)", args, err)
		}
	}
}

// TestForcedDeleteIsSaidOnce: a run deleted by force while it is measured
// (runs --delete ID --force) stops, and the measuring process says once
// that its run was deleted (it used to say it for each write that
// failed after: the sample, the cells marked interrupted, the finish and
// the unlock, four lines).
func TestForcedDeleteIsSaidOnce(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "f.db")
	type outcome struct {
		stderr string
		code   int
	}
	done := make(chan outcome, 1)
	go func() {
		_, stderr, code := cli(t, "run", "--workload", "^person$", "--codec", "^json$", "--count", "100000", "--time", "5ms", "--ci", "0", "--zstd=false", "--quiet", "--db", db)
		done <- outcome{stderr, code}
	}()
	var id string
	for deadline := time.Now().Add(60 * time.Second); id == ""; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the run was not being measured after 60s")
		}
		select {
		case o := <-done:
			t.Fatalf("the run ended before it was deleted: exit %d: %s", o.code, o.stderr)
		default:
		}
		d, err := store.OpenReadOnly(ctx, db)
		if err != nil {
			continue // not made yet
		}
		// Measured: it holds its lock and has stored samples.
		runs, err := d.Runs(ctx)
		if err == nil && len(runs) == 1 && runs[0].Holder != "" {
			if counts, err := d.SampleCounts(ctx, runs[0].ID); err == nil && len(counts) > 0 {
				id = runs[0].ID
			}
		}
		d.Close()
	}
	if out, stderr, code := cli(t, "runs", "--delete", id, "--force", "--db", db); code != 0 || strings.Count(out, "deleted run "+id) != 1 {
		t.Fatalf("runs --delete --force: exit %d, %q, %q", code, out, stderr)
	}
	select {
	case o := <-done:
		if n := strings.Count(o.stderr, "deleted while this process measured it"); o.code != 1 || n != 1 || strings.Contains(o.stderr, "constraint") {
			t.Errorf("the run whose run was deleted: exit %d, said it %d times:\n%s\nwant exit 1, said once", o.code, n, o.stderr)
		}
		// It does not read the deleted run back to show it ("run X in
		// DB: not found"), nor say that what was measured is stored and
		// can be resumed: the one line is all it says.
		if lines := strings.Split(strings.TrimSpace(o.stderr), "\n"); len(lines) != 1 || strings.Contains(o.stderr, "not found") || strings.Contains(o.stderr, "--resume") {
			t.Errorf("the run whose run was deleted said %d lines:\n%s\nwant one, that it was deleted", len(lines), o.stderr)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the run went on for 60s after it was deleted")
	}
}

// TestImportTwiceIsRefused: importing results that are stored already
// (the same file again, a copy of it under another name, or the export
// of an imported run) is refused with a message that names the run that
// holds them, and stores nothing (it used to store them a second time,
// as another run); other results are imported.
func TestImportTwiceIsRefused(t *testing.T) {
	dir := t.TempDir()
	checkImportTwiceIsRefused(t, dir, filepath.Join(dir, "i.db"))
}

// TestImportTwiceIsRefusedPostgres is TestImportTwiceIsRefused on a
// throwaway PostgreSQL server (internal/pgtest).
func TestImportTwiceIsRefusedPostgres(t *testing.T) {
	checkImportTwiceIsRefused(t, t.TempDir(), pgtest.DSN(t))
}

func checkImportTwiceIsRefused(t *testing.T, dir, db string) {
	first := mustImport(t, db, "a.bench")
	text, err := os.ReadFile(benchFile("a.bench"))
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(dir, "copy.txt")
	if err := os.WriteFile(copied, text, 0o644); err != nil {
		t.Fatal(err)
	}
	exported := filepath.Join(dir, "export.txt")
	if err := os.WriteFile(exported, []byte(mustCLI(t, "show", first, "--format", "gobench", "--db", db)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{benchFile("a.bench"), copied, exported} {
		out, stderr, code := cli(t, "import", "--db", db, file)
		if want := file + " is imported already: run " + first + " in "; code != 1 || out != "" || !strings.Contains(stderr, want) {
			t.Errorf("import %s again: exit %d, %q, %q; want exit 1 and %q", file, code, out, stderr, want)
		}
	}
	second := mustImport(t, db, "b.bench")
	if states := runStates(t, mustCLI(t, "runs", "--db", db)); len(states) != 2 || states[first] == "" || states[second] == "" {
		t.Errorf("runs after the imports: %v; want %s and %s", states, first, second)
	}
}

// TestConcurrentImportsStoreOncePostgres: two imports of one file at the
// same moment store it once: the other is refused as imported already.
// The look for the same results and the store are one step (it used to
// look first, outside the import's transaction, so that both looked,
// found nothing and stored the file). The test holds the runs table
// locked against writes (LOCK TABLE ... IN EXCLUSIVE MODE, which lets
// reads through) until both imports wait, then lets them go.
func TestConcurrentImportsStoreOncePostgres(t *testing.T) {
	ctx := context.Background()
	db := pgtest.DSN(t)
	other := mustImport(t, db, "b.bench")
	raw, err := sql.Open("pgx", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	hold, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Rollback()
	if _, err := hold.ExecContext(ctx, `LOCK TABLE runs IN EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	type outcome struct {
		out, stderr string
		code        int
	}
	done := make(chan outcome, 2)
	for range 2 {
		go func() {
			out, stderr, code := cli(t, "import", "--db", db, benchFile("a.bench"))
			done <- outcome{out, stderr, code}
		}()
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var n int
		if err := raw.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the two imports did not both wait within 60s (%d waiting)", n)
		}
	}
	if err := hold.Commit(); err != nil {
		t.Fatal(err)
	}
	var stored, refused int
	for range 2 {
		o := <-done
		switch {
		case o.code == 0 && strings.HasPrefix(o.out, "imported "):
			stored++
		case o.code == 1 && strings.Contains(o.stderr, "a.bench is imported already: run "):
			refused++
		default:
			t.Errorf("an import: exit %d, %q, %q", o.code, o.out, o.stderr)
		}
	}
	states := runStates(t, mustCLI(t, "runs", "--db", db))
	if stored != 1 || refused != 1 || len(states) != 2 || states[other] == "" {
		t.Errorf("two imports of a.bench at once: %d stored, %d refused, runs %v; want one stored, one refused, two runs (with %s)", stored, refused, states, other)
	}
}
