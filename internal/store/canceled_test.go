package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// errTestCause is the cause of the contexts that the tests cancel, as a
// signal is serbench's.
var errTestCause = errors.New("interrupted by test")

// canceledCtx is a context canceled with errTestCause.
func canceledCtx() context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errTestCause)
	return ctx
}

// wantCause checks that err, the error of what (on the database called
// name) run with a context canceled with errTestCause, names the
// database, ends with the cause's text instead of "context canceled", and
// is both a context.Canceled and the cause.
func wantCause(t *testing.T, what, name string, err error) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s with a canceled context succeeded", what)
	case !strings.HasSuffix(err.Error(), ": "+errTestCause.Error()) || !strings.Contains(err.Error(), name) ||
		!errors.Is(err, context.Canceled) || !errors.Is(err, errTestCause):
		t.Errorf("%s with a context canceled with cause %q: %q (is context.Canceled: %t, is the cause: %t); want an error naming %s that ends with the cause and is both",
			what, errTestCause, err, errors.Is(err, context.Canceled), errors.Is(err, errTestCause), name)
	}
}

// testCanceledSaysTheCause: the opens, reads and writes of the store stopped
// by the end of their context say why it ended (its cause: "interrupted
// by SIGINT" for serbench's commands) where the drivers say "context
// canceled", and their errors are still a context.Canceled: opening an
// existing database (SQLite: its integrity check; PostgreSQL: the
// connection) and a new one, each read and write of a stored run, and a
// read canceled as it goes.
func testCanceledSaysTheCause(t *testing.T, fresh newDB) {
	dsn := fresh(t)
	d := open(t, dsn)
	run := fixture.Run("20260101-000000-aaaaaa")
	write(t, d, run)
	ctx := canceledCtx()
	for _, o := range []struct {
		name string
		open func(context.Context, string) (*DB, error)
	}{{"Open", Open}, {"OpenExisting", OpenExisting}, {"OpenReadOnly", OpenReadOnly}} {
		if c, err := o.open(ctx, dsn); err == nil {
			c.Close()
		} else {
			wantCause(t, o.name, d.Name(), err)
		}
	}
	if !IsPostgres(dsn) {
		// A new file: its first connection.
		path := filepath.Join(t.TempDir(), "new.db")
		if c, err := Open(ctx, path); err == nil {
			c.Close()
		} else {
			wantCause(t, "Open of a new file", path, err)
		}
	}
	other := fixture.Run("20260101-000001-bbbbbb")
	for _, c := range []struct {
		name string
		f    func(context.Context) error
	}{
		{"Runs", func(ctx context.Context) error { _, err := d.Runs(ctx); return err }},
		{"Latest", func(ctx context.Context) error { _, err := d.Latest(ctx); return err }},
		{"LatestIncomplete", func(ctx context.Context) error { _, err := d.LatestIncomplete(ctx); return err }},
		{"Run", func(ctx context.Context) error { _, err := d.Run(ctx, run.ID); return err }},
		{"RunsWithCells", func(ctx context.Context) error {
			_, err := d.RunsWithCells(ctx, func(result.Key) bool { return true })
			return err
		}},
		{"Group", func(ctx context.Context) error { _, err := d.Group(ctx, "g"); return err }},
		{"SampleCounts", func(ctx context.Context) error { _, err := d.SampleCounts(ctx, run.ID); return err }},
		{"ResumeRun", func(ctx context.Context) error { _, _, err := d.ResumeRun(ctx, run.ID); return err }},
		{"Fidelity", func(ctx context.Context) error { _, err := d.Fidelity(ctx, run.ID); return err }},
		{"Robust", func(ctx context.Context) error { _, err := d.Robust(ctx, run.ID); return err }},
		{"Interop", func(ctx context.Context) error { _, err := d.Interop(ctx, run.ID); return err }},
		{"Prune", func(ctx context.Context) error { _, err := d.Prune(ctx, PruneRule{KeepLast: 1}); return err }},
		{"LockRun", func(ctx context.Context) error { _, err := d.LockRun(ctx, run.ID, "test"); return err }},
		{"SetBaseline", func(ctx context.Context) error { return d.SetBaseline(ctx, run.ID, true) }},
		{"DeleteRun", func(ctx context.Context) error { _, err := d.DeleteRun(ctx, run.ID, false, nil); return err }},
		{"BeginRun", func(ctx context.Context) error { _, err := d.BeginRun(ctx, other, RunMeta{}); return err }},
		{"SaveRun", func(ctx context.Context) error { return d.SaveRun(ctx, other, RunMeta{}) }},
		{"SaveRunUnlessStored", func(ctx context.Context) error {
			_, err := d.SaveRunUnlessStored(ctx, other, RunMeta{}, func(string) bool { return true })
			return err
		}},
		{"SaveFidelity", func(ctx context.Context) error { return d.SaveFidelity(ctx, run.ID, fidelityMatrix()) }},
		{"SaveRobust", func(ctx context.Context) error { return d.SaveRobust(ctx, run.ID, robustMatrix()) }},
		{"SaveInterop", func(ctx context.Context) error { return d.SaveInterop(ctx, run.ID, interopMatrix()) }},
	} {
		wantCause(t, c.name, d.Name(), c.f(ctx))
	}
	// A read that the cancel stops as it goes, between two rows.
	stop, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	_, err := d.RunsWithCells(stop, func(result.Key) bool { cancel(errTestCause); return true })
	wantCause(t, "RunsWithCells canceled as it reads", d.Name(), err)
	// Nothing was changed.
	if runs, err := d.Runs(context.Background()); err != nil || len(runs) != 1 || runs[0].ID != run.ID || runs[0].Baseline {
		t.Errorf("runs after the canceled writes: %+v, %v; want %s alone, not a baseline", runs, err, run.ID)
	}
}

// TestCanceled: canceled says the cause of a context that stopped
// statements, and leaves as they are the errors that its end did not
// cause or that say its cause already.
func TestCanceled(t *testing.T) {
	deadline, cancel := context.WithDeadlineCause(context.Background(), time.Now().Add(-time.Second), errTestCause)
	defer cancel()
	plain, cancelPlain := context.WithCancel(context.Background())
	cancelPlain()
	waited := fmt.Errorf("another process holds the database's write lock; stopped waiting for it: %w", errTestCause)
	other := errors.New("disk I/O error")
	stopped := fmt.Errorf("migration 3: %w", context.Canceled)
	for _, c := range []struct {
		name string
		ctx  context.Context
		err  error
		want string // the text of the error returned; "" for err itself
	}{
		{"canceled with a cause", canceledCtx(), stopped, errTestCause.Error()},
		{"deadline with a cause", deadline, fmt.Errorf("read: %w", context.DeadlineExceeded), errTestCause.Error()},
		{"context not done", context.Background(), stopped, ""},
		{"canceled without a cause", plain, stopped, ""},
		{"not a context error", canceledCtx(), other, ""},
		{"says the cause already", canceledCtx(), waited, ""},
	} {
		got := canceled(c.ctx, c.err)
		switch {
		case c.want == "" && got != c.err:
			t.Errorf("%s: canceled(%q) = %q; want it as it is", c.name, c.err, got)
		case c.want != "" && (got.Error() != c.want || !errors.Is(got, errTestCause) || !errors.Is(got, c.err)):
			t.Errorf("%s: canceled(%q) = %q (is the cause: %t, is the error: %t); want %q, both", c.name, c.err, got, errors.Is(got, errTestCause), errors.Is(got, c.err), c.want)
		}
	}
	if err := canceled(canceledCtx(), nil); err != nil {
		t.Errorf("canceled(nil) = %v", err)
	}
}
