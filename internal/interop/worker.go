package interop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// WorkerArg is the hidden first argument that makes the serbench binary (or
// a test binary that calls MaybeWorker) a worker of the matrix:
//
//	BINARY __serbench_interop WORKLOAD VALUES
//
// says it is ready (a JSON line {"ready":true}, or {"fatal":"..."}) on
// file descriptor 3, then reads requests from file descriptor 4, one JSON
// line each, and answers each with a JSON line on descriptor 3:
// {"op":"encode","codec":C} has codec C encode the first VALUES values of
// WORKLOAD (answer: {"written":{...}}), and
// {"op":"read","writer":W,"codec":C,"messages":[...]} has codec C read the
// messages codec W wrote and compare what it reads with the values (answer:
// {"cell":{...}}). It exits when descriptor 4 ends. Its standard output,
// which a codec may print on, is not used.
const WorkerArg = "__serbench_interop"

// request is one job of a worker.
type request struct {
	Op       string   `json:"op"` // "encode" or "read"
	Codec    string   `json:"codec"`
	Writer   string   `json:"writer,omitempty"`
	Messages [][]byte `json:"messages,omitempty"`
	// Index are the workload values of the messages (Reading.Index), and
	// Accept the losses accepted beyond the codecs' (Reading.Accept).
	Index  []int        `json:"index,omitempty"`
	Accept []codec.Loss `json:"accept,omitempty"`
}

// answer is a worker's line on descriptor 3.
type answer struct {
	Ready   bool                `json:"ready,omitempty"`
	Fatal   string              `json:"fatal,omitempty"`
	Written *written            `json:"written,omitempty"`
	Cell    *result.InteropCell `json:"cell,omitempty"`
}

// Greeting says whether a worker's first answer says it is ready, or
// why it cannot work (workerproc.Greeting).
func (a answer) Greeting() (ready bool, fatal string) { return a.Ready, a.Fatal }

// MaybeWorker makes the process a worker of the matrix when its first
// argument is WorkerArg: it does what it is asked and exits. Otherwise it
// returns at once. The serbench command calls it first thing; so do test
// binaries that call Compute without InProcess.
func MaybeWorker() { workerproc.MaybeServe(WorkerArg, worker) }

func worker(args []string) int {
	fail := func(format string, a ...any) int { return workerproc.Fail("interop", format, a...) }
	n, enc, in, err := workerproc.Open(args, "WORKLOAD VALUES", "values", "requests")
	if err != nil {
		return fail("%v", err)
	}
	w, err := workload.Lookup(args[0])
	if err != nil {
		enc.Encode(answer{Fatal: err.Error()})
		return 2
	}
	if err := enc.Encode(answer{Ready: true}); err != nil {
		return fail("%v", err)
	}
	dec := json.NewDecoder(in)
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return 0
			}
			return fail("read a request: %v", err)
		}
		a, err := serve(req, w, n)
		if err != nil {
			enc.Encode(answer{Fatal: err.Error()})
			return 2
		}
		if err := enc.Encode(a); err != nil {
			return fail("%v", err)
		}
	}
}

// serve does one request in the calling process.
func serve(req request, w *workload.Workload, n int) (answer, error) {
	c, ok := codec.Lookup(req.Codec)
	if !ok {
		return answer{}, fmt.Errorf("no codec %q", req.Codec)
	}
	switch req.Op {
	case "encode":
		x := encode(c, w, n)
		return answer{Written: &x}, nil
	case "read":
		cell := read(req.Writer, c, w, req.Messages, req.Index, req.Accept)
		return answer{Cell: &cell}, nil
	}
	return answer{}, fmt.Errorf("unknown request %q", req.Op)
}

// reply is the outcome of one request: the worker's answer, or how the
// worker died doing it (Status crash or hang, and the text).
type reply struct {
	answer
	Died   result.InteropStatus
	Detail string
}

// cell returns the cell of a read request's reply: the worker's, or, when
// the worker died reading, a cell of writer and reader that says how.
func (rp reply) cell(writer, reader string) result.InteropCell {
	if rp.Died != "" {
		return result.InteropCell{Writer: writer, Reader: reader, Status: rp.Died, Detail: rp.Detail}
	}
	return *rp.Cell
}

// conn is one running worker process and its pipes.
type conn = workerproc.Conn[answer]

// start starts a worker for workload w and waits for it to say it is
// ready (none when ctx is done: Greet).
func start(ctx context.Context, w string, opts Options) (*conn, error) {
	cfg := workerproc.MatrixConfig(opts.MemoryLimit, "exit status 0 without answering", opts.Command, w, strconv.Itoa(opts.Values))
	c, _, err := workerproc.Greet[answer](ctx, cfg, opts.TimeLimit, short, "the worker answered before it was ready")
	return c, err
}

// closeWorker ends a worker that did its requests (Conn.Close) and, when
// it had to be killed for not exiting, tells warn, naming the codecs it
// ran on workload w: their answers are kept.
func closeWorker(c *conn, w string, codecs []string, warn func(string)) {
	if text := c.Close(); text != "" {
		warn(fmt.Sprintf("interop: the worker of %s on %s: %s (its cells are kept)", strings.Join(codecs, ", "), w, short(text)))
	}
}

// death kills the worker, waits for it and says how it ended, in short.
func death(c *conn, why string) string { return short(c.Death(why)) }

// run does reqs in order, on workload w: in this process with
// opts.InProcess, else in worker processes, one after another: a worker
// that dies or hangs doing a request is killed, the request's reply says
// so, and the next request goes to a new worker. A worker that hangs is
// first asked for its goroutines (Conn.QuitWhenHung), which follow the
// line of the reply's detail (workerproc.WithStacks). It
// returns an error when a worker cannot be started, or ctx is done, with
// the replies so far.
func run(ctx context.Context, w *workload.Workload, reqs []request, opts Options) ([]reply, error) {
	out := make([]reply, 0, len(reqs))
	if opts.InProcess {
		for _, req := range reqs {
			if err := context.Cause(ctx); err != nil {
				return out, err
			}
			a, err := serve(req, w, opts.Values)
			if err != nil {
				return out, err
			}
			out = append(out, reply{answer: a})
		}
		return out, nil
	}
	var c *conn
	var served []string // the codecs c was asked to run
	defer func() {
		if c != nil {
			closeWorker(c, w.Name, served, opts.Warn)
		}
	}()
	for _, req := range reqs {
		if c == nil {
			var err error
			if c, err = start(ctx, w.Name, opts); err != nil {
				return out, fmt.Errorf("worker on %s: %w", w.Name, err)
			}
			c.QuitWhenHung()
			served = nil
		}
		if !slices.Contains(served, req.Codec) {
			served = append(served, req.Codec)
		}
		a, how, died := c.Ask(ctx, func(to io.Writer) error { return json.NewEncoder(to).Encode(req) }, opts.TimeLimit)
		switch {
		case how == workerproc.Ended:
			out = append(out, reply{Died: result.InteropCrash, Detail: short(died)})
			c = nil
		case how == workerproc.TimedOut:
			// Its goroutines (QuitWhenHung) say where it hung, after
			// the line that tables show.
			line, stacks := workerproc.CutStacks(died)
			out = append(out, reply{Died: result.InteropHang, Detail: workerproc.WithStacks(short(line), stacks)})
			c = nil
		case how == workerproc.Interrupted:
			c = nil
			return out, context.Cause(ctx)
		case a.Fatal != "" || a.Ready || (a.Written == nil && a.Cell == nil):
			// A worker that answers out of turn is broken: serbench's
			// bug, not a codec's.
			death(c, "")
			c = nil
			got, _ := json.Marshal(a) // what the worker wrote, not Go's pointers
			return out, fmt.Errorf("worker on %s: it answered %s of %s with %s", w.Name, req.Op, req.Codec, got)
		default:
			out = append(out, reply{answer: a})
		}
	}
	return out, nil
}
