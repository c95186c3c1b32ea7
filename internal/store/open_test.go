package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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
