package result

import (
	"slices"
	"time"
)

// Interop is the cross-library interoperability matrix of a run: for each
// format that more than one Go implementation writes, and each workload,
// which implementation reads correctly what which one wrote. Package
// internal/interop computes it, store keeps it with the run and report
// renders it.
type Interop struct {
	// Values is the number of workload values each writer encodes (the
	// workload's first values, from its documented seed).
	Values int `json:"values"`
	// TimeLimit bounds one writer's encoding, or one reader's reading of
	// one writer's messages; past it the worker is killed (a hang).
	TimeLimit time.Duration `json:"time_limit"`
	// MemoryLimit is each worker process's memory limit in bytes (<= 0:
	// none); a worker that passes it is killed (a crash).
	MemoryLimit int64 `json:"memory_limit"`
	// Matrices are the formats' matrices, in format then workload order.
	Matrices []InteropMatrix `json:"matrices"`
	// Peers are the other languages' runtimes whose libraries joined the
	// matrices (package internal/peers): a peer library is one more
	// writer and reader of its format's matrix (InteropCodec.Peer). None
	// in matrices computed without the peers, or stored before they
	// joined.
	Peers []InteropPeer `json:"peers,omitempty"`
	// PeerTimings are the peer libraries' own decode and encode times
	// per message, measured inside the peer process: another runtime's
	// numbers, not comparable with serbench's Go timings (which this
	// record does not hold), printed in a table of their own.
	PeerTimings []InteropPeerTiming `json:"peer_timings,omitempty"`
	// PeerTimingMethod says how the peers measured PeerTimings.
	PeerTimingMethod string `json:"peer_timing_method,omitempty"`
}

// InteropPeer is one peer runtime of the matrices.
type InteropPeer struct {
	// Name is the runtime, "python" or "node".
	Name string `json:"name"`
	// Runtime is the interpreter and its version ("CPython 3.11.7"), and
	// Libraries the versions of its libraries, by package name; both as
	// the peer reported them. Empty when the peer did not run (Note).
	Runtime   string            `json:"runtime,omitempty"`
	Libraries map[string]string `json:"libraries,omitempty"`
	// Elapsed is the wall time of the peer process.
	Elapsed time.Duration `json:"elapsed,omitempty"`
	// Note says why the peer did not run (it is not installed), or how
	// its process ended when it did not finish: its cells are then CRASH
	// or HANG.
	Note string `json:"note,omitempty"`
}

// InteropPeerTiming is a peer library's own time to decode and to encode
// one message of a format and workload: the Go writers' messages it read,
// and its own encoding of the values it read.
type InteropPeerTiming struct {
	Peer     string `json:"peer"`
	Library  string `json:"library"`
	Format   string `json:"format"`
	Workload string `json:"workload"`
	// Writers is the number of Go codecs whose messages the peer read,
	// and Messages the number of messages timed.
	Writers  int `json:"writers"`
	Messages int `json:"messages"`
	// Decode and Encode are the medians, over the messages, of each
	// message's best time of Reps repetitions (after a warm-up).
	Decode time.Duration `json:"decode"`
	Encode time.Duration `json:"encode"`
	Reps   int           `json:"reps"`
	// Bytes is the mean size of the peer's own encoding.
	Bytes float64 `json:"bytes"`
}

// InteropMatrix is one format on one workload: its writers are the rows
// and its readers the columns, the same codecs in the same order.
type InteropMatrix struct {
	Format   string `json:"format"`
	Workload string `json:"workload"`
	// Codecs are the rows and the columns, in name order: the codecs of
	// the format that bind the workload and encode its values.
	Codecs []InteropCodec `json:"codecs"`
	// Left are the codecs of the format left out of the matrix, with why
	// (Note): they cannot bind the workload, or their worker died
	// encoding its values.
	Left []InteropCodec `json:"left,omitempty"`
	// Cells are the pairs, writer by writer (row-major): Cells[i*n+j] is
	// Codecs[i] written and Codecs[j] read, with n = len(Codecs).
	Cells []InteropCell `json:"cells"`
	// Notes are what the reader of the matrix should know beyond its
	// cells: a peer that is not installed, a peer that does not read the
	// workload in this format, what the peer→go pairs of one Go writer
	// and another Go reader gave.
	Notes []string `json:"notes,omitempty"`
}

// InteropCodec is one implementation of a format in a matrix: a Go codec,
// or another language's library (Peer).
type InteropCodec struct {
	// Name is the codec's registered name, Module its library's module.
	// For a peer library, Name is the peer and the library ("python
	// msgpack", "node @msgpack/msgpack") and Module the library's version
	// and runtime.
	Name   string `json:"name"`
	Module string `json:"module"`
	// Peer is the peer runtime ("python", "node") of another language's
	// library; empty for a Go codec.
	Peer string `json:"peer,omitempty"`
	// Losses are the kinds of loss the codec declares (codec.LossKind
	// values), sorted: a pair accepts the union of its writer's and its
	// reader's. A peer library's are the classes of its documented
	// mapping (peers/README.md, "Mappings"): a Python datetime's
	// microseconds are time-precision, never silently exact.
	Losses []string `json:"losses,omitempty"`
	// MessageBytes are the smallest and the largest of its messages.
	MessageBytes [2]int `json:"message_bytes,omitempty"`
	// Note says why the codec is not in the matrix (Left only), or why
	// its row is errors: it could not encode every value.
	Note string `json:"note,omitempty"`
}

// InteropStatus is the outcome of one writer × reader pair.
type InteropStatus string

// The statuses of a pair, worst first where a pair's values differ:
// crash and hang, then FAIL, panic, error, lossy and exact. n/a stands
// alone.
const (
	// InteropExact: every value came back exactly.
	InteropExact InteropStatus = "exact"
	// InteropLossy: every value came back, some with losses the writer
	// or the reader declares (the union of their declared losses).
	InteropLossy InteropStatus = "lossy"
	// InteropError: the reader returned an error for some values (or
	// the writer could not encode every value: the row's Note).
	InteropError InteropStatus = "error"
	// InteropPanic: the reader panicked on some values (recovered).
	InteropPanic InteropStatus = "panic"
	// InteropFail: some values came back silently changed in a way that
	// neither codec declares: another value, a missing field, or a loss
	// neither declares.
	InteropFail InteropStatus = "FAIL"
	// InteropNA: one side cannot bind the workload; Detail says why.
	InteropNA InteropStatus = "n/a"
	// InteropCrash and InteropHang: the worker process reading the
	// writer's messages died (a fatal error, a stack overflow, past its
	// memory limit) or gave no answer within the time limit, and was
	// killed; the reader's other cells go on in a new worker.
	InteropCrash InteropStatus = "crash"
	InteropHang  InteropStatus = "hang"
	// InteropInterrupted: the pair was not measured, the computation was
	// stopped first (Ctrl-C): its writer's encoding or its reader's
	// reading was not run. A matrix with such pairs is partial;
	// internal/interop returns it only with its context's error, and
	// serbench run stores it so, with the pairs it measured.
	InteropInterrupted InteropStatus = "interrupted"
)

// Symbol returns the short mark of s in tables: "ok", "~", "ERR", "P",
// "FAIL", "n/a", "CRASH", "HANG" or "?" (interrupted).
func (s InteropStatus) Symbol() string {
	switch s {
	case InteropExact:
		return "ok"
	case InteropLossy:
		return "~"
	case InteropError:
		return "ERR"
	case InteropPanic:
		return "P"
	case InteropFail:
		return "FAIL"
	case InteropNA:
		return "n/a"
	case InteropCrash:
		return "CRASH"
	case InteropHang:
		return "HANG"
	case InteropInterrupted:
		return "?"
	}
	return string(s)
}

// InteropPeerLegend explains the rows and columns of the peer libraries,
// one point a line; it is printed after InteropLegend when a matrix has
// them.
var InteropPeerLegend = []string{
	"a Go row × peer column (\"python msgpack\", \"node @msgpack/msgpack\"): go→peer, the peer library read what the row's Go codec wrote, checked against a JSON rendering of the values written",
	"a peer row × Go column: peer→go, the column's Go codec read the peer's re-encoding of that Go codec's own messages: the peer read what the column's codec wrote and wrote it again with its library (the peer row wrote something else for each column)",
	"a peer's declared losses are its library's documented mapping (a Python datetime's microseconds: time-precision): lossy, never exact",
	"peer × peer pairs are n/a: not measured",
}

// InteropLegend explains the symbols of InteropStatus.Symbol, one status a
// line.
var InteropLegend = []string{
	"ok     exact: every value the row's codec wrote, the column's codec read back exactly",
	"~      lossy: every value came back, with losses the writer or the reader declares (their declared losses together)",
	"FAIL   silently changed: some values came back different (another value, a missing field, or a loss neither codec declares)",
	"ERR    the reader returned an error for some values (or the writer could not encode them)",
	"P      the reader panicked on some values (recovered)",
	"n/a    one side cannot bind the workload",
	"CRASH  the worker process reading the messages died (HANG: gave no answer within the time limit) and was killed",
	"the diagonal is each codec's own round trip: the reference for its row",
}

// InteropInterruptedLegend explains the mark of InteropInterrupted: a line
// of the legend of matrices that have such pairs only.
const InteropInterruptedLegend = "?      not measured: interrupted (Ctrl-C) before the writer encoded or the reader read; the matrix is partial"

// Interrupted returns how many pairs of x were not measured
// (InteropInterrupted): 0 for complete matrices.
func (x *Interop) Interrupted() int { return x.Counts()[InteropInterrupted] }

// InteropCell is the outcome of one writer × reader pair on the values of
// the matrix's workload.
type InteropCell struct {
	Writer string        `json:"writer"`
	Reader string        `json:"reader"`
	Status InteropStatus `json:"status"`
	// Values is the number of messages read; the counts say what each
	// came back as.
	Values int `json:"values,omitempty"`
	Exact  int `json:"exact,omitempty"`
	Lossy  int `json:"lossy,omitempty"`
	Errors int `json:"errors,omitempty"`
	Panics int `json:"panics,omitempty"`
	Fails  int `json:"fails,omitempty"`
	// Classes are the classes (verify.Class values) of every difference
	// seen, declared or not, sorted.
	Classes []string `json:"classes,omitempty"`
	// Detail is the first error or panic message, why the cell is n/a,
	// or how the worker died.
	Detail string `json:"detail,omitempty"`
	// Example is the first difference no declared loss accepts.
	Example *InteropDiff `json:"example,omitempty"`
}

// InteropDiff is one difference between a value written and the value
// read back.
type InteropDiff struct {
	// Value is the value's position in the workload.
	Value int `json:"value"`
	// Path is the field, for example "Tags[\"city\"]"; Class its
	// verify.Class; Want and Got the values, formatted.
	Path  string `json:"path"`
	Class string `json:"class"`
	Want  string `json:"want"`
	Got   string `json:"got"`
}

// Cell returns the cell of writer and reader in m, or nil.
func (m *InteropMatrix) Cell(writer, reader string) *InteropCell {
	return find(m.Cells, func(c *InteropCell) bool { return c.Writer == writer && c.Reader == reader })
}

// HasPeers reports whether any matrix of x has a peer library.
func (x *Interop) HasPeers() bool {
	for _, m := range x.Matrices {
		for _, c := range m.Codecs {
			if c.Peer != "" {
				return true
			}
		}
	}
	return false
}

// Codec returns the codec named name among m's rows, or nil.
func (m *InteropMatrix) Codec(name string) *InteropCodec {
	return find(m.Codecs, func(c *InteropCodec) bool { return c.Name == name })
}

// Matrix returns the matrix of format on workload in x, or nil.
func (x *Interop) Matrix(format, workload string) *InteropMatrix {
	return find(x.Matrices, func(m *InteropMatrix) bool { return m.Format == format && m.Workload == workload })
}

// Counts returns how many cells of x have each status.
func (x *Interop) Counts() map[InteropStatus]int {
	n := map[InteropStatus]int{}
	for i := range x.Matrices {
		for s, k := range x.Matrices[i].Counts() {
			n[s] += k
		}
	}
	return n
}

// Counts returns how many cells of m have each status.
func (m *InteropMatrix) Counts() map[InteropStatus]int {
	n := map[InteropStatus]int{}
	for _, c := range m.Cells {
		n[c.Status]++
	}
	return n
}

// Declared returns the loss kinds among classes that writer or reader
// declares, and those neither declares, each in the order of classes.
func (m *InteropMatrix) Declared(writer, reader string, classes []string) (declared, not []string) {
	var losses []string
	for _, name := range []string{writer, reader} {
		if c := m.Codec(name); c != nil {
			losses = append(losses, c.Losses...)
		}
	}
	for _, cl := range classes {
		if slices.Contains(losses, cl) {
			declared = append(declared, cl)
		} else {
			not = append(not, cl)
		}
	}
	return declared, not
}
