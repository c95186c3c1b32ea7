//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ran is what one in-process serbench command returned and printed.
type ran struct {
	err            error
	stdout, stderr string
}

// runAsync runs serbench with args in this process on a goroutine of its
// own, with ctx; the channel gets what it returned.
func runAsync(ctx context.Context, args ...string) <-chan ran {
	done := make(chan ran, 1)
	go func() {
		var out, errb bytes.Buffer
		err := run(ctx, args, &out, &errb)
		done <- ran{err, out.String(), errb.String()}
	}()
	return done
}

// interrupt returns a context and the function that cancels it as the
// first SIGINT does (cause interruptedError).
func interrupt() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	return ctx, func() { cancel(interruptedError{syscall.SIGINT}) }
}

// TestCompareInterruptedRead: compare reads a Go benchmark file through
// readInterruptible, so that a first SIGINT ends a read that takes long
// (a large file, a stalled network file system) with an error that names
// the file and says nothing was compared, and prints no table. A named
// pipe is not a benchmark file to compare (only regular files are read):
// it is refused at once, not opened, so that one that no one writes
// cannot hold compare either.
func TestCompareInterruptedRead(t *testing.T) {
	a, b := benchFile("a.bench"), benchFile("b.bench")
	ctx, cancel := interrupt()
	cancel()
	select {
	case got := <-runAsync(ctx, "compare", a, b):
		want := "interrupted by SIGINT while reading the benchmark file " + a + ": nothing was compared"
		if got.err == nil || got.err.Error() != want {
			t.Errorf("compare with its context canceled by SIGINT: error %v; want %q", got.err, want)
		}
		if !errors.Is(got.err, context.Canceled) {
			t.Errorf("compare's error %v is not a context.Canceled", got.err)
		}
		if got.stdout != "" {
			t.Errorf("an interrupted compare printed %q", got.stdout)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("compare with its context canceled by SIGINT still ran after 5s")
	}

	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip(err)
	}
	select {
	case got := <-runAsync(context.Background(), "compare", "--db", filepath.Join(dir, "none.db"), pipe, b):
		if got.err == nil || !strings.Contains(got.err.Error(), `"`+pipe+`" is not a file`) {
			t.Errorf("compare of a named pipe: error %v; want it to say %q is not a file", got.err, pipe)
		}
	case <-time.After(5 * time.Second):
		// Unblock the open, so that the goroutine ends.
		if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("compare of a named pipe that no one writes still ran after 5s")
	}
}
