package store

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"time"

	"github.com/serbench/serbench/internal/sqlrows"
	"github.com/serbench/serbench/result"
)

// The store orders what it returns in Go, byte-wise, rather than with
// ORDER BY: PostgreSQL sorts text by the database's collation, which
// need not be SQLite's byte order, and both backends must read back the
// same run in the same order.

// The run order is the one order of runs, defined here once: by the
// instant each started, then by ID in byte order. Runs lists runs in it,
// oldest first, and Latest and LatestIncomplete return the last run of
// it (of the incomplete ones), so that the run "latest" names is the one
// serbench runs lists last. Start times are compared as instants, parsed
// from their text (parseStart): serbench writes them in UTC with nine
// fractional digits (writeTimeFormat), but databases of its first
// version hold RFC 3339 times whose fraction drops its trailing zeros
// ("10:00:00Z" sorts after "10:00:00.5Z" as text), and an instant may be
// written with an offset. Runs whose start times are the same instant,
// however written (imports, runs started at once on two machines sharing
// a PostgreSQL database, a clock step), are ordered by ID.

// parseStart is the start time of a run, read from its stored text; one
// that does not parse is the zero time, the oldest (the list shows the
// run, and reading it says what is wrong).
func parseStart(text string) time.Time {
	t, _ := time.Parse(timeFormat, text)
	return t
}

// compareRuns compares two runs, given by start time and ID, in the run
// order: negative when a comes before b.
func compareRuns(aStart time.Time, aID string, bStart time.Time, bID string) int {
	return cmp.Or(aStart.Compare(bStart), cmp.Compare(aID, bID))
}

// sortRuns sorts runs in the run order, oldest first.
func sortRuns(runs []RunInfo) {
	slices.SortStableFunc(runs, func(a, b RunInfo) int { return compareRuns(a.Start, a.ID, b.Start, b.ID) })
}

// lastRun returns the ID of the run that comes last in the run order
// among the runs that where (a condition on the runs table, or "")
// selects; found is false when it selects none.
func (d *DB) lastRun(ctx context.Context, where string) (id string, found bool, err error) {
	q := `SELECT id, start_time FROM runs`
	if where != "" {
		q += ` WHERE ` + where
	}
	var start time.Time
	err = sqlrows.Each(ctx, d.db, q, func(rows *sql.Rows) error {
		var i, s string
		if err := rows.Scan(&i, &s); err != nil {
			return err
		}
		if t := parseStart(s); !found || compareRuns(t, i, start, id) > 0 {
			id, start, found = i, t, true
		}
		return nil
	})
	return id, found, err
}

// sortRun orders r's codecs and workloads by name, verifications by
// (workload, codec) and cells by key.
func sortRun(r *result.Run) {
	slices.SortStableFunc(r.Codecs, func(a, b result.Codec) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(r.Workloads, func(a, b result.WorkloadInfo) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(r.Verifications, func(a, b result.Verification) int {
		return cmp.Or(cmp.Compare(a.Workload, b.Workload), cmp.Compare(a.Codec, b.Codec))
	})
	slices.SortStableFunc(r.Cells, func(a, b result.Cell) int { return compareKeys(a.Key(), b.Key()) })
}

func compareKeys(a, b result.Key) int {
	return cmp.Or(cmp.Compare(a.Workload, b.Workload), cmp.Compare(a.Codec, b.Codec),
		cmp.Compare(a.Op, b.Op), cmp.Compare(a.Goroutines, b.Goroutines))
}
