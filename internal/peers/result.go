package peers

import (
	"time"

	"github.com/serbench/serbench/result"
)

// Status is the outcome of a cell: the worst outcome of its messages. It
// is result.InteropStatus, so that a cell joins the Go interop matrix one
// to one.
type Status = result.InteropStatus

// The statuses, best first. A cell takes the worst status of its
// messages, in this order: FAIL (a silent change) is worse than error.
const (
	// StatusExact: every message came back exactly.
	StatusExact = result.InteropExact
	// StatusLossy: every message came back, some with differences that
	// are accepted: a loss the Go codecs declare (codec.Loss) or the
	// peer library's documented mapping (Library.Mapping,
	// peers/README.md). Classes says which.
	StatusLossy = result.InteropLossy
	// StatusError: the reader returned an error for some messages, or
	// the peer could not re-encode them.
	StatusError = result.InteropError
	// StatusPanic: the Go reader panicked on some messages (peer→go).
	StatusPanic = result.InteropPanic
	// StatusFail: some messages came back silently changed in a way that
	// nothing declares. Fail holds the first.
	StatusFail = result.InteropFail
	// StatusNone: the cell has no messages (the peer skipped the case, or
	// every message failed before reaching it).
	StatusNone = result.InteropNA
	// StatusCrash and StatusHang: the process reading the messages died
	// or gave no answer in time: the Go reader's worker (peer→go), or the
	// peer process (its every cell).
	StatusCrash = result.InteropCrash
	StatusHang  = result.InteropHang
	// StatusInterrupted: not measured, the context was done first
	// (Ctrl-C): the peer process was not run or was stopped, or the Go
	// reader did not read the peer's messages (as interop.Interrupted, a
	// Go pair not measured). Only in a Result returned with ctx's error.
	StatusInterrupted = result.InteropInterrupted
)

// rank orders the statuses of a cell's messages, worst last.
func rank(s Status) int {
	switch s {
	case StatusExact:
		return 1
	case StatusLossy:
		return 2
	case StatusError:
		return 3
	case StatusPanic:
		return 4
	case StatusFail:
		return 5
	case StatusCrash, StatusHang:
		return 6
	}
	return 0
}

// Direction says which side wrote the messages of a cell and which read
// them.
type Direction string

// The directions.
const (
	// GoToPeer: a Go codec wrote the messages and the peer library read
	// them, checking each against the JSON rendering of the original.
	GoToPeer Direction = "go→peer"
	// PeerToGo: the peer library wrote the messages (its re-encoding of
	// what it read from a Go writer) and a Go codec read them, checked
	// with verify.Compare against the original values.
	PeerToGo Direction = "peer→go"
)

// Outcome is what happened to the messages of one cell.
type Outcome struct {
	Status Status `json:"status"`
	// Messages is how many messages the cell has; Exact, Lossy, Errors
	// and Fails count them by outcome.
	Messages int `json:"messages"`
	Exact    int `json:"exact"`
	Lossy    int `json:"lossy"`
	Errors   int `json:"errors"`
	Panics   int `json:"panics,omitempty"`
	Fails    int `json:"fails"`
	// Classes are the difference classes seen, sorted: in the peer→go
	// direction the verify classes (time-precision, time-zone,
	// nil-empty, ...) of every difference, accepted or not, as the Go
	// matrix's cells have them; in the go→peer direction the classes the
	// peer accepted (its mapping's and the Go writer's losses).
	Classes []string `json:"classes,omitempty"`
	// Fail is the first silent difference: message index, path, the
	// original and the decoded value, and its class.
	Fail *Difference `json:"fail,omitempty"`
	// Error is the first error or panic, prefixed with the message
	// index, or how the reading process died: a Go reader's worker that
	// hung has its goroutines after that line (interop.Read,
	// workerproc.WithStacks), which the matrix's JSON keeps and its
	// tables and notes do not show.
	Error string `json:"error,omitempty"`
}

// Difference is one difference found in one message.
type Difference struct {
	Message int    `json:"message"`
	Path    string `json:"path"`
	Class   string `json:"class,omitempty"`
	Want    string `json:"want"`
	Got     string `json:"got"`
}

// Cell is the outcome of one direction between one peer library and one
// Go codec on one format and workload.
type Cell struct {
	// Peer is the peer runtime ("python", "node") and Library its library
	// for the format ("msgpack", "@msgpack/msgpack", ...).
	Peer    string `json:"peer"`
	Library string `json:"library"`
	Format  string `json:"format"`
	// Workload is the workload, for example "person".
	Workload  string    `json:"workload"`
	Direction Direction `json:"direction"`
	// Writer is the Go codec that wrote the original messages. In the
	// go→peer direction the peer read them; in the peer→go direction the
	// peer read them and wrote them again, and Reader read that.
	Writer string `json:"writer"`
	// Reader is the Go codec that read the peer's messages (peer→go
	// only; empty for go→peer).
	Reader string `json:"reader,omitempty"`
	// Accepted are the loss kinds accepted in this cell: the Go codecs'
	// declared losses (writer's and reader's) and the peer library's
	// documented mapping, sorted.
	Accepted []string `json:"accepted,omitempty"`
	Outcome
}

// Timing is a peer library's own time to decode and to encode one
// message of a format and workload, measured inside the peer process: it
// is another runtime's number, not comparable to serbench's Go timings
// except as an order of magnitude (peers/README.md, "Timings"). It is the
// record that Join adds to the interop matrices.
type Timing = result.InteropPeerTiming

// PeerInfo describes one peer process as it reported itself.
type PeerInfo struct {
	// Name is "python" or "node".
	Name string `json:"name"`
	// Runtime is the interpreter and its version ("CPython 3.11.7").
	Runtime string `json:"runtime"`
	// Libraries are the versions of its libraries, by package name.
	Libraries map[string]string `json:"libraries"`
	// Elapsed is the wall time of the peer process.
	Elapsed time.Duration `json:"elapsed_ns"`
	// Failed says how the peer process ended when it gave no result
	// (Status crash or hang): none of its cells were measured.
	Failed string `json:"failed,omitempty"`
	Status Status `json:"status,omitempty"`
}

// Skip is a case left out, with why.
type Skip struct {
	Peer     string `json:"peer,omitempty"`
	Format   string `json:"format"`
	Workload string `json:"workload"`
	Codec    string `json:"codec,omitempty"`
	Why      string `json:"why"`
}

// Result is the cross-language outcome of a Run: for each format and
// workload, each peer library and each Go codec of the format, whether
// the peer reads what the Go codec wrote (go→peer cells, one per writer)
// and whether each Go codec reads what the peer wrote back (peer→go
// cells, one per writer and reader), plus the peers' own timings.
//
// Join adds it to the Go interop matrix (result.Interop): a peer library
// is one more row (its re-encodings, read by every Go codec: the peer→go
// cells) and one more column (reading every Go codec's messages: the
// go→peer cells) of its format's matrix; Status uses the same words.
type Result struct {
	// Values is the number of values of each workload each Go codec
	// encoded.
	Values int `json:"values"`
	// Peers are the peer processes that ran.
	Peers []PeerInfo `json:"peers"`
	// Cells are every cell, in format, workload, peer, direction, writer
	// and reader order.
	Cells []Cell `json:"cells"`
	// Timings are the peers' own decode and encode times per message:
	// another runtime's, labelled as such wherever they are printed.
	Timings []Timing `json:"timings"`
	// Skipped are the cases left out, with why.
	Skipped []Skip `json:"skipped,omitempty"`
}

// Cell returns the cell of the given coordinates, or nil. reader is ""
// for go→peer cells.
func (r *Result) Cell(format, workload, peer string, dir Direction, writer, reader string) *Cell {
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Format == format && c.Workload == workload && c.Peer == peer && c.Direction == dir &&
			c.Writer == writer && c.Reader == reader {
			return c
		}
	}
	return nil
}
