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

// progressLine keeps one status line on a terminal: the phase, the
// current cell and an estimate of the time left.
type progressLine struct {
	mu   sync.Mutex
	w    io.Writer
	last time.Time
}

func (p *progressLine) update(pr harness.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.last) < 100*time.Millisecond && pr.Done != 0 {
		return
	} else {
		p.last = now
	}
	left := ""
	switch {
	case pr.Adaptive && pr.Bound > 0:
		left = fmt.Sprintf(" · at most %s left (budget)", pr.Bound.Round(time.Second))
	case pr.Bound > pr.Remaining+time.Second && pr.Remaining > 0:
		left = fmt.Sprintf(" · about %s left, at most %s with forks for precision", pr.Remaining.Round(time.Second), pr.Bound.Round(time.Second))
	case pr.Remaining > 0:
		left = fmt.Sprintf(" · about %s left", pr.Remaining.Round(time.Second))
	}
	fmt.Fprintf(p.w, "\r\033[K%s %d/%d %s%s", pr.Phase, pr.Done, pr.Total, pr.Cell, left)
}

func (p *progressLine) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\033[K")
}
