package harness

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
)

// failure is the end of a worker: it crashed, ran past the timeout and
// was killed, or went past the memory limit. Status is the cell status
// (result.CellCrash, CellTimeout or CellMemory) and Msg says what
// happened, with the tail of the worker's output.
type failure struct {
	Status string
	Msg    string
}

func (f *failure) Error() string { return f.Status + ": " + f.Msg }

// asFailure returns err's *failure, or nil when err is an ordinary error
// of the measured code (the worker lives on).
func asFailure(err error) *failure {
	var f *failure
	if errors.As(err, &f) {
		return f
	}
	return nil
}

// worker is the coordinator's handle on one job's measuring process (or,
// with isolation none, on the job set up in the coordinator itself).
type worker interface {
	setup(ctx context.Context, s Spec, timeout time.Duration) (*result.Verification, []result.Cell, error)
	calibrate(ctx context.Context, unit int, target, timeout time.Duration) (int, time.Duration, error)
	sample(ctx context.Context, unit, iters int, timeout time.Duration) (result.Sample, error)
	// close ends the worker: politely when it is well, by force when not.
	// It returns how a worker that did not go when asked was ended, ""
	// when it went (or was dead already).
	close() string
}

// procWorker is a worker process.
type procWorker struct {
	conn *workerproc.Conn[response]
	proc *workerproc.Process // conn's
	dead *failure
}

// procOptions configure worker processes.
type procOptions struct {
	command     []string
	memoryLimit int64 // bytes; 0: none
	// tmpDir, when set, is the workers' TMPDIR: the run's own directory,
	// removed when the run ends, so that the temporary files of a worker
	// that is killed (a floats strategy's file) go with it.
	tmpDir string
}

// startWorker starts a worker process and greets it.
func startWorker(ctx context.Context, o procOptions, name string, timeout time.Duration) (*procWorker, error) {
	if len(o.command) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("start worker: find serbench's own binary: %w", err)
		}
		o.command = []string{exe, WorkerArg}
	}
	var env []string
	if o.tmpDir != "" {
		env = []string{"TMPDIR=" + o.tmpDir}
	}
	conn, err := workerproc.Dial[response](workerproc.Config{
		Command:       o.command,
		Env:           env,
		MemoryLimit:   o.memoryLimit,
		CleanExitText: "exit status 0 without answering",
	})
	if err != nil {
		return nil, err
	}
	w := &procWorker{conn: conn, proc: conn.Process()}
	var resp response
	if err := w.call(ctx, request{Op: "hello", Version: ProtocolVersion}, timeout, &resp); err != nil {
		w.close()
		return nil, fmt.Errorf("start worker for %s: %w", name, err)
	}
	return w, nil
}

// call sends req and waits for its response, at most timeout. A worker
// that dies, or does not answer in time (it is then killed), gives a
// *failure; an error the worker reports gives an ordinary error.
func (w *procWorker) call(ctx context.Context, req request, timeout time.Duration, resp *response) error {
	if w.dead != nil {
		return w.dead
	}
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := w.conn.Requests().Write(append(b, '\n')); err != nil {
		return w.died(result.CellCrash, "")
	}
	r, how := w.conn.Next(ctx, timeout)
	switch how {
	case workerproc.Ended:
		why := ""
		if err := w.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			// Not a death: the worker wrote what is not a response.
			why = "malformed response from the worker: " + err.Error()
		}
		return w.died(result.CellCrash, why)
	case workerproc.Answered:
		*resp = r
		if r.Error != "" {
			return errors.New(r.Error)
		}
		if err := checkResponse(req, &r); err != nil {
			return w.died(result.CellCrash, "malformed response from the worker: "+err.Error())
		}
		return nil
	case workerproc.TimedOut:
		// Its goroutines, asked for before it is killed, say where it
		// hung.
		return w.ended(result.CellTimeout, fmt.Sprintf("%s ran past the timeout of %s; the worker was killed", req.Op, timeout), true)
	default: // workerproc.Interrupted
		w.proc.Kill()
		return context.Cause(ctx)
	}
}

// died kills the process if it still runs (it timed out, or closed its
// pipe but lingers), waits for it and describes its end as a *failure:
// status with why, unless the memory watchdog killed it or its output
// says it ran out of memory, and the tail of its output.
func (w *procWorker) died(status, why string) error { return w.ended(status, why, false) }

// ended is died; with quit, it first asks the worker for its goroutines'
// stacks (workerproc.Process.Quit, workerproc.QuitWait at most, as the
// matrices' workers are asked), which the failure gives whole, up to
// workerproc.StacksKept, after the worker's last output before it was
// asked: a timing worker's hang is serbench's to look into, not a
// finding (the matrices keep an excerpt, workerproc.Excerpt).
func (w *procWorker) ended(status, why string, quit bool) error {
	if w.dead != nil {
		return w.dead
	}
	var out, stacks string
	if quit {
		out, stacks = w.proc.Quit(workerproc.QuitWait)
	}
	mem, msg := w.proc.Death(why)
	if stacks == "" {
		out = w.proc.Output()
	}
	f := &failure{Status: status, Msg: msg}
	if mem {
		f.Status = result.CellMemory
	}
	if out != "" {
		f.Msg += "\nits last output:\n" + out
	}
	if stacks != "" {
		f.Msg += "\n" + workerproc.StacksHeading + "\n" + stacks
	}
	w.dead = f
	return f
}

func (w *procWorker) setup(ctx context.Context, s Spec, timeout time.Duration) (*result.Verification, []result.Cell, error) {
	var r response
	if err := w.call(ctx, request{Op: "setup", Spec: &s}, timeout, &r); err != nil {
		return nil, nil, err
	}
	return r.Verification, r.Cells, nil
}

func (w *procWorker) calibrate(ctx context.Context, unit int, target, timeout time.Duration) (int, time.Duration, error) {
	var r response
	if err := w.call(ctx, request{Op: "calibrate", Unit: unit, Target: target}, timeout, &r); err != nil {
		return 0, 0, err
	}
	return r.Iters, r.PerSample, nil
}

func (w *procWorker) sample(ctx context.Context, unit, iters int, timeout time.Duration) (result.Sample, error) {
	var r response
	if err := w.call(ctx, request{Op: "sample", Unit: unit, Iters: iters}, timeout, &r); err != nil {
		return result.Sample{}, err
	}
	return *r.Sample, nil // checkResponse saw it is there
}

// checkResponse returns an error when r, the worker's answer without an
// error to req, lacks what req asks for or holds what no worker measures:
// another protocol version, a cell without a name or goroutines, an
// iteration count below 1, negative times, sizes or counts.
func checkResponse(req request, r *response) error {
	switch req.Op {
	case "hello":
		if r.Version != ProtocolVersion {
			return fmt.Errorf("hello answered with protocol version %d, want %d", r.Version, ProtocolVersion)
		}
	case "setup":
		for i, c := range r.Cells {
			if c.Workload == "" || c.Codec == "" || c.Op == "" || c.Goroutines < 1 || !(c.MeanSize >= 0) || math.IsInf(c.MeanSize, 0) {
				return fmt.Errorf("setup answered with cell %d %q/%q %q, %d goroutines, mean size %v", i, c.Workload, c.Codec, c.Op, c.Goroutines, c.MeanSize)
			}
		}
	case "calibrate":
		if r.Iters < 1 || r.PerSample < 0 {
			return fmt.Errorf("calibrate answered with %d iterations of %s", r.Iters, r.PerSample)
		}
	case "sample":
		s := r.Sample
		if s == nil {
			return errors.New("sample answered without a sample")
		}
		finite := func(v float64) bool { return v >= 0 && !math.IsInf(v, 0) }
		if s.Iters < 1 || !finite(s.NsPerOp) || !finite(s.BytesPerOp) || !finite(s.AllocsPerOp) || s.GCCycles < 0 || s.GCCPU < 0 {
			return fmt.Errorf("sample answered with %+v", *s)
		}
	}
	return nil
}

// close asks a live worker to quit and waits a moment for it; a worker
// that does not go is killed. It never returns before the process ended.
func (w *procWorker) close() string {
	if w.dead == nil {
		b, _ := json.Marshal(request{Op: "quit"})
		w.conn.Requests().Write(append(b, '\n'))
	}
	return w.conn.Close()
}

// localWorker sets the job up in the calling process (isolation none). A
// call that runs past the timeout is abandoned on its goroutine, which Go
// cannot stop; a crash ends the whole process. For debugging only.
//
// The abandoned goroutine keeps the handler it was called on: the worker
// moves on to a fresh one, so nothing it does later (setting up a job,
// closing one) touches the state of the calls that follow.
type localWorker struct {
	h       *handler
	abandon func(what string)
}

// handler returns the worker's current handler.
func (l *localWorker) handler() *handler {
	if l.h == nil {
		l.h = &handler{}
	}
	return l.h
}

// timeoutFailure turns a timeout into the cell's failure and leaves the
// handler h to the goroutine that ran past it.
func (l *localWorker) timeoutFailure(h *handler, err error) error {
	if errors.Is(err, ErrTimeout) {
		if l.h == h {
			l.h = &handler{}
		}
		if l.abandon != nil {
			l.abandon(err.Error())
		}
		return &failure{Status: result.CellTimeout, Msg: err.Error() + "; its goroutine was abandoned and may still use CPU"}
	}
	return err
}

func (l *localWorker) setup(ctx context.Context, s Spec, timeout time.Duration) (v *result.Verification, cells []result.Cell, err error) {
	h := l.handler()
	err = WithTimeout(ctx, timeout, "setup", func() (e error) { v, cells, e = h.setup(ctx, s); return })
	return v, cells, l.timeoutFailure(h, err)
}

func (l *localWorker) calibrate(ctx context.Context, unit int, target, timeout time.Duration) (n int, per time.Duration, err error) {
	h := l.handler()
	err = WithTimeout(ctx, timeout, "calibrate", func() (e error) { n, per, e = h.calibrate(unit, target); return })
	return n, per, l.timeoutFailure(h, err)
}

func (l *localWorker) sample(ctx context.Context, unit, iters int, timeout time.Duration) (s result.Sample, err error) {
	h := l.handler()
	err = WithTimeout(ctx, timeout, "sample", func() (e error) { s, e = h.sample(unit, iters); return })
	return s, l.timeoutFailure(h, err)
}

func (l *localWorker) close() string {
	h := l.handler()
	h.bound.close()
	h.bound = nil
	return ""
}
