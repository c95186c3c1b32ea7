package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL support, through pgx's database/sql driver
// (github.com/jackc/pgx/v5/stdlib) on a pgx.ConnConfig parsed from the URL.

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
		if err := checkUserinfo(dsn); err != nil {
			return nil, err
		}
		cfg, err := pgx.ParseConfig(dsn)
		if err != nil {
			if err := checkUserinfoEnd(dsn); err != nil {
				return nil, err
			}
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
		db := stdlib.OpenDB(*cfg)
		// A team database serves many shards at once: a few connections
		// each are plenty for a writer and a reader.
		db.SetMaxOpenConns(4)
		db.SetMaxIdleConns(2)
		db.SetConnMaxIdleTime(5 * time.Minute)
		// Connect now, so that an unreachable server is reported with
		// where it was looked for.
		ctx, cancel := context.WithTimeout(context.Background(), cfg.ConnectTimeout+time.Second)
		defer cancel()
		if err := db.PingContext(ctx); err != nil {
			db.Close()
			return nil, connectError(cfg, err)
		}
		return db, nil
	}
}

// checkUserinfo refuses a URL whose user information holds an "@" that
// is not escaped (a password such as "p@ss"): pgx splits it at the first
// "@" and takes the rest of the password for the host, which its error
// then names, password and all.
func checkUserinfo(dsn string) error {
	_, rest, _ := strings.Cut(dsn, "://")
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if strings.Count(rest, "@") > 1 {
		return errors.New(`bad PostgreSQL URL: its user name or password holds an "@": write it as %40 (a password p@ss as p%40ss)`)
	}
	return nil
}

// checkUserinfoEnd is the error, for a URL that pgx cannot parse, of a
// user name or password that holds a "/", "?" or "#" that is not escaped
// (a password such as "pa/ss"): the URL's host then ends there, and
// what follows its ":" is taken for the port ("invalid port"). It is
// told by an "@" after that character, in what would be the path. The
// error does not show the password. It returns nil for other URLs.
func checkUserinfoEnd(dsn string) error {
	_, rest, _ := strings.Cut(dsn, "://")
	i := strings.IndexAny(rest, "/?#")
	if i < 0 || strings.Contains(rest[:i], "@") {
		return nil
	}
	tail := rest[i:]
	// An "@" in a parameter (after the first "?" that follows) is a
	// parameter's.
	if j := strings.IndexAny(tail[1:], "?#"); j >= 0 {
		tail = tail[:j+1]
	}
	if !strings.Contains(tail, "@") {
		return nil
	}
	c := rest[i]
	return fmt.Errorf(`bad PostgreSQL URL: its user name or password holds a %q, which ends the host part of a URL (hence "invalid port"): percent-encode it, %q as %%%02X (a password a%cb as a%%%02Xb)`, string(c), string(c), c, c, c)
}

// connectError says where the connection went and why it failed, without
// the password; a timeout says how long it waited. pgx lists every
// attempt, one a line: with sslmode prefer (the default) it tries with
// TLS and then without, so that a server that cannot be reached at all
// gave the same dial error twice; each distinct line is kept once.
func connectError(cfg *pgx.ConnConfig, err error) error {
	err = distinctLines(err)
	where := fmt.Sprintf("%s:%d", cfg.Host, cfg.Port)
	if strings.HasPrefix(cfg.Host, "/") {
		where = fmt.Sprintf("socket %s/.s.PGSQL.%d", cfg.Host, cfg.Port)
	}
	if pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("cannot reach PostgreSQL at %s (database %q, user %q) within %s: %w", where, cfg.Database, cfg.User, cfg.ConnectTimeout, err)
	}
	return fmt.Errorf("cannot connect to PostgreSQL at %s (database %q, user %q): %w", where, cfg.Database, cfg.User, err)
}

// distinctLines returns err with each line of its text once, in the
// order they come: err itself when none repeats, else an error that
// wraps it (errors.Is and errors.As see err) with that text.
func distinctLines(err error) error {
	lines := strings.Split(err.Error(), "\n")
	seen := make(map[string]bool, len(lines))
	kept := lines[:0:0]
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			kept = append(kept, l)
		}
	}
	if len(kept) == len(lines) {
		return err
	}
	return textError{strings.Join(kept, "\n"), err}
}

// textError is err with the text msg.
type textError struct {
	msg string
	err error
}

func (e textError) Error() string { return e.msg }
func (e textError) Unwrap() error { return e.err }

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
