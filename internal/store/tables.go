package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/serbench/serbench/internal/sqlrows"
)

// ErrIncomplete is wrapped by the error of the opens for a database whose
// schema version says it has tables that it does not have (dropped by
// hand, say, with the sqlite3 shell): serbench neither reads it nor
// writes to it, and does not recreate what is missing, so that nothing
// that is left of it changes until its owner decides what to do.
var ErrIncomplete = errors.New("not a complete serbench database")

// createTable finds the tables a migration creates.
var createTable = regexp.MustCompile(`(?i)CREATE TABLE\s+(?:IF NOT EXISTS\s+)?(\w+)`)

// tablesAt returns the tables that a store at schema version v has:
// schema_version and those that the first v migrations create.
func tablesAt(v int) []string {
	tables := []string{"schema_version"}
	for _, m := range migrations[:min(v, len(migrations))] {
		for _, sm := range createTable.FindAllStringSubmatch(m, -1) {
			tables = append(tables, sm[1])
		}
	}
	return tables
}

// checkTables returns an error wrapping ErrIncomplete that names the
// tables that a store at schema version v should have and q's database
// has not, or nil when it has them all.
func (d *DB) checkTables(ctx context.Context, q sqlrows.Queryer, v int) error {
	want := tablesAt(v)
	have := map[string]bool{}
	query := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if d.postgres {
		// The tables that the store's unqualified names find, as its
		// statements find them (the search_path).
		query = `SELECT c.relname FROM pg_catalog.pg_class c WHERE c.relkind IN ('r', 'p') AND pg_catalog.pg_table_is_visible(c.oid)`
	}
	if err := sqlrows.Each(ctx, q, query, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&name)
		have[strings.ToLower(name)] = true
		return err
	}); err != nil {
		return fmt.Errorf("list its tables: %w", err)
	}
	var missing []string
	for _, t := range want {
		if !have[t] {
			missing = append(missing, t)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	what, it := "table "+missing[0]+" is", "it"
	if len(missing) > 1 {
		what, it = "tables "+strings.Join(missing[:len(missing)-1], ", ")+" and "+missing[len(missing)-1]+" are", "them"
	}
	return fmt.Errorf("%w: %s missing (its schema version, %d, has %s; dropped by hand?): serbench reads nothing from it, writes nothing to it and recreates nothing; restore it from a copy",
		ErrIncomplete, what, v, it)
}
