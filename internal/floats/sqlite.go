package floats

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/serbench/serbench/internal/sqlrows"
)

// SQLitePerRow is the number of values per row of sl-multi.
const SQLitePerRow = 1000

// sqliteBatch is the number of rows of one INSERT statement at setup.
const sqliteBatch = 500

func sqliteRows() Strategy {
	return Strategy{
		Name: "sl",
		Description: "SQLite (modernc.org/sqlite) table f(id INTEGER PRIMARY KEY, v REAL), one value per row; " +
			"sql.Open + SELECT v FROM f ORDER BY id, rows.Scan into a float64",
		Write: func(path string, values []float32) error {
			return sqliteWrite(path, "CREATE TABLE f(id INTEGER PRIMARY KEY, v REAL NOT NULL)", "f(id, v)", len(values),
				func(i int) any { return float64(values[i]) })
		},
		Read: sqliteReadRows,
	}
}

func sqliteMulti() Strategy {
	return Strategy{
		Name: "sl-multi",
		Description: fmt.Sprintf("SQLite table g(id INTEGER PRIMARY KEY, b BLOB), %d values per row as a little-endian BLOB; "+
			"SELECT b FROM g ORDER BY id, Scan into sql.RawBytes, decoded with the by loop", SQLitePerRow),
		Write: func(path string, values []float32) error {
			rows := (len(values) + SQLitePerRow - 1) / SQLitePerRow
			return sqliteWrite(path, "CREATE TABLE g(id INTEGER PRIMARY KEY, b BLOB NOT NULL)", "g(id, b)", rows,
				func(i int) any {
					return LittleEndianBytes(values[i*SQLitePerRow : min((i+1)*SQLitePerRow, len(values))])
				})
		},
		Read: sqliteReadBlobs,
	}
}

// sqliteWrite creates a database at path with one table and inserts n
// rows (id i+1, value(i)) in one transaction, sqliteBatch rows per
// statement.
func sqliteWrite(path, create, into string, n int, value func(i int) any) (err error) {
	_ = os.Remove(path)
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)")
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); err == nil {
			err = cerr
		}
	}()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(create); err != nil {
		return err
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt := func(rows int) string {
		return "INSERT INTO " + into + " VALUES " + strings.TrimSuffix(strings.Repeat("(?, ?),", rows), ",")
	}
	full, err := tx.Prepare(stmt(sqliteBatch))
	if err != nil {
		return err
	}
	defer full.Close()
	args := make([]any, 0, 2*sqliteBatch)
	for i := 0; i < n; i += sqliteBatch {
		args = args[:0]
		end := min(i+sqliteBatch, n)
		for j := i; j < end; j++ {
			args = append(args, j+1, value(j))
		}
		if end-i == sqliteBatch {
			_, err = full.Exec(args...)
		} else {
			_, err = tx.Exec(stmt(end-i), args...)
		}
		if err != nil {
			return err
		}
	}
	return tx.Commit()
}

// sqliteQuery opens the database at path read-only, runs query and calls
// scan for every row.
func sqliteQuery(path, query string, scan func(*sql.Rows) error) (err error) {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); err == nil {
			err = cerr
		}
	}()
	return sqlrows.Each(context.Background(), db, query, scan)
}

func sqliteReadRows(path string, use func([]float32)) error {
	var out []float32
	var v float64
	err := sqliteQuery(path, "SELECT v FROM f ORDER BY id", func(r *sql.Rows) error {
		if err := r.Scan(&v); err != nil {
			return err
		}
		out = append(out, float32(v))
		return nil
	})
	if err != nil {
		return err
	}
	use(out)
	return nil
}

func sqliteReadBlobs(path string, use func([]float32)) error {
	var out []float32
	var b sql.RawBytes
	err := sqliteQuery(path, "SELECT b FROM g ORDER BY id", func(r *sql.Rows) error {
		if err := r.Scan(&b); err != nil {
			return err
		}
		if len(b)%4 != 0 {
			return fmt.Errorf("blob of %d bytes is not a multiple of 4", len(b))
		}
		out = decodeLE(out, b)
		return nil
	})
	if err != nil {
		return err
	}
	use(out)
	return nil
}
