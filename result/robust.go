package result

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Robust is the decoder robustness matrix of a run: what each codec's
// decoder does with corrupt and malicious messages, one row per codec and
// workload and one cell per mutation class. Package internal/robust
// computes it, store keeps it with the run and report renders it.
type Robust struct {
	// Seed is the seed of the mutations: the same seed, codecs and
	// workloads give the same inputs.
	Seed uint64 `json:"seed"`
	// Budget is the most inputs a class has per row: a class with more
	// candidates (every prefix, every offset) is sampled down to it.
	Budget int `json:"budget"`
	// TimeLimit is the limit of one decode; a decode past it is a hang.
	TimeLimit time.Duration `json:"time_limit"`
	// MemoryLimit is each worker process's memory limit in bytes (<= 0:
	// none); a decode that passes it is a crash.
	MemoryLimit int64 `json:"memory_limit"`
	// Classes are the columns, in order.
	Classes []RobustClass `json:"classes"`
	// Rows are the codecs on each workload, in workload then codec order.
	Rows []RobustRow `json:"rows"`
}

// RobustClass is a column of the matrix: a class of mutation.
type RobustClass struct {
	// Name is the class's name, for example "truncate".
	Name string `json:"name"`
	// Doc says how the class's inputs are made.
	Doc string `json:"doc,omitempty"`
	// Finding says whether a decoder that accepts an input of the class
	// (returns no error) has a defect worth reporting: accepting a
	// truncated message or random bytes is one, accepting a bit flip
	// inside a string is not.
	Finding bool `json:"finding,omitempty"`
}

// RobustRow is one codec on one workload.
type RobustRow struct {
	Codec    string `json:"codec"`
	Workload string `json:"workload"`
	// Messages is the number of valid messages the mutations start from,
	// and MessageBytes their smallest and largest size.
	Messages     int    `json:"messages,omitempty"`
	MessageBytes [2]int `json:"message_bytes,omitempty"`
	// Note says why the row has no cells (the codec cannot bind the
	// workload, or its messages could not be made), or what else is
	// worth knowing of the row.
	Note string `json:"note,omitempty"`
	// Cells are the outcomes, one per class, in the order of the
	// matrix's Classes; none when Note says why.
	Cells []RobustCell `json:"cells,omitempty"`
}

// RobustCell counts the outcomes of one class's inputs for one row.
type RobustCell struct {
	// Class is the class's name (RobustClass.Name).
	Class string `json:"class"`
	// Inputs is the number of inputs of the class; NA, when set, says
	// why there are none (the format has no nesting serbench can build,
	// say).
	Inputs int    `json:"inputs"`
	NA     string `json:"na,omitempty"`
	// The outcomes: an error (what a decoder should do), a panic (the
	// decoder panicked; recovered), a crash (the worker process died: a
	// fatal error such as out of memory or a stack overflow, or it
	// passed its memory limit), a hang (no answer within the time limit)
	// and accepted (no error). NotRun inputs were skipped after
	// RobustMaxDeaths crashes and hangs in the class.
	Errors   int `json:"errors"`
	Panics   int `json:"panics,omitempty"`
	Crashes  int `json:"crashes,omitempty"`
	Hangs    int `json:"hangs,omitempty"`
	Accepted int `json:"accepted,omitempty"`
	NotRun   int `json:"not_run,omitempty"`
	// Example is the first panic, crash or hang: what happened and the
	// input that caused it.
	Example *RobustInput `json:"example,omitempty"`
	// Worst is the input of the class with the largest allocation
	// amplification (bytes allocated by the decode ÷ input bytes), among
	// the decodes that returned.
	Worst *RobustInput `json:"worst,omitempty"`
}

// RobustMaxDeaths is how many crashes and hangs a class may have in a row
// before its remaining inputs are skipped (each costs a worker process and
// up to the time limit).
const RobustMaxDeaths = 3

// RobustInput is one input of the matrix, kept so that a library author
// can reproduce what it did.
type RobustInput struct {
	// Pos is the input's position in the row's inputs; Desc says how it
	// was made ("value 3 (212 bytes), first 17 bytes").
	Pos  int    `json:"pos"`
	Desc string `json:"desc"`
	// Outcome is what the decode did ("panic", "crash", "hang", "error",
	// "accepted") and Detail its message.
	Outcome string `json:"outcome"`
	Detail  string `json:"detail,omitempty"`
	// Size is the input's size; Data the input itself, unless it is
	// larger than RobustKeepBytes (serbench robust --save writes it).
	Size int    `json:"size"`
	Data []byte `json:"data,omitempty"`
	// Alloc is the bytes the decode allocated (0 when it did not
	// return); Ratio is its amplification, Alloc ÷ Size, with Size
	// counted as at least RobustMinSize.
	Alloc int64   `json:"alloc,omitempty"`
	Ratio float64 `json:"ratio,omitempty"`
	// File is where serbench robust --save wrote the input, relative to
	// the directory given.
	File string `json:"file,omitempty"`
}

// RobustMinSize is the smallest input size an amplification divides by:
// below it a decoder's fixed allocations (the value it returns, say)
// would make the shortest inputs the worst.
const RobustMinSize = 64

// Amplification returns alloc ÷ size, size counted as at least
// RobustMinSize.
func Amplification(alloc int64, size int) float64 {
	return float64(alloc) / float64(max(size, RobustMinSize))
}

// MessageSizes returns the smallest and the largest size of msgs, [0, 0]
// for none: the MessageBytes of a RobustRow and of an InteropCodec.
func MessageSizes(msgs [][]byte) [2]int {
	if len(msgs) == 0 {
		return [2]int{}
	}
	s := [2]int{len(msgs[0]), len(msgs[0])}
	for _, m := range msgs {
		s[0], s[1] = min(s[0], len(m)), max(s[1], len(m))
	}
	return s
}

// RobustKeepBytes is the largest input a matrix keeps the bytes of.
const RobustKeepBytes = 16 << 10

// Bad returns the number of inputs that ended in a panic, crash or hang.
func (c *RobustCell) Bad() int { return c.Panics + c.Crashes + c.Hangs }

// Stopped reports whether the cell's inputs not run (NotRun) were left by
// a row stopped (RobustStopped: interrupted) rather than skipped after
// RobustMaxDeaths crashes and hangs: a class with fewer deaths than that
// skips nothing, so its inputs not run were never reached.
func (c *RobustCell) Stopped() bool {
	return c.NotRun > 0 && c.Crashes+c.Hangs < RobustMaxDeaths
}

// Mark returns the cell's short text in tables: "ok" when every input
// ended in an error, "n/a" when the class has no inputs, else the counts
// of the other outcomes, worst first: C crashes, H hangs, P panics, A
// accepted, and "+N" inputs not run after RobustMaxDeaths crashes and
// hangs ("C3+40 P2 A5"); inputs not run by a row stopped (Stopped) are
// "+N" last ("A5 +300", "C1 +200", "+400"), never "ok".
func (c *RobustCell) Mark() string {
	if c.Inputs == 0 {
		return "n/a"
	}
	var parts []string
	if c.Crashes > 0 || c.Hangs > 0 {
		s := ""
		if c.Crashes > 0 {
			s += fmt.Sprintf("C%d", c.Crashes)
		}
		if c.Hangs > 0 {
			s += fmt.Sprintf("H%d", c.Hangs)
		}
		if c.NotRun > 0 && !c.Stopped() {
			s += fmt.Sprintf("+%d", c.NotRun)
		}
		parts = append(parts, s)
	}
	if c.Panics > 0 {
		parts = append(parts, fmt.Sprintf("P%d", c.Panics))
	}
	if c.Accepted > 0 {
		parts = append(parts, fmt.Sprintf("A%d", c.Accepted))
	}
	if c.Stopped() {
		parts = append(parts, fmt.Sprintf("+%d", c.NotRun))
	}
	if len(parts) == 0 {
		return "ok"
	}
	return strings.Join(parts, " ")
}

// RobustLegend explains RobustCell.Mark, one mark a line.
var RobustLegend = []string{
	"ok     every input was refused with an error",
	"C3     3 inputs crashed the worker process (out of memory, stack overflow, fatal error, past the memory limit)",
	"H1     1 input hung (no answer within the time limit)",
	"+40    40 inputs of the class not run after " + fmt.Sprint(RobustMaxDeaths) + " crashes and hangs",
	"P2     2 inputs made the decoder panic (recovered)",
	"A5     5 inputs were accepted without an error (a finding for truncate and random; a bit flip or a length in a string's bytes can be valid, and so is deep nesting)",
	"n/a    the class has no inputs for this format",
}

// The Notes of a row of a partial matrix, which the computation (Ctrl-C)
// did not let start (no cells), or stopped (the inputs not decoded are
// counted as NotRun). internal/robust returns such rows only with its
// context's error, and serbench run stores them so.
const (
	RobustInterrupted = "interrupted: not computed"
	RobustStopped     = "interrupted: the inputs not decoded are counted as not run"
)

// Interrupted returns how many rows of m were not computed or stopped
// (RobustInterrupted, RobustStopped: a stopped row's note ends with it,
// after what the row noted before, such as a lowered budget): 0 for a
// complete matrix.
func (m *Robust) Interrupted() int {
	n := 0
	for _, r := range m.Rows {
		if r.Note == RobustInterrupted || strings.HasSuffix(r.Note, RobustStopped) {
			n++
		}
	}
	return n
}

// RobustInterruptedLegend explains the "+N" of a cell of a row stopped
// (RobustStopped): a line of the legend of a partial matrix only.
const RobustInterruptedLegend = "+400   set apart (not joined to C or H): 400 inputs of the class not decoded, interrupted (Ctrl-C) first; the matrix is partial"

// Worst returns the input of the row with the largest allocation
// amplification, or nil.
func (r *RobustRow) Worst() *RobustInput {
	var w *RobustInput
	for i := range r.Cells {
		if x := r.Cells[i].Worst; x != nil && (w == nil || x.Ratio > w.Ratio) {
			w = x
		}
	}
	return w
}

// Cell returns the cell of the named class in r, or nil.
func (r *RobustRow) Cell(class string) *RobustCell {
	return find(r.Cells, func(c *RobustCell) bool { return c.Class == class })
}

// Row returns the row of codec on workload in m, or nil.
func (m *Robust) Row(codec, workload string) *RobustRow {
	return find(m.Rows, func(r *RobustRow) bool { return r.Codec == codec && r.Workload == workload })
}

// Workloads returns the workloads of m's rows, in row order.
func (m *Robust) Workloads() []string {
	var out []string
	for _, r := range m.Rows {
		if !slices.Contains(out, r.Workload) {
			out = append(out, r.Workload)
		}
	}
	return out
}
