package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/harness"
)

// TestPlainProgress checks the progress a log gets: a line at the start,
// one at every tenth of the run and none in between, each saying how far
// the run is and what is left.
func TestPlainProgress(t *testing.T) {
	var buf bytes.Buffer
	p := &progressLine{w: &buf, plain: true}
	for done := 0; done <= 1000; done++ {
		p.update(harness.Progress{Phase: "measure", Cell: "person/json encode", Done: done, Total: 1000, Remaining: time.Duration(1000-done) * time.Second})
	}
	p.clear()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 11 {
		t.Fatalf("got %d lines, want 11 (start and every tenth):\n%s", len(lines), buf.String())
	}
	if want := "progress: measure 0/1000 samples (0%) · about 16m40s left"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	if want := "progress: measure 500/1000 samples (50%) · about 8m20s left"; lines[5] != want {
		t.Errorf("line 6 %q, want %q", lines[5], want)
	}
	if want := "progress: measure 1000/1000 samples (100%)"; lines[10] != want {
		t.Errorf("last line %q, want %q", lines[10], want)
	}
	if strings.ContainsAny(buf.String(), "\r\033") {
		t.Errorf("plain progress holds terminal control characters: %q", buf.String())
	}
}

// TestInterruptedText: an interrupted run says how far its timing got,
// or, stopped before it began (while it computed its matrices), that it
// took no sample and where a matrix stopped part-way is shown, not "0 of
// about 0 samples".
func TestInterruptedText(t *testing.T) {
	for _, tc := range []struct {
		done, total int
		want        string
	}{
		{120, 600, "interrupted after 120 of about 600 samples: what was measured is stored in r.db as run R, marked incomplete; serbench run --resume R finishes it"},
		{0, 0, "interrupted before any sample was taken (a matrix being computed is stored partial: serbench fidelity, robust or interop --run R shows it): what was measured is stored in r.db as run R, marked incomplete; serbench run --resume R finishes it"},
	} {
		if got := interruptedText(tc.done, tc.total, "r.db", "R"); got != tc.want {
			t.Errorf("%d of %d:\n got %s\nwant %s", tc.done, tc.total, got, tc.want)
		}
	}
}
