package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

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

// missingHint says how to make a database that does not exist.
func missingHint(db *store.DB, err error) (*store.DB, error) {
	if me := (*store.MissingError)(nil); errors.As(err, &me) {
		return nil, fmt.Errorf("%w (run serbench run first, or pass --db)", err)
	}
	return db, err
}

// latestRun is the word that stands, wherever a command takes a run ID,
// for the run of the database that started last (store.DB.Latest).
const latestRun = "latest"

// resolveRun returns the ID that ref, a run ID given on the command line
// as what (a flag such as --delete, or a command's argument), stands for:
// ref itself, or for latest the ID of the run of db that started last,
// with note " (the latest)" for the messages that name it, so that a
// command that changes a run says which run latest was. It is the one
// place that resolves latest. The run that started last is the one at
// the moment of asking: a run started after that is not touched. A
// database without runs has no latest run: an error that names the
// database (and what, when it is not "").
func resolveRun(ctx context.Context, db *store.DB, what, ref string) (id, note string, err error) {
	if ref != latestRun {
		return ref, "", nil
	}
	if id, err = db.Latest(ctx); err != nil {
		if what != "" {
			err = fmt.Errorf("%s latest: %w", what, err)
		}
		return "", "", err
	}
	return id, " (the latest)", nil
}

// latestOr returns id, or for "" or latest the ID of the latest run of db
// (resolveRun).
func latestOr(ctx context.Context, db *store.DB, id string) (string, error) {
	if id == "" {
		id = latestRun
	}
	id, _, err := resolveRun(ctx, db, "", id)
	return id, err
}

// resolveRuns resolves refs, the run IDs given as what (resolveRun). A
// list in which latest and another reference name one run is refused
// (sameRun); one that names a run twice by its ID is left to the command.
func resolveRuns(ctx context.Context, db *store.DB, what string, refs []string) ([]string, error) {
	ids := make([]string, len(refs))
	for i, ref := range refs {
		id, _, err := resolveRun(ctx, db, what, ref)
		if err != nil {
			return nil, err
		}
		for j, prev := range ids[:i] {
			if prev == id && (ref == latestRun || refs[j] == latestRun) {
				return nil, sameRun(what, refs[j], ref, id)
			}
		}
		ids[i] = id
	}
	return ids, nil
}

// sameRun is the usage error of a command given as what two references,
// a and b, to one run, id, where it needs different runs: it says which
// run latest was when one of them is latest.
func sameRun(what, a, b, id string) error {
	if a == latestRun || b == latestRun {
		return usagef("%s: %s and %s are the same run, %s (latest is the run that started last): give two different runs", what, a, b, id)
	}
	return usagef("%s: run %s is named twice: give two different runs", what, id)
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
