package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/fidelity"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/internal/peers"
	"github.com/serbench/serbench/internal/robust"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// Run is a run of a store that this process holds the lock of, ready to
// be measured: a new run (Start) or an interrupted one (Resume).
type Run struct {
	ID     string
	db     *store.DB
	w      *store.Writer
	unlock func() error
	stored []result.Cell
}

// Start stores r, the record of a new run of p (Plan.Record), in db and
// takes its lock.
func Start(ctx context.Context, db *store.DB, p *Plan, r *result.Run) (*Run, error) {
	w, err := db.BeginRun(ctx, r, p.meta())
	if err != nil {
		return nil, err
	}
	unlock, err := Lock(ctx, db, r.ID)
	if err != nil {
		return nil, err
	}
	return &Run{ID: r.ID, db: db, w: w, unlock: unlock}, nil
}

// Resume takes the lock of the stored run id, then reads it: first the
// lock, so that nobody adds samples between reading the run and measuring
// what it lacks. It returns the run as stored, whose Args and Env say
// what to plan; a caller that does not execute the run calls Release.
func Resume(ctx context.Context, db *store.DB, id string) (*Run, *result.Run, error) {
	unlock, err := Lock(ctx, db, id)
	if err != nil {
		return nil, nil, err
	}
	w, prev, err := db.ResumeRun(ctx, id)
	if err != nil {
		return nil, nil, errors.Join(err, unlock())
	}
	return &Run{ID: id, db: db, w: w, unlock: unlock, stored: prev.Cells}, prev, nil
}

// Release gives up the lock of a run that is not executed.
func (r *Run) Release() error { return r.unlock() }

// Lock takes the lock of run id for this process, so that no other
// serbench measures it at the same time (serbench run --resume of a run
// still running, or two resumes at once). A lock whose holder was a
// process of this machine that no longer exists (killed) is taken over
// at once.
func Lock(ctx context.Context, db *store.DB, id string) (func() error, error) {
	host, _ := os.Hostname()
	owner := fmt.Sprintf("serbench pid %d on %s", os.Getpid(), host)
	return db.LockRunAlive(ctx, id, owner, func(holder string) bool {
		var pid int
		var h string
		if _, err := fmt.Sscanf(holder, "serbench pid %d on %s", &pid, &h); err != nil || h != host {
			return true // not ours to judge
		}
		return processAlive(pid)
	})
}

// Hooks are what a caller may watch of an execution.
type Hooks struct {
	// Progress, if set, is called as the measurements advance.
	Progress func(harness.Progress)
	// Fidelity, if set, is called when the fidelity matrix of the
	// plan's codecs is stored, with how long computing it took. It is
	// not called for the partial matrix of an interrupted execution,
	// stored as well (its cells not measured interrupted).
	Fidelity func(m *result.Fidelity, took time.Duration)
	// Robust, if set, is called when the robustness matrix of the plan's
	// codecs is stored (Plan.Robust), with how long computing it took;
	// as Fidelity, not for a partial one.
	Robust func(m *result.Robust, took time.Duration)
	// Interop, if set, is called when the interoperability matrices are
	// stored (Plan.Interop), with how long computing them took; as
	// Fidelity, not for partial ones.
	Interop func(x *result.Interop, took time.Duration)
}

// Execute measures p into r: it computes and stores the fidelity matrix of
// p's codecs (unless the run has a complete one, as a resumed run may),
// and the robustness and interoperability matrices the plan asks for, then
// runs the jobs (only the missing samples of a resumed run), then marks the
// run complete, or incomplete if it stopped, and releases its lock. The
// error is why it stopped (it wraps context.Canceled when ctx was
// canceled; it is ErrNothingMeasured when no cell got a sample); whatever
// was measured is stored either way: a matrix interrupted (ctx canceled
// while it was computed) is stored partial, its cells not measured
// interrupted, and computed again by a resume of the run.
func (r *Run) Execute(ctx context.Context, p *Plan, h Hooks) error {
	cfg := p.Config
	cfg.Stored = r.stored
	cfg.Progress = h.Progress
	runErr := r.storeFidelity(ctx, p, h.Fidelity)
	if runErr == nil && p.Robust {
		runErr = r.storeRobust(ctx, p, h.Robust)
	}
	if runErr == nil && p.Interop {
		runErr = r.storeInterop(ctx, p, h.Interop)
	}
	if runErr == nil {
		runErr = r.measure(ctx, cfg, p)
	}
	complete := runErr == nil
	if err := r.w.Finish(time.Now(), complete); err != nil {
		runErr = errors.Join(runErr, err)
	}
	if err := r.unlock(); err != nil {
		runErr = errors.Join(runErr, err)
	}
	return runErr
}

// storeRobust computes the decoder robustness matrix of p's codecs in
// worker processes (in this process with isolation none) and stores it
// with the run, unless the run has one already (a resumed run).
func (r *Run) storeRobust(ctx context.Context, p *Plan, stored func(*result.Robust, time.Duration)) error {
	return storeMatrix(ctx, r, r.db.Robust, r.db.SaveRobust, stored, "robustness matrix", (*result.Robust).Interrupted, func() (*result.Robust, error) {
		return robust.Compute(ctx, p.codecs(), robust.Options{
			Warn:        r.warn,
			MemoryLimit: p.Config.MemoryLimit,
			Workers:     p.Config.Workers,
			InProcess:   p.Config.Isolation == harness.IsolationNone,
		})
	})
}

// storeInterop computes the cross-library interoperability matrices of
// every format with two or more implementations (internal/interop's
// defaults: not only the plan's codecs, since a pair needs both sides) in
// worker processes (in this process with isolation none), with the Python
// and Node peers joined when they are installed (internal/peers: a peer
// that is not installed is a note of the matrices, x.Peers), and stores
// them with the run, unless the run has them already (a resumed run).
func (r *Run) storeInterop(ctx context.Context, p *Plan, stored func(*result.Interop, time.Duration)) error {
	return storeMatrix(ctx, r, r.db.Interop, r.db.SaveInterop, stored, "interoperability matrix", (*result.Interop).Interrupted, func() (*result.Interop, error) {
		x, _, err := peers.Compute(ctx, nil, interop.Options{
			Warn:        r.warn,
			MemoryLimit: p.Config.MemoryLimit,
			Workers:     p.Config.Workers,
			InProcess:   p.Config.Isolation == harness.IsolationNone,
		}, peers.JoinOptions{})
		return x, err
	})
}

// warn stores msg, a matrix's warning (a worker killed for not exiting
// after its work), with the run's warnings, as the harness stores its
// own; on standard error when it cannot be stored.
func (r *Run) warn(msg string) {
	if err := r.w.Warning(msg); err != nil {
		fmt.Fprintf(os.Stderr, "serbench: %s (not stored: %v)\n", msg, err)
	}
}

// storeMatrix stores the matrix that compute makes with run r, unless
// read finds that the run has a complete one already (a resumed run): save
// stores it, and stored, when set, is given it and the time it took.
// compute's error is wrapped in what; a nil matrix from compute is not
// stored.
//
// When ctx is done, compute returns the matrix measured so far with ctx's
// error, its cells not measured marked interrupted (partial counts them):
// it is stored so, nothing measured lost, and the error returned (stored
// is not called: the matrix is not complete). A resumed run whose stored
// matrix is partial computes it again, and stores the new one unless it
// was interrupted too with more not measured than the stored one.
func storeMatrix[M any](ctx context.Context, r *Run, read func(context.Context, string) (*M, error), save func(context.Context, string, *M) error, stored func(*M, time.Duration), what string, partial func(*M) int, compute func() (*M, error)) error {
	prev, err := read(ctx, r.ID)
	switch {
	case err == nil && partial(prev) == 0:
		return nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return err
	case err != nil:
		prev = nil
	}
	start := time.Now()
	m, err := compute()
	if err != nil {
		err = fmt.Errorf("%s: %w", what, err)
		if m == nil || ctx.Err() == nil {
			return err
		}
		if prev != nil && partial(m) > partial(prev) {
			return err // the stored one measured more
		}
		// Interrupted: what was measured is stored, even though ctx
		// is done.
		if serr := save(context.WithoutCancel(ctx), r.ID, m); serr != nil {
			return errors.Join(err, serr)
		}
		return err
	}
	if m == nil {
		return nil
	}
	if err := save(context.WithoutCancel(ctx), r.ID, m); err != nil {
		return err
	}
	if stored != nil {
		stored(m, time.Since(start))
	}
	return nil
}

// codecs returns the registered codecs of p.
func (p *Plan) codecs() []codec.Codec {
	var out []codec.Codec
	for _, rc := range p.Codecs {
		if c, ok := codec.Lookup(rc.Name); ok {
			out = append(out, c)
		}
	}
	return out
}

// storeFidelity computes the fidelity matrix of p's codecs in worker
// processes (in this process with isolation none) and stores it with the
// run, unless the run has one already (a resumed run) or the matrix has
// no rows.
func (r *Run) storeFidelity(ctx context.Context, p *Plan, stored func(*result.Fidelity, time.Duration)) error {
	return storeMatrix(ctx, r, r.db.Fidelity, r.db.SaveFidelity, stored, "fidelity matrix", (*result.Fidelity).Interrupted, func() (*result.Fidelity, error) {
		m, err := fidelity.Compute(ctx, p.codecs(), fidelity.Options{
			Warn:        r.warn,
			Timeout:     p.Config.Timeout,
			MemoryLimit: p.Config.MemoryLimit,
			Workers:     p.Config.Workers,
			InProcess:   p.Config.Isolation == harness.IsolationNone,
		})
		if err == nil && len(m.Rows) == 0 {
			return nil, nil
		}
		return m, err
	})
}
