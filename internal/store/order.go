package store

import (
	"cmp"
	"slices"

	"github.com/serbench/serbench/result"
)

// The store orders what it returns in Go, byte-wise, rather than with
// ORDER BY: PostgreSQL sorts text by the database's collation, which
// need not be SQLite's byte order, and both backends must read back the
// same run in the same order.

// sortRuns orders runs oldest first, then by ID.
func sortRuns(runs []RunInfo) {
	slices.SortStableFunc(runs, func(a, b RunInfo) int {
		return cmp.Or(a.Start.Compare(b.Start), cmp.Compare(a.ID, b.ID))
	})
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
