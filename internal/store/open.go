package store

import (
	"context"
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
