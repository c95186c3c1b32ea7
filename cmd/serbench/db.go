package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// defaultDB is the database used when --db is not given.
const defaultDB = "serbench.db"

// newDBFlags returns the flag set of a command (newFlags) with --db
// (dbFlag), the database it reads or stores a run in as purpose says.
func newDBFlags(name, usage, purpose string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := newFlags(name, usage, stderr)
	return fs, dbFlag(fs, purpose)
}

// dbFlag registers --db, the database a command reads ("read") or stores
// a run in ("store the run in"), with one help text for every command.
func dbFlag(fs *flag.FlagSet, purpose string) *string {
	return fs.String("db", defaultDB, "database to "+purpose+" (a SQLite file, or a postgres:// URL)")
}

// openExisting opens a database that must already exist, for the
// commands that only read (store.OpenReadOnly: nothing is written to it),
// saying how to make one when it does not.
func openExisting(ctx context.Context, path string) (*store.DB, error) {
	return missingHint(store.OpenReadOnly(ctx, path))
}

// openExistingToWrite opens a database that must already exist, for
// commands that add to what it holds (run --resume).
func openExistingToWrite(ctx context.Context, path string) (*store.DB, error) {
	return missingHint(store.OpenExisting(ctx, path))
}

// openToWrite opens the database a command stores a run in (run,
// import), made when it does not exist; an empty --db is bad usage, as
// for the commands that read (missingHint), not a file named " ".
func openToWrite(ctx context.Context, path string) (*store.DB, error) {
	if err := emptyDB(path); err != nil {
		return nil, err
	}
	return store.Open(ctx, path)
}

// emptyDB refuses, as bad usage, a --db that is empty or only blanks.
func emptyDB(path string) error {
	if strings.TrimSpace(path) == "" {
		return usagef("--db is empty: give a SQLite file or a postgres:// URL (default serbench.db)")
	}
	return nil
}

// missingHint says how to make a database that does not exist, and that
// --db ” names none.
func missingHint(db *store.DB, err error) (*store.DB, error) {
	if me := (*store.MissingError)(nil); errors.As(err, &me) {
		if err := emptyDB(me.Path); err != nil {
			return nil, err
		}
	}
	if me := (*store.MissingError)(nil); errors.As(err, &me) {
		return nil, fmt.Errorf("%w (run serbench run first, or pass --db)", err)
	}
	return db, err
}

// loadRun reads run id of db, the latest for "" or latest.
func loadRun(ctx context.Context, db *store.DB, id string) (*result.Run, error) {
	id, err := latestOr(ctx, db, id)
	if err != nil {
		return nil, err
	}
	return db.Run(ctx, id)
}

// loadRuns reads every run of db. A run whose rows cannot be read (a
// damaged row, a corrupt page) is left out and passed to skip with the
// error, so that one damaged run does not hide the others; failing to
// list the runs at all is an error.
func loadRuns(ctx context.Context, db *store.DB, skip func(id string, err error)) ([]*result.Run, error) {
	infos, err := db.Runs(ctx)
	if err != nil {
		return nil, err
	}
	runs := make([]*result.Run, 0, len(infos))
	for _, ri := range infos {
		r, err := db.Run(ctx, ri.ID)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			skip(ri.ID, err)
			continue
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// printStoredMatrix prints the matrix (fidelity or robustness) stored with
// a run, as read reads it; hint says which runs have one, for a run that
// has none.
func printStoredMatrix[M any](ctx context.Context, dbPath, id string, read func(*store.DB, context.Context, string) (M, error), hint string, render func(io.Writer, M) error, stdout io.Writer) error {
	db, err := openExisting(ctx, dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if id, err = latestOr(ctx, db, id); err != nil {
		return err
	}
	m, err := read(db, ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		if _, rerr := db.Run(ctx, id); rerr != nil {
			return rerr // no such run
		}
		return fmt.Errorf("%w (%s)", err, hint)
	}
	if err != nil {
		return err
	}
	return render(stdout, m)
}
