package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/sqlitetest"
)

// oneRunDB returns the path of a new SQLite database that holds run r1
// and is closed, for a test to damage.
func oneRunDB(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "c.db")
	oneRunFile(t, path, "r1")
	return path
}

// oneRunFile makes the SQLite database at path hold the fixture run id,
// written as the harness writes it, and closes it.
func oneRunFile(t *testing.T, path, id string) {
	t.Helper()
	d := open(t, path)
	write(t, d, fixture.Run(id))
	d.Close()
}

// TestCorruptDatabaseIsNotWritten: a SQLite database with a corrupt page
// is refused by the opens that write, with a message that names the file
// and says how to recover it, and its bytes are left as they were; the
// readers still open it, to read what can be read.
func TestCorruptDatabaseIsNotWritten(t *testing.T) {
	ctx := context.Background()
	path := oneRunDB(t)
	sqlitetest.CorruptPage(t, path, "samples")
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, open := range writers {
		d, err := open(ctx, path)
		if err == nil {
			// What the old code did: append to it.
			if w, err := d.BeginRun(ctx, fixture.Run("r2"), RunMeta{}); err == nil {
				w.Finish(time.Now(), true)
			}
			d.Close()
			t.Errorf("%s(corrupt database) succeeded", name)
		} else if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "corrupt") || !strings.Contains(msg, ".recover") {
			t.Errorf("%s(corrupt database) = %q; want it to name the file, say it is corrupt and how to recover it", name, msg)
		} else if ce := (*CorruptError)(nil); !errors.As(err, &ce) || ce.Path != path {
			t.Errorf("%s(corrupt database) = %v; want a *CorruptError of %s", name, err, path)
		}
		after, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			t.Fatalf("%s changed the corrupt database", name)
		}
	}
	d, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("OpenReadOnly(corrupt database): %v", err)
	}
	defer d.Close()
	if runs, err := d.Runs(ctx); err != nil || len(runs) != 1 {
		t.Errorf("Runs of the corrupt database = %v, %v; want its one run", runs, err)
	}
}

// TestTruncatedDatabaseIsUnreadable: a SQLite file cut short, whose list
// of tables cannot be read, is called corrupt, with how to recover it, by
// the opens that read as well as by those that write (the readers said
// only "database disk image is malformed (11)"), and the writers do not
// say that the readers read what they can of it.
func TestTruncatedDatabaseIsUnreadable(t *testing.T) {
	path := oneRunDB(t)
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	for name, err := range openErrors(t, path, "truncated database") {
		msg := err.Error()
		if ce := (*CorruptError)(nil); !errors.As(err, &ce) || ce.Path != path || !ce.Unreadable {
			t.Errorf("%s(truncated database) = %v; want a *CorruptError of %s, unreadable", name, err, path)
		}
		if !strings.Contains(msg, ".recover") || !strings.Contains(msg, "cannot read even the list of its tables") || strings.Contains(msg, "still read") {
			t.Errorf("%s(truncated database) = %q; want how to recover it, and that it cannot be read", name, msg)
		}
	}
}

// TestRefusedCorruptOpenLeavesTheDirectory: the opens that write refuse
// a corrupt SQLite database in WAL mode (a corrupt page, a truncated
// file) and leave its directory as they found it: the -wal and -shm
// files that their checks made beside it to read it are removed again
// (they were left behind), and the file's bytes are unchanged. When one
// of them was there before (a -shm, or an empty -wal, that a reader
// left), it stays, as it was for the -wal, and the other is removed.
func TestRefusedCorruptOpenLeavesTheDirectory(t *testing.T) {
	ctx := context.Background()
	damage := map[string]func(t *testing.T, path string){
		"corrupt page": func(t *testing.T, path string) { sqlitetest.CorruptPage(t, path, "samples") },
		"truncated": func(t *testing.T, path string) {
			if err := os.Truncate(path, 100); err != nil {
				t.Fatal(err)
			}
		},
	}
	for what, damage := range damage {
		for name, open := range writers {
			for _, left := range []string{"", "-shm", "-wal"} {
				path := oneRunDB(t)
				damage(t, path)
				desc := what
				if left != "" {
					desc += " (a reader left only its " + left + ")"
					readerLeftovers(t, path)
					if err := os.Remove(path + map[string]string{"-shm": "-wal", "-wal": "-shm"}[left]); err != nil {
						t.Fatal(err)
					}
				}
				// The file's header says WAL mode (its bytes 18 and 19,
				// the read and write versions, are 2).
				if b, err := os.ReadFile(path); err != nil || len(b) < 100 || b[18] != 2 || b[19] != 2 {
					t.Fatalf("%s database: not in WAL mode (%v)", desc, err)
				}
				dir := filepath.Dir(path)
				before := dirState(t, dir)
				d, err := open(ctx, path)
				if err == nil {
					d.Close()
					t.Errorf("%s(%s database) succeeded", name, desc)
					continue
				}
				if ce := (*CorruptError)(nil); !errors.As(err, &ce) {
					t.Errorf("%s(%s database) = %v; want a *CorruptError", name, desc, err)
				}
				// A -shm that was there is SQLite's, which writes it as
				// it reads: only its name is compared. Beside an empty
				// -wal that was there, the -shm that the check made
				// stays when not even the list of tables can be read
				// (truncated): the read that shows the lock held fails
				// (tidyReaderFiles).
				after := dirState(t, dir)
				shm := filepath.Base(path) + "-shm"
				if before[shm] != nil && after[shm] != nil {
					after[shm] = before[shm]
				}
				if what == "truncated" && left == "-wal" && after[shm] != nil {
					delete(after, shm)
				}
				if !maps.EqualFunc(before, after, bytes.Equal) {
					t.Errorf("%s(%s database) left its directory with %q; it held %q", name, desc, slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before)))
				}
			}
		}
	}
}

// TestRefusedCorruptOpenKeepsTheWAL: a corrupt SQLite database whose
// -wal file holds writes not yet in it (copied with it, or left by a
// crash) is refused by the opens that write, which leave the -wal and the
// database byte for byte as they were (the -wal's writes are the
// user's), and the -shm file too when there was one.
func TestRefusedCorruptOpenKeepsTheWAL(t *testing.T) {
	ctx := context.Background()
	src := oneRunDB(t)
	sqlitetest.CorruptPage(t, src, "samples")
	// A connection that never checkpoints writes into the -wal, and the
	// database is copied with its -wal (and its -shm) as they are then.
	raw, err := sql.Open("sqlite", "file:"+src+"?_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`INSERT INTO warnings (run_id, seq, message) VALUES ('r1', 99, 'only in the wal')`); err != nil {
		t.Fatal(err)
	}
	for _, withShm := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "c.db")
		suffixes := []string{"", "-wal"}
		if withShm {
			suffixes = append(suffixes, "-shm")
		}
		for _, suffix := range suffixes {
			b, err := os.ReadFile(src + suffix)
			if err != nil {
				t.Fatal(err)
			}
			if suffix == "-wal" && len(b) == 0 {
				t.Fatal("the -wal holds nothing")
			}
			if err := os.WriteFile(path+suffix, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before := dirState(t, dir)
		for name, open := range writers {
			d, err := open(ctx, path)
			if err == nil {
				d.Close()
				t.Fatalf("%s(corrupt database with a -wal) succeeded", name)
			}
			after := dirState(t, dir)
			for _, f := range []string{"c.db", "c.db-wal"} {
				if !bytes.Equal(before[f], after[f]) {
					t.Errorf("%s(corrupt database with a -wal, -shm %v) changed %s (%d bytes, were %d)", name, withShm, f, len(after[f]), len(before[f]))
				}
			}
			if _, ok := after["c.db-shm"]; withShm && !ok {
				t.Errorf("%s(corrupt database with a -wal and a -shm) removed the -shm", name)
			}
		}
	}
}

// holdWriteLock takes the write lock of the SQLite database at path from
// a connection of its own, as another process writing would, until t
// ends or release is called.
func holdWriteLock(t *testing.T, path string) (release func()) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	tx, err := raw.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`CREATE TABLE IF NOT EXISTS held (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	done := false
	release = func() {
		if !done {
			done = true
			tx.Rollback()
			raw.Close()
		}
	}
	t.Cleanup(release)
	return release
}

// cancelAfter is a context canceled after d, as a Ctrl-C would.
func cancelAfter(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(d, cancel)
	t.Cleanup(cancel)
	return ctx
}

// TestLockedDatabaseCtrlCWins: while another process holds the write lock
// of a SQLite database, a write waits for it, but a cancel (Ctrl-C) ends
// the wait at once with an error that wraps context.Canceled and names
// the database: opening it (which migrates), beginning a run, and the
// writes of a run whose context was canceled.
func TestLockedDatabaseCtrlCWins(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.db")
	d := open(t, path)
	run := fixture.Run("begun")
	w, err := d.BeginRun(context.Background(), run, RunMeta{})
	if err != nil {
		t.Fatal(err)
	}
	release := holdWriteLock(t, path)
	const limit = 2 * time.Second
	check := func(what string, f func(ctx context.Context) error) {
		t.Helper()
		start := time.Now()
		err := f(cancelAfter(t, 200*time.Millisecond))
		took := time.Since(start)
		if err == nil {
			t.Errorf("%s on a locked database succeeded", what)
			return
		}
		if took > limit || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s canceled after 200ms returned after %s: %v; want within %s an error naming the database that wraps context.Canceled", what, took.Round(time.Millisecond), err, limit)
		}
	}
	check("Open", func(ctx context.Context) error {
		d, err := Open(ctx, path)
		if err == nil {
			d.Close()
		}
		return err
	})
	check("BeginRun", func(ctx context.Context) error {
		_, err := d.BeginRun(ctx, fixture.Run("new"), RunMeta{})
		return err
	})
	// The writer of a run begun before: its context is the run's, canceled.
	ctx, cancel := context.WithCancel(context.Background())
	w2, err := func() (*Writer, error) {
		release()
		defer func() { release = holdWriteLock(t, path) }()
		return d.BeginRun(ctx, fixture.Run("canceled"), RunMeta{})
	}()
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	check("Sample after the run was canceled", func(context.Context) error {
		c := run.Cells[0]
		return w2.Sample(c)
	})
	check("Finish after the run was canceled", func(context.Context) error {
		return w2.Finish(time.Now(), false)
	})
	// A lock released while a write waits: the write goes through.
	time.AfterFunc(300*time.Millisecond, release)
	if err := w.Sample(run.Cells[0]); err != nil {
		t.Errorf("Sample while the lock is released after 300ms: %v", err)
	}
	if err := w.Finish(time.Now(), true); err != nil {
		t.Errorf("Finish: %v", err)
	}
	got, err := d.Run(context.Background(), "begun")
	if err != nil || !got.Complete || len(got.Cells) != 1 || len(got.Cells[0].Samples) != len(run.Cells[0].Samples) {
		t.Errorf("run written while the lock came and went: %v, %+v", err, got)
	}
	// A lock held for longer than LockWait: the write gives up, saying
	// why.
	saved := LockWait
	LockWait = 500 * time.Millisecond
	defer func() { LockWait = saved }()
	holdWriteLock(t, path)
	start := time.Now()
	_, err = d.DeleteRun(context.Background(), "begun", false, nil)
	if took := time.Since(start); err == nil || took > 3*LockWait || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "gave up after waiting") {
		t.Errorf("DeleteRun on a database locked for longer than LockWait (%s) returned after %s: %v; want an error naming it that says it gave up", LockWait, took, err)
	}
}

// tablesWithRunID lists the tables of d's schema that have a run_id
// column.
func tablesWithRunID(t *testing.T, d *DB) []string {
	t.Helper()
	q := `SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND p.name = 'run_id'`
	if d.postgres {
		q = `SELECT table_name FROM information_schema.columns WHERE column_name = 'run_id' AND table_schema = current_schema()`
	}
	var tables []string
	rows, err := d.db.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(tables)
	return tables
}

// rowsOf counts the rows of run id in every table that holds a run's
// rows, runs included.
func rowsOf(t *testing.T, d *DB, id string) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for _, table := range append(tablesWithRunID(t, d), "runs") {
		col := "run_id"
		if table == "runs" {
			col = "id"
		}
		var n int
		if err := d.db.QueryRowContext(context.Background(), d.rebind(`SELECT count(*) FROM `+table+` WHERE `+col+` = ?`), id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}

// testDeleteRun: DeleteRun removes a run's rows from every table that
// holds them (every table with a run_id column, the fidelity matrix and
// the lock included) and says how many; the other runs are untouched; an
// unknown ID is ErrNotFound, and a run being measured is refused unless
// forced.
func testDeleteRun(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	if got, want := tablesWithRunID(t, d), slices.Sorted(slices.Values(runTables)); !slices.Equal(got, want) {
		t.Fatalf("tables with a run_id column: %v; DeleteRun deletes from %v", got, want)
	}
	keep := engineRun("keep")
	write(t, d, keep)
	gone := engineRun("gone")
	gone.Complete = false
	gone.Warnings = append(gone.Warnings, "a warning")
	write(t, d, gone)
	for _, id := range []string{"keep", "gone"} {
		if err := d.SaveFidelity(ctx, id, fidelityMatrix()); err != nil {
			t.Fatal(err)
		}
		if err := d.SaveInterop(ctx, id, interopMatrix()); err != nil {
			t.Fatal(err)
		}
	}
	before := rowsOf(t, d, "keep")
	kept, err := d.Run(ctx, "keep")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.DeleteRun(ctx, "nope", false, nil); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("DeleteRun(unknown) = %v; want ErrNotFound naming it", err)
	}
	unlock, err := d.LockRun(ctx, "gone", "host-a pid 1")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	stored := rowsOf(t, d, "gone")
	if _, err := d.DeleteRun(ctx, "gone", false, nil); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "host-a pid 1") {
		t.Errorf("DeleteRun(run being measured) = %v; want ErrLocked naming the holder", err)
	}
	if got := rowsOf(t, d, "gone"); !maps.Equal(got, stored) {
		t.Errorf("a refused delete changed the run's rows from %v to %v", stored, got)
	}
	// The holder is gone (alive says so): the lock does not keep the run.
	deleted, err := d.DeleteRun(ctx, "gone", false, func(holder string) bool { return holder != "host-a pid 1" })
	if err != nil {
		t.Fatalf("DeleteRun(run whose holder is gone): %v", err)
	}
	for _, tr := range deleted {
		if int(tr.Rows) != stored[tr.Table] {
			t.Errorf("DeleteRun says it deleted %d rows of %s; %d were stored", tr.Rows, tr.Table, stored[tr.Table])
		}
	}
	if len(deleted) != len(stored) || deleted[len(deleted)-1].Table != "runs" {
		t.Errorf("DeleteRun deleted %v; want every table of %v, runs last", deleted, stored)
	}
	for table, n := range rowsOf(t, d, "gone") {
		if n != 0 {
			t.Errorf("%d rows of the deleted run are left in %s", n, table)
		}
	}
	if got := rowsOf(t, d, "keep"); !maps.Equal(got, before) {
		t.Errorf("the other run's rows went from %v to %v", before, got)
	}
	if again, err := d.Run(ctx, "keep"); err != nil {
		t.Error(err)
	} else if diff := cmp.Diff(kept, again, sortedRun); diff != "" {
		t.Errorf("the other run changed (-before +after):\n%s", diff)
	}
	if _, err := d.DeleteRun(ctx, "gone", true, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("DeleteRun of a deleted run = %v; want ErrNotFound", err)
	}
	// Forced: a run being measured is deleted all the same.
	write(t, d, fixture.Run("forced"))
	unlock2, err := d.LockRun(ctx, "forced", "host-b pid 2")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock2()
	if _, err := d.DeleteRun(ctx, "forced", true, nil); err != nil {
		t.Errorf("DeleteRun(forced): %v", err)
	}
	for table, n := range rowsOf(t, d, "forced") {
		if n != 0 {
			t.Errorf("%d rows of the run deleted by force are left in %s", n, table)
		}
	}
}

// testForcedDeleteIsToldToTheMeasurer: when a run being measured is
// deleted by force, the measuring process's first write that finds it
// gone says that the run was deleted, not a foreign key constraint; and
// says it once: its later writes, its finish and its unlock, which a
// process makes after its run stopped at that write, return nil (they
// used to say it each, four lines). A process whose first word of it is
// its unlock (the heartbeat found the lock gone) has it said there, not
// a lock taken over by another process.
func testForcedDeleteIsToldToTheMeasurer(t *testing.T, newDB newDB) {
	ctx := context.Background()
	dsn := newDB(t)
	d := open(t, dsn)
	run := fixture.Run("forced")
	w, err := d.BeginRun(ctx, run, RunMeta{})
	if err != nil {
		t.Fatal(err)
	}
	unlock := lockAsA(t, d, "forced")
	deleteForced(t, d, "forced")
	const want = "deleted while this process measured it"
	cell := run.Cells[0]
	cell.Samples = cell.Samples[:1]
	if err := w.Sample(cell); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Sample after the run was deleted = %v; want an error that says %q", err, want)
	}
	// What the harness and the runner do after the run stopped at that
	// write, each error joined to the run's.
	for _, step := range []struct {
		name string
		do   func() error
	}{
		{"Verification", func() error { return w.Verification(run.Verifications[0]) }},
		{"CellDone", func() error { return w.CellDone(cell) }},
		{"Warning", func() error { return w.Warning("late") }},
		{"Finish", func() error { return w.Finish(time.Now(), false) }},
		{"unlock", unlock},
	} {
		if err := step.do(); err != nil {
			t.Errorf("%s after the run was deleted and a write said so = %v; want nil, said once", step.name, err)
		}
	}

	// The lock is the first to find the run gone.
	d2 := open(t, dsn)
	if _, err := d2.BeginRun(ctx, fixture.Run("forced2"), RunMeta{}); err != nil {
		t.Fatal(err)
	}
	unlock2 := lockAsA(t, d2, "forced2")
	deleteForced(t, d2, "forced2")
	if err := unlock2(); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "took it over") {
		t.Errorf("unlock of a deleted run, first to find it gone = %v; want an error that says %q", err, want)
	}

	// A run of the same ID stored again and deleted again while this
	// process measures it is told again: what was said was of the first.
	// Stored by another process, then locked here.
	if _, err := d2.BeginRun(ctx, fixture.Run("forced"), RunMeta{}); err != nil {
		t.Fatal(err)
	}
	unlock = lockAsA(t, d, "forced")
	deleteForced(t, d2, "forced")
	if err := unlock(); !errors.Is(err, ErrRunDeleted) {
		t.Errorf("unlock of a run stored again after it was deleted and told, deleted again = %v; want %v", err, ErrRunDeleted)
	}
	// Stored here, and written without a lock.
	w, err = d.BeginRun(ctx, fixture.Run("forced"), RunMeta{})
	if err != nil {
		t.Fatal(err)
	}
	deleteForced(t, d2, "forced")
	if err := w.Sample(cell); !errors.Is(err, ErrRunDeleted) {
		t.Errorf("Sample to a run stored again after it was deleted and told, deleted again = %v; want %v", err, ErrRunDeleted)
	}
	if err := w.Finish(time.Now(), false); err != nil {
		t.Errorf("Finish after that = %v; want nil, said once", err)
	}
}

// lockAsA locks run id in d for "host-a pid 1", the process that
// measures it, and returns the unlock.
func lockAsA(t *testing.T, d *DB, id string) func() error {
	t.Helper()
	unlock, err := d.LockRun(context.Background(), id, "host-a pid 1")
	if err != nil {
		t.Fatal(err)
	}
	return unlock
}

// deleteForced deletes run id from d by force (whoever measures it), as
// runs --delete --force of another process does.
func deleteForced(t *testing.T, d *DB, id string) {
	t.Helper()
	if _, err := d.DeleteRun(context.Background(), id, true, nil); err != nil {
		t.Fatal(err)
	}
}

// testRunsInProgress: Runs names the holder of a run's fresh lock, so
// that a run being measured is told from one that was left incomplete
// with no lock or a stale one.
func testRunsInProgress(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	for i, id := range []string{"done", "running", "stale", "killed"} {
		r := fixture.Run(id)
		r.Start = r.Start.Add(time.Duration(i) * time.Minute)
		r.Complete = id == "done"
		write(t, d, r)
	}
	unlock, err := d.LockRun(ctx, "running", "host-a pid 1")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	plantLock(t, d, "stale", "host-b pid 2", 2*LockStaleAge)
	runs, err := d.Runs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"done": "", "running": "host-a pid 1", "stale": "", "killed": ""}
	if len(runs) != len(want) {
		t.Fatalf("Runs = %+v", runs)
	}
	for _, ri := range runs {
		if ri.Holder != want[ri.ID] || (ri.Holder == "") != ri.Heartbeat.IsZero() {
			t.Errorf("run %s: holder %q, heartbeat %s; want holder %q", ri.ID, ri.Holder, ri.Heartbeat, want[ri.ID])
		}
	}
}

// testSaveRunIsAtomic: SaveRun stores a whole run that reads back as it
// was; one that fails half-way (here its last cell repeats a cell, so its
// samples collide) stores nothing.
func testSaveRunIsAtomic(t *testing.T, newDB newDB) {
	ctx := context.Background()
	dsn := newDB(t)
	d := open(t, dsn)
	whole := engineRun("whole")
	whole.Warnings = []string{"first", "second"}
	if err := d.SaveRun(ctx, whole, RunMeta{}); err != nil {
		t.Fatal(err)
	}
	got, err := d.Run(ctx, "whole")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, got, sortedRun); diff != "" {
		t.Errorf("run read back differs (-saved +read):\n%s", diff)
	}
	half := engineRun("half")
	half.Cells = append(half.Cells, half.Cells[0])
	err = d.SaveRun(ctx, half, RunMeta{})
	if err == nil || !strings.Contains(err.Error(), d.Name()) || !strings.Contains(err.Error(), "nothing of it was stored") {
		t.Errorf("SaveRun(colliding samples) = %v; want an error naming the database that says nothing was stored", err)
	}
	for table, n := range rowsOf(t, d, "half") {
		if n != 0 {
			t.Errorf("the failed SaveRun left %d rows in %s", n, table)
		}
	}
}
