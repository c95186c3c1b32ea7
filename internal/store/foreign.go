package store

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/serbench/serbench/internal/sqlrows"
)

// A database of another application is not made a serbench database
// without asking. A SQLite file is serbench's when it holds serbench's
// schema_version table (one column, version), and may become serbench's
// when it holds nothing (a new or empty file); a file that holds tables
// or views and no such schema_version is another application's, and
// every open refuses it (*ForeignError) before anything is written to it:
// no table, no journal mode.
//
// In PostgreSQL, other tables beside serbench's are normal (a team
// database, the public schema), so serbench adds its tables beside
// them; it refuses only a database without serbench's schema_version
// where a table, view, index or sequence has the name of one of serbench's
// tables or indexes (that CREATE TABLE would collide with, or whose
// shape serbench would take for its own), before it creates anything.
// serbench's tables can go into a schema of their own: CREATE SCHEMA
// serbench, and search_path=serbench in the URL.

// ForeignError is wrapped by the error of the opens for a database that
// holds tables of another application and no serbench schema (see
// above); their error starts "open database NAME: ".
type ForeignError struct {
	// Name is the database's name (a PostgreSQL URL without password).
	Name string
	// Tables are the tables and views found, a view followed by " (a
	// view)" (in PostgreSQL, the relations named as serbench's), sorted.
	Tables []string
	// Postgres says the database is a PostgreSQL one; Write, that the
	// open was one that writes.
	Postgres, Write bool
}

func (e *ForeignError) Error() string {
	list := strings.Join(e.Tables[:min(len(e.Tables), 5)], ", ")
	if len(e.Tables) > 5 {
		list += ", …"
	}
	if e.Postgres {
		return fmt.Sprintf("not a serbench database: it holds %s named as serbench's (%s) and no serbench schema (no serbench schema_version table): "+
			"serbench refuses to add its tables beside them; give it a database of its own, or a schema of its own (CREATE SCHEMA serbench, and search_path=serbench in the URL)",
			plural(len(e.Tables), "relation"), list)
	}
	tail := "give the path of a serbench database with --db"
	if e.Write {
		tail = "serbench refuses to add its tables to it; give --db a new file, or a serbench database"
	}
	return fmt.Sprintf("not a serbench database: it holds %s of something else (%s) and no serbench schema (no serbench schema_version table): %s",
		plural(len(e.Tables), "table"), list, tail)
}

// plural is "1 table", "3 tables".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// createIndex finds the indexes a migration creates.
var createIndex = regexp.MustCompile(`(?i)CREATE (?:UNIQUE )?INDEX\s+(?:IF NOT EXISTS\s+)?(\w+)`)

// schemaNames returns the names of every table and index of serbench's
// current schema.
func schemaNames() []string {
	names := tablesAt(len(migrations))
	for _, m := range migrations {
		for _, sm := range createIndex.FindAllStringSubmatch(m, -1) {
			names = append(names, sm[1])
		}
	}
	return names
}

// foreign returns the *ForeignError for the database that q reads, or nil
// when it is serbench's, may become serbench's, or (PostgreSQL) its
// tables do not collide with serbench's. write says whether the open is
// one that writes.
func (d *DB) foreign(ctx context.Context, q sqlrows.Queryer, write bool) error {
	ours, err := d.ourSchemaVersion(ctx, q)
	if err != nil || ours {
		return err
	}
	query := `SELECT name || CASE type WHEN 'view' THEN ' (a view)' ELSE '' END FROM sqlite_master
		WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`
	var args []any
	if d.postgres {
		// The relations that serbench's unqualified names would find (the
		// search_path), or collide with where it creates them (the
		// current schema).
		query = `SELECT c.relname FROM pg_catalog.pg_class c WHERE lower(c.relname) = ANY($1)
			AND (c.relnamespace = pg_catalog.to_regnamespace(pg_catalog.current_schema()) OR pg_catalog.pg_table_is_visible(c.oid))`
		args = append(args, schemaNames())
	}
	var found []string
	if err := sqlrows.Each(ctx, q, query, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&name)
		found = append(found, name)
		return err
	}, args...); err != nil {
		return fmt.Errorf("list its tables: %w", err)
	}
	if len(found) == 0 {
		return nil
	}
	slices.Sort(found)
	found = slices.Compact(found)
	return &ForeignError{Name: d.name, Tables: found, Postgres: d.postgres, Write: write}
}

// ourSchemaVersion reports whether the database that q reads has
// serbench's schema_version table: one of that name whose one column is
// version (another application's table of that name, such as Flyway's,
// has others).
func (d *DB) ourSchemaVersion(ctx context.Context, q sqlrows.Queryer) (bool, error) {
	query := `SELECT name FROM pragma_table_info('schema_version')`
	if d.postgres {
		query = `SELECT a.attname FROM pg_catalog.pg_attribute a
			WHERE a.attrelid = pg_catalog.to_regclass('schema_version') AND a.attnum > 0 AND NOT a.attisdropped`
	}
	var cols []string
	if err := sqlrows.Each(ctx, q, query, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&name)
		cols = append(cols, strings.ToLower(name))
		return err
	}); err != nil {
		return false, fmt.Errorf("read its schema_version table: %w", err)
	}
	return slices.Equal(cols, []string{"version"}), nil
}

// refuseForeign returns the *ForeignError of the existing SQLite file
// path (uri) when it is another application's, read through a read-only
// connection of its own, before the opens that write write anything
// (their connection sets the journal mode as it connects). Open removes
// the -wal and -shm files that reading a database in WAL mode makes
// beside it when it refuses it.
func refuseForeign(ctx context.Context, path, uri string) error {
	db, err := sql.Open("sqlite", uri+"?mode=ro&_pragma=busy_timeout("+strconv.Itoa(sqliteBusyTimeout)+")")
	if err != nil {
		return fmt.Errorf("open database %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	d := &DB{name: path, db: db}
	err = retryBusy(ctx, func() error { return d.foreign(ctx, db, true) })
	db.Close()
	if err != nil {
		return fmt.Errorf("open database %s: %w", path, canceled(ctx, err))
	}
	return nil
}
