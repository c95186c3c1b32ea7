package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
)

// What serbench runs changes in the database: a run's baseline mark
// (--baseline, --no-baseline) and the run itself (--delete).

// setBaseline marks run mark, or unmarks run unmark, as a baseline in the
// database at path; either may be latest (resolveRun).
func setBaseline(ctx context.Context, path, mark, unmark string, stdout io.Writer) error {
	db, err := openExistingToWrite(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	ref, on, what, flag := mark, true, "marked run %s%s in %s as a baseline (serbench prune keeps it)\n", "--baseline"
	if unmark != "" {
		ref, on, what, flag = unmark, false, "run %s%s in %s is no longer a baseline\n", "--no-baseline"
	}
	id, latest, err := resolveRun(ctx, db, flag, ref)
	if err != nil {
		return err
	}
	if err := db.SetBaseline(ctx, id, on); err != nil {
		return err
	}
	fmt.Fprintf(stdout, what, id, latest, db.Name())
	return nil
}

// deleteRun removes run ref (an ID, or latest: resolveRun) from the
// database at path and prints which run it removed and what went with it.
// The hint of a refusal names the run by its ID, not by latest, which
// may be another run by the time it is followed.
func deleteRun(ctx context.Context, path, ref string, force bool, stdout io.Writer) error {
	db, err := openExistingToWrite(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	id, latest, err := resolveRun(ctx, db, "--delete", ref)
	if err != nil {
		return err
	}
	deleted, err := db.DeleteRun(ctx, id, force, runner.HolderAlive)
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%w (serbench runs --delete %s --force deletes it all the same)", err, id)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "deleted run %s%s from %s: %s\n", id, latest, db.Name(), strings.Join(store.DeletedWords(deleted, true), ", "))
	return nil
}
