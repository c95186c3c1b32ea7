package main

import (
	"context"
	"fmt"

	"github.com/serbench/serbench/internal/store"
)

// The run references of the commands: a run ID or latest.

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
