package workerproc

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/datatest"
)

// helperEnv names what the test binary, started as a worker by these
// tests, is to do.
const helperEnv = "WORKERPROC_TEST_HELPER"

// TestMain lets the test binary serve as the worker processes the tests
// start.
func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		helper(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var leak [][]byte

// helper is a worker that behaves as mode says.
func helper(mode string) {
	switch mode {
	case "exit0":
	case "exit3":
		os.Exit(3)
	case "panic":
		fmt.Println("starting")
		panic("workerproc test: boom")
	case "print":
		// A crash-like line first, then far more than is kept, then a
		// last line.
		fmt.Println("runtime: the first line")
		for i := range 10000 {
			fmt.Printf("line %05d of the middle\n", i)
		}
		fmt.Fprintln(os.Stderr, "the last line")
		os.Exit(1)
	case "fail":
		fmt.Println("codec output")
		os.Exit(Fail("test", "bad position %q", "x"))
	case "oom":
		fmt.Fprintln(os.Stderr, "fatal error: runtime: out of memory")
		os.Exit(2)
	case "oom-deep":
		// The runtime's report of an allocation that fails in a deep
		// stack (a decoder's recursion): the stack's frames follow the
		// line that says so, far more than the kept end of the output
		// (14 KB for 500 frames).
		fmt.Fprintln(os.Stderr, "fatal error: runtime: out of memory\n\nruntime stack:\nruntime.throw(...)\n\ngoroutine 1 gp=0xc000002380 m=0 mp=0x5a1c40 [running]:")
		for i := range 100 {
			fmt.Fprintf(os.Stderr, "main.rec(0x%x)\n\t/src/decoder/main.go:13 +0x%x fp=0xc000c%05x sp=0xc000c%05x pc=0x49a61f\n", i, i, i*64, i*64)
		}
		fmt.Fprintln(os.Stderr, "...additional frames elided...")
		os.Exit(2)
	case "alloc":
		for {
			b := make([]byte, 16<<20)
			for i := range b {
				b[i] = 1
			}
			leak = append(leak, b)
		}
	case "recurse":
		SetMaxStack()
		var f func(int) int
		f = func(i int) int { return f(i+1) + 1 }
		f(0)
	case "env":
		// Reports its environment and writes to its ExtraFiles[0].
		fmt.Printf("GOMEMLIMIT=%s %s=%s EXTRA=%s\n", os.Getenv("GOMEMLIMIT"),
			MaxStackEnv, os.Getenv(MaxStackEnv), os.Getenv("WORKERPROC_TEST_EXTRA"))
		f := os.NewFile(3, "extra")
		fmt.Fprint(f, "on fd 3")
		f.Close()
	case "block":
		time.Sleep(time.Hour) // select {} would be a deadlock the runtime ends
	case "print-block":
		fmt.Println("blocking now")
		time.Sleep(time.Hour)
	case "orphan":
		// Leaves a process running that holds its output open.
		startOrphan()
	case "orphan-block":
		startOrphan()
		time.Sleep(time.Hour)
	case "greet-orphan":
		// A matrix worker whose codec left a process running that holds
		// its answers (fd 3) open.
		f := os.NewFile(3, "answers")
		fmt.Fprintln(f, `{"ready":true}`)
		startOrphan(f)
		io.Copy(io.Discard, os.NewFile(4, "requests"))
	case "greet-ready", "greet-fatal", "greet-unready":
		// Greets on fd 3 as a matrix's worker does, then waits for its
		// requests to end.
		f := os.NewFile(3, "answers")
		fmt.Fprintln(f, map[string]string{
			"greet-ready":   `{"ready":true}`,
			"greet-fatal":   `{"fatal":"no such workload"}`,
			"greet-unready": `{}`,
		}[mode])
		io.Copy(io.Discard, os.NewFile(4, "requests"))
	default:
		fmt.Fprintln(os.Stderr, "unknown mode", mode)
		os.Exit(9)
	}
}

// startOrphan starts the test binary as a blocking process with the
// helper's standard output and error and files (from descriptor 3 on),
// and prints "orphan PID".
func startOrphan(files ...*os.File) {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(8)
	}
	c := exec.Command(exe)
	c.Env = append(os.Environ(), helperEnv+"=block")
	c.Stdout, c.Stderr, c.ExtraFiles = os.Stdout, os.Stderr, files
	if err := c.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(8)
	}
	fmt.Printf("orphan %d\n", c.Process.Pid)
}

// orphanOf returns the PID that a helper's startOrphan printed, waiting
// up to 30s for it.
func orphanOf(t *testing.T, p *Process) int {
	t.Helper()
	for range 300 {
		if _, after, ok := strings.Cut(p.Output(), "orphan "); ok {
			pid, err := strconv.Atoi(strings.Fields(after)[0])
			if err != nil {
				t.Fatalf("output %q: %v", p.Output(), err)
			}
			return pid
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the worker did not start its process within 30s; output %q", p.Output())
	return 0
}

// wantEnded fails t unless process pid ends (or is a zombie) within 10s.
// It is Linux's: elsewhere a worker has no process group to end.
func wantEnded(t *testing.T, pid int) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	for range 100 {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return
		}
		if _, after, ok := strings.Cut(string(b), ") "); ok && strings.HasPrefix(after, "Z") {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Errorf("process %d, which the worker started, still runs", pid)
}

// start starts the test binary as a helper worker in mode.
func start(t *testing.T, mode string, cfg Config) *Process {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Command = []string{exe}
	cfg.Env = append(cfg.Env, helperEnv+"="+mode)
	p, err := Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Kill(); <-p.Exited() })
	return p
}

// wantExited fails t with message unless p has exited already.
func wantExited(t *testing.T, p *Process, message string) {
	t.Helper()
	select {
	case <-p.Exited():
	default:
		t.Error(message)
	}
}

// awaitOutput waits until p's output holds text, for 30s at the most
// (the test's checks then say what is missing).
func awaitOutput(p *Process, text string) {
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(p.Output(), text) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// waitExit waits for p to end by itself.
func waitExit(t *testing.T, p *Process) {
	t.Helper()
	select {
	case <-p.Exited():
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not end within 30s")
	}
}

func TestDeath(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		cfg    Config
		memory bool
		text   string
	}{
		{mode: "exit3", text: "the worker died: exit status 3"},
		{mode: "exit0", text: "the worker died: exit status 0"},
		{mode: "exit0", cfg: Config{CleanExitText: "exit status 0 without answering"},
			text: "the worker died: exit status 0 without answering"},
		{mode: "panic", text: "the worker died: exit status 2: panic: workerproc test: boom"},
		{mode: "fail", text: `the worker died: exit status 2: serbench test worker: bad position "x"`},
		{mode: "oom", memory: true, text: "the worker ran out of memory: fatal error: runtime: out of memory"},
		// The frames of a deep stack push the line out of the output's
		// kept end: the crash report's line still says it.
		{mode: "oom-deep", memory: true, text: "the worker ran out of memory: fatal error: runtime: out of memory"},
		// A stack of a quarter of 32 MiB overflows before the memory
		// limit is near.
		{mode: "recurse", cfg: Config{MemoryLimit: 32 << 20},
			text: "the worker died: exit status 2: runtime: goroutine stack exceeds 8388608-byte limit"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			p := start(t, tc.mode, tc.cfg)
			waitExit(t, p)
			memory, text := p.Death("")
			if memory != tc.memory || text != tc.text {
				t.Errorf("Death: memory %v, text %q; want %v, %q", memory, text, tc.memory, tc.text)
			}
		})
	}
}

// TestOutputKeepsHeadAndTail: of a long output, the last 4096 bytes are
// Output and the first ones give the crash line.
func TestOutputKeepsHeadAndTail(t *testing.T) {
	p := start(t, "print", Config{})
	waitExit(t, p)
	out := p.Output()
	if len(out) > keep || len(out) < keep-32 {
		t.Errorf("Output is %d bytes, want about %d", len(out), keep)
	}
	if !strings.HasSuffix(out, "line 09999 of the middle\nthe last line") {
		t.Errorf("Output ends %q, want the middle's last line and the last line", out[max(len(out)-60, 0):])
	}
	if strings.Contains(out, "first line") || strings.Contains(out, "line 00000") {
		t.Errorf("Output has the first lines: %q", out[:60])
	}
	if h := p.out.head(); len(h) != keep || !strings.HasPrefix(h, "runtime: the first line\nline 00000 of the middle\n") {
		t.Errorf("head is %d bytes and starts %q; want %d from the first line", len(h), h[:min(len(h), 60)], keep)
	}
	memory, text := p.Death("")
	if want := "the worker died: exit status 1: runtime: the first line"; memory || text != want {
		t.Errorf("Death: memory %v, text %q; want false, %q", memory, text, want)
	}
}

// TestWatchdogKillsPastTheLimit starts a worker that allocates without
// bound under a 32 MiB limit: the watchdog kills it past 96 MiB.
func TestWatchdogKillsPastTheLimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the watchdog reads /proc")
	}
	for _, tc := range []struct{ cfg, want string }{
		{"", "the worker went past the memory limit and was killed"},
		{"the worker went past the memory limit (32MiB) and was killed", "the worker went past the memory limit (32MiB) and was killed"},
	} {
		p := start(t, "alloc", Config{MemoryLimit: 32 << 20, MemoryKilledText: tc.cfg})
		waitExit(t, p)
		// The watchdog's reason wins over the caller's.
		memory, text := p.Death("a reason of the caller's")
		if !memory || text != tc.want {
			t.Errorf("Death: memory %v, text %q; want true, %q", memory, text, tc.want)
		}
		if p.waitErr == nil || p.waitErr.Error() != "signal: killed" {
			t.Errorf("the worker ended with %v, want signal: killed", p.waitErr)
		}
	}
}

// TestDeathOfALiveWorker: Death kills a worker that still runs and gives
// the caller's reason.
func TestDeathOfALiveWorker(t *testing.T) {
	p := start(t, "block", Config{MemoryLimit: 64 << 20})
	select {
	case <-p.Exited():
		t.Fatal("the blocking worker ended by itself")
	case <-time.After(100 * time.Millisecond):
	}
	if runtime.GOOS == "linux" {
		if g, err := syscall.Getpgid(p.Pid()); err != nil || g != p.Pid() {
			t.Errorf("the worker's process group is %d (%v), want its own, %d", g, err, p.Pid())
		}
	}
	memory, text := p.Death("no answer within the timeout of 1s; the worker was killed")
	if memory || text != "no answer within the timeout of 1s; the worker was killed" {
		t.Errorf("Death: memory %v, text %q", memory, text)
	}
	wantExited(t, p, "Death returned before the worker ended")
}

// TestQuitGivesTheStacks: Quit asks a worker that blocks for its
// goroutines (SIGQUIT, Linux) and returns their stacks, what it wrote
// before apart; the worker has then exited. Elsewhere it sends nothing.
func TestQuitGivesTheStacks(t *testing.T) {
	p := start(t, "print-block", Config{})
	awaitOutput(p, "blocking now")
	before, stacks := p.Quit(10 * time.Second)
	if before != "blocking now" {
		t.Errorf("Quit: the output before is %q, want %q", before, "blocking now")
	}
	if runtime.GOOS != "linux" {
		if stacks != "" {
			t.Errorf("Quit outside Linux gave stacks:\n%s", stacks)
		}
		p.Kill()
		return
	}
	if !strings.HasPrefix(stacks, "SIGQUIT: quit") || !strings.Contains(stacks, "time.Sleep(") || !strings.Contains(stacks, "workerproc.helper(") ||
		strings.Contains(stacks, "blocking now") || len(stacks) > StacksKept {
		t.Errorf("Quit: stacks (%d bytes), want the goroutines from SIGQUIT: quit, with time.Sleep called by helper, at most %d bytes, without the output before:\n%s", len(stacks), StacksKept, stacks)
	}
	wantExited(t, p, "Quit returned before the worker exited")
}

// TestWhatAWorkerLeftIsEnded: a worker that exits leaving a process that
// holds its output open has ended (Exited) all the same, and that
// process is killed with it.
func TestWhatAWorkerLeftIsEnded(t *testing.T) {
	p := start(t, "orphan", Config{})
	pid := orphanOf(t, p)
	waitExit(t, p)
	wantEnded(t, pid)
}

// TestDeathEndsWhatTheWorkerStarted: Death of a live worker kills the
// process it started and returns, though that process holds the
// worker's output open.
func TestDeathEndsWhatTheWorkerStarted(t *testing.T) {
	p := start(t, "orphan-block", Config{})
	pid := orphanOf(t, p)
	done := make(chan string)
	go func() {
		_, text := p.Death("the test ended it")
		done <- text
	}()
	select {
	case text := <-done:
		if text != "the test ended it" {
			t.Errorf("Death: %q", text)
		}
	case <-time.After(30 * time.Second):
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatal("Death did not return within 30s")
	}
	wantEnded(t, pid)
}

// TestEnvironmentAndFiles: the worker gets Env, the memory limit's
// variables and its ExtraFiles, which Start closes in the caller.
func TestEnvironmentAndFiles(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p := start(t, "env", Config{Env: []string{"WORKERPROC_TEST_EXTRA=yes"}, ExtraFiles: []*os.File{w}, MemoryLimit: 100 << 20})
	if err := w.Close(); err == nil {
		t.Error("Start left the worker's end of the pipe open in the caller")
	}
	got, err := io.ReadAll(r)
	if err != nil || string(got) != "on fd 3" {
		t.Errorf("read %q (%v) from the worker's fd 3, want %q", got, err, "on fd 3")
	}
	waitExit(t, p)
	want := "GOMEMLIMIT=104857600 " + MaxStackEnv + "=26214400 EXTRA=yes"
	if out := p.Output(); out != want {
		t.Errorf("the worker said %q, want %q", out, want)
	}
	if p.waitErr != nil {
		t.Errorf("the worker ended with %v", p.waitErr)
	}

	// Without a memory limit neither variable is set.
	p = start(t, "env", Config{})
	waitExit(t, p)
	if out, want := p.Output(), "GOMEMLIMIT= "+MaxStackEnv+"= EXTRA="; os.Getenv("GOMEMLIMIT") == "" && out != want {
		t.Errorf("the worker said %q, want %q", out, want)
	}
}

func TestStartErrors(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = Start(Config{Command: []string{"/nonexistent/worker", "arg"}, ExtraFiles: []*os.File{w}})
	if err == nil || !strings.HasPrefix(err.Error(), "start worker /nonexistent/worker arg: ") {
		t.Errorf("error %v, want one that starts with the command line", err)
	}
	if err := w.Close(); err == nil {
		t.Error("a failed Start left the ExtraFiles open")
	}
	if _, err := Start(Config{}); err == nil || err.Error() != "start worker: no command" {
		t.Errorf("error %v for no command", err)
	}
}

func TestLimits(t *testing.T) {
	for _, tc := range []struct{ soft, hard, stack int64 }{
		{32 << 20, 96 << 20, 8 << 20},
		{1 << 30, 1<<30 + 256<<20, 256 << 20},
		{8 << 30, 10 << 30, 1 << 30},
	} {
		if h := hardLimit(tc.soft); h != tc.hard {
			t.Errorf("hardLimit(%d) = %d, want %d", tc.soft, h, tc.hard)
		}
		if s := maxStack(tc.soft); s != tc.stack {
			t.Errorf("maxStack(%d) = %d, want %d", tc.soft, s, tc.stack)
		}
	}
}

func TestTail(t *testing.T) {
	tl := &tail{max: 8}
	for i := range 30 {
		fmt.Fprint(tl, strconv.Itoa(i%10))
	}
	if h, s := tl.head(), tl.String(); h != "01234567" || s != "23456789" {
		t.Errorf("head %q, tail %q; want 01234567 and 23456789", h, s)
	}
	tl = &tail{max: 8}
	tl.Write([]byte("  ab\n"))
	if h, s := tl.head(), tl.String(); h != "  ab\n" || s != "ab" {
		t.Errorf("head %q, tail %q; want %q and %q", h, s, "  ab\n", "ab")
	}
}

func TestCrashLine(t *testing.T) {
	datatest.Table(t, "crashLine", crashLine, map[string]string{
		"hello\n\tpanic: x [recovered]\ngoroutine 1":   "panic: x [recovered]",
		"fatal error: all goroutines are asleep":       "fatal error: all goroutines are asleep",
		"x\nruntime: goroutine stack exceeds\nfatal e": "runtime: goroutine stack exceeds",
		"no crash here\npanicking: no":                 "",
	})
}

func TestFailLine(t *testing.T) {
	datatest.Table(t, "failLine", failLine, map[string]string{
		"codec output\nserbench fidelity worker: no codec \"x\"\n": `serbench fidelity worker: no codec "x"`,
		"serbench robust worker: a: b\nserbench robust worker: c":  "serbench robust worker: a: b",
		// The harness's worker, which appends its whole output itself.
		"serbench worker: protocol":             "",
		"serbench of a worker: no":              "",
		"the serbench fidelity worker: not one": "",
	})
}

func TestKilledText(t *testing.T) {
	datatest.Table(t, "KilledText", KilledText, map[int64]string{
		1 << 30:   "the worker went past the memory limit (1GiB) and was killed",
		128 << 20: "the worker went past the memory limit (128MiB) and was killed",
		3 << 29:   "the worker went past the memory limit (1536MiB) and was killed",
		4096:      "the worker went past the memory limit (4096 bytes) and was killed",
	})
}
