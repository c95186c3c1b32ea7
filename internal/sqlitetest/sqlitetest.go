// Package sqlitetest damages SQLite files for tests of how serbench's
// store and commands treat a database gone wrong.
package sqlitetest

import (
	"bytes"
	"database/sql"
	"os"
	"testing"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// CorruptPage overwrites the start of the page that holds the root of
// table in the SQLite file at path, keeping the file's header (page 1),
// as a disk or a copy gone wrong would. The file must be closed. It fails
// t when it cannot.
func CorruptPage(t testing.TB, path, table string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	var pageSize, root int64
	if _, err := raw.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`PRAGMA page_size`).Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`SELECT rootpage FROM sqlite_master WHERE name = ?`, table).Scan(&root); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if root < 2 {
		t.Fatalf("table %s has its root on page %d", table, root)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xff}, 64), (root-1)*pageSize); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
