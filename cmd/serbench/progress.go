package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/serbench/serbench/internal/harness"
)

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressLine shows how far a run is: on a terminal, one status line
// rewritten in place (the phase, the current cell and an estimate of the
// time left); elsewhere (a log, CI), when plain is set, a line of its own
// at every tenth of the run and at least every plainEvery, so that a log
// shows movement without filling up.
type progressLine struct {
	mu    sync.Mutex
	w     io.Writer
	plain bool
	last  time.Time
	// tenth is the last tenth of the run a plain line was written for.
	tenth int
}

// plainEvery is the longest a plain progress display stays silent.
const plainEvery = 10 * time.Second

func (p *progressLine) update(pr harness.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.plain {
		tenth := 0
		if pr.Total > 0 {
			tenth = 10 * pr.Done / pr.Total
		}
		if tenth <= p.tenth && now.Sub(p.last) < plainEvery {
			return
		}
		p.last, p.tenth = now, max(tenth, p.tenth)
		fmt.Fprintf(p.w, "progress: %s%s\n", progressText(pr), timeLeft(pr))
		return
	}
	if now.Sub(p.last) < 100*time.Millisecond && pr.Done != 0 {
		return
	}
	p.last = now
	fmt.Fprintf(p.w, "\r\033[K%s %s%s", progressText(pr), pr.Cell, timeLeft(pr))
}

// progressText is the phase and the samples done: "measure 120/840 (14%)".
func progressText(pr harness.Progress) string {
	pct := 0
	if pr.Total > 0 {
		pct = 100 * pr.Done / pr.Total
	}
	return fmt.Sprintf("%s %d/%d samples (%d%%)", pr.Phase, pr.Done, pr.Total, pct)
}

// timeLeft is the estimate of the time left, or "".
func timeLeft(pr harness.Progress) string {
	switch {
	case pr.Adaptive && pr.Bound > 0:
		return fmt.Sprintf(" · at most %s left (budget)", pr.Bound.Round(time.Second))
	case pr.Bound > pr.Remaining+time.Second && pr.Remaining > 0:
		return fmt.Sprintf(" · about %s left, at most %s with forks for precision", pr.Remaining.Round(time.Second), pr.Bound.Round(time.Second))
	case pr.Remaining > 0:
		return fmt.Sprintf(" · about %s left", pr.Remaining.Round(time.Second))
	}
	return ""
}

func (p *progressLine) clear() {
	if p == nil || p.plain {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\033[K")
}

// progressTracker remembers where a run is, for the message of an
// interrupted run.
type progressTracker struct {
	mu   sync.Mutex
	last harness.Progress
}

// hook returns a Progress hook that records p and passes it to show,
// when show is not nil.
func (t *progressTracker) hook(show func(harness.Progress)) func(harness.Progress) {
	return func(p harness.Progress) {
		t.mu.Lock()
		t.last = p
		t.mu.Unlock()
		if show != nil {
			show(p)
		}
	}
}

// get returns the last progress recorded.
func (t *progressTracker) get() harness.Progress {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.last
}
