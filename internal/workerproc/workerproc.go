// Package workerproc starts serbench's worker processes (the measuring
// engine's, in package harness, and the fidelity, robustness and
// interoperability matrices') and watches them: it puts each in a process
// group of its own that dies with serbench (on Linux), gives it a memory
// limit (GOMEMLIMIT, a maximum goroutine stack, and a watchdog that kills
// it when its resident size passes the limit by a margin), keeps the first
// and the last bytes of its output, waits for it, and says how it died
// when it did not finish its work.
//
// It also holds what the matrices' workers share: their command line
// (Command) and configuration (MatrixConfig), the defaults of their
// limits (Defaults), the pipes of a worker that is asked and answers (Dial,
// Greet, Conn) and a worker's side of them (Open, Pipes, Files, Args,
// Fail, MaybeServe). What a worker is asked and what its answers mean is
// the caller's business.
package workerproc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// MaxStackEnv is the environment variable that carries a worker's maximum
// goroutine stack size in bytes; SetMaxStack applies it in the worker.
const MaxStackEnv = "SERBENCH_WORKER_MAX_STACK"

// keep is how many bytes of a worker's output are kept at each end.
const keep = 4096

// outputDelay is how long a worker's output may stay open after it
// exited: a process it started (a codec's helper, say) that keeps its
// standard output or error open would otherwise keep Wait, and so
// Exited, Death and Close, waiting for as long as it lives.
const outputDelay = 2 * time.Second

// watchEvery is how often the watchdog reads a worker's resident size.
const watchEvery = 50 * time.Millisecond

// Config says how to start a worker process.
type Config struct {
	// Command is the worker's command line: the program and its
	// arguments. It must not be empty.
	Command []string
	// Env is added to the worker's environment, after os.Environ().
	Env []string
	// ExtraFiles are the worker's file descriptors 3, 4, ...: the
	// worker's ends of the caller's pipes. Start closes them in the
	// calling process once the worker has them, or when it fails.
	ExtraFiles []*os.File
	// MemoryLimit is the worker's memory limit in bytes; 0 or less means
	// none. It
	// is the worker's GOMEMLIMIT; a quarter of it (at most 1 GiB) is its
	// maximum goroutine stack (in MaxStackEnv), so that runaway recursion
	// ends as the stack overflow it is; and the worker is killed when its
	// resident size passes it by a quarter (at least 64 MiB), the part
	// the Go runtime may fail to return in time.
	MemoryLimit int64
	// MemoryKilledText is Death's text for a worker that the watchdog
	// killed; "" means "the worker went past the memory limit and was
	// killed".
	MemoryKilledText string
	// CleanExitText is how Death describes a worker that exited with
	// status 0 (without finishing its work); "" means "exit status 0".
	CleanExitText string
}

// Process is a running (or ended) worker process.
type Process struct {
	cfg     Config
	cmd     *exec.Cmd
	out     *tail
	exited  chan struct{} // closed when the process has been waited for
	waitErr error         // cmd.Wait's, set before exited is closed
	watched chan struct{} // closed when the watchdog has stopped
	// memKilled is set when the watchdog killed the process.
	memKilled atomic.Bool
}

// Start starts a worker process as cfg says: its standard output and
// error go to the kept output (Output and Death), a goroutine waits for
// it (Exited), and with a memory limit a watchdog kills it when its
// resident size passes the limit by the margin (Linux only: elsewhere
// GOMEMLIMIT alone bounds it). Start's error says "start worker" and the
// command line.
func Start(cfg Config) (*Process, error) {
	defer func() {
		for _, f := range cfg.ExtraFiles {
			f.Close()
		}
	}()
	if len(cfg.Command) == 0 {
		return nil, errors.New("start worker: no command")
	}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.ExtraFiles = cfg.ExtraFiles
	out := &tail{max: keep}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Env = append(os.Environ(), cfg.Env...)
	if cfg.MemoryLimit > 0 {
		cmd.Env = append(cmd.Env, "GOMEMLIMIT="+strconv.FormatInt(cfg.MemoryLimit, 10),
			MaxStackEnv+"="+strconv.FormatInt(maxStack(cfg.MemoryLimit), 10))
	}
	cmd.SysProcAttr = sysProcAttr()
	cmd.WaitDelay = outputDelay
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start worker %s: %w", strings.Join(cfg.Command, " "), err)
	}
	p := &Process{cfg: cfg, cmd: cmd, out: out, exited: make(chan struct{}), watched: make(chan struct{})}
	go func() {
		p.waitErr = cmd.Wait()
		// What the worker left running in its process group (Linux)
		// would hold its pipes open, the answers of a Conn among them.
		killGroup(cmd.Process.Pid)
		close(p.exited)
	}()
	if cfg.MemoryLimit > 0 {
		go p.watch(hardLimit(cfg.MemoryLimit))
	} else {
		close(p.watched)
	}
	return p, nil
}

// maxStack is the largest goroutine stack a worker allows: a quarter of
// its memory limit, and at most Go's default of 1 GiB.
func maxStack(memoryLimit int64) int64 {
	return min(memoryLimit/4, 1<<30)
}

// hardLimit is the resident size above which a worker is killed: the
// soft limit given to the Go runtime as GOMEMLIMIT, plus a quarter (at
// least 64 MiB) for what the runtime cannot return in time.
func hardLimit(soft int64) int64 {
	return soft + max(soft/4, 64<<20)
}

// watch kills the process when its resident size passes limit.
func (p *Process) watch(limit int64) {
	defer close(p.watched)
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	for {
		select {
		case <-p.exited:
			return
		case <-t.C:
			if rss, ok := residentBytes(p.cmd.Process.Pid); ok && rss > limit {
				p.memKilled.Store(true)
				p.Kill()
				return
			}
		}
	}
}

// Pid returns the process ID.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Exited returns a channel that is closed once the process has ended and
// been waited for.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// Kill kills the process if it still runs, with the processes it started
// in its process group (Linux). It does not wait for it: see Exited.
func (p *Process) Kill() {
	select {
	case <-p.exited: // the wait ended the group: a reaped PID is not ours
		return
	default:
	}
	killGroup(p.cmd.Process.Pid)
	p.cmd.Process.Kill()
}

// StacksKept is how much of a worker's goroutine stacks Quit returns:
// their beginning, the goroutine that was running first.
const StacksKept = 16 << 10

// Quit asks a worker that does not answer (it ran past a timeout) what
// it was doing: on Linux it sends the worker SIGQUIT, on which the Go
// runtime writes every goroutine's stack to standard error and exits,
// and waits at most wait for it to exit. It returns the last output the
// worker wrote before the signal (as Output) and the first StacksKept
// bytes it wrote after it, the stacks; stacks is "" when none came (a
// worker that had exited, or that handles SIGQUIT; elsewhere than Linux,
// where no signal is sent). The caller then ends it with Death, which
// kills it if it still runs.
func (p *Process) Quit(wait time.Duration) (before, stacks string) {
	select {
	case <-p.exited:
		return p.Output(), ""
	default:
	}
	before = p.out.mark(StacksKept)
	if !quitSignal(p.cmd.Process) {
		return before, ""
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-p.exited: // the output is copied whole before exited closes
	case <-t.C:
	}
	return before, p.out.sinceMark()
}

// ExitWithin waits at most wait for a worker that did its work to exit,
// then kills it. It returns "" when the worker exited by itself, else how
// it ended, as Death says: "it did not exit within WAIT WHEN; it was
// killed" (when: "after its requests ended", say), and its crash line if
// any.
func (p *Process) ExitWithin(wait time.Duration, when string) string {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-p.Exited():
		return ""
	case <-t.C:
		_, text := p.Death(fmt.Sprintf("it did not exit within %s %s; it was killed", wait, when))
		return text
	}
}

// Output returns the last bytes (at most 4096) that the process wrote to
// its standard output and error, without surrounding white space.
func (p *Process) Output() string { return p.out.String() }

// Death kills the process if it still runs, waits for it, and says how a
// worker that did not finish its work ended. The text is, first that
// applies: Config.MemoryKilledText when the watchdog killed it (memory is
// then true); why, the caller's reason for ending it (a timeout, say),
// when it is not ""; "the worker ran out of memory" when the end of its
// output, or the line of a Go crash report in its first output, says "out
// of memory" or "cannot allocate memory" (memory is then true: the
// runtime's report of a deep stack puts that line far ahead of the end);
// or "the worker died: " and its exit status. Then comes ": " and that
// crash report's line ("panic: ...", "fatal error: ...", "runtime:
// ..."), if there is one, else the complaint a matrix's worker wrote with
// Fail ("serbench NAME worker: ..."), if there is one.
func (p *Process) Death(why string) (memory bool, text string) {
	p.Kill()
	<-p.exited
	<-p.watched
	out, line := p.out.String(), crashLine(p.out.head())
	if line == "" {
		line = failLine(p.out.head())
	}
	switch {
	case p.memKilled.Load():
		memory, text = true, p.cfg.MemoryKilledText
		if text == "" {
			text = "the worker went past the memory limit and was killed"
		}
	case why != "":
		text = why
	case outOfMemory(out) || outOfMemory(line):
		memory, text = true, "the worker ran out of memory"
	default:
		text = "the worker died: " + p.exitText()
	}
	if line != "" {
		text += ": " + line
	}
	return memory, text
}

// outOfMemory reports whether a worker's output says it ran out of memory.
func outOfMemory(s string) bool {
	return strings.Contains(s, "out of memory") || strings.Contains(s, "cannot allocate memory")
}

// exitText describes how the process ended.
func (p *Process) exitText() string {
	if p.waitErr != nil {
		return p.waitErr.Error()
	}
	if p.cfg.CleanExitText != "" {
		return p.cfg.CleanExitText
	}
	return "exit status 0"
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

// failLine returns the first line of out that Fail wrote ("serbench NAME
// worker: ..."), or "".
func failLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		rest, ok := strings.CutPrefix(l, "serbench ")
		if i := strings.Index(rest, " worker: "); ok && i > 0 && !strings.Contains(rest[:i], " ") {
			return l
		}
	}
	return ""
}

// MatrixConfig is the Config of a matrix's worker (fidelity, robustness,
// interoperability): command followed by args (command is not changed),
// TZ=UTC in its environment (codecs that decode times in time.Local then
// say the same on every machine), the memory limit with a KilledText that
// names it, and cleanExit as its CleanExitText.
func MatrixConfig(memoryLimit int64, cleanExit string, command []string, args ...string) Config {
	return Config{
		Command:          append(append([]string(nil), command...), args...),
		Env:              []string{"TZ=UTC"},
		MemoryLimit:      memoryLimit,
		MemoryKilledText: KilledText(memoryLimit),
		CleanExitText:    cleanExit,
	}
}

// KilledText is a MemoryKilledText that names the limit: "the worker
// went past the memory limit (1GiB) and was killed".
func KilledText(limit int64) string {
	var l string
	switch {
	case limit >= 1<<30 && limit%(1<<30) == 0:
		l = fmt.Sprintf("%dGiB", limit>>30)
	case limit >= 1<<20:
		l = fmt.Sprintf("%dMiB", limit>>20)
	default:
		l = fmt.Sprintf("%d bytes", limit)
	}
	return "the worker went past the memory limit (" + l + ") and was killed"
}

// MaybeServe makes the process a worker when its first argument is arg:
// it exits with the status serve returns for the arguments after arg.
// Otherwise it returns at once. Workers call it from their MaybeWorker.
func MaybeServe(arg string, serve func(args []string) int) {
	if len(os.Args) < 2 || os.Args[1] != arg {
		return
	}
	os.Exit(serve(os.Args[2:]))
}

// SetMaxStack sets the calling worker's maximum goroutine stack size from
// MaxStackEnv, when its parent set it; a worker calls it as it starts.
func SetMaxStack() {
	if n, err := strconv.ParseInt(os.Getenv(MaxStackEnv), 10, 64); err == nil && n > 0 {
		debug.SetMaxStack(int(n))
	}
}

// tail keeps the first and the last bytes written to it: a worker's
// output.
type tail struct {
	mu    sync.Mutex
	first []byte
	buf   []byte
	max   int
	// after keeps the first afterMax bytes written after mark, once
	// marked.
	marked   bool
	after    []byte
	afterMax int
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := min(len(p), t.max-len(t.first)); n > 0 {
		t.first = append(t.first, p[:n]...)
	}
	if t.marked {
		if n := min(len(p), t.afterMax-len(t.after)); n > 0 {
			t.after = append(t.after, p[:n]...)
		}
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// String returns the last bytes written, without surrounding white space.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > t.max {
		b = b[len(b)-t.max:]
	}
	return strings.TrimSpace(string(b))
}

// mark starts keeping the first n bytes written from now on (sinceMark),
// and returns the last bytes written before (String).
func (t *tail) mark(n int) string {
	before := t.String()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.marked, t.after, t.afterMax = true, nil, n
	return before
}

// sinceMark returns the first bytes written after mark, without
// surrounding white space.
func (t *tail) sinceMark() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.after))
}

// head returns the first bytes written.
func (t *tail) head() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.first)
}
