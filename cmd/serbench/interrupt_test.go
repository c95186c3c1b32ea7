//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/serbench/serbench/result"
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

// TestResumeDataInterrupted: run --resume of a --data run reads the file
// again (runFlags.plan, with the context of the command) through
// readInterruptible: a first SIGINT while the read blocks (the file is now
// a named pipe that a writer holds open and writes nothing to) ends the
// resume within seconds, with an error that names the file, and the
// stored run keeps every sample it had, incomplete and unlocked: a resume
// with the file back finishes it.
func TestResumeDataInterrupted(t *testing.T) {
	dir := t.TempDir()
	data := dataFiles(t, dir)["ndjson"]
	db := filepath.Join(dir, "resume.db")

	// A run interrupted once it stored samples, as by a first SIGINT.
	ctx, cancel := interrupt()
	first := runAsync(ctx, "run", "--data", data, "--codec", "^vmihailenco-msgpack$", "--count", "100", "--time", "2ms",
		"--ci", "0", "--forks", "1", "--db", db, "--quiet")
	deadline := time.Now().Add(60 * time.Second)
	for storedSamples(db) == 0 {
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no sample stored after 60s: %+v", <-first)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if got := <-first; got.err == nil {
		t.Fatalf("the first run measured everything before it was interrupted: %q", got.stderr)
	}
	before := storedRun(t, db)
	if before.Complete || len(before.Cells) == 0 {
		t.Fatalf("interrupted run %s: complete %v, %d cells; want incomplete with samples", before.ID, before.Complete, len(before.Cells))
	}

	// Its --data file becomes a named pipe that a writer holds open.
	orig, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(data); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(data, 0o600); err != nil {
		t.Skip(err)
	}
	ctx, cancel = interrupt()
	resumed := runAsync(ctx, "run", "--resume", "--db", db, "--quiet")
	// Opening the pipe to write without blocking succeeds once a reader
	// has it open: the resume is reading the file.
	var w *os.File
	for deadline := time.Now().Add(60 * time.Second); w == nil; time.Sleep(5 * time.Millisecond) {
		select {
		case got := <-resumed:
			t.Fatalf("the resume ended before it read the pipe: %+v", got)
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatal("the resume did not open its --data file within 60s")
		}
		w, _ = os.OpenFile(data, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	}
	defer w.Close() // the read abandoned on the interruption then ends too
	cancel()
	var got ran
	select {
	case got = <-resumed:
	case <-time.After(5 * time.Second):
		w.Close()
		got = <-resumed
		t.Errorf("the resume still read its --data file 5s after it was interrupted; it ended when the writer closed the pipe: %v", got.err)
	}
	want := "interrupted by SIGINT while reading the --data file " + data + ": nothing was measured"
	if got.err == nil || !strings.Contains(got.err.Error(), want) || !errors.Is(got.err, context.Canceled) {
		t.Errorf("interrupted resume: error %v; want one that says %q", got.err, want)
	}
	after := storedRun(t, db)
	if after.ID != before.ID || after.Complete || !reflect.DeepEqual(samplesOf(after), samplesOf(before)) {
		t.Errorf("after the interrupted resume the run is %s, complete %v, samples %v; want %s as it was: incomplete, %v",
			after.ID, after.Complete, sampleCounts(after), before.ID, sampleCounts(before))
	}

	// With the file back the run can be resumed (it is not left locked),
	// and finished it keeps every sample stored before.
	w.Close()
	if err := os.Remove(data); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := cli(t, "run", "--resume", "--db", db, "--quiet"); code != 0 {
		t.Fatalf("resume with the file back: exit %d, %s", code, stderr)
	}
	done := storedRun(t, db)
	if !done.Complete {
		t.Errorf("run %s is not complete after its resume", done.ID)
	}
	have := samplesOf(done)
	for k, s := range samplesOf(before) {
		if lost := missing(s, have[k]); len(lost) > 0 {
			t.Errorf("%v: the finished run lost %d of the %d samples stored before: %v", k, len(lost), len(s), lost)
		}
	}
}

// missing returns the samples of want that are not in have, each sample
// of have standing for one of want.
func missing(want, have []result.Sample) []result.Sample {
	left := map[result.Sample]int{}
	for _, s := range have {
		left[s]++
	}
	var lost []result.Sample
	for _, s := range want {
		if left[s] == 0 {
			lost = append(lost, s)
			continue
		}
		left[s]--
	}
	return lost
}

// samplesOf returns the samples of each cell of r.
func samplesOf(r *result.Run) map[result.Key][]result.Sample {
	m := map[result.Key][]result.Sample{}
	for _, c := range r.Cells {
		m[c.Key()] = c.Samples
	}
	return m
}

// sampleCounts returns the number of samples of each cell of r.
func sampleCounts(r *result.Run) map[result.Key]int {
	m := map[result.Key]int{}
	for _, c := range r.Cells {
		m[c.Key()] = len(c.Samples)
	}
	return m
}
