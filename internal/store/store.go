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
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/serbench/serbench/internal/sqlrows"
	"github.com/serbench/serbench/result"
)

// DB is an open store.
type DB struct {
	db       *sql.DB
	postgres bool
	name     string
}

// ErrNotFound is returned for a run that is not in the store.
var ErrNotFound = errors.New("not found")

// Open opens (creating if needed) the store at dsn, a file path for SQLite
// or a postgres:// (postgresql://) URL, and applies any pending migrations.
// Errors name the database, never its password. Connecting to PostgreSQL
// gives up after 10 seconds unless the URL sets connect_timeout.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if dsn == "" {
		return nil, errors.New("open database: empty path")
	}
	d := &DB{name: dsn}
	var err error
	if IsPostgres(dsn) {
		d.postgres = true
		d.name = redactURL(dsn)
		d.db, err = openPostgres(dsn)
	} else {
		var uri string
		if uri, err = sqliteURI(dsn); err != nil {
			return nil, err
		}
		d.db, err = sql.Open("sqlite", uri+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate")
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
		return nil, fmt.Errorf("open database %s: %w", d.name, err)
	}
	if err := d.migrate(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("open database %s: %w", d.name, err)
	}
	return d, nil
}

// sqliteURI is the "file:" URI of the SQLite database at path, with the
// characters a URI gives a meaning to ("?", "#", "%", and spaces)
// escaped, so that the file opened is the one named. A path that is not
// a file ("" , ":memory:", which would throw the run away at exit) or
// that is a URI already ("file:...") is refused.
func sqliteURI(path string) (string, error) {
	switch {
	case path == ":memory:" || strings.HasPrefix(path, "file::memory:"):
		return "", fmt.Errorf("open database %s: an in-memory database would be thrown away when serbench exits; give a file path", path)
	case strings.HasPrefix(path, "file:"):
		return "", fmt.Errorf("open database %s: give a file path, not a URI (serbench makes the SQLite URI itself)", path)
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

// busyWait bounds how long Open waits for a SQLite database that another
// process is setting up (as busy_timeout bounds other waits).
const busyWait = 10 * time.Second

// connect makes the first connection. SQLite applies the connection's
// pragmas as it connects, and switching a database another connection is
// opening at the same moment to WAL fails with SQLITE_BUSY at once,
// without the busy handler (serbench processes of one group opening a new
// file together): that is retried until busyWait has passed.
func (d *DB) connect(ctx context.Context) error {
	deadline := time.Now().Add(busyWait)
	for delay := time.Millisecond; ; delay = min(2*delay, 100*time.Millisecond) {
		err := d.db.PingContext(ctx)
		var se *sqlite.Error
		if err == nil || d.postgres || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
}

// openPostgres is replaced when PostgreSQL support is compiled in.
var openPostgres = func(dsn string) (*sql.DB, error) {
	return nil, errors.New("PostgreSQL is not supported by this build")
}

func redact(dsn string) string {
	if i := strings.Index(dsn, "@"); i >= 0 {
		if j := strings.Index(dsn, "://"); j >= 0 && j < i {
			return dsn[:j+3] + "…" + dsn[i:]
		}
	}
	return dsn
}

// Name returns the database's name for messages (passwords removed).
func (d *DB) Name() string { return d.name }

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

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
	}
	if err := d.exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("create schema_version: %w", err)
	}
	for {
		done, err := d.migrateOne(ctx)
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

// Writer writes one run as it is measured. It implements harness.Sink.
type Writer struct {
	d     *DB
	ctx   context.Context
	runID string
	mu    sync.Mutex
	seq   map[result.Key]int
	warns int
}

// BeginRun stores r's header (ID, start, command, arguments, environment,
// codecs, workloads) and returns a Writer for the rest of it. The run
// stays incomplete until Finish. BeginRun does not lock the run: the
// caller does that with LockRun when it measures the run (ResumeRun
// continues a stored run).
func (d *DB) BeginRun(ctx context.Context, r *result.Run, meta RunMeta) (*Writer, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store run %s in %s: %w", r.ID, d.name, err)
	}
	defer tx.Rollback()
	ex := func(q string, args ...any) error {
		_, err := tx.ExecContext(ctx, d.rebind(q), args...)
		return err
	}
	if err := ex(`INSERT INTO runs (id, start_time, command, run_group, shard, args) VALUES (?, ?, ?, ?, ?, ?)`,
		r.ID, r.Start.UTC().Format(writeTimeFormat), r.Command, meta.Group, meta.Shard, jsonList(r.Args)); err != nil {
		return nil, fmt.Errorf("store run %s in %s: %w", r.ID, d.name, err)
	}
	for i, c := range r.Env {
		if err := ex(`INSERT INTO run_env (run_id, pos, key, value) VALUES (?, ?, ?, ?)`, r.ID, i, c.Key, c.Value); err != nil {
			return nil, fmt.Errorf("store run environment: %w", err)
		}
	}
	for _, c := range r.Codecs {
		if err := ex(`INSERT INTO run_codecs (run_id, name, format, module, version, api, flags, losses, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.ID, c.Name, c.Format, c.Module, c.Version, c.API, jsonList(c.Flags), jsonList(c.Losses), c.Notes); err != nil {
			return nil, fmt.Errorf("store codec %s: %w", c.Name, err)
		}
	}
	for _, wl := range r.Workloads {
		if err := ex(`INSERT INTO run_workloads (run_id, name, description, access_fields) VALUES (?, ?, ?, ?)`,
			r.ID, wl.Name, wl.Description, jsonList(wl.AccessFields)); err != nil {
			return nil, fmt.Errorf("store workload %s: %w", wl.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store run %s in %s: %w", r.ID, d.name, err)
	}
	// Writes outlive the run's context: an interrupted run must still
	// record what it measured and how it ended.
	return &Writer{d: d, ctx: context.WithoutCancel(ctx), runID: r.ID, seq: map[result.Key]int{}}, nil
}

// Verification stores v. A verification of the same (workload, codec)
// already stored for the run, as a resumed run verifies its pairs again,
// is replaced.
func (w *Writer) Verification(v result.Verification) error {
	err := w.d.exec(w.ctx, `INSERT INTO verifications (run_id, workload, codec, status, n_values, mean_size, observed, diffs, diff_values, error, compressed, flags, aliases, bounds, loose_bounds, mutated_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (run_id, workload, codec) DO UPDATE SET status = excluded.status, n_values = excluded.n_values, mean_size = excluded.mean_size,
			observed = excluded.observed, diffs = excluded.diffs, diff_values = excluded.diff_values, error = excluded.error, compressed = excluded.compressed,
			flags = excluded.flags, aliases = excluded.aliases, bounds = excluded.bounds, loose_bounds = excluded.loose_bounds, mutated_values = excluded.mutated_values`,
		w.runID, v.Workload, v.Codec, v.Status, v.Values, v.MeanSize, jsonList(v.Observed), jsonList(v.Diffs), v.DiffValues, v.Error, jsonSizes(v.Compressed),
		jsonList(v.Flags), jsonList(v.Aliases), jsonList(v.Bounds), v.LooseBounds, v.MutatedValues)
	if err != nil {
		return fmt.Errorf("store verification of %s/%s: %w", v.Workload, v.Codec, err)
	}
	return nil
}

// Sample stores the samples in c (the harness sends one at a time) and
// creates the cell's row on its first sample. Each call is one transaction.
func (w *Writer) Sample(c result.Cell) error {
	k := c.Key()
	err := w.inTx(func(tx *sql.Tx) error {
		if err := w.upsertCell(tx, c); err != nil {
			return err
		}
		for _, s := range c.Samples {
			if _, err := tx.ExecContext(w.ctx, w.d.rebind(`INSERT INTO samples (run_id, workload, codec, op, goroutines, seq, iters, ns_per_op, bytes_per_op, allocs_per_op, fork, gc_cycles, gc_cpu_ns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				w.runID, c.Workload, c.Codec, c.Op, c.Goroutines, w.seq[k], s.Iters, s.NsPerOp, s.BytesPerOp, s.AllocsPerOp, s.Fork, s.GCCycles, int64(s.GCCPU)); err != nil {
				return err
			}
			w.seq[k]++
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store sample of %s/%s %s: %w", c.Workload, c.Codec, c.Op, err)
	}
	return nil
}

// inTx runs f in one transaction, holding w's lock, and commits it when f
// succeeds.
func (w *Writer) inTx(f func(tx *sql.Tx) error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	tx, err := w.d.db.BeginTx(w.ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func (w *Writer) upsertCell(tx *sql.Tx, c result.Cell) error {
	_, err := tx.ExecContext(w.ctx, w.d.rebind(`INSERT INTO cells (run_id, workload, codec, op, goroutines, status, error, mean_size, sample_time_ns, reference, target, missed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (run_id, workload, codec, op, goroutines) DO UPDATE SET status = excluded.status, error = excluded.error, mean_size = excluded.mean_size,
			sample_time_ns = excluded.sample_time_ns, reference = excluded.reference, target = excluded.target, missed = excluded.missed`),
		w.runID, c.Workload, c.Codec, c.Op, c.Goroutines, c.Status, c.Error, c.MeanSize, int64(c.SampleTime), c.Reference, c.Target, c.Missed)
	if err != nil {
		return fmt.Errorf("store cell %s/%s %s: %w", c.Workload, c.Codec, c.Op, err)
	}
	return nil
}

// CellDone stores c's final status.
func (w *Writer) CellDone(c result.Cell) error {
	return w.inTx(func(tx *sql.Tx) error { return w.upsertCell(tx, c) })
}

// Warning stores a run-level warning.
func (w *Writer) Warning(msg string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.d.exec(w.ctx, `INSERT INTO warnings (run_id, seq, message) VALUES (?, ?, ?)`, w.runID, w.warns, msg)
	w.warns++
	return err
}

// Finish records the end of the run. It uses its own context so that an
// interrupted run is still closed properly.
func (w *Writer) Finish(end time.Time, complete bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := 0
	if complete {
		c = 1
	}
	if err := w.d.exec(ctx, `UPDATE runs SET end_time = ?, complete = ? WHERE id = ?`, end.UTC().Format(writeTimeFormat), c, w.runID); err != nil {
		return fmt.Errorf("finish run %s in %s: %w", w.runID, w.d.name, err)
	}
	return nil
}

// RunInfo is a line of the list of stored runs.
type RunInfo struct {
	ID         string
	Start, End time.Time
	Complete   bool
	Command    string
	Group      string
	Shard      string
}

// Runs lists the stored runs, oldest first.
func (d *DB) Runs(ctx context.Context) ([]RunInfo, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, start_time, end_time, complete, command, run_group, shard FROM runs ORDER BY start_time, id`)
	if err != nil {
		return nil, fmt.Errorf("list runs in %s: %w", d.name, err)
	}
	defer rows.Close()
	var out []RunInfo
	for rows.Next() {
		var ri RunInfo
		var start, end string
		var complete int
		if err := rows.Scan(&ri.ID, &start, &end, &complete, &ri.Command, &ri.Group, &ri.Shard); err != nil {
			return nil, err
		}
		ri.Start, _ = time.Parse(timeFormat, start)
		if end != "" {
			ri.End, _ = time.Parse(timeFormat, end)
		}
		ri.Complete = complete != 0
		out = append(out, ri)
	}
	sortRuns(out)
	return out, rows.Err()
}

// Latest returns the ID of the most recently started run.
func (d *DB) Latest(ctx context.Context) (string, error) {
	var id string
	err := d.db.QueryRowContext(ctx, `SELECT id FROM runs ORDER BY start_time DESC, id DESC LIMIT 1`).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("no run stored in %s yet: %w", d.name, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("find latest run in %s: %w", d.name, err)
	}
	return id, nil
}

// Run reads the run with the given ID.
func (d *DB) Run(ctx context.Context, id string) (*result.Run, error) {
	r := &result.Run{ID: id}
	var start, end, args string
	var complete int
	err := d.db.QueryRowContext(ctx, d.rebind(`SELECT start_time, end_time, complete, command, args FROM runs WHERE id = ?`), id).Scan(&start, &end, &complete, &r.Command, &args)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("run %q in %s: %w", id, d.name, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("read run %q from %s: %w", id, d.name, err)
	}
	if r.Start, err = time.Parse(timeFormat, start); err != nil {
		return nil, fmt.Errorf("run %q: bad start time %q: %w", id, start, err)
	}
	if end != "" {
		if r.End, err = time.Parse(timeFormat, end); err != nil {
			return nil, fmt.Errorf("run %q: bad end time %q: %w", id, end, err)
		}
	}
	r.Complete = complete != 0
	if r.Args, err = parseList(args); err != nil {
		return nil, fmt.Errorf("run %q: bad arguments %q: %w", id, args, err)
	}
	if len(r.Args) == 0 {
		r.Args = nil
	}
	q := func(query string, scan func(*sql.Rows) error) error {
		if err := sqlrows.Each(ctx, d.db, d.rebind(query), scan, id); err != nil {
			return fmt.Errorf("read run %q from %s: %w", id, d.name, err)
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
	if err := q(`SELECT workload, codec, status, n_values, mean_size, observed, diffs, diff_values, error, compressed, flags, aliases, bounds, loose_bounds, mutated_values FROM verifications WHERE run_id = ? ORDER BY workload, codec`, func(rows *sql.Rows) error {
		var v result.Verification
		var observed, diffs, compressed, flags, aliases, bounds string
		if err := rows.Scan(&v.Workload, &v.Codec, &v.Status, &v.Values, &v.MeanSize, &observed, &diffs, &v.DiffValues, &v.Error, &compressed,
			&flags, &aliases, &bounds, &v.LooseBounds, &v.MutatedValues); err != nil {
			return err
		}
		for _, l := range []struct {
			name string
			text string
			to   *[]string
		}{{"flags", flags, &v.Flags}, {"aliases", aliases, &v.Aliases}, {"bounds", bounds, &v.Bounds}} {
			list, err := parseList(l.text)
			if err != nil {
				return fmt.Errorf("verification %s/%s %s: %w", v.Workload, v.Codec, l.name, err)
			}
			*l.to = list
		}
		var err error
		if v.Compressed, err = parseSizes(compressed); err != nil {
			return fmt.Errorf("verification %s/%s compressed sizes: %w", v.Workload, v.Codec, err)
		}
		if v.Observed, err = parseList(observed); err != nil {
			return err
		}
		if v.Diffs, err = parseList(diffs); err != nil {
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

// The fidelity matrix of a run (migration 5).

// SaveFidelity stores m as the fidelity matrix of run id, replacing any
// stored before, in one transaction. The run must be stored.
func (d *DB) SaveFidelity(ctx context.Context, id string, m *result.Fidelity) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store the fidelity matrix of run %s in %s: %w", id, d.name, err)
	}
	defer tx.Rollback()
	ex := func(q string, args ...any) error {
		_, err := tx.ExecContext(ctx, d.rebind(q), args...)
		return err
	}
	for _, table := range []string{"fidelity_cells", "fidelity_rows", "fidelity_cases"} {
		if err := ex(`DELETE FROM `+table+` WHERE run_id = ?`, id); err != nil {
			return fmt.Errorf("store the fidelity matrix of run %s in %s: %w", id, d.name, err)
		}
	}
	for i, c := range m.Cases {
		if err := ex(`INSERT INTO fidelity_cases (run_id, pos, name, doc) VALUES (?, ?, ?, ?)`, id, i, c.Name, c.Doc); err != nil {
			return fmt.Errorf("store fidelity column %q of run %s: %w", c.Name, id, err)
		}
	}
	for _, r := range m.Rows {
		if len(r.Cells) != len(m.Cases) {
			return fmt.Errorf("store the fidelity matrix of run %s: codec %s has %d cells for %d columns", id, r.Codec, len(r.Cells), len(m.Cases))
		}
		if err := ex(`INSERT INTO fidelity_rows (run_id, codec, carrier, note) VALUES (?, ?, ?, ?)`, id, r.Codec, r.Carrier, r.Note); err != nil {
			return fmt.Errorf("store the fidelity row of %s of run %s: %w", r.Codec, id, err)
		}
		for i, c := range r.Cells {
			if err := ex(`INSERT INTO fidelity_cells (run_id, codec, pos, status, classes, detail) VALUES (?, ?, ?, ?, ?, ?)`,
				id, r.Codec, i, string(c.Status), jsonList(c.Classes), c.Detail); err != nil {
				return fmt.Errorf("store the fidelity cell %s/%s of run %s: %w", r.Codec, m.Cases[i].Name, id, err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store the fidelity matrix of run %s in %s: %w", id, d.name, err)
	}
	return nil
}

// Fidelity reads the fidelity matrix of run id, rows in codec order. The
// error wraps ErrNotFound when the run has none (it was stored before
// migration 5, imported, or is still starting).
func (d *DB) Fidelity(ctx context.Context, id string) (*result.Fidelity, error) {
	fail := func(err error) (*result.Fidelity, error) {
		return nil, fmt.Errorf("read the fidelity matrix of run %q from %s: %w", id, d.name, err)
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
