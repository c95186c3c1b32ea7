package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/store"
)

// started is a serbench process of a test, with what it prints.
type started struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan error
}

// startBinary starts the built serbench with args.
func startBinary(t *testing.T, bin string, args ...string) *started {
	t.Helper()
	p := &started{cmd: exec.Command(bin, args...), done: make(chan error, 1)}
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// exitWithin waits at most d for the process to exit and returns its exit
// status and how long it took; it kills the process and fails the test
// when d passes.
func (p *started) exitWithin(t *testing.T, d time.Duration, what string) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	select {
	case err := <-p.done:
		p.done <- err // for the cleanup and a second call
		return exitStatusOf(t, err), time.Since(start)
	case <-time.After(d):
		p.cmd.Process.Kill()
		err := <-p.done
		p.done <- err
		t.Fatalf("serbench %s still ran %s %s; killed (stderr: %q)", strings.Join(p.cmd.Args[1:], " "), d, what, p.stderr.String())
		return 0, 0
	}
}

// running reports whether the process is still running after d.
func (p *started) running(d time.Duration) bool {
	select {
	case err := <-p.done:
		p.done <- err
		return false
	case <-time.After(d):
		return true
	}
}

func exitStatusOf(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()) // killed by the signal itself
		}
		return ee.ExitCode()
	}
	t.Fatal(err)
	return -1
}

// TestSignalsStopLongCommands sends SIGTERM and SIGINT to commands that
// compute in serbench's own process for minutes (a big.Float division at
// 100,000,000 bits; onepass generating and round-tripping values of
// depth 6): each exits within a few seconds with 128 + the signal's
// number (143, 130), says it was interrupted, and leaves no file half
// written.
func TestSignalsStopLongCommands(t *testing.T) {
	bin := signalBinary(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "huge.bflt")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"bigfloat", []string{"bigfloat", "--write", file, "--encoding", "binary", "--precision", "100000000", "--values", "5"}},
		{"onepass", []string{"onepass", "--depth", "6"}},
	} {
		for _, sig := range []struct {
			s    syscall.Signal
			code int
		}{{syscall.SIGTERM, 143}, {syscall.SIGINT, 130}} {
			t.Run(c.name+"/"+sig.s.String(), func(t *testing.T) {
				p := startBinary(t, bin, c.args...)
				if !p.running(time.Second) {
					t.Fatalf("serbench %s ended before the signal: %q", strings.Join(c.args, " "), p.stderr.String())
				}
				p.cmd.Process.Signal(sig.s)
				code, took := p.exitWithin(t, 5*time.Second, "after "+sig.s.String())
				t.Logf("exit %d %.2fs after %s; stderr %q", code, took.Seconds(), sig.s, p.stderr.String())
				if code != sig.code {
					t.Errorf("exit status %d after %s, want %d", code, sig.s, sig.code)
				}
				if !strings.Contains(p.stderr.String(), "interrupted") {
					t.Errorf("stderr does not say it was interrupted: %q", p.stderr.String())
				}
				if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("an interrupted bigfloat --write left %s (%v)", file, err)
				}
			})
		}
	}
}

// TestSecondSignalExitsAtOnce: a serbench whose output nobody reads (a
// pager left waiting) cannot finish after a first Ctrl-C, blocked in a
// write; a second Ctrl-C ends it at once (within a second) with status
// 130 and a line that says so.
func TestSecondSignalExitsAtOnce(t *testing.T) {
	bin := signalBinary(t)
	file := filepath.Join(t.TempDir(), "n.bflt")
	if _, stderr, code := cli(t, "bigfloat", "--write", file, "--encoding", "binary", "--from", "0", "--to", "200000"); code != 0 {
		t.Fatalf("bigfloat --write: exit %d: %s", code, stderr)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close() // never read: the pipe fills and serbench blocks
	p := &started{cmd: exec.Command(bin, "bigfloat", "--read", file, "--print"), done: make(chan error, 1)}
	p.cmd.Stdout, p.cmd.Stderr = w, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	if !p.running(time.Second) {
		t.Fatalf("bigfloat --read --print ended with its output unread: %q", p.stderr.String())
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	if !p.running(500 * time.Millisecond) {
		t.Fatalf("the first SIGINT ended a process blocked writing its output (stderr %q); the test needs one that it cannot end", p.stderr.String())
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	code, took := p.exitWithin(t, time.Second, "after a second SIGINT")
	t.Logf("exit %d %.2fs after the second SIGINT; stderr %q", code, took.Seconds(), p.stderr.String())
	if code != 130 {
		t.Errorf("exit status %d after a second SIGINT, want 130", code)
	}
	if !strings.Contains(p.stderr.String(), "second") {
		t.Errorf("stderr does not say a second signal ended it: %q", p.stderr.String())
	}
}

// TestFirstSignalStopsBlockedRead: a command that reads a file it was
// given (import FILE, run --data FILE, bigfloat --read FILE) before it
// stores or prints anything stops at
// the first SIGINT even when the read blocks: a named pipe that no one
// opens for writing (the open blocks), or one that a writer opened, wrote
// part of a file to and keeps open (the read blocks). It exits within a
// few seconds with status 130, says what was interrupted, naming the
// file, and the database keeps the run stored before, and no other.
func TestFirstSignalStopsBlockedRead(t *testing.T) {
	bin := signalBinary(t)
	db := filepath.Join(t.TempDir(), "s.db")
	kept := mustImport(t, db, "a.bench")
	head, err := os.ReadFile(benchFile("b.bench"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		args    []string // the pipe's path follows
		partial bool     // a writer holds the pipe open after part of a file
		want    string   // what the message says was interrupted, before the pipe's path
		after   string   // and after it
	}{
		{"import/open", []string{"import", "--db", db}, false, "while reading the file ", "nothing was imported"},
		{"import/read", []string{"import", "--db", db}, true, "while reading the file ", "nothing was imported"},
		{"run-data/open", []string{"run", "--db", db, "--data"}, false, "while reading the --data file ", "nothing was measured"},
		{"run-data/read", []string{"run", "--db", db, "--data"}, true, "while reading the --data file ", "nothing was measured"},
		{"bigfloat-read/open", []string{"bigfloat", "--read"}, false, "while reading the bigfloat file ", "no number was printed"},
		{"bigfloat-read/read", []string{"bigfloat", "--read"}, true, "while reading the bigfloat file ", "no number was printed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pipe := filepath.Join(t.TempDir(), "pipe")
			if err := syscall.Mkfifo(pipe, 0o600); err != nil {
				t.Skip(err)
			}
			if c.partial {
				// O_RDWR opens a pipe without waiting for a reader (Linux).
				w, err := os.OpenFile(pipe, os.O_RDWR, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
				if _, err := w.Write(head[:len(head)/2]); err != nil {
					t.Fatal(err)
				}
			}
			p := startBinary(t, bin, append(c.args, pipe)...)
			if !p.running(time.Second) {
				t.Fatalf("serbench %s ended before the signal: %q", strings.Join(p.cmd.Args[1:], " "), p.stderr.String())
			}
			p.cmd.Process.Signal(syscall.SIGINT)
			code, took := p.exitWithin(t, 5*time.Second, "after its first SIGINT, blocked reading a pipe")
			t.Logf("exit %d %.2fs after SIGINT; stderr %q", code, took.Seconds(), p.stderr.String())
			if code != 130 {
				t.Errorf("exit status %d after SIGINT, want 130", code)
			}
			if want := "interrupted by SIGINT " + c.want + pipe + ": " + c.after + "\n"; !strings.Contains(p.stderr.String(), want) {
				t.Errorf("stderr %q does not say %q", p.stderr.String(), want)
			}
			if states := runStates(t, mustCLI(t, "runs", "--db", db)); len(states) != 1 || states[kept] != "complete" {
				t.Errorf("runs after the interrupted command: %v; want run %s alone, complete", states, kept)
			}
		})
	}
}

// TestSignalErrorText: the error of a command stopped by a signal says
// which signal stopped it, also when it is a bare context.Canceled (a
// worker loop's ctx.Err(): "measure person/json: context canceled"); an error that names its interruption (the
// store's, readInterruptible's), or that the signal did not cause, is
// printed as it is. The status is 128 plus the signal.
func TestSignalErrorText(t *testing.T) {
	// The store says the interruption itself: an open stopped by the
	// signal (here before its integrity check) wraps the cause.
	path := filepath.Join(t.TempDir(), "big.db")
	if db, err := store.Open(context.Background(), path); err != nil {
		t.Fatal(err)
	} else {
		db.Close()
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interruptedError{syscall.SIGINT})
	_, openErr := store.Open(ctx, path)
	if ie := (interruptedError{}); !errors.As(openErr, &ie) {
		t.Errorf("store.Open stopped by SIGINT: %v; want an error that wraps the interruptedError", openErr)
	}
	for _, c := range []struct {
		err  error
		sig  syscall.Signal
		want string
	}{
		{openErr, syscall.SIGINT, "open database " + path + ": interrupted by SIGINT"},
		{fmt.Errorf("measure person/json: %w", context.Canceled), syscall.SIGINT, "measure person/json: interrupted by SIGINT"},
		{context.Canceled, syscall.SIGTERM, "interrupted by SIGTERM"},
		{fmt.Errorf("read run r: %w (after 3 cells)", context.Canceled), syscall.SIGINT, "read run r: context canceled (after 3 cells) (interrupted by SIGINT)"},
		{fmt.Errorf("%w while reading the file f: nothing was imported", interruptedError{syscall.SIGINT}), syscall.SIGINT, "interrupted by SIGINT while reading the file f: nothing was imported"},
		{errors.New("write r.html: no space left on device"), syscall.SIGINT, "write r.html: no space left on device"},
	} {
		var stderr strings.Builder
		code := exitStatus(c.err, c.sig, &stderr)
		if want := "serbench: " + c.want + "\n"; stderr.String() != want || code != 128+int(c.sig) {
			t.Errorf("exitStatus(%q, %s) = %d, printed %q; want %d, %q", c.err, c.sig, code, stderr.String(), 128+int(c.sig), want)
		}
	}
}
