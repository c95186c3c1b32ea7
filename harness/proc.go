package harness

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

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
	close()
}

// tail keeps the first and the last bytes written to it: a worker's
// output.
type tail struct {
	mu    sync.Mutex
	first []byte
	buf   []byte
	max   int
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := min(len(p), t.max-len(t.first)); n > 0 {
		t.first = append(t.first, p[:n]...)
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > t.max {
		b = b[len(b)-t.max:]
	}
	return strings.TrimSpace(string(b))
}

// head returns the first bytes written.
func (t *tail) head() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.first)
}

// crashLine returns the line of a Go crash report that says what went
// wrong ("panic: ...", "fatal error: ...", "runtime: ..."), or "".
func crashLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		for _, p := range []string{"panic: ", "fatal error: ", "runtime: "} {
			if strings.HasPrefix(l, p) {
				return l
			}
		}
	}
	return ""
}

// procWorker is a worker process.
type procWorker struct {
	cmd     *exec.Cmd
	reqW    *os.File
	resps   chan response
	output  *tail
	exited  chan struct{} // closed when the process has been waited for
	waitErr error
	// memKilled is set when the memory watchdog killed the process.
	mu        sync.Mutex
	memKilled bool
	dead      *failure
}

// procOptions configure worker processes.
type procOptions struct {
	command     []string
	memoryLimit int64 // bytes; 0: none
}

// maxStackEnv carries a worker's maximum goroutine stack size.
const maxStackEnv = "SERBENCH_WORKER_MAX_STACK"

// maxStack is the largest goroutine stack a worker allows: a quarter of
// its memory limit (Go's default is 1 GB), so that runaway recursion ends
// as the stack overflow it is, not as memory exhaustion.
func maxStack(memoryLimit int64) int64 {
	return min(memoryLimit/4, 1<<30)
}

// hardLimit is the resident size above which a worker is killed: the
// soft limit given to the Go runtime as GOMEMLIMIT, plus a quarter (at
// least 64 MiB) for what the runtime cannot return in time.
func hardLimit(soft int64) int64 {
	return soft + max(soft/4, 64<<20)
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
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	respR, respW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	cmd := exec.Command(o.command[0], o.command[1:]...)
	cmd.ExtraFiles = []*os.File{reqR, respW}
	out := &tail{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Env = os.Environ()
	if o.memoryLimit > 0 {
		cmd.Env = append(cmd.Env, "GOMEMLIMIT="+strconv.FormatInt(o.memoryLimit, 10),
			maxStackEnv+"="+strconv.FormatInt(maxStack(o.memoryLimit), 10))
	}
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		reqR.Close()
		reqW.Close()
		respR.Close()
		respW.Close()
		return nil, fmt.Errorf("start worker %s: %w", strings.Join(o.command, " "), err)
	}
	reqR.Close()
	respW.Close()
	w := &procWorker{cmd: cmd, reqW: reqW, resps: make(chan response), output: out, exited: make(chan struct{})}
	go func() {
		defer close(w.resps)
		defer respR.Close()
		dec := json.NewDecoder(bufio.NewReader(respR))
		for {
			var r response
			if err := dec.Decode(&r); err != nil {
				return
			}
			w.resps <- r
		}
	}()
	go func() {
		w.waitErr = cmd.Wait()
		close(w.exited)
	}()
	if o.memoryLimit > 0 {
		go w.watchMemory(hardLimit(o.memoryLimit))
	}
	var resp response
	if err := w.call(ctx, request{Op: "hello", Version: ProtocolVersion}, timeout, &resp); err != nil {
		w.close()
		return nil, fmt.Errorf("start worker for %s: %w", name, err)
	}
	return w, nil
}

// watchMemory kills the process when its resident size passes limit.
func (w *procWorker) watchMemory(limit int64) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-w.exited:
			return
		case <-t.C:
			rss, ok := residentBytes(w.cmd.Process.Pid)
			if ok && rss > limit {
				w.mu.Lock()
				w.memKilled = true
				w.mu.Unlock()
				w.cmd.Process.Kill()
				return
			}
		}
	}
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
	if _, err := w.reqW.Write(append(b, '\n')); err != nil {
		return w.died(result.CellCrash, "")
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case r, ok := <-w.resps:
		if !ok {
			return w.died(result.CellCrash, "")
		}
		*resp = r
		if r.Error != "" {
			return errors.New(r.Error)
		}
		return nil
	case <-t.C:
		return w.died(result.CellTimeout, fmt.Sprintf("%s ran past the timeout of %s; the worker was killed", req.Op, timeout))
	case <-ctx.Done():
		w.cmd.Process.Kill()
		return ctx.Err()
	}
}

// died kills the process if it still runs (it timed out, or closed its
// pipe but lingers), waits for it and describes its end as a *failure:
// status with why, unless the memory watchdog killed it or its output
// says it ran out of memory.
func (w *procWorker) died(status, why string) error {
	if w.dead != nil {
		return w.dead
	}
	w.cmd.Process.Kill()
	<-w.exited
	w.mu.Lock()
	mem := w.memKilled
	w.mu.Unlock()
	out := w.output.String()
	f := &failure{Status: status}
	switch {
	case mem:
		f.Status = result.CellMemory
		why = "the worker went past the memory limit and was killed"
	case why != "":
	case strings.Contains(out, "out of memory") || strings.Contains(out, "cannot allocate memory"):
		f.Status = result.CellMemory
		why = "the worker ran out of memory"
	default:
		why = "the worker died: " + exitText(w.waitErr)
	}
	if first := crashLine(w.output.head()); first != "" {
		why += ": " + first
	}
	if out != "" {
		why += "\nits last output:\n" + out
	}
	f.Msg = why
	w.dead = f
	return f
}

// exitText describes how a process ended.
func exitText(err error) string {
	if err == nil {
		return "exit status 0 without answering"
	}
	return err.Error()
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
	if r.Sample == nil {
		return result.Sample{}, errors.New("worker answered a sample request without a sample")
	}
	return *r.Sample, nil
}

// close asks a live worker to quit and waits a moment for it; a worker
// that does not go is killed. It never returns before the process ended.
func (w *procWorker) close() {
	if w.dead == nil {
		b, _ := json.Marshal(request{Op: "quit"})
		w.reqW.Write(append(b, '\n'))
	}
	w.reqW.Close()
	select {
	case <-w.exited:
	case <-time.After(5 * time.Second):
		w.cmd.Process.Kill()
		<-w.exited
	}
}

// localWorker sets the job up in the calling process (isolation none). A
// call that runs past the timeout is abandoned on its goroutine, which Go
// cannot stop; a crash ends the whole process. For debugging only.
type localWorker struct {
	h       handler
	abandon func(what string)
}

func (l *localWorker) timeoutFailure(err error) error {
	if errors.Is(err, ErrTimeout) {
		if l.abandon != nil {
			l.abandon(err.Error())
		}
		return &failure{Status: result.CellTimeout, Msg: err.Error() + "; its goroutine was abandoned and may still use CPU"}
	}
	return err
}

func (l *localWorker) setup(ctx context.Context, s Spec, timeout time.Duration) (v *result.Verification, cells []result.Cell, err error) {
	err = WithTimeout(ctx, timeout, "setup", func() (e error) { v, cells, e = l.h.setup(ctx, s); return })
	return v, cells, l.timeoutFailure(err)
}

func (l *localWorker) calibrate(ctx context.Context, unit int, target, timeout time.Duration) (n int, per time.Duration, err error) {
	err = WithTimeout(ctx, timeout, "calibrate", func() (e error) { n, per, e = l.h.calibrate(unit, target); return })
	return n, per, l.timeoutFailure(err)
}

func (l *localWorker) sample(ctx context.Context, unit, iters int, timeout time.Duration) (s result.Sample, err error) {
	err = WithTimeout(ctx, timeout, "sample", func() (e error) { s, e = l.h.sample(unit, iters); return })
	return s, l.timeoutFailure(err)
}

func (l *localWorker) close() { l.h.bound.close(); l.h.bound = nil }
