package result

import (
	"cmp"
	"slices"
)

// Fidelity is the fidelity matrix of a run: every codec against a fixed
// set of edge values, one row per codec and one cell per edge value (a
// case). Package internal/fidelity computes it, store keeps it with the
// run and report renders it.
type Fidelity struct {
	// Cases are the columns, in order.
	Cases []FidelityCase `json:"cases"`
	// Rows are the codecs, in name order.
	Rows []FidelityRow `json:"rows"`
}

// FidelityCase is a column of the matrix.
type FidelityCase struct {
	// Name is the short label of the column, for example "-0 f64".
	Name string `json:"name"`
	// Doc says what the value is and which field carries it.
	Doc string `json:"doc,omitempty"`
}

// FidelityRow is the row of one codec.
type FidelityRow struct {
	// Codec is the codec's name.
	Codec string `json:"codec"`
	// Carrier is the workload whose type carried the values ("nested" or
	// "person"), or "" when the codec binds neither.
	Carrier string `json:"carrier,omitempty"`
	// Note says why the first carrier was not used, when it was not.
	Note string `json:"note,omitempty"`
	// Cells are the outcomes, one per case, in the order of the
	// matrix's Cases.
	Cells []FidelityCell `json:"cells"`
}

// FidelityCell is the outcome of one case for one codec.
type FidelityCell struct {
	// Case is the case's name (FidelityCase.Name).
	Case   string         `json:"case"`
	Status FidelityStatus `json:"status"`
	// Classes are the classes of the differences seen (verify.Class
	// values), sorted, for lossy and failing cells.
	Classes []string `json:"classes,omitempty"`
	// Detail says what was lost or changed, the error, or why the cell is
	// n/a or its worker died; "" for exact cells.
	Detail string `json:"detail,omitempty"`
}

// FidelityStatus is the outcome of one cell of the matrix.
type FidelityStatus string

// The statuses of a cell of the fidelity matrix.
const (
	// FidelityExact: the value came back exactly.
	FidelityExact FidelityStatus = "exact"
	// FidelityLossy: the value came back with losses the codec declares
	// (codec.Info.Losses).
	FidelityLossy FidelityStatus = "lossy"
	// FidelityUndeclared: the value came back with a loss (a difference
	// verify classifies as a loss: time precision or zone, nil versus
	// empty, float precision, the dynamic type of a number, ...) that the
	// codec does not declare.
	FidelityUndeclared FidelityStatus = "lossy-undeclared"
	// FidelityFail: the value silently changed: a difference verify
	// classifies as another value or a missing field.
	FidelityFail FidelityStatus = "FAIL"
	// FidelityError: encoding or decoding returned an error or panicked.
	FidelityError FidelityStatus = "error"
	// FidelityNA: the codec binds no carrier type, or its carrier has no
	// field for the case, or its base value does not round-trip.
	FidelityNA FidelityStatus = "n/a"
	// FidelityCrash, FidelityTimeout and FidelityMemory: the worker
	// process computing the cell died, ran past the timeout or went past
	// its memory limit, and was killed. The row's other cells go on in a
	// new worker.
	FidelityCrash   FidelityStatus = "crash"
	FidelityTimeout FidelityStatus = "timeout"
	FidelityMemory  FidelityStatus = "memory"
	// FidelityInterrupted: the cell was not measured, the computation
	// was stopped first (Ctrl-C): a matrix with such cells is partial.
	// internal/fidelity returns it only with its context's error, and
	// serbench run stores it so, with the cells it measured.
	FidelityInterrupted FidelityStatus = "interrupted"
)

// Symbol returns the short mark of s in tables: "ok", "~", "~!", "FAIL",
// "ERR", "n/a", "CRASH", "TIME", "MEM" or "?" (interrupted).
func (s FidelityStatus) Symbol() string {
	switch s {
	case FidelityExact:
		return "ok"
	case FidelityLossy:
		return "~"
	case FidelityUndeclared:
		return "~!"
	case FidelityFail:
		return "FAIL"
	case FidelityError:
		return "ERR"
	case FidelityNA:
		return "n/a"
	case FidelityCrash:
		return "CRASH"
	case FidelityTimeout:
		return "TIME"
	case FidelityMemory:
		return "MEM"
	case FidelityInterrupted:
		return "?"
	}
	return string(s)
}

// FidelityLegend explains the symbols of FidelityStatus.Symbol, one status
// a line.
var FidelityLegend = []string{
	"ok     exact: the value came back exactly",
	"~      lossy: what came back differs only by losses the codec declares",
	"~!     lossy, not declared: a loss (time precision or zone, nil versus empty, float precision, type of a number in interface{}, ...) the codec does not declare",
	"FAIL   silently changed: another value came back, or a field came back empty",
	"ERR    encoding or decoding returned an error or panicked",
	"n/a    not carried: the codec binds no carrier type, or its carrier has no field for the value",
	"CRASH  the worker process computing the cell crashed (TIME: ran past the timeout, MEM: past its memory limit) and was killed",
}

// FidelityInterruptedLegend explains the mark of FidelityInterrupted: a
// line of the legend of a matrix that has such cells only.
const FidelityInterruptedLegend = "?      not measured: interrupted (Ctrl-C) before the cell was computed; the matrix is partial"

// Interrupted returns how many cells of m were not measured
// (FidelityInterrupted): 0 for a complete matrix.
func (m *Fidelity) Interrupted() int { return m.Counts()[FidelityInterrupted] }

// Cell returns the cell of the named case in r, or nil.
func (r *FidelityRow) Cell(name string) *FidelityCell {
	return find(r.Cells, func(c *FidelityCell) bool { return c.Case == name })
}

// Row returns the row of the named codec in m, or nil.
func (m *Fidelity) Row(codec string) *FidelityRow {
	return find(m.Rows, func(row *FidelityRow) bool { return row.Codec == codec })
}

// Sort puts m's rows in codec name order.
func (m *Fidelity) Sort() {
	slices.SortFunc(m.Rows, func(a, b FidelityRow) int { return cmp.Compare(a.Codec, b.Codec) })
}

// Counts returns how many cells of m have each status.
func (m *Fidelity) Counts() map[FidelityStatus]int {
	n := map[FidelityStatus]int{}
	for _, r := range m.Rows {
		for _, c := range r.Cells {
			n[c.Status]++
		}
	}
	return n
}
