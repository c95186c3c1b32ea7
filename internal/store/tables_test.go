package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
)

// testMissingTableIsRefused: a store with a table dropped (by hand, with
// the sqlite3 shell or psql) is refused by every open with an error that
// names the database and the table, instead of SQLite's "no such table"
// at the first statement that uses it; the open recreates nothing and
// what is left is kept.
func testMissingTableIsRefused(t *testing.T, newDB newDB) {
	ctx := context.Background()
	dsn := newDB(t)
	d := open(t, dsn)
	write(t, d, fixture.Run("kept"))
	if err := d.exec(ctx, `DROP TABLE samples`); err != nil {
		t.Fatal(err)
	}
	if err := d.exec(ctx, `DROP TABLE warnings`); err != nil {
		t.Fatal(err)
	}
	want := "open database " + d.Name() + ": not a complete serbench database: tables samples and warnings are missing"
	for name, err := range openErrors(t, dsn, "store without samples") {
		if !errors.Is(err, ErrIncomplete) || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "restore it from a copy") {
			t.Errorf("%s(store without samples) = %v; want an error wrapping ErrIncomplete that starts with %q", name, err, want)
		}
	}
	if err := d.checkTables(ctx, d.db, len(migrations)); !errors.Is(err, ErrIncomplete) {
		t.Errorf("after the opens, the tables check says %v; want the tables still missing (not recreated)", err)
	}
	if runs, err := d.Runs(ctx); err != nil || len(runs) != 1 || runs[0].ID != "kept" {
		t.Errorf("after the opens, Runs = %v, %v; want the stored run", runs, err)
	}
}

// TestTablesAt: the tables of each schema version are those its
// migrations create.
func TestTablesAt(t *testing.T) {
	if got := strings.Join(tablesAt(0), " "); got != "schema_version" {
		t.Errorf("tablesAt(0) = %s", got)
	}
	got := tablesAt(len(migrations))
	for _, table := range append(runTables, "runs", "schema_version") {
		if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+table+" ") {
			t.Errorf("tablesAt(%d) = %v; want it to hold %s", len(migrations), got, table)
		}
	}
}
