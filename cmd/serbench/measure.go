package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// measure executes p into run r, a new run of serbench run or the
// interrupted one serbench run --resume finishes, then prints the stored
// run: unless the run was deleted while it was measured (runs --delete
// --force), when it returns the store's error that says so and nothing
// else.
func (f *runFlags) measure(ctx context.Context, db *store.DB, r *runner.Run, p *runner.Plan, stdout, stderr io.Writer) error {
	var h runner.Hooks
	var prog *progressLine
	var last progressTracker
	h.Progress = last.hook(nil)
	if !*f.quiet {
		// On a terminal one line rewritten in place; in a log, a line
		// at every tenth of the run.
		prog = &progressLine{w: stderr, plain: !isTerminal(stderr)}
		h.Progress = last.hook(prog.update)
	}
	if !*f.quiet {
		h.Fidelity = func(m *result.Fidelity, took time.Duration) {
			fmt.Fprintf(stderr, "fidelity matrix of %d codecs stored in %s (serbench fidelity --run %s prints it)\n",
				len(m.Rows), took.Round(10*time.Millisecond), r.ID)
		}
		h.Robust = func(m *result.Robust, took time.Duration) {
			fmt.Fprintf(stderr, "robustness matrix of %d codec × workload rows stored in %s (serbench robust --run %s prints it)\n",
				len(m.Rows), took.Round(10*time.Millisecond), r.ID)
		}
		h.Interop = func(x *result.Interop, took time.Duration) {
			for _, p := range x.Peers {
				if p.Runtime == "" && p.Note != "" {
					fmt.Fprintf(stderr, "interop: the %s peer did not join the matrices: %s\n", p.Name, p.Note)
				}
			}
			fmt.Fprintf(stderr, "interoperability matrices of %d format × workload pairs stored in %s (serbench interop --run %s prints them)\n",
				len(x.Matrices), took.Round(10*time.Millisecond), r.ID)
		}
	}
	runErr := r.Execute(ctx, p, h)
	prog.clear()
	id := r.ID
	if errors.Is(runErr, store.ErrRunDeleted) {
		// Deleted by force while it was measured (runs --delete
		// --force): there is no run left to read back and show, nor to
		// resume, and the store's error says so.
		return runErr
	}
	stored2, err := db.Run(context.WithoutCancel(ctx), id)
	if err != nil {
		return errors.Join(runErr, err)
	}
	if err := f.out.render(stdout, stored2); err != nil {
		return errors.Join(runErr, err)
	}
	if runErr != nil {
		if errors.Is(runErr, context.Canceled) {
			return errors.New(interruptedText(last.get().Done, last.get().Total, db.Name(), id))
		}
		if errors.Is(runErr, runner.ErrNothingMeasured) {
			return fmt.Errorf("nothing was measured: no cell got a sample (the printed run says why); run %s is stored in %s as incomplete", id, db.Name())
		}
		return fmt.Errorf("run %s stopped: %w (what was measured is stored in %s; serbench run --resume %s finishes it)", id, runErr, db.Name(), id)
	}
	f.shards.stored(stderr, id, db.Name())
	return nil
}

// interruptedText is what serbench run says when it was interrupted after
// done of about total samples (0 of 0: before the timing began, as while
// it computed the matrices, of which one stopped part-way is stored
// partial) of run id, stored in the database named db.
func interruptedText(done, total int, db, id string) string {
	when := fmt.Sprintf("after %d of about %d samples", done, total)
	if total == 0 {
		when = "before any sample was taken (a matrix being computed is stored partial: serbench fidelity, robust or interop --run " + id + " shows it)"
	}
	return fmt.Sprintf("interrupted %s: what was measured is stored in %s as run %s, marked incomplete; serbench run --resume %s finishes it", when, db, id, id)
}
