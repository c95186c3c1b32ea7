package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/serbench/serbench/internal/sqlrows"
)

// OpenExisting opens a store that must already exist, for readers: a
// SQLite file that cannot be found is a *MissingError instead of a new,
// empty database. A postgres:// URL is opened as Open opens it (a server
// database is created by whoever runs the server).
func OpenExisting(ctx context.Context, dsn string) (*DB, error) {
	if !IsPostgres(dsn) {
		if _, err := os.Stat(dsn); err != nil {
			return nil, &MissingError{Path: dsn, Err: err}
		}
	}
	return Open(ctx, dsn)
}

// MissingError is OpenExisting's error for a SQLite file that does not
// exist (or cannot be looked at): Err is the file system's error.
type MissingError struct {
	Path string
	Err  error
}

// Error says that the database does not exist, in those words when the
// file system says so (fs.ErrNotExist), else with its error.
func (e *MissingError) Error() string {
	if errors.Is(e.Err, fs.ErrNotExist) {
		return "database " + e.Path + " does not exist"
	}
	return "database " + e.Path + ": " + e.Err.Error()
}
func (e *MissingError) Unwrap() error { return e.Err }

// OpenReadOnly opens a store that must already exist, for the commands
// that only read (runs, show, report, history, compare, fidelity --run).
// A SQLite file is opened read-only: no migration, no change of journal
// mode, nothing written, so a database on a read-only file can be read,
// and so can one in a directory that cannot be written to, unless a
// write-ahead log (-wal file) beside it holds writes; and a SQLite file
// that is not serbench's is refused untouched. The -wal and -shm files
// that SQLite makes beside a database in WAL mode to read it are removed
// by Close when the open made them (tidyReaderFiles). A store
// whose schema is older than this serbench's must first be opened by a
// command that writes, which migrates it. A postgres:// URL is opened as
// Open opens it.
func OpenReadOnly(ctx context.Context, dsn string) (*DB, error) {
	if IsPostgres(dsn) {
		return Open(ctx, dsn)
	}
	st, err := os.Stat(dsn)
	if err != nil {
		return nil, &MissingError{Path: dsn, Err: err}
	}
	if err := notAFile(dsn, st); err != nil {
		return nil, err
	}
	uri, err := sqliteURI(dsn)
	if err != nil {
		return nil, err
	}
	// A database in WAL mode is read through a -wal and a -shm file
	// beside it, which SQLite creates when they are not there and, for a
	// connection that only reads, leaves behind when it closes: those it
	// made, Close removes again (tidyReaderFiles).
	var tidy func()
	if had := filesBeside(dsn); !had.wal || !had.shm {
		tidy = func() { tidyReaderFiles(dsn, uri, had) }
	}
	d, err := openReadOnly(ctx, dsn, uri, "", tidy)
	if err != nil && cannotShare(err) {
		if err := readable(dsn); err != nil {
			return nil, err
		}
		// SQLite reads a database in WAL mode through a -shm file that it
		// creates beside it, which a directory that cannot be written to
		// (a read-only mount, another user's folder) refuses. When there
		// is no write-ahead log to read (a -wal file with something in
		// it), the file holds every committed write, and is read as an
		// immutable file, without the -shm file (and without locks).
		if st, serr := os.Stat(dsn + "-wal"); errors.Is(serr, fs.ErrNotExist) || serr == nil && st.Size() == 0 {
			if di, ierr := openReadOnly(ctx, dsn, uri, "&immutable=1", nil); ierr == nil {
				return di, nil
			}
		} else {
			err = fmt.Errorf("%w (SQLite must create %s-shm beside it to read its write-ahead log, %s-wal; if its directory cannot be written to, copy the database and its -wal file to one that can)", err, dsn, dsn)
		}
	}
	return d, err
}

// openReadOnly opens the SQLite database at uri read-only, with the URI
// parameters extra, and checks its schema. tidy, when set, is called
// once the database is closed (by DB.Close, or here when the check
// fails).
func openReadOnly(ctx context.Context, dsn, uri, extra string, tidy func()) (*DB, error) {
	d := &DB{name: dsn, tidy: tidy}
	var err error
	if d.db, err = sql.Open("sqlite", uri+"?mode=ro"+extra+"&_pragma=busy_timeout("+strconv.Itoa(sqliteBusyTimeout)+")&_pragma=foreign_keys(1)"); err != nil {
		return nil, fmt.Errorf("open database %s: %w", dsn, err)
	}
	// Readers do not block one another: a command may read runs in
	// parallel, one connection per processor.
	d.db.SetMaxOpenConns(runtime.GOMAXPROCS(0))
	if err := retryBusy(ctx, func() error { return d.checkSchema(ctx) }); err != nil {
		d.Close()
		if isCorrupt(err) {
			return nil, &CorruptError{Path: dsn, Problems: []string{err.Error()}, Unreadable: true}
		}
		return nil, fmt.Errorf("open database %s: %w", dsn, canceled(ctx, err))
	}
	return d, nil
}

// exists reports whether there is a file (of any kind) at path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// beside says which of the -wal and -shm files beside a SQLite database
// exist.
type beside struct{ wal, shm bool }

// filesBeside says which of the -wal and -shm files beside the SQLite
// database at path exist.
func filesBeside(path string) beside {
	return beside{wal: exists(path + "-wal"), shm: exists(path + "-shm")}
}

// tidyReaderFiles removes the -wal and -shm files of the SQLite database
// at path (uri) that a read-only open made, once it is closed, and keeps
// those that were there before it (had), such as a -shm or an empty -wal
// that a reader killed left: a -wal may hold the user's writes. A
// connection that only reads cannot take the lock
// that SQLite takes to remove them (an exclusive lock on the database
// file), so they stay, an empty -wal and a 32 KB -shm. A connection that
// can write does that as it closes, when it is the database's last
// connection: it checkpoints the -wal into the database and removes both.
// tidy opens one and closes it, unless the -wal holds pages (another
// process wrote since the open), which are left to that process. SQLite's
// own lock decides: a file that another connection (of this process or of
// another) uses is left as it is, and pages that reached the -wal
// meanwhile are checkpointed into the database before it is removed, as
// the writer's last close would. When the database file cannot be written
// to, the files stay.
//
// When one of the files was there before, the connection keeps it: it
// takes the exclusive lock as it first reads (locking_mode EXCLUSIVE),
// failing while another connection uses the database, and holds it until
// it closes; a connection that holds it reads the -wal without the -shm
// (SQLite keeps the index of the -wal in its own memory), so the close
// removes the -wal alone, the -shm that was there staying as it is. When
// the -wal was there, the connection keeps it as it closes (SQLite's
// persistent WAL), and the -shm that the open made is removed here,
// while the connection holds the lock, once its read has shown that it
// does: beside a file so damaged that not even the list of its tables
// can be read, it stays.
func tidyReaderFiles(path, uri string, had beside) {
	now := filesBeside(path)
	if (had.wal || !now.wal) && (had.shm || !now.shm) {
		return // nothing the open made is there
	}
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() > 0 {
		return
	}
	params := "?mode=rw"
	if had.wal || had.shm {
		params += "&_pragma=locking_mode(EXCLUSIVE)"
	}
	db, err := sql.Open("sqlite", uri+params)
	if err != nil {
		return
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		return
	}
	defer conn.Close()
	if had.wal {
		if err := conn.Raw(func(c any) error {
			fc, ok := c.(sqlite.FileControl)
			if !ok {
				return errors.New("no file control")
			}
			_, err := fc.FileControlPersistWAL("main", 1)
			return err
		}); err != nil {
			return // its close would remove the -wal
		}
	}
	// The connection opens the -wal as it first reads.
	var n int
	err = conn.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&n)
	if err == nil && had.wal && !had.shm {
		os.Remove(path + "-shm")
	}
}

// cannotShare reports whether err is SQLite's failure to open or create a
// file it needs beside a database to read it (SQLITE_CANTOPEN, or
// SQLITE_READONLY, as for a directory that cannot be written to).
func cannotShare(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	c := se.Code() & 0xff
	return c == sqlite3.SQLITE_CANTOPEN || c == sqlite3.SQLITE_READONLY
}

// isDirError is the error for a SQLite path that names a directory, which
// SQLite reports as a "disk I/O error".
func isDirError(path string) error {
	return fmt.Errorf("open database %s: it is a directory, not a database file; give the path of a file (in it, say, %s)", path, shellQuote(filepath.Join(path, "serbench.db")))
}

// notAFile is the error for a SQLite path that names a directory, or a
// file that is not a regular one (a named pipe, on which SQLite waits for
// ever, a device such as /dev/null), or nil for a regular file.
func notAFile(path string, st fs.FileInfo) error {
	switch {
	case st.IsDir():
		return isDirError(path)
	case !st.Mode().IsRegular():
		what := "a special file"
		switch t := st.Mode().Type(); {
		case t&fs.ModeNamedPipe != 0:
			what = "a named pipe"
		case t&fs.ModeSocket != 0:
			what = "a socket"
		case t&fs.ModeDevice != 0:
			what = "a device"
		}
		return fmt.Errorf("open database %s: it is %s, not a database file; give the path of a database file", path, what)
	}
	return nil
}

// checkSchema checks, without writing, that d is a serbench store at the
// schema version this serbench reads.
func (d *DB) checkSchema(ctx context.Context) error {
	var n int
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'`).Scan(&n); err != nil {
		return err
	}
	// Another application's tables, or its schema_version, are named.
	if err := d.foreign(ctx, d.db, false); err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("not a serbench database (it has no schema_version table); give the path of one with --db")
	}
	var v int
	// No row is version 0: a process that writes stopped between making
	// the table and its first migration, which inserts the row.
	if err := d.db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("read the schema version: %w", err)
	}
	switch {
	case v > len(migrations):
		return fmt.Errorf("schema version %d is newer than this serbench knows (%d): upgrade serbench", v, len(migrations))
	case v < len(migrations):
		return fmt.Errorf("its schema is version %d and this serbench reads version %d: a command that writes (serbench run or import) migrates it first", v, len(migrations))
	}
	return d.checkTables(ctx, d.db, v)
}

// CorruptError is the error of the opens that write (Open, OpenExisting)
// for a SQLite database that fails SQLite's quick integrity check
// (PRAGMA quick_check): nothing is written to it. The opens that only
// read (OpenReadOnly) do not check, so that what can still be read is;
// their error is a CorruptError (Unreadable) only for a file of which not
// even the list of tables can be read.
type CorruptError struct {
	Path string
	// Problems are what the check found (its first lines), or the error
	// that stopped it.
	Problems []string
	// Unreadable says that not even the list of its tables can be read
	// (a truncated file, say): OpenReadOnly's error, as readers read
	// nothing of it either.
	Unreadable bool
}

func (e *CorruptError) Error() string {
	check, tail := "SQLite's quick_check", "runs, show and history still read what they can of it"
	if e.Unreadable {
		check, tail = "SQLite", "serbench cannot read even the list of its tables"
	}
	return fmt.Sprintf("database %s is corrupt (%s: %s): serbench writes nothing to it. Restore it from a copy, "+
		"or recover its data with the sqlite3 shell's .recover into a new file (sqlite3 %s .recover | sqlite3 recovered.db) and use that; %s",
		e.Path, check, strings.Join(e.Problems, "; "), shellQuote(e.Path), tail)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./+,:@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// checkIntegrity runs SQLite's quick check (PRAGMA quick_check: every
// page and record well formed, without comparing indexes with their
// tables) on the existing SQLite file path, through a read-only connection
// of its own, so that a corrupt file is refused before anything (a
// journal mode, a migration, a run) is written to it. A file that is not
// a database, or that cannot be read, is an error that names it; a
// corrupt one a *CorruptError.
func checkIntegrity(ctx context.Context, path, uri string) error {
	db, err := sql.Open("sqlite", uri+"?mode=ro&_pragma=busy_timeout("+strconv.Itoa(sqliteBusyTimeout)+")")
	if err != nil {
		return fmt.Errorf("open database %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var found []string
	err = retryBusy(ctx, func() error {
		found = nil
		return sqlrows.Each(ctx, db, `PRAGMA quick_check(4)`, func(rows *sql.Rows) error {
			var line string
			err := rows.Scan(&line)
			if line != "*** in database main ***" {
				found = append(found, strings.TrimSpace(line))
			}
			return err
		})
	})
	switch {
	case isCorrupt(err):
		// The check could not go on: can the readers read what they
		// read first?
		var v int
		rerr := db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
		return &CorruptError{Path: path, Problems: []string{err.Error()}, Unreadable: isCorrupt(rerr)}
	case err != nil:
		if werr := writeError(path, err, true); werr != nil {
			return werr
		}
		return fmt.Errorf("open database %s: %w", path, canceled(ctx, err))
	case len(found) == 1 && found[0] == "ok":
		return nil
	case len(found) == 0:
		return &CorruptError{Path: path, Problems: []string{"it returned nothing"}}
	}
	return &CorruptError{Path: path, Problems: found}
}

// writeError says in words why the opens that write cannot open the
// SQLite file path, when err is SQLite's failure to open, create or write
// it or a file beside it (cannotShare), where SQLite says "unable to open
// database file" or "attempt to write a readonly database": what the
// system says of creating a file that did not exist (its directory does
// not exist, permission denied) or of reading one that did; or, for a
// file that can be read, that it or its directory is read-only. existed
// says whether the file existed. It returns nil for other errors.
func writeError(path string, err error, existed bool) error {
	if !cannotShare(err) {
		return nil
	}
	if !existed {
		// Ask the system why the file cannot be created.
		f, cerr := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		switch {
		case cerr == nil:
			f.Close()
			os.Remove(path)
			return nil
		case errors.Is(cerr, fs.ErrExist):
			return nil // created by another process meanwhile
		case errors.Is(cerr, fs.ErrNotExist):
			return fmt.Errorf("open database %s: cannot create it: its directory %s does not exist", path, filepath.Dir(path))
		}
		return fmt.Errorf("open database %s: cannot create it: %w", path, cerr)
	}
	return readOnlyError(path, "the file, or its directory "+filepath.Dir(path)+", where SQLite keeps its journal, is read-only")
}

// readOnlyError is the error of an open that writes for the SQLite file
// path that cannot be written to, for the reason why: what the system
// says of reading it when it cannot be read either (permission denied),
// else that it can only be read.
func readOnlyError(path, why string) error {
	if err := readable(path); err != nil {
		return err
	}
	return fmt.Errorf("open database %s: it cannot be written to (%s), and this command writes; serbench runs, show and history can read it", path, why)
}

// readable returns, for a SQLite file that cannot be opened, what the
// system says of opening it to read (permission denied), or nil.
func readable(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open database %s: %w", path, err)
	}
	f.Close()
	return nil
}
