package robust

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/workload"
)

// WorkerArg is the hidden first argument that makes the serbench binary (or
// a test binary that calls MaybeWorker) decode inputs for the matrix:
//
//	BINARY __serbench_robust CODEC WORKLOAD MESSAGES
//
// binds CODEC to WORKLOAD, encodes the workload's first MESSAGES values
// and says so (a JSON line {"ready":true,"messages":[...]}, or
// {"fatal":"..."}) on file descriptor 3, then reads inputs from file
// descriptor 4 (frames: a big-endian uint32 position, a big-endian uint32
// length, the bytes) and answers each with a JSON line on descriptor 3:
// the position and the outcome. It exits when descriptor 4 ends. Its
// standard output, which a codec may print on, is not used.
const WorkerArg = "__serbench_robust"

// MaxFrame is the largest input a worker reads: a larger declared length
// is a broken protocol, not an input.
const MaxFrame = 64 << 20

// answer is a worker's line on descriptor 3.
type answer struct {
	Ready    bool     `json:"ready,omitempty"`
	Messages [][]byte `json:"messages,omitempty"`
	Fatal    string   `json:"fatal,omitempty"`
	Pos      int      `json:"pos"`
	outcome
}

// Greeting says whether a worker's first answer says it is ready, with
// its messages, or why it cannot work (workerproc.Greeting).
func (a answer) Greeting() (ready bool, fatal string) {
	return a.Ready && len(a.Messages) > 0, a.Fatal
}

// writeFrame writes one input frame.
func writeFrame(w io.Writer, pos int, data []byte) error {
	var h [8]byte
	binary.BigEndian.PutUint32(h[:4], uint32(pos))
	binary.BigEndian.PutUint32(h[4:], uint32(len(data)))
	if _, err := w.Write(h[:]); err != nil {
		return err
	}
	_, err := w.Write(data)
	return err
}

// readFrame reads one input frame; io.EOF at a frame boundary means no
// more inputs.
func readFrame(r io.Reader) (pos int, data []byte, err error) {
	var h [8]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return 0, nil, fmt.Errorf("input frame header cut short: %w", err)
		}
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(h[4:])
	if n > MaxFrame {
		return 0, nil, fmt.Errorf("input frame of %d bytes, more than the %d a worker reads", n, MaxFrame)
	}
	// Read what comes rather than allocate what the header declares.
	data, err = io.ReadAll(io.LimitReader(r, int64(n)))
	if err != nil {
		return 0, nil, fmt.Errorf("input frame of %d bytes: %w", n, err)
	}
	if len(data) < int(n) {
		return 0, nil, fmt.Errorf("input frame of %d bytes cut short after %d: %w", n, len(data), io.ErrUnexpectedEOF)
	}
	return int(binary.BigEndian.Uint32(h[:4])), data, nil
}

// MaybeWorker makes the process a worker of the matrix when its first
// argument is WorkerArg: it decodes what it is sent and exits. Otherwise
// it returns at once. The serbench command calls it first thing; so do
// test binaries that call Compute without InProcess.
func MaybeWorker() { workerproc.MaybeServe(WorkerArg, worker) }

func worker(args []string) int {
	fail := func(format string, a ...any) int { return workerproc.Fail("robust", format, a...) }
	n, enc, r, err := workerproc.Open(args, "CODEC WORKLOAD MESSAGES", "messages", "inputs")
	if err != nil {
		return fail("%v", err)
	}
	c, ok := codec.Lookup(args[0])
	var w *workload.Workload
	if !ok {
		enc.Encode(answer{Fatal: fmt.Sprintf("no codec %q", args[0])})
		return 2
	}
	w, err = workload.Lookup(args[1])
	if err != nil {
		enc.Encode(answer{Fatal: err.Error()})
		return 2
	}
	msgs, note := messages(c, w, n)
	if note != "" {
		enc.Encode(answer{Fatal: note})
		return 2
	}
	if err := enc.Encode(answer{Ready: true, Messages: msgs}); err != nil {
		return fail("%v", err)
	}
	for {
		pos, data, err := readFrame(r)
		if err == io.EOF {
			return 0
		}
		if err != nil {
			return fail("%v", err)
		}
		if err := enc.Encode(answer{Pos: pos, outcome: decodeOne(c, w.Target(), data)}); err != nil {
			return fail("%v", err)
		}
	}
}

// workerConn is one running worker process and its pipes.
type workerConn = workerproc.Conn[answer]

// startWorker starts a worker for codec on workload and waits for it to
// say it is ready, with the messages it encoded (none when ctx is done:
// Greet).
func startWorker(ctx context.Context, codecName, workloadName string, opts Options) (*workerConn, [][]byte, error) {
	cfg := workerproc.MatrixConfig(opts.MemoryLimit, "exit status 0 without answering", opts.Command, codecName, workloadName, strconv.Itoa(opts.Messages))
	wc, a, err := workerproc.Greet[answer](ctx, cfg, opts.TimeLimit, short, "the worker answered without its messages")
	if err != nil {
		return nil, nil, err
	}
	return wc, a.Messages, nil
}

// death kills the worker, waits for it and says how it ended, in short.
func death(wc *workerConn, why string) string { return short(wc.Death(why)) }

// runWorkers decodes the inputs in worker processes: first, which
// encoded msgs, and one more after each input that crashed or hung its
// worker. It returns the position it stopped at (len(inputs) when it ran
// them all) and an error when a worker cannot be started, or a new one
// cannot decode msgs, from which the inputs were made, or ctx is done.
func runWorkers(ctx context.Context, first *workerConn, msgs [][]byte, codecName, workloadName string, inputs []Input, opts Options, record func(int, outcome), skip func(int) bool) (int, error) {
	pos := 0
	wc := first
	for pos < len(inputs) {
		for pos < len(inputs) && skip(pos) {
			pos++
		}
		if pos == len(inputs) {
			if wc != nil {
				closeWorker(wc, codecName, workloadName, opts.Warn)
			}
			break
		}
		var err error
		if wc == nil {
			var again [][]byte
			if wc, again, err = startWorker(ctx, codecName, workloadName, opts); err != nil {
				return pos, fmt.Errorf("worker for %s on %s: %w", codecName, workloadName, err)
			}
			if !slices.EqualFunc(again, msgs, bytes.Equal) {
				// The codec's encoding varies between processes (Go's map
				// order, say): the new worker must still read the first
				// one's messages, from which the inputs were made.
				if err := controls(ctx, wc, inputs[:len(msgs)], opts.TimeLimit); err != nil {
					death(wc, "")
					return pos, fmt.Errorf("worker for %s on %s: a new worker encodes other messages than the first one and %w; the row stops at input %d", codecName, workloadName, err, pos)
				}
			}
		}
		pos, err = feed(ctx, wc, inputs, pos, opts.TimeLimit, record, skip, func(wc *workerConn) {
			closeWorker(wc, codecName, workloadName, opts.Warn)
		})
		wc = nil
		if err != nil {
			return pos, err
		}
	}
	return pos, nil
}

// controls has wc decode the valid messages msgs and returns an error
// unless it accepts every one.
func controls(ctx context.Context, wc *workerConn, msgs []Input, limit time.Duration) error {
	var failed error
	_, err := feed(ctx, wc, msgs, 0, limit, func(pos int, o outcome) {
		if o.Out != outAccepted && failed == nil {
			failed = fmt.Errorf("does not decode %s: %s: %s", msgs[pos].Desc, o.Out, o.Detail)
		}
	}, func(int) bool { return false }, nil)
	return cmp.Or(err, failed)
}

// feed sends inputs to wc from pos on, one at a time, and records the
// answers. It returns the next position to run: len(inputs) when wc did
// them all (and has been closed), or the one after the input that crashed
// or hung it (and it has been killed). A worker that did them all is
// given to done, which closes it (closeWorker); with done nil it is kept
// running.
func feed(ctx context.Context, wc *workerConn, inputs []Input, pos int, limit time.Duration, record func(int, outcome), skip func(int) bool, done func(*workerConn)) (int, error) {
	for ; pos < len(inputs); pos++ {
		if skip(pos) {
			continue
		}
		a, how, died := wc.Ask(ctx, func(w io.Writer) error { return writeFrame(w, pos, inputs[pos].Data) }, limit)
		switch {
		case how == workerproc.Ended:
			record(pos, outcome{Out: outCrash, Detail: short(died)})
			return pos + 1, nil
		case how == workerproc.TimedOut:
			// Killed at once, not asked for its goroutines as the
			// fidelity and interoperability workers are
			// (Conn.QuitWhenHung): a hang here is a finding of a
			// fuzzed input, which the input itself reproduces.
			record(pos, outcome{Out: outHang, Detail: short(died)})
			return pos + 1, nil
		case how == workerproc.Interrupted:
			return pos, context.Cause(ctx)
		case a.Pos != pos || a.Ready || a.Fatal != "":
			// A worker that answers out of turn is broken: a serbench
			// bug, not the decoder's doing.
			death(wc, "")
			return pos, fmt.Errorf("the worker answered input %d with %+v", pos, a)
		}
		record(pos, a.outcome)
	}
	if done != nil {
		done(wc)
	}
	return pos, nil
}

// closeWorker ends a worker that decoded its inputs (Conn.Close) and,
// when it had to be killed for not exiting, tells warn, naming its codec
// and workload: its outcomes are kept.
func closeWorker(wc *workerConn, codecName, workloadName string, warn func(string)) {
	if text := wc.Close(); text != "" {
		warn(fmt.Sprintf("robust: the worker of %s on %s: %s (its outcomes are kept)", codecName, workloadName, short(text)))
	}
}
