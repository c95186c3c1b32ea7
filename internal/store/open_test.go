package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
	if want := "database " + path + ": stat " + path + ": no such file or directory"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenExisting created %s", path)
	}
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = OpenExisting(ctx, path)
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
	db, err := Open(ctx, "rel?x.db")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat("rel?x.db"); err != nil {
		t.Errorf("relative path: %v", err)
	}
	for _, bad := range []string{":memory:", "file::memory:?cache=shared", "file:x.db"} {
		if _, err := Open(ctx, bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("Open(%q) = %v, want an error naming it", bad, err)
		}
	}
}
