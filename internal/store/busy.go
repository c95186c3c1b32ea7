package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// A SQLite database has one writer at a time: a write that finds another
// process holding the write lock (SQLITE_BUSY) waits for it. SQLite's own
// wait (busy_timeout) sleeps inside the driver, deaf to the context, so
// it is kept short (sqliteBusyTimeout) and the longer wait is a loop here
// (retry), with growing delays up to LockWait, that a canceled context
// (Ctrl-C) ends at once.

// LockWait bounds how long a write waits for a SQLite database whose
// write lock another process holds; the write then fails with an error
// that says so. Tests shorten it.
var LockWait = 30 * time.Second

// sqliteBusyTimeout is SQLite's busy_timeout in milliseconds: how long one
// attempt waits inside the driver, where a canceled context cannot stop
// it.
const sqliteBusyTimeout = 200

// maxRetryDelay is the longest pause between two attempts.
const maxRetryDelay = 200 * time.Millisecond

// isBusy reports whether err is SQLite's SQLITE_BUSY (any extended code).
func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// isCorrupt reports whether err is SQLite's SQLITE_CORRUPT.
func isCorrupt(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CORRUPT
}

// retryBusy calls f until it does not fail with SQLITE_BUSY, pausing
// between attempts with growing delays, for at most LockWait. When wait is
// done (canceled) it stops at once, with an error that wraps wait's cause.
// f must be safe to call again after SQLITE_BUSY: a statement, or a whole
// transaction, that SQLite did not apply. The errors do not name the
// database: the callers do.
func retryBusy(wait context.Context, f func() error) error {
	start := time.Now()
	for delay := 5 * time.Millisecond; ; delay = min(2*delay, maxRetryDelay) {
		err := f()
		if !isBusy(err) {
			return err
		}
		waited := time.Since(start)
		if waited >= LockWait {
			return fmt.Errorf("another process holds the database's write lock: gave up after waiting %s: %w", waited.Round(time.Millisecond), err)
		}
		select {
		case <-wait.Done():
			return fmt.Errorf("another process holds the database's write lock (%v); stopped waiting for it after %s: %w", err, waited.Round(time.Millisecond), context.Cause(wait))
		case <-time.After(min(delay, LockWait-waited)):
		}
	}
}

// retry is retryBusy for d's SQLite database; PostgreSQL waits for its
// locks itself, as long as the statement's context lets it.
func (d *DB) retry(wait context.Context, f func() error) error {
	if d.postgres {
		return f()
	}
	return retryBusy(wait, f)
}
