package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// PostgreSQL support.
//
// pgx's own database/sql driver (github.com/jackc/pgx/v5/stdlib) imports
// pgxpool and with it github.com/jackc/puddle/v2, which this module does not
// require; the small driver below adapts a single pgx.Conn to database/sql
// instead, which is all the store needs (database/sql keeps the pool).

// defaultConnectTimeout bounds connecting to a PostgreSQL server when the
// URL has no connect_timeout parameter of its own: an unreachable team
// database fails a run in seconds rather than after the system's TCP
// timeout.
var defaultConnectTimeout = 10 * time.Second

// IsPostgres reports whether dsn names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

func init() {
	openPostgres = func(dsn string) (*sql.DB, error) {
		cfg, err := pgx.ParseConfig(dsn)
		if err != nil {
			// pgconn's message repeats the URL (password masked) that
			// the caller names already: keep what is wrong with it.
			msg := err.Error()
			if _, rest, ok := strings.Cut(msg, "`: "); ok && strings.HasPrefix(msg, "cannot parse `") {
				msg = rest
			}
			return nil, fmt.Errorf("bad PostgreSQL URL: %s", msg)
		}
		if cfg.ConnectTimeout == 0 {
			cfg.ConnectTimeout = defaultConnectTimeout
		}
		db := sql.OpenDB(pgConnector{cfg: cfg})
		// A team database serves many shards at once: a few connections
		// each are plenty for a writer and a reader.
		db.SetMaxOpenConns(4)
		db.SetMaxIdleConns(2)
		db.SetConnMaxIdleTime(5 * time.Minute)
		return db, nil
	}
}

// pgConnector opens pgx connections for database/sql.
type pgConnector struct{ cfg *pgx.ConnConfig }

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, c.cfg)
	if err != nil {
		return nil, connectError(c.cfg, err)
	}
	return &pgConn{conn: conn}, nil
}

func (c pgConnector) Driver() driver.Driver { return pgDriver{} }

// connectError says where the connection went and why it failed, without
// the password; a timeout says how long it waited.
func connectError(cfg *pgx.ConnConfig, err error) error {
	where := fmt.Sprintf("%s:%d", cfg.Host, cfg.Port)
	if strings.HasPrefix(cfg.Host, "/") {
		where = fmt.Sprintf("socket %s/.s.PGSQL.%d", cfg.Host, cfg.Port)
	}
	if pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("cannot reach PostgreSQL at %s (database %q, user %q) within %s: %w", where, cfg.Database, cfg.User, cfg.ConnectTimeout, err)
	}
	return fmt.Errorf("cannot connect to PostgreSQL at %s (database %q, user %q): %w", where, cfg.Database, cfg.User, err)
}

// pgDriver exists for sql.Connector.Driver; connections are made only
// through pgConnector.
type pgDriver struct{}

func (pgDriver) Open(string) (driver.Conn, error) {
	return nil, errors.New("store: open PostgreSQL through store.Open")
}

// pgConn is one pgx connection seen as a database/sql driver connection.
type pgConn struct{ conn *pgx.Conn }

var (
	_ driver.ConnBeginTx        = (*pgConn)(nil)
	_ driver.ExecerContext      = (*pgConn)(nil)
	_ driver.QueryerContext     = (*pgConn)(nil)
	_ driver.Pinger             = (*pgConn)(nil)
	_ driver.SessionResetter    = (*pgConn)(nil)
	_ driver.Validator          = (*pgConn)(nil)
	_ driver.ConnPrepareContext = (*pgConn)(nil)
)

func (c *pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// PrepareContext returns a statement that runs query through the
// connection; pgx caches the server-side statement itself.
func (c *pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if c.conn.IsClosed() {
		return nil, driver.ErrBadConn
	}
	return &pgStmt{conn: c, query: query}, nil
}

func (c *pgConn) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return c.conn.Close(ctx)
}

func (c *pgConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *pgConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if c.conn.IsClosed() {
		return nil, driver.ErrBadConn
	}
	var o pgx.TxOptions
	switch sql.IsolationLevel(opts.Isolation) {
	case sql.LevelDefault:
	case sql.LevelReadCommitted:
		o.IsoLevel = pgx.ReadCommitted
	case sql.LevelRepeatableRead, sql.LevelSnapshot:
		o.IsoLevel = pgx.RepeatableRead
	case sql.LevelSerializable:
		o.IsoLevel = pgx.Serializable
	default:
		return nil, fmt.Errorf("isolation level %v is not supported with PostgreSQL", sql.IsolationLevel(opts.Isolation))
	}
	if opts.ReadOnly {
		o.AccessMode = pgx.ReadOnly
	}
	tx, err := c.conn.BeginTx(ctx, o)
	if err != nil {
		if pgconn.SafeToRetry(err) {
			return nil, driver.ErrBadConn
		}
		return nil, err
	}
	return pgTx{tx: tx}, nil
}

func args(nv []driver.NamedValue) []any {
	out := make([]any, len(nv))
	for i, v := range nv {
		out[i] = v.Value
	}
	return out
}

func (c *pgConn) ExecContext(ctx context.Context, query string, nv []driver.NamedValue) (driver.Result, error) {
	if c.conn.IsClosed() {
		return nil, driver.ErrBadConn
	}
	tag, err := c.conn.Exec(ctx, query, args(nv)...)
	if err != nil {
		if pgconn.SafeToRetry(err) {
			// Nothing was sent: database/sql retries on another connection.
			return nil, driver.ErrBadConn
		}
		return nil, err
	}
	return driver.RowsAffected(tag.RowsAffected()), nil
}

func (c *pgConn) QueryContext(ctx context.Context, query string, nv []driver.NamedValue) (driver.Rows, error) {
	if c.conn.IsClosed() {
		return nil, driver.ErrBadConn
	}
	rows, err := c.conn.Query(ctx, query, args(nv)...)
	if err != nil {
		if pgconn.SafeToRetry(err) {
			return nil, driver.ErrBadConn
		}
		return nil, err
	}
	// database/sql asks for the columns before the first row; with the
	// simple protocol pgx knows them only once the first row is read.
	more := rows.Next()
	if err := rows.Err(); err != nil {
		rows.Close()
		return nil, err
	}
	return &pgRows{rows: rows, preloaded: true, more: more}, nil
}

func (c *pgConn) Ping(ctx context.Context) error {
	if c.conn.IsClosed() {
		return driver.ErrBadConn
	}
	if err := c.conn.Ping(ctx); err != nil {
		c.Close()
		return driver.ErrBadConn
	}
	return nil
}

// ResetSession discards a connection that is closed or was left inside a
// transaction.
func (c *pgConn) ResetSession(context.Context) error {
	if c.conn.IsClosed() || c.conn.PgConn().TxStatus() != 'I' {
		return driver.ErrBadConn
	}
	return nil
}

func (c *pgConn) IsValid() bool { return !c.conn.IsClosed() }

type pgTx struct{ tx pgx.Tx }

func (t pgTx) Commit() error   { return t.tx.Commit(context.Background()) }
func (t pgTx) Rollback() error { return t.tx.Rollback(context.Background()) }

type pgStmt struct {
	conn  *pgConn
	query string
}

func (s *pgStmt) Close() error  { return nil }
func (s *pgStmt) NumInput() int { return -1 }

func (s *pgStmt) Exec(v []driver.Value) (driver.Result, error) {
	return s.ExecContext(context.Background(), named(v))
}

func (s *pgStmt) Query(v []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), named(v))
}

func (s *pgStmt) ExecContext(ctx context.Context, nv []driver.NamedValue) (driver.Result, error) {
	return s.conn.ExecContext(ctx, s.query, nv)
}

func (s *pgStmt) QueryContext(ctx context.Context, nv []driver.NamedValue) (driver.Rows, error) {
	return s.conn.QueryContext(ctx, s.query, nv)
}

func named(v []driver.Value) []driver.NamedValue {
	out := make([]driver.NamedValue, len(v))
	for i, x := range v {
		out[i] = driver.NamedValue{Ordinal: i + 1, Value: x}
	}
	return out
}

type pgRows struct {
	rows      pgx.Rows
	preloaded bool
	more      bool
	columns   []string
}

func (r *pgRows) Columns() []string {
	if r.columns == nil {
		fds := r.rows.FieldDescriptions()
		r.columns = make([]string, len(fds))
		for i, fd := range fds {
			r.columns[i] = fd.Name
		}
	}
	return r.columns
}

func (r *pgRows) Close() error {
	r.rows.Close()
	return r.rows.Err()
}

func (r *pgRows) Next(dest []driver.Value) error {
	more := r.more
	if r.preloaded {
		r.preloaded = false
	} else {
		more = r.rows.Next()
	}
	if !more {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return io.EOF
	}
	vals, err := r.rows.Values()
	if err != nil {
		return err
	}
	for i, v := range vals {
		if dest[i], err = driverValue(v); err != nil {
			return fmt.Errorf("column %s: %w", r.Columns()[i], err)
		}
	}
	return nil
}

// driverValue turns what pgx decoded into one of database/sql's value
// types.
func driverValue(v any) (driver.Value, error) {
	switch x := v.(type) {
	case nil, int64, float64, bool, string, time.Time:
		return x, nil
	case []byte:
		return append([]byte(nil), x...), nil
	case int16:
		return int64(x), nil
	case int32:
		return int64(x), nil
	case int:
		return int64(x), nil
	case float32:
		return float64(x), nil
	case driver.Valuer:
		return x.Value()
	}
	return nil, fmt.Errorf("unsupported PostgreSQL value of Go type %T", v)
}

// redactURL returns a PostgreSQL URL without its password (in the user
// information or a password parameter), for messages.
func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		// Unparseable: keep only what cannot hold a password.
		return redact(dsn)
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// migrationLock is the key of the PostgreSQL advisory lock held while
// migrating ("serbench" in ASCII).
const migrationLock int64 = 0x7365726265_6e6368

// lockMigrations takes a session-level advisory lock on a connection of
// its own, waiting for any other serbench that is migrating the same
// database, and returns what releases it.
func (d *DB) lockMigrations(ctx context.Context) (unlock func(), err error) {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		conn.Close()
		return nil, fmt.Errorf("lock the schema for migration: %w", err)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, migrationLock)
		conn.Close()
	}, nil
}
