package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Run locks keep two processes from measuring one run at once (a run
// resumed while its first process still measures it, or resumed twice).
// A lock is a row of run_locks: the run, its owner and a heartbeat that
// the owner refreshes while it holds the lock. A lock whose heartbeat is
// older than LockStaleAge belongs to a process that died without
// unlocking, and the next LockRun takes it over.
//
// Heartbeats are read from one clock: the PostgreSQL server's for a team
// database, whose shards run on several machines, and the local clock for
// a SQLite file.

// LockStaleAge is how long a run lock lasts without a heartbeat: a lock
// whose heartbeat is older is taken over. Its holder refreshes the
// heartbeat every LockStaleAge/3. LockRun reads it when it takes a lock;
// tests shorten it.
var LockStaleAge = 30 * time.Second

// ErrLocked is returned by LockRun for a run that another process holds
// the lock of, and by the unlock function of a lock that another process
// took over.
var ErrLocked = errors.New("locked by another process")

// LockRun takes the lock of run id for owner, a name that says who holds
// it in messages (such as host and process ID), and keeps it with a
// heartbeat until unlock is called.
//
// When another owner holds the lock and its heartbeat is younger than
// LockStaleAge, LockRun fails with an error wrapping ErrLocked that names
// that owner and its last heartbeat. A stale lock is taken over: of the
// processes that try at once, exactly one wins and the others get
// ErrLocked. An ID that is not stored is an error wrapping ErrNotFound.
//
// unlock stops the heartbeat and deletes the lock. It returns an error
// wrapping ErrLocked if the lock was taken over meanwhile (its heartbeat
// stopped for longer than LockStaleAge), which means another process may
// have measured the run at the same time. Calling it again returns the
// same result. Call it before closing d.
func (d *DB) LockRun(ctx context.Context, id, owner string) (unlock func() error, err error) {
	return d.LockRunAlive(ctx, id, owner, nil)
}

// LockRunAlive is LockRun with a test of the holder: when alive is set and
// says that the holder of a fresh lock is gone (a process of this machine
// that no longer exists, say, after a SIGKILL), the lock is taken over at
// once instead of after LockStaleAge. alive is called with the holder's
// owner string and must say true when it cannot tell.
func (d *DB) LockRunAlive(ctx context.Context, id, owner string, alive func(holder string) bool) (unlock func() error, err error) {
	stale := LockStaleAge
	if stale <= 0 {
		return nil, fmt.Errorf("lock run %q in %s: LockStaleAge is %s; it must be positive", id, d.name, stale)
	}
	if err := d.checkRun(ctx, id); errors.Is(err, ErrNotFound) {
		return nil, notFoundError(fmt.Sprintf("no run %q in %s", id, d.name))
	} else if err != nil {
		return nil, fmt.Errorf("lock run: %w", err)
	}
	hb, err := d.acquire(ctx, id, owner, stale, alive)
	if err != nil {
		return nil, err
	}
	l := &runLock{d: d, id: id, owner: owner, stale: stale, wait: ctx, hb: hb, stop: make(chan struct{}), done: make(chan struct{})}
	d.holdsLock(id, 1)
	go l.beat()
	return l.unlock, nil
}

// acquire inserts the lock row of run id, or takes over a stale one, and
// returns the heartbeat it wrote.
func (d *DB) acquire(ctx context.Context, id, owner string, stale time.Duration, alive func(string) bool) (string, error) {
	fail := func(err error) (string, error) {
		return "", fmt.Errorf("lock run %q in %s: %w", id, d.name, canceled(ctx, err))
	}
	// Each round either takes the lock or sees who holds it; a round
	// starts again only when the lock changed hands in between.
	for range 10 {
		now, err := d.now(ctx)
		if err != nil {
			return fail(err)
		}
		hb := now.Format(writeTimeFormat)
		took, err := d.changedOne(ctx, ctx, `INSERT INTO run_locks (run_id, owner, heartbeat) VALUES (?, ?, ?) ON CONFLICT (run_id) DO NOTHING`, id, owner, hb)
		if err != nil {
			return fail(err)
		}
		if took {
			return hb, nil
		}
		var holder, old string
		err = d.db.QueryRowContext(ctx, d.rebind(`SELECT owner, heartbeat FROM run_locks WHERE run_id = ?`), id).Scan(&holder, &old)
		if errors.Is(err, sql.ErrNoRows) {
			continue // unlocked since the insert: try again
		}
		if err != nil {
			return fail(err)
		}
		// A heartbeat that does not parse cannot be fresh.
		if at, err := time.Parse(timeFormat, old); err == nil {
			if age := now.Sub(at); age < stale && (alive == nil || alive(holder)) {
				return "", fmt.Errorf("lock run %q in %s: %w: %s holds it, alive at %s (%s ago); a lock without a heartbeat for %s is taken over",
					id, d.name, ErrLocked, holder, at.Format(time.RFC3339), age.Round(time.Millisecond), stale)
			}
		}
		// Stale: take it over, unless another process did first (then the
		// heartbeat is no longer the one read).
		if takeoverHook != nil {
			takeoverHook()
		}
		took, err = d.changedOne(ctx, ctx, `UPDATE run_locks SET owner = ?, heartbeat = ? WHERE run_id = ? AND owner = ? AND heartbeat = ?`, owner, hb, id, holder, old)
		if err != nil {
			return fail(err)
		}
		if took {
			return hb, nil
		}
	}
	return fail(errors.New("the lock kept changing hands; try again"))
}

// changedOne runs statement q and reports whether it changed exactly one
// row: whether a conditional write of the lock won. A SQLite database
// locked by another process is waited for until wait is done (retry).
func (d *DB) changedOne(ctx, wait context.Context, q string, args ...any) (bool, error) {
	var res sql.Result
	err := d.retry(wait, func() (err error) {
		res, err = d.db.ExecContext(ctx, d.rebind(q), args...)
		return err
	})
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// takeoverHook, when set, is called between reading a stale lock and
// taking it over: tests make racing takers all read it before any takes
// it.
var takeoverHook func()

// now returns the time of the clock that heartbeats are read from, in UTC.
func (d *DB) now(ctx context.Context) (time.Time, error) {
	if !d.postgres {
		return time.Now().UTC(), nil
	}
	var t time.Time
	if err := d.db.QueryRowContext(ctx, `SELECT clock_timestamp()`).Scan(&t); err != nil {
		return time.Time{}, fmt.Errorf("read the server's clock: %w", err)
	}
	return t.UTC(), nil
}

// runLock is a held run lock and its heartbeat.
type runLock struct {
	d         *DB
	id, owner string
	stale     time.Duration
	// wait is the context LockRun was given: once it is canceled,
	// unlock does not wait for a database another process holds locked.
	wait context.Context

	// Owned by beat until done is closed.
	hb      string // the heartbeat stored
	pending string // a heartbeat whose write reported an error, so may be stored
	lost    error  // set when another process took the lock over

	stop, done chan struct{}
	once       sync.Once
	err        error
}

// beat refreshes the heartbeat every stale/3 until stop is closed or the
// lock is lost.
func (l *runLock) beat() {
	defer close(l.done)
	t := time.NewTicker(l.stale / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
		if l.refresh(); l.lost != nil {
			return
		}
	}
}

// refresh writes a new heartbeat. A failed write is tried again at the
// next tick; a lock that is no longer this one's sets l.lost.
func (l *runLock) refresh() {
	ctx, cancel := context.WithTimeout(context.Background(), l.stale)
	defer cancel()
	now, err := l.d.now(ctx)
	if err != nil {
		return
	}
	hb := now.Format(writeTimeFormat)
	kept, err := l.d.changedOne(ctx, ctx, `UPDATE run_locks SET heartbeat = ? WHERE run_id = ? AND owner = ? AND (heartbeat = ? OR heartbeat = ?)`,
		hb, l.id, l.owner, l.hb, l.pending)
	switch {
	case err != nil:
		// The update may have committed all the same.
		l.pending = hb
	case kept:
		l.hb, l.pending = hb, ""
	default:
		l.lost = l.takenOver(ctx)
	}
}

// takenOver describes the loss of the lock.
func (l *runLock) takenOver(ctx context.Context) error {
	taker := "another process took it over and has released it since"
	var holder, at string
	err := l.d.db.QueryRowContext(ctx, l.d.rebind(`SELECT owner, heartbeat FROM run_locks WHERE run_id = ?`), l.id).Scan(&holder, &at)
	switch {
	case err == nil:
		taker = fmt.Sprintf("%s took it over (heartbeat %s)", holder, at)
	case errors.Is(err, sql.ErrNoRows) && errors.Is(l.d.checkRun(ctx, l.id), ErrNotFound):
		// Deleted with its lock (serbench runs --delete --force).
		return fmt.Errorf("lock of run %q in %s held by %s was lost: %w", l.id, l.d.name, l.owner, ErrRunDeleted)
	}
	return fmt.Errorf("lock of run %q in %s held by %s was lost: %w: %s after this process's last heartbeat, at %s, went stale (older than %s); both may have measured the run",
		l.id, l.d.name, l.owner, ErrLocked, taker, l.hb, l.stale)
}

// unlock stops the heartbeat and deletes the lock row, if it is still
// this lock's. When the run was deleted, that is its error only if no
// write of the run said so before (Writer.fail).
func (l *runLock) unlock() error {
	l.once.Do(func() {
		defer l.d.holdsLock(l.id, -1)
		defer func() {
			// That the run was deleted is said once (Writer.fail).
			if errors.Is(l.err, ErrRunDeleted) {
				l.err = l.d.toldDeleted(l.id, l.err)
			}
		}()
		close(l.stop)
		<-l.done
		if l.lost != nil {
			l.err = l.lost
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		deleted, err := l.d.changedOne(ctx, l.wait, `DELETE FROM run_locks WHERE run_id = ? AND owner = ? AND (heartbeat = ? OR heartbeat = ?)`,
			l.id, l.owner, l.hb, l.pending)
		switch {
		case err != nil:
			l.err = fmt.Errorf("unlock run %q in %s: %w", l.id, l.d.name, err)
		case !deleted:
			l.err = l.takenOver(ctx)
		}
	})
	return l.err
}
