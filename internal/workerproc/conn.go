package workerproc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// Conn is a running worker that is asked on its file descriptor 4 and
// answers on its descriptor 3, each answer a JSON line of type A (the
// measuring engine's, the robustness and the interoperability matrices'
// workers). How it is asked (JSON lines, frames) and what its answers
// mean are the caller's.
type Conn[A any] struct {
	p       *Process
	in      *os.File // the requests, to the worker
	answers chan A   // closed when the worker's answers end
	// err is why the answers ended; set before answers is closed.
	err error
	// quit: Ask asks a worker that does not answer for its stacks
	// (QuitWhenHung).
	quit bool
}

// Dial starts a worker as cfg says, with the ends of two new pipes as its
// descriptors 3 (its answers) and 4 (its requests) in place of
// cfg.ExtraFiles, and decodes its answers as they come. Its error says
// "start worker".
func Dial[A any](cfg Config) (*Conn[A], error) {
	ar, aw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	ir, iw, err := os.Pipe()
	if err != nil {
		ar.Close()
		aw.Close()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	cfg.ExtraFiles = []*os.File{aw, ir}
	p, err := Start(cfg)
	if err != nil {
		ar.Close()
		iw.Close()
		return nil, err
	}
	c := &Conn[A]{p: p, in: iw, answers: make(chan A)}
	go func() {
		defer close(c.answers)
		defer ar.Close()
		c.err = ReadAnswers(ar, c.answers)
	}()
	return c, nil
}

// ReadAnswers decodes a worker's answers, JSON values one a line, from r
// and sends each on answers. It returns at the first thing that is not an
// answer, or at the end of r (io.EOF).
func ReadAnswers[A any](r io.Reader, answers chan<- A) error {
	dec := json.NewDecoder(bufio.NewReader(r))
	for {
		var a A
		if err := dec.Decode(&a); err != nil {
			return err
		}
		answers <- a
	}
}

// Process returns the worker's process.
func (c *Conn[A]) Process() *Process { return c.p }

// Err returns why the worker's answers ended, once Next said Ended: io.EOF
// (or io.ErrUnexpectedEOF) when its pipe closed, another error when it
// wrote what is not an answer.
func (c *Conn[A]) Err() error { return c.err }

// Greeting is the first answer of a worker that Greet starts (a matrix's
// worker): it says the worker is ready to be asked, or why it cannot work.
type Greeting interface {
	// Greeting says whether the worker is ready, and why it cannot work
	// ("" when it can).
	Greeting() (ready bool, fatal string)
}

// Greet dials a worker as Dial does and returns its first answer (where
// it says it is ready), waited for at most limit and at least 30 seconds
// (a worker's start). When the worker ends or does not answer in time, or
// ctx is done first, it kills the worker and returns an error: how the
// worker ended as short cuts it, or ctx's. When the answer says the
// worker cannot work, it ends it and the error is the answer's fatal
// text; when it says the worker is not ready, it kills it and the error
// is how it ended, with unready as the reason, as short cuts it. When ctx
// is done already it starts no worker and returns ctx's error.
func Greet[A Greeting](ctx context.Context, cfg Config, limit time.Duration, short func(string) string, unready string) (*Conn[A], A, error) {
	var zero A
	if err := context.Cause(ctx); err != nil {
		return nil, zero, err // interrupted: no worker is started
	}
	c, err := Dial[A](cfg)
	if err != nil {
		return nil, zero, err
	}
	wait := max(limit, 30*time.Second)
	a, how := c.Next(ctx, wait)
	switch how {
	case Ended:
		return nil, zero, errors.New(short(c.Death("")))
	case TimedOut:
		return nil, zero, errors.New(short(c.Death(fmt.Sprintf("the worker did not say it was ready within %s", wait))))
	case Interrupted:
		c.Death("interrupted")
		return nil, zero, context.Cause(ctx)
	}
	switch ready, fatal := a.Greeting(); {
	case fatal != "":
		c.Death("")
		return nil, zero, errors.New(fatal)
	case !ready:
		return nil, zero, errors.New(short(c.Death(unready)))
	}
	return c, a, nil
}

// Requests is where the worker's requests are written: its descriptor 4.
func (c *Conn[A]) Requests() io.Writer { return c.in }

// Wait is how Next ended.
type Wait int

// The ways Next ends.
const (
	// Answered: the worker answered.
	Answered Wait = iota
	// Ended: the worker's answers ended (it died, or exited) before it
	// answered.
	Ended
	// TimedOut: the worker did not answer within the limit.
	TimedOut
	// Interrupted: the context was done first.
	Interrupted
)

// Next waits for the worker's next answer, at most limit, or until ctx is
// done. The worker keeps running whatever the outcome: see Death.
func (c *Conn[A]) Next(ctx context.Context, limit time.Duration) (A, Wait) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var zero A
	select {
	case a, ok := <-c.answers:
		if !ok {
			return zero, Ended
		}
		return a, Answered
	case <-timer.C:
		return zero, TimedOut
	case <-ctx.Done():
		return zero, Interrupted
	}
}

// Ask sends the worker a request, which write writes to Requests, and
// waits for its answer as Next does, at most limit. When the worker does
// not answer (the write fails or its answers end: Ended; the limit
// passes: TimedOut) Ask ends it (Death) and returns how it ended as
// Death says: a hang's reason is "no answer within the time limit of
// LIMIT; the worker was killed", followed by its goroutines' stacks after
// QuitWhenHung. When ctx is done first (Interrupted) it
// ends it too and returns "". Only after Answered does the worker still
// run.
func (c *Conn[A]) Ask(ctx context.Context, write func(io.Writer) error, limit time.Duration) (A, Wait, string) {
	var zero A
	if err := write(c.in); err != nil {
		return zero, Ended, c.Death("")
	}
	a, how := c.Next(ctx, limit)
	switch how {
	case Ended:
		return zero, how, c.Death("")
	case TimedOut:
		why := fmt.Sprintf("no answer within the time limit of %s; the worker was killed", limit)
		if c.quit {
			return zero, how, c.hung(why)
		}
		return zero, how, c.Death(why)
	case Interrupted:
		c.Death("interrupted")
		return zero, how, ""
	}
	return a, how, ""
}

// QuitWhenHung makes Ask ask a worker that does not answer within its
// limit for its goroutines' stacks before it is killed (Process.Hung):
// Ask's text is then Death's line and, after it, their excerpt
// (WithStacks; CutStacks parts them), so that the hang says where it
// hung. Without it (the robustness matrix's workers, whose hangs are
// findings of fuzzed inputs) the worker is killed at once.
func (c *Conn[A]) QuitWhenHung() { c.quit = true }

// hung ends a worker that did not answer within its limit, asking it for
// its goroutines' stacks first (Process.Hung), and returns Death's text
// with their excerpt (WithStacks).
func (c *Conn[A]) hung(why string) string {
	c.in.Close()
	_, text, stacks := c.p.Hung(why)
	for range c.answers { // drain, so the reader ends
	}
	return WithStacks(text, stacks)
}

// Death closes the worker's requests, kills it, waits for it and says how
// it ended: Process.Death's text, with why the caller's reason.
func (c *Conn[A]) Death(why string) string {
	c.in.Close()
	_, text := c.p.Death(why)
	for range c.answers { // drain, so the reader ends
	}
	return text
}

// CloseWait is how long Close lets a worker take to exit after its
// requests end before it kills it.
const CloseWait = 5 * time.Second

// Close ends a worker that did its work: it closes its requests, on which
// the worker exits, and kills it when it has not within CloseWait. It
// returns "" when the worker exited by itself, else why it was killed
// and how it ended, as Death says ("it did not exit within 5s after its
// requests ended; it was killed", and its crash line if any): the caller
// warns of it, naming the worker's codec. The worker's answers are not
// affected: every answer it gave was received before its requests ended.
func (c *Conn[A]) Close() string {
	c.in.Close()
	text := c.p.ExitWithin(CloseWait, "after its requests ended")
	for range c.answers {
	}
	return text
}

// Pipes returns, in a worker that Dial started, its side of the pipes: an
// encoder of its answers (descriptor 3) and a reader of its requests
// (descriptor 4, named requests), after SetMaxStack. The error says that
// they are not its pipes: the worker was started by hand.
func Pipes(requests string) (*json.Encoder, *bufio.Reader, error) {
	out, in, err := Files(requests)
	if err != nil {
		return nil, nil, err
	}
	return json.NewEncoder(out), bufio.NewReader(in), nil
}

// Files returns, in a worker that Dial started, its side of the pipes as
// files: its answers (descriptor 3) and its requests (descriptor 4, named
// requests), after SetMaxStack. The error says that they are not its
// pipes (FD): the worker was started by hand.
func Files(requests string) (answers, in *os.File, err error) {
	answers, in = FD(3, "answers"), FD(4, requests)
	if answers == nil || in == nil {
		return nil, nil, errors.New("file descriptors 3 and 4 are not the pipes serbench gives its workers: a worker is started by serbench, not by hand")
	}
	SetMaxStack()
	return answers, in, nil
}

// FD returns descriptor fd as a file named name when it is a pipe or a
// socket, as the descriptors Dial gives a worker are, and nil otherwise.
// os.NewFile alone cannot tell a worker started by hand: on Unix it
// returns a file for any descriptor number, and on Linux the Go runtime
// itself may hold descriptors 3 and 4 (cgroup files it reads for
// GOMAXPROCS) when nothing else took them, so writes to them fail with
// "bad file descriptor". FD does not wrap a descriptor it rejects, so it
// never closes one that is not its own.
func FD(fd uintptr, name string) *os.File {
	if !isPipe(fd) {
		return nil
	}
	return os.NewFile(fd, name)
}

// Fail is a worker's complaint before or outside its answers: it writes
// "serbench NAME worker: " and the message to standard error (Death names
// that line in how the worker ended) and returns the worker's exit
// status, 2.
func Fail(name, format string, a ...any) int {
	fmt.Fprintf(os.Stderr, "serbench "+name+" worker: "+format+"\n", a...)
	return 2
}
