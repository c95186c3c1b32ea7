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
)

// rawExec runs stmts on the database dsn (a SQLite path or a PostgreSQL
// URL) with a connection of its own, not through the store.
func rawExec(t *testing.T, dsn string, stmts ...string) {
	t.Helper()
	driver, source := "sqlite", "file:"+dsn
	if IsPostgres(dsn) {
		driver, source = "pgx", dsn
	}
	raw, err := sql.Open(driver, source)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, s := range stmts {
		if _, err := raw.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// dirState is the names and contents of the files of dir.
func dirState(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// TestForeignSQLiteIsRefused: a SQLite file of another application (it
// holds tables and no serbench schema) is refused by every open with an
// error that names the file and what it holds, and is left as it was:
// its bytes, no -wal, -shm or journal file beside it, its journal mode.
// serbench's tables used to be added to it without a word by the opens
// that write.
func TestForeignSQLiteIsRefused(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"delete", "wal"} {
		for name, op := range allOpens {
			dir := t.TempDir()
			path := filepath.Join(dir, "app.db")
			rawExec(t, path, "PRAGMA journal_mode="+mode,
				`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)`,
				`CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users(id))`,
				`CREATE TABLE items (x)`, `CREATE TABLE parts (x)`, `CREATE TABLE runs (x)`,
				`CREATE VIEW big_orders AS SELECT * FROM orders WHERE id > 10`,
				`INSERT INTO users (name) VALUES ('ann')`)
			before := dirState(t, dir)
			db, err := op(ctx, path)
			if err == nil {
				db.Close()
			}
			want := "open database " + path + ": not a serbench database: it holds 6 tables of something else (big_orders (a view), items, orders, parts, runs, …) and no serbench schema"
			var fe *ForeignError
			if !errors.As(err, &fe) || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s (journal mode %s) = %v; want a *ForeignError that starts with %q", name, mode, err, want)
			}
			if write := name != "OpenReadOnly"; err != nil && write != strings.Contains(err.Error(), "serbench refuses to add its tables to it; give --db a new file, or a serbench database") {
				t.Errorf("%s: %v; want the refusal to add tables said by the opens that write only", name, err)
			}
			after := dirState(t, dir)
			if len(after) != len(before) || !bytes.Equal(after["app.db"], before["app.db"]) {
				t.Errorf("%s (journal mode %s) changed the directory: files %v, were %v; database bytes the same: %v",
					name, mode, slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before)), bytes.Equal(after["app.db"], before["app.db"]))
			}
		}
	}
}

// TestForeignSchemaVersionIsRefused: a table named schema_version that is
// not serbench's (Flyway's, of other columns) does not make a database
// serbench's.
func TestForeignSchemaVersionIsRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "flyway.db")
	rawExec(t, path, `CREATE TABLE schema_version (installed_rank INTEGER, version TEXT, description TEXT)`,
		`INSERT INTO schema_version VALUES (1, '1', 'init')`)
	for name, op := range allOpens {
		db, err := op(ctx, path)
		if err == nil {
			db.Close()
		}
		if want := "not a serbench database: it holds 1 table of something else (schema_version)"; !errors.As(err, new(*ForeignError)) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s = %v; want a *ForeignError saying %q", name, err, want)
		}
	}
}

// TestEmptySQLiteIsInitialised: a SQLite file that holds no table (empty,
// or only a header) becomes a serbench database as a new path does.
func TestEmptySQLiteIsInitialised(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	header := filepath.Join(dir, "header.db")
	rawExec(t, header, `PRAGMA user_version = 7`, `CREATE TABLE gone (x)`, `DROP TABLE gone`)
	if st, err := os.Stat(header); err != nil || st.Size() == 0 {
		t.Fatalf("the file with no table is empty (%v)", err)
	}
	for _, path := range []string{empty, header, filepath.Join(dir, "new.db")} {
		d := open(t, path)
		if err := d.checkTables(context.Background(), d.db, len(migrations)); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// testForeignTables: in PostgreSQL, serbench adds its tables beside
// another application's (in the public schema, as a team database has
// them), but refuses, before it creates anything, a database without its
// schema where a relation has the name of one of its tables or indexes.
// In SQLite any other application's table is refused
// (TestForeignSQLiteIsRefused).
func testForeignTables(t *testing.T, newDB newDB) {
	ctx := context.Background()
	beside := newDB(t)
	rawExec(t, beside, `CREATE TABLE notes (id INTEGER, body TEXT)`)
	d, err := Open(ctx, beside)
	if !IsPostgres(beside) {
		if !errors.As(err, new(*ForeignError)) {
			t.Errorf("SQLite with another table: %v; want a *ForeignError", err)
		}
	} else if err != nil {
		t.Errorf("PostgreSQL with another table: %v; want serbench's tables beside it", err)
	} else {
		d.Close()
	}

	clash := newDB(t)
	rawExec(t, clash, `CREATE TABLE runs (id INTEGER, started TEXT)`, `CREATE TABLE invoices (id INTEGER)`, `CREATE INDEX samples_cell ON invoices (id)`)
	for name, op := range allOpens {
		d, err := op(ctx, clash)
		if err == nil {
			d.Close()
		}
		want := "open database " + redactName(clash) + ": not a serbench database: it holds 2 relations named as serbench's (runs, samples_cell)"
		if !IsPostgres(clash) {
			want = "open database " + clash + ": not a serbench database: it holds 2 tables of something else (invoices, runs)"
		}
		if !errors.As(err, new(*ForeignError)) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s = %v; want a *ForeignError that starts with %q", name, err, want)
		}
	}
	if IsPostgres(clash) {
		raw, err := sql.Open("pgx", clash)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		var n int
		if err := raw.QueryRow(`SELECT count(*) FROM pg_catalog.pg_class WHERE relname = 'schema_version'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("after the opens the database has %d schema_version tables (%v); want none created", n, err)
		}
	}
}

// redactName is the name the store gives dsn in messages.
func redactName(dsn string) string {
	if IsPostgres(dsn) {
		return redactURL(dsn)
	}
	return dsn
}
