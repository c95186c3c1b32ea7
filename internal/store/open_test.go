package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
)

// opener is one of the ways to open a store.
type opener = func(context.Context, string) (*DB, error)

// writers are the opens that write; allOpens adds the one that reads.
var (
	writers  = map[string]opener{"Open": Open, "OpenExisting": OpenExisting}
	allOpens = map[string]opener{"Open": Open, "OpenExisting": OpenExisting, "OpenReadOnly": OpenReadOnly}
)

// wantOpenError checks that the open called name failed on path with an
// error that starts with "open database PATH: " and want, and returns
// that error's text ("" when it succeeded).
func wantOpenError(t *testing.T, name, path, want string, db *DB, err error) string {
	t.Helper()
	if err == nil {
		db.Close()
		t.Errorf("%s(%s) succeeded", name, path)
		return ""
	}
	if prefix := "open database " + path + ": " + want; !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("%s(%s) = %q, want it to start with %q", name, path, err, prefix)
	}
	return err.Error()
}

// openErrors opens dsn with each of allOpens and returns the error of
// each open that fails, by its name; an open that succeeds is closed and
// reported as "NAME(what) succeeded".
func openErrors(t *testing.T, dsn, what string) map[string]error {
	t.Helper()
	errs := map[string]error{}
	for name, open := range allOpens {
		db, err := open(context.Background(), dsn)
		if err == nil {
			db.Close()
			t.Errorf("%s(%s) succeeded", name, what)
			continue
		}
		errs[name] = err
	}
	return errs
}

// TestOpenExisting: a missing SQLite file is a *MissingError that names
// it and wraps fs.ErrNotExist, and is not created; an existing one opens.
func TestOpenExisting(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "missing.db")
	_, err := OpenExisting(ctx, path)
	var me *MissingError
	if !errors.As(err, &me) || me.Path != path || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("OpenExisting(missing) = %v, want a *MissingError wrapping fs.ErrNotExist", err)
	}
	if want := "database " + path + " does not exist"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	// Another error of the file system is said as it is.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	under := filepath.Join(file, "x.db")
	if _, err := OpenExisting(ctx, under); !errors.As(err, &me) || errors.Is(err, fs.ErrNotExist) ||
		err.Error() != "database "+under+": stat "+under+": not a directory" {
		t.Errorf("OpenExisting(under a file) = %v, want a *MissingError with stat's error", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenExisting created %s", path)
	}
	open(t, path).Close()
	db, err := OpenExisting(ctx, path)
	if err != nil {
		t.Fatalf("OpenExisting(existing): %v", err)
	}
	db.Close()
}

// TestSQLitePathsAreFileNames: a SQLite path with characters that a URI
// gives a meaning to ("?", "#", "%", spaces) is the name of the file the
// run is stored in, and reopening it finds the run; ":memory:" and URIs
// are refused with a message that says why.
func TestSQLitePathsAreFileNames(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"weird?name.db", "a#b.db", "100%.db", "p%20q.db", "with space.db", "c:d.db"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("Open(%q): %v", name, err)
		}
		if err := db.exec(ctx, `CREATE TABLE marker (x INTEGER)`); err != nil {
			t.Fatal(err)
		}
		db.Close()
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if n := e.Name(); n != name && n != name+"-wal" && n != name+"-shm" {
				t.Errorf("Open(%q) made a file named %q", name, n)
			}
		}
		db, err = OpenExisting(ctx, path)
		if err != nil {
			t.Fatalf("reopen %q: %v", name, err)
		}
		if err := db.exec(ctx, `INSERT INTO marker VALUES (1)`); err != nil {
			t.Errorf("reopened %q is another database: %v", name, err)
		}
		db.Close()
	}
	// A relative path works too.
	t.Chdir(t.TempDir())
	open(t, "rel?x.db").Close()
	if _, err := os.Stat("rel?x.db"); err != nil {
		t.Errorf("relative path: %v", err)
	}
	for _, bad := range []string{":memory:", "file::memory:?cache=shared", "file:x.db"} {
		if _, err := Open(ctx, bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("Open(%q) = %v, want an error naming it", bad, err)
		}
	}
}

// TestOpenReadOnly: the readers' open writes nothing. A SQLite file that
// is not serbench's is refused with a message that says so and is left as
// it was (no table added, its journal mode kept); a serbench database on
// a read-only file can be read; one at an older schema is refused, with
// how to migrate it, and not migrated.
func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()

	other := filepath.Join(dir, "other.db")
	raw, err := sql.Open("sqlite", "file:"+other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TABLE notes (x TEXT)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if _, err := OpenReadOnly(ctx, other); err == nil || !strings.Contains(err.Error(), other+": not a serbench database") {
		t.Errorf("OpenReadOnly(unrelated) = %v, want it refused as not a serbench database", err)
	}
	raw, err = sql.Open("sqlite", "file:"+other)
	if err != nil {
		t.Fatal(err)
	}
	var tables int
	var mode string
	if err := raw.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table'`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if tables != 1 || mode != "delete" {
		t.Errorf("after OpenReadOnly the unrelated file has %d tables and journal mode %s, want 1 and delete", tables, mode)
	}

	ours := filepath.Join(dir, "ours.db")
	open(t, ours).Close()
	if err := os.Chmod(ours, 0o444); err != nil {
		t.Fatal(err)
	}
	db, err := OpenReadOnly(ctx, ours)
	if err != nil {
		t.Fatalf("OpenReadOnly(read-only file): %v", err)
	}
	if _, err := db.Runs(ctx); err != nil {
		t.Errorf("runs of a read-only database: %v", err)
	}
	db.Close()

	old := filepath.Join(dir, "old.db")
	db = open(t, old)
	if err := db.exec(ctx, `UPDATE schema_version SET version = 2`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := OpenReadOnly(ctx, old); err == nil || !strings.Contains(err.Error(), "its schema is version 2") {
		t.Errorf("OpenReadOnly(older schema) = %v, want it refused with the versions", err)
	}
}

// TestDirectoryIsNotADatabase: a SQLite path that names a directory is
// refused, by the opens that write and by those that read, with a message
// that says it is a directory (SQLite says "disk I/O error").
func TestDirectoryIsNotADatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for name, open := range allOpens {
		db, err := open(ctx, dir)
		wantOpenError(t, name, dir, "it is a directory", db, err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("the directory holds %v (%v) after the opens, want nothing", entries, err)
	}
}

// TestOpenReadOnlyInReadOnlyDirectory: a database in WAL mode whose
// directory cannot be written to (where SQLite cannot create the -shm
// file it reads the log through) is read all the same when it has no
// write-ahead log to read; with one, it is refused with why and what to
// do, rather than read without the writes in its log.
func TestOpenReadOnlyInReadOnlyDirectory(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.db")
	oneRunFile(t, path, "stored")

	// A copy whose -wal file holds a write: copied while a connection
	// that does not checkpoint has it open.
	logged := t.TempDir()
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE runs SET command = 'in the log'`); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(path + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(logged, "s.db"+suffix), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()

	readOnlyDir(t, dir)
	readOnlyDir(t, logged)
	db, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("OpenReadOnly(database in a read-only directory): %v", err)
	}
	runs, err := db.Runs(ctx)
	db.Close()
	if err != nil || len(runs) != 1 || runs[0].ID != "stored" || runs[0].Command != "in the log" {
		t.Errorf("runs of a database in a read-only directory: %+v, %v; want run stored, command 'in the log'", runs, err)
	}
	logPath := filepath.Join(logged, "s.db")
	if db, err := OpenReadOnly(ctx, logPath); err == nil {
		runs, _ := db.Runs(ctx)
		db.Close()
		t.Errorf("OpenReadOnly(database with a write-ahead log in a read-only directory) succeeded, reading %+v", runs)
	} else if !strings.Contains(err.Error(), logPath) || !strings.Contains(err.Error(), "copy the database and its -wal file") {
		t.Errorf("OpenReadOnly(database with a write-ahead log in a read-only directory) = %v; want it to name the file and say what to do", err)
	}
}

// readOnlyDir makes dir unwritable until t ends: by its mode, or for
// root, whom modes do not stop, by the immutable attribute (chattr +i);
// it skips t where neither is possible.
func readOnlyDir(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		return
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot make %s read-only for root: chattr +i: %v %s", dir, err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
}

// TestWriteOpenErrorsSayWhy: the opens that write say why a SQLite file
// cannot be created or written to (its directory does not exist, is not
// a directory, or is read-only), where SQLite says "unable to open
// database file (14)" or "attempt to write a readonly database (1544)";
// and a database they cannot write to can still be read.
func TestWriteOpenErrorsSayWhy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ro := t.TempDir()
	stored := filepath.Join(ro, "s.db")
	open(t, stored).Close()
	readOnlyDir(t, ro)
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "no", "such", "s.db"), "cannot create it: its directory " + filepath.Join(dir, "no", "such") + " does not exist"},
		{filepath.Join(file, "s.db"), "cannot create it: open " + filepath.Join(file, "s.db") + ": not a directory"},
		{filepath.Join(ro, "new.db"), "cannot create it: open " + filepath.Join(ro, "new.db") + ": "},
		{stored, "it cannot be written to"},
	} {
		for name, open := range writers {
			if name == "OpenExisting" && tc.path != stored {
				continue
			}
			db, err := open(ctx, tc.path)
			if msg := wantOpenError(t, name, tc.path, tc.want, db, err); strings.Contains(msg, "(14)") || strings.Contains(msg, "(1544)") {
				t.Errorf("%s(%s) = %q, with SQLite's words", name, tc.path, msg)
			}
		}
	}
	db, err := OpenReadOnly(ctx, stored)
	if err != nil {
		t.Fatalf("OpenReadOnly(database in a read-only directory): %v", err)
	}
	db.Close()

	// A read-only file in a directory that can be written to, which SQLite
	// opened read-only without a word (its first write failed with
	// "attempt to write a readonly database (8)"); root writes it all the
	// same.
	if os.Geteuid() == 0 {
		return
	}
	roFile := filepath.Join(dir, "ro.db")
	open(t, roFile).Close()
	if err := os.Chmod(roFile, 0o444); err != nil {
		t.Fatal(err)
	}
	db, err = Open(ctx, roFile)
	wantOpenError(t, "Open", roFile, "it cannot be written to", db, err)
}

// TestPathEndingInSlashIsRefused: a SQLite path that ends in "/" names a
// directory: Open refuses it with a message that says so, and makes no
// file (SQLite dropped the "/" and made a database of the directory's
// name, which the readers, given the same path, did not find).
func TestPathEndingInSlashIsRefused(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "runs") + "/"
	db, err := Open(ctx, path)
	wantOpenError(t, "Open", path, `a path that ends in "/" names a directory`, db, err)
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("Open(%s) left %v (%v), want nothing", path, entries, err)
	}
}

// TestOpenReadOnlyEmptySchemaVersion: a database whose schema_version
// table has no row (a process that writes stopped between making it and
// its first migration) is at version 0 for the readers, who say how to
// migrate it (they said "sql: no rows in result set"), and Open
// migrates it.
func TestOpenReadOnlyEmptySchemaVersion(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = raw.Exec(`CREATE TABLE schema_version (version INTEGER NOT NULL)`)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	db, err := OpenReadOnly(ctx, path)
	wantOpenError(t, "OpenReadOnly", path, "its schema is version 0", db, err)
	open(t, path).Close()
	db, err = OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("OpenReadOnly after Open migrated it: %v", err)
	}
	db.Close()
}

// besides lists the -wal and -shm files beside the SQLite file path.
func besides(path string) []string {
	var found []string
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Lstat(path + suffix); err == nil {
			found = append(found, path+suffix)
		}
	}
	return found
}

// TestOpenReadOnlyLeavesNoFiles: a read-only open and its close leave the
// directory of a database in WAL mode as they found it, without the
// empty -wal and the 32 KB -shm file that SQLite made to read it, and the
// database's bytes as they were; a schema that the open refuses too. A
// -wal that another connection writes while the reader is open is left
// to it, its pages in it.
func TestOpenReadOnlyLeavesNoFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.db")
	oneRunFile(t, path, "one")
	if found := besides(path); len(found) != 0 {
		t.Fatalf("after Open and Close: %v", found)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readOnlyOnce(t, ctx, path)
	if found := besides(path); len(found) != 0 {
		t.Errorf("a read-only open and close left %v", found)
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(before, after) {
		t.Errorf("a read-only open and close changed the database (%v)", err)
	}

	// Refused: its schema is older.
	old := filepath.Join(dir, "old.db")
	d := open(t, old)
	if err := d.exec(ctx, `UPDATE schema_version SET version = 2`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if _, err := OpenReadOnly(ctx, old); err == nil {
		t.Fatal("OpenReadOnly(older schema) succeeded")
	}
	if found := besides(old); len(found) != 0 {
		t.Errorf("a refused read-only open left %v", found)
	}

	// A writer comes while the reader is open, and stays.
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Runs(ctx); err != nil {
		t.Fatal(err)
	}
	w := open(t, path)
	write(t, w, fixture.Run("two"))
	ro.Close()
	if st, err := os.Stat(path + "-wal"); err != nil || st.Size() == 0 {
		t.Errorf("the reader's close took the -wal of a writer that is open: %v", err)
	}
	if runs, err := w.Runs(ctx); err != nil || len(runs) != 2 {
		t.Errorf("the writer reads %d runs (%v), want 2", len(runs), err)
	}
	w.Close()
	if found := besides(path); len(found) != 0 {
		t.Errorf("after the writer's close: %v", found)
	}
	wantReadOnlyRuns(t, ctx, path, 2, "")
}

// readerLeftovers leaves beside the SQLite database at path, in WAL mode,
// the files that a reader that does not tidy leaves (a connection that
// only reads, or a reader killed): an empty -wal and a 32 KB -shm. Its
// read may fail (a damaged file): it makes them all the same.
func readerLeftovers(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
	db.Close()
	if found := besides(path); len(found) != 2 {
		t.Fatalf("a reader left %v; want a -wal and a -shm", found)
	}
}

// TestOpenReadOnlyKeepsWhatWasThere: when one of the -wal and -shm files
// was beside a database in WAL mode before a read-only open (a -shm, or an
// empty -wal, that a reader left), the open's close removes the other one,
// which the open made, and keeps that one; while another reader uses the
// file the open made, it is left. The database reads and writes as before.
func TestOpenReadOnlyKeepsWhatWasThere(t *testing.T) {
	ctx := context.Background()
	for _, kept := range []string{"-shm", "-wal"} {
		t.Run("only"+kept, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.db")
			oneRunFile(t, path, "one")
			readerLeftovers(t, path)
			made := map[string]string{"-shm": "-wal", "-wal": "-shm"}[kept]
			if err := os.Remove(path + made); err != nil {
				t.Fatal(err)
			}
			wantBesides := func(when string, want ...string) {
				t.Helper()
				for i := range want {
					want[i] = path + want[i]
				}
				if found := besides(path); !slices.Equal(found, want) {
					t.Errorf("%s: beside the database: %v; want %v", when, found, want)
				}
				if st, err := os.Stat(path + "-wal"); err == nil && st.Size() != 0 {
					t.Errorf("%s: the -wal holds %d bytes; want it empty", when, st.Size())
				}
			}
			ro, err := OpenReadOnly(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ro.Run(ctx, "one"); err != nil {
				t.Fatal(err)
			}
			// Another reader uses the file the open made: it stays.
			other, err := OpenReadOnly(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := other.Runs(ctx); err != nil {
				t.Fatal(err)
			}
			ro.Close()
			wantBesides("after a close while another reader is open", "-wal", "-shm")
			if runs, err := other.Runs(ctx); err != nil || len(runs) != 1 {
				t.Errorf("the other reader reads %d runs (%v), want 1", len(runs), err)
			}
			other.Close()
			// Alone: the close removes the file the open made.
			if err := os.Remove(path + made); err != nil {
				t.Fatal(err)
			}
			readOnlyOnce(t, ctx, path)
			wantBesides("after a read-only open and close", kept)
			w := open(t, path)
			write(t, w, fixture.Run("two"))
			w.Close()
			wantReadOnlyRuns(t, ctx, path, 2, " after a write")
		})
	}
}

// wantReadOnlyRuns opens path read-only, until the test ends, and fails
// t unless it reads n runs; when (" after a write") says when in the
// failure's message.
func wantReadOnlyRuns(t *testing.T, ctx context.Context, path string, n int, when string) {
	t.Helper()
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	if runs, err := ro.Runs(ctx); err != nil || len(runs) != n {
		t.Errorf("read %d runs%s (%v), want %d", len(runs), when, err, n)
	}
}

// readOnlyOnce opens the database at path read-only, reads its run "one"
// and closes it, failing t on any error.
func readOnlyOnce(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Run(ctx, "one"); err != nil {
		t.Fatal(err)
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
}
