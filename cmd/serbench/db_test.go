package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForeignDatabaseIsLeftAlone: a SQLite file of another application
// (tables, and no serbench schema) given as --db is refused by every
// command that reads or stores runs with a message that names the file
// and what it holds, and is left as it was, byte for byte, with no file
// beside it. import, run and the commands that change runs used to add
// serbench's tables to it (and switch it to WAL mode) without a word.
func TestForeignDatabaseIsLeftAlone(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "app.db")
	raw := rawSQLite(t, db)
	mustExec(t, raw, `CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)`)
	mustExec(t, raw, `CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER)`)
	mustExec(t, raw, `INSERT INTO users (name) VALUES ('ann')`)
	raw.Close()
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	want := "open database " + db + ": not a serbench database: it holds 2 tables of something else (orders, users) and no serbench schema"
	for _, args := range [][]string{
		{"import", benchFile("a.bench")},
		{"run", "--workload", "^person$", "--codec", "^json$", "--count", "2", "--time", "1ms", "--ci", "0", "--forks", "1", "--quiet"},
		{"run", "--resume"},
		{"run", "--resume", "latest"},
		{"runs", "--delete", "latest"},
		{"runs", "--baseline", "latest"},
		{"prune", "--keep-last", "1"},
		{"runs"},
		{"show"},
		{"history"},
		{"compare", "latest", benchFile("a.bench")},
		{"report", "--html", filepath.Join(t.TempDir(), "r.html")},
		{"fidelity", "--run", "latest"},
	} {
		_, stderr, code := cli(t, append(args, "--db", db)...)
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%q: exit %d, %q; want exit 1 and %q", args, code, stderr, want)
		}
		after, err := os.ReadFile(db)
		if err != nil || !bytes.Equal(before, after) {
			t.Errorf("%q changed the other application's database (%v)", args, err)
		}
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
			t.Errorf("after %q the database's directory holds %v (%v); want app.db alone", args, entries, err)
		}
	}
}
