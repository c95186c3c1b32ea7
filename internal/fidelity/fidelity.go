// Package fidelity computes serbench's fidelity matrix: every codec against
// a fixed set of edge values (negative zero, NaN, infinities, the float32
// extremes, the int64 and uint64 extremes, integers beyond 2^53 and 2^63
// and a large negative float inside interface{} values, invalid UTF-8, NUL,
// times before 1970, after 2262 and with an offset and nanoseconds, nil
// versus empty slices and maps, deep nesting), one column per value (Cases).
//
// Each edge value is a change of a simple base value of an existing
// workload type, the carrier, so that it reaches every codec, code-generated
// ones included: workload.TestStruc (the nested workload) carries almost
// everything, workload.Person (person) is the fallback for codecs that bind
// only that. The base value itself is the first column ("base"), and a
// difference the base value shows too is not counted against a case, so a
// cell reflects its edge value only. A cell is exact, lossy (declared by
// the codec or not), an error, FAIL (the value silently changed), n/a (the
// codec binds no carrier, or its carrier has no field for the value), or
// crash, timeout or memory when the worker process computing the row died.
//
// Compute runs each codec's row in a worker process of the running binary
// (see MaybeWorker), so a codec that crashes, hangs or eats memory takes
// down its row's worker only, as the harness contains its workers.
//
// The package deliberately does not time anything, does not decide what a
// loss is (package verify classifies every difference), does not store or
// render matrices (packages store and report do), and does not change the
// workloads' generated values: the edge values are its own.
package fidelity

import (
	"cmp"
	"slices"
)

// Status is the outcome of one cell of the matrix.
type Status string

// The statuses of a cell.
const (
	// Exact: the value came back exactly.
	Exact Status = "exact"
	// Lossy: the value came back with losses the codec declares
	// (codec.Info.Losses).
	Lossy Status = "lossy"
	// Undeclared: the value came back with a loss (a difference verify
	// classifies as a loss: time precision or zone, nil versus empty,
	// float precision, the dynamic type of a number, ...) that the codec
	// does not declare.
	Undeclared Status = "lossy-undeclared"
	// Fail: the value silently changed: a difference verify classifies as
	// another value or a missing field.
	Fail Status = "FAIL"
	// Error: encoding or decoding returned an error or panicked.
	Error Status = "error"
	// NA: the codec binds no carrier type, or its carrier has no field
	// for the case, or its base value does not round-trip.
	NA Status = "n/a"
	// Crash, Timeout and Memory: the worker process computing the cell
	// died, ran past the timeout or went past its memory limit, and was
	// killed. The row's other cells go on in a new worker.
	Crash   Status = "crash"
	Timeout Status = "timeout"
	Memory  Status = "memory"
)

// Symbol returns the short mark of s in tables: "ok", "~", "~!", "FAIL",
// "ERR", "n/a", "CRASH", "TIME" or "MEM".
func (s Status) Symbol() string {
	switch s {
	case Exact:
		return "ok"
	case Lossy:
		return "~"
	case Undeclared:
		return "~!"
	case Fail:
		return "FAIL"
	case Error:
		return "ERR"
	case NA:
		return "n/a"
	case Crash:
		return "CRASH"
	case Timeout:
		return "TIME"
	case Memory:
		return "MEM"
	}
	return string(s)
}

// Legend explains the symbols of Status.Symbol, one status a line.
var Legend = []string{
	"ok     exact: the value came back exactly",
	"~      lossy: what came back differs only by losses the codec declares",
	"~!     lossy, not declared: a loss (time precision or zone, nil versus empty, float precision, type of a number in interface{}, ...) the codec does not declare",
	"FAIL   silently changed: another value came back, or a field came back empty",
	"ERR    encoding or decoding returned an error or panicked",
	"n/a    not carried: the codec binds no carrier type, or its carrier has no field for the value",
	"CRASH  the worker process computing the cell crashed (TIME: ran past the timeout, MEM: past its memory limit) and was killed",
}

// Matrix is the fidelity matrix: one row per codec, one cell per case.
type Matrix struct {
	// Cases are the columns, in order; CaseInfos() for a new matrix.
	Cases []CaseInfo `json:"cases"`
	// Rows are the codecs, in name order.
	Rows []Row `json:"rows"`
}

// CaseInfo is a column of the matrix.
type CaseInfo struct {
	// Name is the short label of the column, for example "-0 f64".
	Name string `json:"name"`
	// Doc says what the value is and which field carries it.
	Doc string `json:"doc,omitempty"`
}

// Row is the row of one codec.
type Row struct {
	// Codec is the codec's name.
	Codec string `json:"codec"`
	// Carrier is the workload whose type carried the values ("nested" or
	// "person"), or "" when the codec binds neither.
	Carrier string `json:"carrier,omitempty"`
	// Note says why the first carrier was not used, when it was not.
	Note string `json:"note,omitempty"`
	// Cells are the outcomes, one per case, in the order of the
	// matrix's Cases.
	Cells []Cell `json:"cells"`
}

// Cell is the outcome of one case for one codec.
type Cell struct {
	// Case is the case's name (CaseInfo.Name).
	Case   string `json:"case"`
	Status Status `json:"status"`
	// Classes are the classes of the differences seen (verify.Class
	// values), sorted, for lossy and failing cells.
	Classes []string `json:"classes,omitempty"`
	// Detail says what was lost or changed, the error, or why the cell is
	// n/a or its worker died; "" for exact cells.
	Detail string `json:"detail,omitempty"`
}

// Cell returns the cell of the named case in r, or nil.
func (r *Row) Cell(name string) *Cell {
	for i := range r.Cells {
		if r.Cells[i].Case == name {
			return &r.Cells[i]
		}
	}
	return nil
}

// Row returns the row of the named codec in m, or nil.
func (m *Matrix) Row(codec string) *Row {
	for i := range m.Rows {
		if m.Rows[i].Codec == codec {
			return &m.Rows[i]
		}
	}
	return nil
}

// Sort puts m's rows in codec name order.
func (m *Matrix) Sort() {
	slices.SortFunc(m.Rows, func(a, b Row) int { return cmp.Compare(a.Codec, b.Codec) })
}

// Counts returns how many cells of m have each status.
func (m *Matrix) Counts() map[Status]int {
	n := map[Status]int{}
	for _, r := range m.Rows {
		for _, c := range r.Cells {
			n[c.Status]++
		}
	}
	return n
}
