package workerproc

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// dial starts the test binary as a helper worker in mode, as Dial does.
func dial(t *testing.T, mode string) *Conn[map[string]any] {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Dial[map[string]any](Config{Command: []string{exe}, Env: []string{helperEnv + "=" + mode}, CleanExitText: "exit status 0 without answering"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.p.Kill(); <-c.p.Exited() })
	return c
}

// TestConnNext: a worker that exits without answering has Ended, one
// that does not answer TimedOut, and a done context Interrupted; Death
// then says how it ended.
func TestConnNext(t *testing.T) {
	c := dial(t, "exit0")
	if _, w := c.Next(context.Background(), 30*time.Second); w != Ended {
		t.Errorf("a worker that exits: %v, want Ended", w)
	}
	if got := c.Death(""); got != "the worker died: exit status 0 without answering" {
		t.Errorf("death: %q", got)
	}

	c = dial(t, "block")
	if _, w := c.Next(context.Background(), 50*time.Millisecond); w != TimedOut {
		t.Errorf("a worker that does not answer: %v, want TimedOut", w)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, w := c.Next(ctx, time.Minute); w != Interrupted {
		t.Errorf("a done context: %v, want Interrupted", w)
	}
	if got := c.Death("interrupted"); got != "interrupted" {
		t.Errorf("death: %q", got)
	}
}

// TestConnClose: Close ends a worker that exits when its requests end.
func TestConnClose(t *testing.T) {
	c := dial(t, "exit0")
	c.Close()
	wantExited(t, c.p, "the worker still runs after Close")
}

// TestConnCloseSaysItKilled: Close returns "" for a worker that exits
// when its requests end, and says so of one that does not (it ignores
// the end of its requests) and that it killed after CloseWait.
func TestConnCloseSaysItKilled(t *testing.T) {
	if got := dial(t, "exit0").Close(); got != "" {
		t.Errorf("a worker that exits: Close = %q, want \"\"", got)
	}
	c := dial(t, "block")
	start := time.Now()
	got := c.Close()
	if want := "it did not exit within 5s after its requests ended; it was killed"; !strings.HasPrefix(got, want) {
		t.Errorf("a worker that does not exit: Close = %q, want it to start with %q", got, want)
	}
	if d := time.Since(start); d > CloseWait+25*time.Second {
		t.Errorf("Close returned after %s, want about %s", d, CloseWait)
	}
	wantExited(t, c.p, "the worker still runs after Close")
}

// TestConnCloseEndsWhatTheWorkerLeft: Close returns, and the worker's
// answers end, though a process the worker started holds them open.
func TestConnCloseEndsWhatTheWorkerLeft(t *testing.T) {
	c := dial(t, "greet-orphan")
	if a, w := c.Next(context.Background(), 30*time.Second); w != Answered || a["ready"] != true {
		t.Fatalf("greeting %v, %v; want ready", a, w)
	}
	pid := orphanOf(t, c.p)
	done := make(chan struct{})
	go func() { c.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatal("Close did not return within 30s")
	}
	wantEnded(t, pid)
}

// greeting is a matrix worker's first answer, for TestGreet.
type greeting struct {
	Ready bool   `json:"ready"`
	Fatal string `json:"fatal"`
}

func (g greeting) Greeting() (bool, string) { return g.Ready, g.Fatal }

// TestGreet: Greet returns a ready worker, and the error of one that
// cannot work or answers before it is ready.
func TestGreet(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ mode, err string }{
		{"greet-ready", ""},
		{"greet-fatal", "no such workload"},
		{"greet-unready", "not ready"},
		{"exit0", "the worker died: exit status 0 without answering"},
	} {
		cfg := Config{Command: []string{exe}, Env: []string{helperEnv + "=" + tc.mode}, CleanExitText: "exit status 0 without answering"}
		c, g, err := Greet[greeting](context.Background(), cfg, time.Second, func(s string) string { return s }, "not ready")
		switch {
		case tc.err == "" && (err != nil || !g.Ready):
			t.Errorf("%s: %+v, %v; want a ready worker", tc.mode, g, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: error %v, want %q", tc.mode, err, tc.err)
		}
		if c != nil {
			c.Close()
		}
	}
}

// TestConnAsk: a worker that does not answer is killed with the time
// limit as the reason, one whose requests cannot be written has Ended.
func TestConnAsk(t *testing.T) {
	c := dial(t, "block")
	hello := func(w io.Writer) error { _, err := io.WriteString(w, "{}\n"); return err }
	if _, w, died := c.Ask(context.Background(), hello, 50*time.Millisecond); w != TimedOut || died != "no answer within the time limit of 50ms; the worker was killed" {
		t.Errorf("a worker that does not answer: %v, %q", w, died)
	}
	c = dial(t, "block")
	broken := func(io.Writer) error { return errors.New("broken pipe") }
	if _, w, died := c.Ask(context.Background(), broken, time.Minute); w != Ended || !strings.HasPrefix(died, "the worker died: ") {
		t.Errorf("a worker that cannot be asked: %v, %q", w, died)
	}
}

// TestGreetInterrupted: Greet with a done context starts no worker (its
// command is one that cannot start: starting it would be an error of its
// own) and returns the context's error.
func TestGreetInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := Greet[greeting](ctx, Config{Command: []string{"/nonexistent/worker"}}, time.Second,
		func(s string) string { return s }, "unready")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled without a start", err)
	}
}
