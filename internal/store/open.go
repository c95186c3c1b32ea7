package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
)

// OpenExisting opens a store that must already exist, for readers: a
// SQLite file that cannot be found is a *MissingError instead of a new,
// empty database. A postgres:// URL is opened as Open opens it (a server
// database is created by whoever runs the server).
func OpenExisting(ctx context.Context, dsn string) (*DB, error) {
	if !IsPostgres(dsn) {
		if _, err := os.Stat(dsn); err != nil {
			return nil, &MissingError{Path: dsn, Err: err}
		}
	}
	return Open(ctx, dsn)
}

// MissingError is OpenExisting's error for a SQLite file that does not
// exist (or cannot be looked at): Err is the file system's error.
type MissingError struct {
	Path string
	Err  error
}

func (e *MissingError) Error() string { return "database " + e.Path + ": " + e.Err.Error() }
func (e *MissingError) Unwrap() error { return e.Err }

// OpenReadOnly opens a store that must already exist, for the commands
// that only read (runs, show, report, history, compare, fidelity --run).
// A SQLite file is opened read-only: no migration, no change of journal
// mode, nothing written, so a database on a read-only file can be read,
// and a SQLite file that is not serbench's is refused untouched. A store
// whose schema is older than this serbench's must first be opened by a
// command that writes, which migrates it. A postgres:// URL is opened as
// Open opens it.
func OpenReadOnly(ctx context.Context, dsn string) (*DB, error) {
	if IsPostgres(dsn) {
		return Open(ctx, dsn)
	}
	if _, err := os.Stat(dsn); err != nil {
		return nil, &MissingError{Path: dsn, Err: err}
	}
	uri, err := sqliteURI(dsn)
	if err != nil {
		return nil, err
	}
	d := &DB{name: dsn}
	if d.db, err = sql.Open("sqlite", uri+"?mode=ro&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"); err != nil {
		return nil, fmt.Errorf("open database %s: %w", dsn, err)
	}
	d.db.SetMaxOpenConns(1)
	if err := d.checkSchema(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("open database %s: %w", dsn, err)
	}
	return d, nil
}

// checkSchema checks, without writing, that d is a serbench store at the
// schema version this serbench reads.
func (d *DB) checkSchema(ctx context.Context) error {
	var n int
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'`).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("not a serbench database (it has no schema_version table); give the path of one with --db")
	}
	var v int
	if err := d.db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil {
		return fmt.Errorf("read the schema version: %w", err)
	}
	switch {
	case v > len(migrations):
		return fmt.Errorf("schema version %d is newer than this serbench knows (%d): upgrade serbench", v, len(migrations))
	case v < len(migrations):
		return fmt.Errorf("its schema is version %d and this serbench reads version %d: a command that writes (serbench run or import) migrates it first", v, len(migrations))
	}
	return nil
}
