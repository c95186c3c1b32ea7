// Package sqlrows reads the rows of a database/sql query one at a time:
// the loop over Rows.Next, the scan of each row and the check of
// Rows.Err that the store and the floats study's SQLite strategies share.
package sqlrows

import (
	"context"
	"database/sql"
)

// Queryer runs queries: *sql.DB, *sql.Tx and *sql.Conn.
type Queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Each runs query with args on q and calls scan for every row, stopping
// at the first error, which it returns; it closes the rows.
func Each(ctx context.Context, q Queryer, query string, scan func(*sql.Rows) error, args ...any) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
