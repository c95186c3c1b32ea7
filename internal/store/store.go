// Package store saves serbench runs in a SQL database and reads them back:
// embedded SQLite (modernc.org/sqlite, no cgo) by default, or PostgreSQL
// (through pgx) for a team store that the shards of a sharded run share.
// Both share one schema and one set of migrations (schema.go).
//
// A run is written as it is measured: the run row and its environment
// first, then every verification and every sample in its own transaction,
// so an interrupted run keeps everything measured so far and stays marked
// incomplete. Such a run can be continued later (ResumeRun, SampleCounts,
// LatestIncomplete), and a run lock with a heartbeat (LockRun) keeps two
// processes from measuring one run at once. The store does not compute
// statistics or render anything.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/serbench/serbench/internal/sqlrows"
	"github.com/serbench/serbench/result"
)

// DB is an open store.
type DB struct {
	db       *sql.DB
	postgres bool
	name     string
	// tidy, when set, is called when the database is closed, to remove
	// what the open made beside it (OpenReadOnly).
	tidy func()

	// told holds the runs of which a write (a Writer's, a lock's) has
	// returned the error that the run was deleted while this process
	// measured it (toldDeleted), in the measurement of the run that
	// goes on or last went on: one that starts forgets it
	// (startMeasure).
	toldMu sync.Mutex
	told   map[string]bool
	// locks counts the locks of each run that this process holds
	// (LockRun, until unlock): the runs it measures (measures).
	locks map[string]int
}

// ErrNotFound is returned for a run that is not in the store.
var ErrNotFound = errors.New("not found")

// notFoundError is an error wrapping ErrNotFound whose text says what is
// not there by itself ("no run \"X\" in F"), without ": not found" after it.
type notFoundError string

func (e notFoundError) Error() string { return string(e) }
func (e notFoundError) Unwrap() error { return ErrNotFound }

// Open opens (creating if needed) the store at dsn, a file path for SQLite
// or a postgres:// (postgresql://) URL, and applies any pending migrations.
// Errors name the database, never its password. Connecting to PostgreSQL
// gives up after 10 seconds unless the URL sets connect_timeout. An
// existing SQLite file is checked first (SQLite's quick_check): a corrupt
// one is a *CorruptError and is left as it is, and so is its directory
// (no -wal or -shm file made to read it stays). A SQLite database whose
// write lock another process holds is waited for, up to LockWait, unless
// ctx is canceled first.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if dsn == "" {
		return nil, errors.New("open database: empty path")
	}
	d := &DB{name: dsn}
	var err error
	existed := false
	if IsPostgres(dsn) {
		d.postgres = true
		d.name = redactURL(dsn)
		d.db, err = openPostgres(dsn)
	} else {
		var uri string
		if uri, err = sqliteURI(dsn); err != nil {
			return nil, err
		}
		// A corrupt file is refused before anything is written to it.
		st, serr := os.Stat(dsn)
		existed = serr == nil
		if existed {
			if err := notAFile(dsn, st); err != nil {
				return nil, err
			}
			// SQLite opens a file it cannot write read-only, without a
			// word, and its first write fails.
			f, werr := os.OpenFile(dsn, os.O_WRONLY, 0)
			if werr != nil {
				return nil, readOnlyError(dsn, werr.Error())
			}
			f.Close()
			if st.Size() > 0 {
				// The checks read the file through read-only connections,
				// which make a -wal and a -shm file beside a database in
				// WAL mode. A refused open leaves the directory as it
				// found it: those that were not there before are removed
				// again (tidyReaderFiles); files that were there before
				// are left as they are (a -wal may hold the user's
				// writes).
				had := filesBeside(dsn)
				err := checkIntegrity(ctx, dsn, uri)
				if err == nil {
					// Another application's database is refused as it is.
					err = refuseForeign(ctx, dsn, uri)
				}
				if err != nil {
					tidyReaderFiles(dsn, uri, had)
					return nil, err
				}
			}
		}
		d.db, err = sql.Open("sqlite", uri+"?_pragma=busy_timeout("+strconv.Itoa(sqliteBusyTimeout)+")&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate")
		if err == nil {
			// One writer at a time, as SQLite wants.
			d.db.SetMaxOpenConns(1)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", d.name, err)
	}
	if err := d.connect(ctx); err != nil {
		d.db.Close()
		return nil, d.openError(ctx, err, existed)
	}
	if err := d.migrate(ctx); err != nil {
		d.db.Close()
		return nil, d.openError(ctx, err, existed)
	}
	return d, nil
}

// openError is Open's error err, for SQLite said in words where SQLite's
// are obscure (writeError), and as the interruption it was when ctx's end
// stopped the open (canceled). existed says whether the file existed
// before Open.
func (d *DB) openError(ctx context.Context, err error, existed bool) error {
	if !d.postgres {
		if werr := writeError(d.name, err, existed); werr != nil {
			return werr
		}
	}
	return fmt.Errorf("open database %s: %w", d.name, canceled(ctx, err))
}

// sqliteURI is the "file:" URI of the SQLite database at path, with the
// characters a URI gives a meaning to ("?", "#", "%", and spaces)
// escaped, so that the file opened is the one named. A path that is not
// a file ("" , ":memory:", which would throw the run away at exit, or one
// that ends in "/") or that is a URI already ("file:...") is refused.
func sqliteURI(path string) (string, error) {
	switch {
	case path == ":memory:" || strings.HasPrefix(path, "file::memory:"):
		return "", fmt.Errorf("open database %s: an in-memory database would be thrown away when serbench exits; give a file path", path)
	case strings.HasPrefix(path, "file:"):
		return "", fmt.Errorf("open database %s: give a file path, not a URI (serbench makes the SQLite URI itself)", path)
	case strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(filepath.Separator)):
		// SQLite would drop the "/" and make a file of the directory's
		// name, which the readers, given the same path, would not find.
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			return "", isDirError(path)
		}
		return "", fmt.Errorf("open database %s: a path that ends in %q names a directory, not a database file; give the path of a file (such as %s)",
			path, path[len(path)-1:], shellQuote(filepath.Join(path, "serbench.db")))
	}
	u := url.URL{Path: path}
	// url.URL escapes "?", "#", "%" and spaces in a path; a relative
	// path that starts with a segment holding ":" would be taken for a
	// scheme, so it is made explicit.
	esc := u.EscapedPath()
	if !strings.HasPrefix(path, "/") && strings.Contains(strings.SplitN(path, "/", 2)[0], ":") {
		esc = "./" + esc
	}
	return "file:" + esc, nil
}

// connect makes the first connection. SQLite applies the connection's
// pragmas as it connects, and switching a database another connection is
// opening at the same moment to WAL fails with SQLITE_BUSY at once,
// without the busy handler (serbench processes of one group opening a new
// file together): that is retried as a locked database is.
func (d *DB) connect(ctx context.Context) error {
	return d.retry(ctx, func() error { return d.db.PingContext(ctx) })
}

// openPostgres is replaced when PostgreSQL support is compiled in.
var openPostgres = func(dsn string) (*sql.DB, error) {
	return nil, errors.New("PostgreSQL is not supported by this build")
}

// redact returns dsn, a URL that does not parse, without its user
// information: up to its last "@" before any "?", as a password may hold
// an "@" or a "/" that is not escaped, else up to its first "@".
func redact(dsn string) string {
	i := strings.Index(dsn, "@")
	if q := strings.Index(dsn, "?"); q >= 0 {
		if j := strings.LastIndex(dsn[:q], "@"); j >= 0 {
			i = j
		}
	} else {
		i = strings.LastIndex(dsn, "@")
	}
	if i >= 0 {
		if j := strings.Index(dsn, "://"); j >= 0 && j < i {
			return dsn[:j+3] + "…" + dsn[i:]
		}
	}
	return dsn
}

// Name returns the database's name for messages (passwords removed).
func (d *DB) Name() string { return d.name }

// Close closes the database. A SQLite database that OpenReadOnly opened
// is left as the open found it: the -wal and -shm files that SQLite made
// beside it to read it are removed, unless another connection uses them.
func (d *DB) Close() error {
	err := d.db.Close()
	if d.tidy != nil {
		d.tidy()
		d.tidy = nil
	}
	return err
}

// rebind turns ? placeholders into $n for PostgreSQL.
func (d *DB) rebind(q string) string {
	if !d.postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (d *DB) exec(ctx context.Context, q string, args ...any) error {
	_, err := d.db.ExecContext(ctx, d.rebind(q), args...)
	return err
}

// migrate applies the pending migrations, each in a transaction that
// also reads and bumps the schema version, so that serbench processes
// opening one database at once migrate it once: SQLite's transactions
// take the write lock when they begin (_txlock=immediate), PostgreSQL's
// migrations run under an advisory lock.
func (d *DB) migrate(ctx context.Context) error {
	if d.postgres {
		// Shards that start together must not migrate a fresh team
		// database at the same time.
		unlock, err := d.lockMigrations(ctx)
		if err != nil {
			return err
		}
		defer unlock()
		// Tables of another application named as serbench's are
		// refused before anything is created beside them.
		if err := d.retry(ctx, func() error { return d.foreign(ctx, d.db, true) }); err != nil {
			return err
		}
	}
	if err := d.retry(ctx, func() error {
		return d.exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`)
	}); err != nil {
		return fmt.Errorf("create schema_version: %w", err)
	}
	for {
		var done bool
		err := d.retry(ctx, func() (err error) {
			done, err = d.migrateOne(ctx)
			return err
		})
		if done || err != nil {
			return err
		}
	}
}

// migrateOne applies the next migration, if any, in one transaction.
func (d *DB) migrateOne(ctx context.Context) (done bool, err error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var v int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return false, err
		}
	} else if err != nil {
		return false, fmt.Errorf("read schema version: %w", err)
	}
	if v > len(migrations) {
		return false, fmt.Errorf("schema version %d is newer than this serbench knows (%d): upgrade serbench", v, len(migrations))
	}
	// A table that the applied migrations made and that is gone is not
	// made again: the next statement on it would fail with "no such
	// table", or a later migration alter what is left.
	if err := d.checkTables(ctx, tx, v); err != nil {
		return false, err
	}
	if v == len(migrations) {
		return true, tx.Commit()
	}
	for _, stmt := range strings.Split(migrations[v], ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return false, fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, d.rebind(`UPDATE schema_version SET version = ?`), v+1); err != nil {
		return false, fmt.Errorf("migration %d: %w", v+1, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migration %d: %w", v+1, err)
	}
	return false, nil
}

// jsonSizes encodes compressed sizes as a JSON object, "{}" when none.
func jsonSizes(m map[string]float64) string {
	if len(m) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(m) // keys sorted: stable text
	return string(b)
}

// parseSizes decodes what jsonSizes wrote; nil for "{}" or "".
func parseSizes(s string) (map[string]float64, error) {
	if s == "" || s == "{}" {
		return nil, nil
	}
	var m map[string]float64
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, err
	}
	return m, nil
}

func jsonList(s []string) string {
	if len(s) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(s)
	return string(b)
}

func parseList(s string) ([]string, error) {
	var out []string
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// timeFormat parses stored times. They are written in UTC with
// writeTimeFormat, whose fixed width makes text order time order in SQLite
// and in PostgreSQL whatever the collation.
const (
	timeFormat      = time.RFC3339Nano
	writeTimeFormat = "2006-01-02T15:04:05.000000000Z07:00"
)

// RunMeta holds what is known of a run before it starts, besides r itself.
type RunMeta struct {
	// Group and Shard are set by sharded runs.
	Group, Shard string
}

// execer runs statements: *sql.DB and *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// inTx runs f in one transaction on d, committed when f succeeds, and
// tries it again while another process holds the SQLite database's write
// lock (retry: until wait is done or LockWait has passed). A transaction
// that the end of ctx stopped fails with ctx's cause (canceled): inTx is
// the one way out of the store of the writes in transactions (BeginRun,
// SaveRun, the saves of matrices, DeleteRun, Writer.Sample).
func (d *DB) inTx(ctx, wait context.Context, f func(tx *sql.Tx) error) error {
	return canceled(ctx, d.retry(wait, func() error {
		tx, err := d.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := f(tx); err != nil {
			return err
		}
		return tx.Commit()
	}))
}

// Writer writes one run as it is measured. It implements harness.Sink.
type Writer struct {
	d     *DB
	ctx   context.Context // the writes': never canceled
	stop  context.Context // the run's: when it is canceled, a locked database is not waited for
	runID string
	mu    sync.Mutex
	seq   map[result.Key]int
	warns int
}

// newWriter returns a Writer of run id for a run whose context is ctx.
// Writes outlive the run's context: an interrupted run must still record
// what it measured and how it ended; only the wait for a database that
// another process holds locked ends with it.
func (d *DB) newWriter(ctx context.Context, id string) *Writer {
	d.toldMu.Lock()
	d.startMeasure(id)
	d.toldMu.Unlock()
	return &Writer{d: d, ctx: context.WithoutCancel(ctx), stop: ctx, runID: id, seq: map[result.Key]int{}}
}

// BeginRun stores r's header (ID, start, command, arguments, environment,
// codecs, workloads) and returns a Writer for the rest of it. The run
// stays incomplete until Finish. BeginRun does not lock the run: the
// caller does that with LockRun when it measures the run (ResumeRun
// continues a stored run).
//
// The Writer's writes are not canceled with ctx, so that an interrupted
// run keeps what it measured and records how it ended; but once ctx is
// canceled, a write that finds the database locked by another process
// gives up at once instead of waiting.
func (d *DB) BeginRun(ctx context.Context, r *result.Run, meta RunMeta) (*Writer, error) {
	if err := d.inTx(ctx, ctx, func(tx *sql.Tx) error { return d.insertHeader(ctx, tx, r, meta, "") }); err != nil {
		return nil, fmt.Errorf("store run %s in %s: %w", r.ID, d.name, err)
	}
	return d.newWriter(ctx, r.ID), nil
}

// insertHeader inserts r's row, with the digest of its results (content.go:
// "" for a run measured as it goes), and what BeginRun stores with it.
func (d *DB) insertHeader(ctx context.Context, ex execer, r *result.Run, meta RunMeta, digest string) error {
	exec := func(q string, args ...any) error {
		_, err := ex.ExecContext(ctx, d.rebind(q), args...)
		return err
	}
	if err := exec(`INSERT INTO runs (id, start_time, command, run_group, shard, args, content_digest) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.Start.UTC().Format(writeTimeFormat), r.Command, meta.Group, meta.Shard, jsonList(r.Args), digest); err != nil {
		return err
	}
	for i, c := range r.Env {
		if err := exec(`INSERT INTO run_env (run_id, pos, key, value) VALUES (?, ?, ?, ?)`, r.ID, i, c.Key, c.Value); err != nil {
			return fmt.Errorf("environment: %w", err)
		}
	}
	for _, c := range r.Codecs {
		if err := exec(`INSERT INTO run_codecs (run_id, name, format, module, version, api, flags, losses, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.ID, c.Name, c.Format, c.Module, c.Version, c.API, jsonList(c.Flags), jsonList(c.Losses), c.Notes); err != nil {
			return fmt.Errorf("codec %s: %w", c.Name, err)
		}
	}
	for _, wl := range r.Workloads {
		if err := exec(`INSERT INTO run_workloads (run_id, name, description, access_fields) VALUES (?, ?, ?, ?)`,
			r.ID, wl.Name, wl.Description, jsonList(wl.AccessFields)); err != nil {
			return fmt.Errorf("workload %s: %w", wl.Name, err)
		}
	}
	return nil
}

// SaveRun stores the whole of r (its header as BeginRun stores it, its
// verifications, cells with their samples, warnings, end time and
// whether it is complete) in one transaction: when anything fails,
// nothing of r is stored. It is for runs read whole, as serbench import
// reads a file; a run being measured is written as it goes, by BeginRun's
// Writer.
func (d *DB) SaveRun(ctx context.Context, r *result.Run, meta RunMeta) error {
	err := d.inTx(ctx, ctx, func(tx *sql.Tx) error {
		return d.saveRun(ctx, tx, r, meta, contentDigest(r))
	})
	if err != nil {
		return fmt.Errorf("store run %s in %s (nothing of it was stored): %w", r.ID, d.name, err)
	}
	return nil
}

// saveRun writes the whole of r in tx, with digest, the digest of its
// results (contentDigest), computed once by the caller (SaveRun).
func (d *DB) saveRun(ctx context.Context, tx *sql.Tx, r *result.Run, meta RunMeta, digest string) error {
	if err := d.insertHeader(ctx, tx, r, meta, digest); err != nil {
		return err
	}
	for _, v := range r.Verifications {
		if err := d.upsertVerification(ctx, tx, r.ID, v); err != nil {
			return err
		}
	}
	for _, c := range r.Cells {
		if err := d.upsertCell(ctx, tx, r.ID, c); err != nil {
			return err
		}
		for i, s := range c.Samples {
			if err := d.insertSample(ctx, tx, r.ID, c, i, s); err != nil {
				return err
			}
		}
	}
	for i, m := range r.Warnings {
		if err := d.insertWarning(ctx, tx, r.ID, i, m); err != nil {
			return err
		}
	}
	return d.setEnd(ctx, tx, r.ID, r.End, r.Complete)
}

// SaveRunUnlessStored stores r as SaveRun does, unless a stored run holds
// the same results: the first, oldest first, of the runs stored whole
// (SaveRun, SaveRunUnlessStored) whose command keep accepts and whose
// results are r's: the same environment, verifications, cells and
// samples (contentText; runs measured through BeginRun's Writer are not
// compared). Then it stores nothing and returns that run's ID; else "".
// The runs are found by the digest of their results, stored with them;
// a run stored before the digests were gets its digest the first time
// SaveRunUnlessStored looks, unless it cannot be read (then it is not
// compared, and is tried again the next time).
//
// The look and the store are one transaction, and two such transactions
// run one after the other, so that of two calls at once with the same
// results (serbench import of one file twice at the same moment) one
// stores r and the other finds it: SQLite's transactions take the write
// lock as they begin (_txlock=immediate), and on PostgreSQL the
// transaction takes an advisory lock (importLock) before it looks, held
// to its end, after its commit.
func (d *DB) SaveRunUnlessStored(ctx context.Context, r *result.Run, meta RunMeta, keep func(command string) bool) (string, error) {
	var found string
	digest := contentDigest(r)
	err := d.inTx(ctx, ctx, func(tx *sql.Tx) error {
		found = ""
		if d.postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, importLock); err != nil {
				return fmt.Errorf("lock the runs to look for the same results: %w", err)
			}
		}
		var err error
		if found, err = d.sameRun(ctx, tx, keep, digest); err != nil || found != "" {
			return err
		}
		return d.saveRun(ctx, tx, r, meta, digest)
	})
	if err != nil {
		return "", fmt.Errorf("store run %s in %s (nothing of it was stored): %w", r.ID, d.name, err)
	}
	return found, nil
}

// importLock is the key of the PostgreSQL advisory lock that a
// SaveRunUnlessStored transaction holds from before it looks at the
// stored runs to its end.
const importLock int64 = 0x7365726265_696d70

// upsertVerification stores v, replacing a verification of the same
// (workload, codec) stored before.
func (d *DB) upsertVerification(ctx context.Context, ex execer, runID string, v result.Verification) error {
	_, err := ex.ExecContext(ctx, d.rebind(`INSERT INTO verifications (run_id, workload, codec, status, n_values, mean_size, observed, diffs, diff_values, error, compressed, flags, aliases, bounds, loose_bounds, mutated_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (run_id, workload, codec) DO UPDATE SET status = excluded.status, n_values = excluded.n_values, mean_size = excluded.mean_size,
			observed = excluded.observed, diffs = excluded.diffs, diff_values = excluded.diff_values, error = excluded.error, compressed = excluded.compressed,
			flags = excluded.flags, aliases = excluded.aliases, bounds = excluded.bounds, loose_bounds = excluded.loose_bounds, mutated_values = excluded.mutated_values`),
		runID, v.Workload, v.Codec, v.Status, v.Values, v.MeanSize, jsonList(v.Observed), jsonList(v.Diffs), v.DiffValues, v.Error, jsonSizes(v.Compressed),
		jsonList(v.Flags), jsonList(v.Aliases), jsonList(v.Bounds), v.LooseBounds, v.MutatedValues)
	if err != nil {
		return fmt.Errorf("verification of %s/%s: %w", v.Workload, v.Codec, err)
	}
	return nil
}

// upsertCell stores c's row (not its samples), replacing its status.
func (d *DB) upsertCell(ctx context.Context, ex execer, runID string, c result.Cell) error {
	_, err := ex.ExecContext(ctx, d.rebind(`INSERT INTO cells (run_id, workload, codec, op, goroutines, status, error, mean_size, sample_time_ns, reference, target, missed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (run_id, workload, codec, op, goroutines) DO UPDATE SET status = excluded.status, error = excluded.error, mean_size = excluded.mean_size,
			sample_time_ns = excluded.sample_time_ns, reference = excluded.reference, target = excluded.target, missed = excluded.missed`),
		runID, c.Workload, c.Codec, c.Op, c.Goroutines, c.Status, c.Error, c.MeanSize, int64(c.SampleTime), c.Reference, c.Target, c.Missed)
	if err != nil {
		return fmt.Errorf("cell %s/%s %s: %w", c.Workload, c.Codec, c.Op, err)
	}
	return nil
}

// insertSample stores sample s of cell c as its sample number seq.
func (d *DB) insertSample(ctx context.Context, ex execer, runID string, c result.Cell, seq int, s result.Sample) error {
	_, err := ex.ExecContext(ctx, d.rebind(`INSERT INTO samples (run_id, workload, codec, op, goroutines, seq, iters, ns_per_op, bytes_per_op, allocs_per_op, fork, gc_cycles, gc_cpu_ns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		runID, c.Workload, c.Codec, c.Op, c.Goroutines, seq, s.Iters, s.NsPerOp, s.BytesPerOp, s.AllocsPerOp, s.Fork, s.GCCycles, int64(s.GCCPU))
	if err != nil {
		return fmt.Errorf("sample %d of %s/%s %s: %w", seq, c.Workload, c.Codec, c.Op, err)
	}
	return nil
}

// insertWarning stores run-level warning number seq.
func (d *DB) insertWarning(ctx context.Context, ex execer, runID string, seq int, msg string) error {
	if _, err := ex.ExecContext(ctx, d.rebind(`INSERT INTO warnings (run_id, seq, message) VALUES (?, ?, ?)`), runID, seq, msg); err != nil {
		return fmt.Errorf("warning %d: %w", seq, err)
	}
	return nil
}

// setEnd records the end of a run and whether it is complete.
func (d *DB) setEnd(ctx context.Context, ex execer, runID string, end time.Time, complete bool) error {
	c := 0
	if complete {
		c = 1
	}
	res, err := ex.ExecContext(ctx, d.rebind(`UPDATE runs SET end_time = ?, complete = ? WHERE id = ?`), end.UTC().Format(writeTimeFormat), c, runID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return notFoundError(fmt.Sprintf("no run %q", runID))
	}
	return nil
}

// Verification stores v. A verification of the same (workload, codec)
// already stored for the run, as a resumed run verifies its pairs again,
// is replaced.
func (w *Writer) Verification(v result.Verification) error {
	if err := w.d.retry(w.stop, func() error { return w.d.upsertVerification(w.ctx, w.d.db, w.runID, v) }); err != nil {
		return w.fail("store", err)
	}
	return nil
}

// Sample stores the samples in c (the harness sends one at a time) and
// creates the cell's row on its first sample. Each call is one transaction.
func (w *Writer) Sample(c result.Cell) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	k := c.Key()
	err := w.d.inTx(w.ctx, w.stop, func(tx *sql.Tx) error {
		if err := w.d.upsertCell(w.ctx, tx, w.runID, c); err != nil {
			return err
		}
		for i, s := range c.Samples {
			if err := w.d.insertSample(w.ctx, tx, w.runID, c, w.seq[k]+i, s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return w.fail("store", err)
	}
	// Numbered on only once stored: a transaction tried again numbers
	// its samples as the first try did.
	w.seq[k] += len(c.Samples)
	return nil
}

// CellDone stores c's final status.
func (w *Writer) CellDone(c result.Cell) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.d.retry(w.stop, func() error { return w.d.upsertCell(w.ctx, w.d.db, w.runID, c) }); err != nil {
		return w.fail("store", err)
	}
	return nil
}

// Warning stores a run-level warning.
func (w *Writer) Warning(msg string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.d.retry(w.stop, func() error { return w.d.insertWarning(w.ctx, w.d.db, w.runID, w.warns, msg) })
	w.warns++
	if err != nil {
		return w.fail("store", err)
	}
	return nil
}

// Finish records the end of the run. It uses its own context so that an
// interrupted run is still closed properly; but once the run's context is
// canceled it does not wait for a database that another process holds
// locked (the run then stays marked incomplete, which it is).
func (w *Writer) Finish(end time.Time, complete bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := w.d.retry(w.stop, func() error { return w.d.setEnd(ctx, w.d.db, w.runID, end, complete) }); err != nil {
		return w.fail("finish", err)
	}
	return nil
}

// fail is the error of a write of the run (verb "store" or "finish") that
// failed with err: when the run is no longer stored (serbench runs --delete
// --force deleted it while this process measured it), it says so instead
// of the error the database gave (a foreign key constraint, or no row to
// update).
//
// That the run was deleted is said once: the first write that finds it
// gone returns the error, and the later ones (the Writer's, Finish, the
// run lock's unlock) return nil, as there is nothing left to write to;
// a process whose run stops at its first failed write, and that then
// finishes the run and unlocks it, says it once instead of once for
// each.
func (w *Writer) fail(verb string, err error) error {
	ctx, cancel := context.WithTimeout(w.ctx, 10*time.Second)
	defer cancel()
	if errors.Is(w.d.checkRun(ctx, w.runID), ErrNotFound) {
		return w.d.toldDeleted(w.runID, fmt.Errorf("%s run %s in %s: %w", verb, w.runID, w.d.name, ErrRunDeleted))
	}
	return fmt.Errorf("%s run %s in %s: %w", verb, w.runID, w.d.name, err)
}

// ErrRunDeleted is the error of the writes to a run that was deleted
// while it was measured (wrapped in the first one only, toldDeleted). A
// caller that gets it has no run left to read back or show.
var ErrRunDeleted = errors.New("the run is no longer in the database: it was deleted while this process measured it (serbench runs --delete --force), and what it measures from now on is not stored")

// holdsLock counts a lock of run id that this process took (n = 1) or
// unlocked (n = -1). The first lock starts a measurement of the run
// (startMeasure).
func (d *DB) holdsLock(id string, n int) {
	d.toldMu.Lock()
	defer d.toldMu.Unlock()
	if n > 0 {
		d.startMeasure(id)
	}
	if d.locks == nil {
		d.locks = map[string]int{}
	}
	if d.locks[id] += n; d.locks[id] <= 0 {
		delete(d.locks, id)
	}
}

// startMeasure is called, with toldMu held, when this process takes a
// lock of run id or makes a Writer of it. Unless it holds a lock of the
// run already (the Writer that ResumeRun makes after the lock is of the
// measurement going on), a measurement of the run starts: what was told
// of the run before (toldDeleted) was told of a run of the same ID,
// deleted since and stored again, and the deletion of this one is said
// again.
func (d *DB) startMeasure(id string) {
	if d.locks[id] == 0 {
		delete(d.told, id)
	}
}

// measures reports whether this process holds a lock of run id: it
// measures the run.
func (d *DB) measures(id string) bool {
	d.toldMu.Lock()
	defer d.toldMu.Unlock()
	return d.locks[id] > 0
}

// toldDeleted returns err, the error of a write of run id that found the
// run deleted while this process measured it, the first time it is
// called for id in a measurement of the run (startMeasure), and nil
// after that.
func (d *DB) toldDeleted(id string, err error) error {
	d.toldMu.Lock()
	defer d.toldMu.Unlock()
	if d.told[id] {
		return nil
	}
	if d.told == nil {
		d.told = map[string]bool{}
	}
	d.told[id] = true
	return err
}

// RunInfo is a line of the list of stored runs.
type RunInfo struct {
	ID         string
	Start, End time.Time
	Complete   bool
	Command    string
	Group      string
	Shard      string
	// Holder names the process that holds the run's lock with a fresh
	// heartbeat (younger than LockStaleAge), as LockRun's owner says it:
	// the process measuring the run. It is "" when no process does: an
	// incomplete run without a holder was interrupted, killed or failed.
	Holder string
	// Heartbeat is the holder's last heartbeat (zero without a holder).
	Heartbeat time.Time
	// Baseline says that the run is marked as a baseline (SetBaseline):
	// serbench prune never deletes it.
	Baseline bool
}

// Runs lists the stored runs in the run order (order.go: by start time,
// then by ID), oldest first, with the holders of their fresh locks.
func (d *DB) Runs(ctx context.Context) ([]RunInfo, error) {
	fail := func(err error) ([]RunInfo, error) {
		return nil, fmt.Errorf("list runs in %s: %w", d.name, canceled(ctx, err))
	}
	var out []RunInfo
	index := map[string]int{}
	if err := sqlrows.Each(ctx, d.db, `SELECT id, start_time, end_time, complete, command, run_group, shard, baseline FROM runs`, func(rows *sql.Rows) error {
		var ri RunInfo
		var start, end string
		var complete, baseline int
		if err := rows.Scan(&ri.ID, &start, &end, &complete, &ri.Command, &ri.Group, &ri.Shard, &baseline); err != nil {
			return err
		}
		ri.Start = parseStart(start)
		if end != "" {
			ri.End, _ = time.Parse(timeFormat, end)
		}
		ri.Complete = complete != 0
		ri.Baseline = baseline != 0
		index[ri.ID] = len(out)
		out = append(out, ri)
		return nil
	}); err != nil {
		return fail(err)
	}
	now, err := d.now(ctx)
	if err != nil {
		return fail(err)
	}
	if err := sqlrows.Each(ctx, d.db, `SELECT run_id, owner, heartbeat FROM run_locks`, func(rows *sql.Rows) error {
		var id, owner, hb string
		if err := rows.Scan(&id, &owner, &hb); err != nil {
			return err
		}
		i, ok := index[id]
		at, err := time.Parse(timeFormat, hb)
		if ok && err == nil && now.Sub(at) < LockStaleAge {
			out[i].Holder, out[i].Heartbeat = owner, at
		}
		return nil
	}); err != nil {
		return fail(err)
	}
	sortRuns(out)
	return out, nil
}

// Latest returns the ID of the most recently started run: the last in
// the run order (order.go: by start time, then by ID), the one Runs lists
// last.
func (d *DB) Latest(ctx context.Context) (string, error) {
	id, found, err := d.lastRun(ctx, "")
	if err != nil {
		return "", fmt.Errorf("find latest run in %s: %w", d.name, canceled(ctx, err))
	}
	if !found {
		return "", notFoundError(fmt.Sprintf("no run stored in %s yet", d.name))
	}
	return id, nil
}

// Run reads the run with the given ID.
func (d *DB) Run(ctx context.Context, id string) (*result.Run, error) {
	return d.readRun(ctx, d.db, id)
}

// queryer reads: *sql.DB, *sql.Tx.
type queryer interface {
	sqlrows.Queryer
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// readRun is Run, read with db: the database's pool, or a transaction.
func (d *DB) readRun(ctx context.Context, db queryer, id string) (*result.Run, error) {
	r := &result.Run{ID: id}
	var start, end, args string
	var complete int
	err := db.QueryRowContext(ctx, d.rebind(`SELECT start_time, end_time, complete, command, args FROM runs WHERE id = ?`), id).Scan(&start, &end, &complete, &r.Command, &args)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFoundError(fmt.Sprintf("no run %q in %s", id, d.name))
	}
	if err != nil {
		return nil, fmt.Errorf("read run %q from %s: %w", id, d.name, canceled(ctx, err))
	}
	if r.Start, err = time.Parse(timeFormat, start); err != nil {
		return nil, fmt.Errorf("read run %q from %s: bad start time %q: %w", id, d.name, start, err)
	}
	if end != "" {
		if r.End, err = time.Parse(timeFormat, end); err != nil {
			return nil, fmt.Errorf("read run %q from %s: bad end time %q: %w", id, d.name, end, err)
		}
	}
	r.Complete = complete != 0
	if r.Args, err = parseList(args); err != nil {
		return nil, fmt.Errorf("read run %q from %s: bad arguments %q: %w", id, d.name, args, err)
	}
	if len(r.Args) == 0 {
		r.Args = nil
	}
	q := func(query string, scan func(*sql.Rows) error) error {
		if err := sqlrows.Each(ctx, db, d.rebind(query), scan, id); err != nil {
			return fmt.Errorf("read run %q from %s: %w", id, d.name, canceled(ctx, err))
		}
		return nil
	}
	if err := q(`SELECT key, value FROM run_env WHERE run_id = ? ORDER BY pos`, func(rows *sql.Rows) error {
		var c result.Config
		err := rows.Scan(&c.Key, &c.Value)
		r.Env = append(r.Env, c)
		return err
	}); err != nil {
		return nil, err
	}
	if err := q(`SELECT name, format, module, version, api, flags, losses, notes FROM run_codecs WHERE run_id = ? ORDER BY name`, func(rows *sql.Rows) error {
		var c result.Codec
		var flags, losses string
		if err := rows.Scan(&c.Name, &c.Format, &c.Module, &c.Version, &c.API, &flags, &losses, &c.Notes); err != nil {
			return err
		}
		var err error
		if c.Flags, err = parseList(flags); err != nil {
			return fmt.Errorf("codec %s flags: %w", c.Name, err)
		}
		if c.Losses, err = parseList(losses); err != nil {
			return fmt.Errorf("codec %s losses: %w", c.Name, err)
		}
		r.Codecs = append(r.Codecs, c)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := q(`SELECT name, description, access_fields FROM run_workloads WHERE run_id = ? ORDER BY name`, func(rows *sql.Rows) error {
		var wl result.WorkloadInfo
		var fields string
		if err := rows.Scan(&wl.Name, &wl.Description, &fields); err != nil {
			return err
		}
		var err error
		if wl.AccessFields, err = parseList(fields); err != nil {
			return fmt.Errorf("workload %s access fields: %w", wl.Name, err)
		}
		if len(wl.AccessFields) == 0 {
			wl.AccessFields = nil
		}
		r.Workloads = append(r.Workloads, wl)
		return nil
	}); err != nil {
		return nil, err
	}
	// Runs stored before the "gen-types" flag existed: mark their
	// generated-types-only codecs, so that they render like for like.
	result.LegacyGeneratedTypes(r.Codecs)
	if err := q(`SELECT `+verificationColumns+` FROM verifications WHERE run_id = ? ORDER BY workload, codec`, func(rows *sql.Rows) error {
		v, err := scanVerification(rows)
		if err != nil {
			return err
		}
		r.Verifications = append(r.Verifications, v)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := q(`SELECT workload, codec, op, goroutines, status, error, mean_size, sample_time_ns, reference, target, missed FROM cells WHERE run_id = ? ORDER BY workload, codec, op, goroutines`, func(rows *sql.Rows) error {
		var c result.Cell
		var sampleTime int64
		err := rows.Scan(&c.Workload, &c.Codec, &c.Op, &c.Goroutines, &c.Status, &c.Error, &c.MeanSize, &sampleTime, &c.Reference, &c.Target, &c.Missed)
		c.SampleTime = time.Duration(sampleTime)
		r.Cells = append(r.Cells, c)
		return err
	}); err != nil {
		return nil, err
	}
	if err := q(`SELECT workload, codec, op, goroutines, iters, ns_per_op, bytes_per_op, allocs_per_op, fork, gc_cycles, gc_cpu_ns FROM samples WHERE run_id = ? ORDER BY workload, codec, op, goroutines, seq`, func(rows *sql.Rows) error {
		var k result.Key
		var s result.Sample
		var gcCPU int64
		if err := rows.Scan(&k.Workload, &k.Codec, &k.Op, &k.Goroutines, &s.Iters, &s.NsPerOp, &s.BytesPerOp, &s.AllocsPerOp, &s.Fork, &s.GCCycles, &gcCPU); err != nil {
			return err
		}
		s.GCCPU = time.Duration(gcCPU)
		c := r.Cell(k)
		if c == nil {
			return fmt.Errorf("sample of %v has no cell", k)
		}
		c.Samples = append(c.Samples, s)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := q(`SELECT message FROM warnings WHERE run_id = ? ORDER BY seq`, func(rows *sql.Rows) error {
		var m string
		err := rows.Scan(&m)
		r.Warnings = append(r.Warnings, m)
		return err
	}); err != nil {
		return nil, err
	}
	sortRun(r)
	return r, nil
}

// verificationColumns are the columns of verifications that
// scanVerification reads, in its order.
const verificationColumns = `workload, codec, status, n_values, mean_size, observed, diffs, diff_values, error, compressed, flags, aliases, bounds, loose_bounds, mutated_values`

// scanVerification reads a row of verificationColumns, after the columns
// that lead are the destinations of.
func scanVerification(rows *sql.Rows, lead ...any) (result.Verification, error) {
	var v result.Verification
	var observed, diffs, compressed, flags, aliases, bounds string
	if err := rows.Scan(append(lead, &v.Workload, &v.Codec, &v.Status, &v.Values, &v.MeanSize, &observed, &diffs, &v.DiffValues, &v.Error, &compressed,
		&flags, &aliases, &bounds, &v.LooseBounds, &v.MutatedValues)...); err != nil {
		return v, err
	}
	for _, l := range []struct {
		name string
		text string
		to   *[]string
	}{{"flags", flags, &v.Flags}, {"aliases", aliases, &v.Aliases}, {"bounds", bounds, &v.Bounds}} {
		list, err := parseList(l.text)
		if err != nil {
			return v, fmt.Errorf("verification %s/%s %s: %w", v.Workload, v.Codec, l.name, err)
		}
		*l.to = list
	}
	var err error
	if v.Compressed, err = parseSizes(compressed); err != nil {
		return v, fmt.Errorf("verification %s/%s compressed sizes: %w", v.Workload, v.Codec, err)
	}
	if v.Observed, err = parseList(observed); err != nil {
		return v, err
	}
	if v.Diffs, err = parseList(diffs); err != nil {
		return v, err
	}
	return v, nil
}

// The fidelity matrix of a run (migration 5).

// SaveFidelity stores m as the fidelity matrix of run id, replacing any
// stored before, in one transaction. The run must be stored: the error
// wraps ErrNotFound when it is not, or no longer (deleted while the matrix
// was computed), as SaveRobust's and SaveInterop's do.
func (d *DB) SaveFidelity(ctx context.Context, id string, m *result.Fidelity) error {
	err := d.inTx(ctx, ctx, func(tx *sql.Tx) error {
		if err := runStored(ctx, d, tx, id); err != nil {
			return err
		}
		ex := func(q string, args ...any) error {
			_, err := tx.ExecContext(ctx, d.rebind(q), args...)
			return err
		}
		for _, table := range []string{"fidelity_cells", "fidelity_rows", "fidelity_cases"} {
			if err := ex(`DELETE FROM `+table+` WHERE run_id = ?`, id); err != nil {
				return err
			}
		}
		for i, c := range m.Cases {
			if err := ex(`INSERT INTO fidelity_cases (run_id, pos, name, doc) VALUES (?, ?, ?, ?)`, id, i, c.Name, c.Doc); err != nil {
				return fmt.Errorf("column %q: %w", c.Name, err)
			}
		}
		for _, r := range m.Rows {
			if len(r.Cells) != len(m.Cases) {
				return fmt.Errorf("codec %s has %d cells for %d columns", r.Codec, len(r.Cells), len(m.Cases))
			}
			if err := ex(`INSERT INTO fidelity_rows (run_id, codec, carrier, note) VALUES (?, ?, ?, ?)`, id, r.Codec, r.Carrier, r.Note); err != nil {
				return fmt.Errorf("row of %s: %w", r.Codec, err)
			}
			for i, c := range r.Cells {
				if err := ex(`INSERT INTO fidelity_cells (run_id, codec, pos, status, classes, detail) VALUES (?, ?, ?, ?, ?, ?)`,
					id, r.Codec, i, string(c.Status), jsonList(c.Classes), c.Detail); err != nil {
					return fmt.Errorf("cell %s/%s: %w", r.Codec, m.Cases[i].Name, err)
				}
			}
		}
		return nil
	})
	return d.saveErr(ctx, "fidelity matrix", id, err)
}

// Fidelity reads the fidelity matrix of run id, rows in codec order. The
// error wraps ErrNotFound when the run has none (it was stored before
// migration 5, imported, or is still starting).
func (d *DB) Fidelity(ctx context.Context, id string) (*result.Fidelity, error) {
	fail := func(err error) (*result.Fidelity, error) {
		return nil, fmt.Errorf("read the fidelity matrix of run %q from %s: %w", id, d.name, canceled(ctx, err))
	}
	q := func(query string, scan func(*sql.Rows) error) error {
		return sqlrows.Each(ctx, d.db, d.rebind(query), scan, id)
	}
	m := &result.Fidelity{}
	if err := q(`SELECT name, doc FROM fidelity_cases WHERE run_id = ? ORDER BY pos`, func(rows *sql.Rows) error {
		var c result.FidelityCase
		err := rows.Scan(&c.Name, &c.Doc)
		m.Cases = append(m.Cases, c)
		return err
	}); err != nil {
		return fail(err)
	}
	if len(m.Cases) == 0 {
		return fail(ErrNotFound)
	}
	index := map[string]int{}
	if err := q(`SELECT codec, carrier, note FROM fidelity_rows WHERE run_id = ? ORDER BY codec`, func(rows *sql.Rows) error {
		r := result.FidelityRow{Cells: make([]result.FidelityCell, len(m.Cases))}
		if err := rows.Scan(&r.Codec, &r.Carrier, &r.Note); err != nil {
			return err
		}
		for i, c := range m.Cases {
			r.Cells[i].Case = c.Name
		}
		index[r.Codec] = len(m.Rows)
		m.Rows = append(m.Rows, r)
		return nil
	}); err != nil {
		return fail(err)
	}
	if err := q(`SELECT codec, pos, status, classes, detail FROM fidelity_cells WHERE run_id = ?`, func(rows *sql.Rows) error {
		var codec, status, classes, detail string
		var pos int
		if err := rows.Scan(&codec, &pos, &status, &classes, &detail); err != nil {
			return err
		}
		i, ok := index[codec]
		if !ok || pos < 0 || pos >= len(m.Cases) {
			return fmt.Errorf("fidelity cell %s at %d has no row or column", codec, pos)
		}
		list, err := parseList(classes)
		if err != nil {
			return fmt.Errorf("fidelity cell %s at %d: classes %q: %w", codec, pos, classes, err)
		}
		c := &m.Rows[i].Cells[pos]
		c.Status, c.Detail = result.FidelityStatus(status), detail
		if len(list) > 0 {
			c.Classes = list
		}
		return nil
	}); err != nil {
		return fail(err)
	}
	m.Sort()
	return m, nil
}
