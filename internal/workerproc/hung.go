package workerproc

import (
	"strings"
	"time"
)

// What a matrix (fidelity, interoperability) keeps of a worker that ran
// past its time limit: as the harness does with its workers, it asks the
// worker for its goroutines' stacks (Quit) before it kills it, and keeps
// an excerpt of them after the cell's one line, so that a hang says
// where it hung. The robustness matrix does not: a hang there is a
// finding of a fuzzed input, not a fault of serbench's to look into.

// QuitWait is how long a worker that ran past its time limit is given to
// write its goroutines' stacks and exit (Hung), before it is killed.
const QuitWait = 2 * time.Second

// ExcerptKept is how much of a hung worker's stacks Excerpt keeps: a
// cell's detail is stored with its matrix, once for each cell that hung.
const ExcerptKept = 4 << 10

// StacksHeading is the line that introduces the excerpt of a hung
// worker's stacks after a cell's line (WithStacks).
const StacksHeading = "its goroutines when it was stopped (SIGQUIT):"

// Hung ends a worker that did not answer within its time limit: it asks
// it for its goroutines' stacks (Quit, QuitWait at most), then ends it
// (Death, with why its reason), and returns what Death returns and the
// Excerpt of the stacks, "" when none came (elsewhere than Linux, say).
func (p *Process) Hung(why string) (memory bool, text, stacks string) {
	_, all := p.Quit(QuitWait)
	memory, text = p.Death(why)
	return memory, text, Excerpt(all)
}

// Excerpt returns what tells, of the goroutines' stacks that a Go worker
// wrote on SIGQUIT (Quit), where it hung: the goroutines that run code
// other than the Go runtime's (the signal's goroutine 0, the collector's
// and the scheduler's are left out), each frame's line without its
// frame, stack and program counters (" fp=... sp=... pc=..."), at most
// ExcerptKept bytes, cut at the end of a line. It returns "" for "".
func Excerpt(stacks string) string {
	var b strings.Builder
	for _, g := range strings.Split(stacks, "\n\n") {
		if !strings.HasPrefix(g, "goroutine ") || !ownCode(g) {
			continue
		}
		for _, l := range strings.Split(g, "\n") {
			if i := strings.Index(l, " fp=0x"); i >= 0 {
				l = l[:i]
			}
			if b.Len()+len(l)+1 > ExcerptKept {
				return strings.TrimSpace(b.String())
			}
			b.WriteString(l + "\n")
		}
		b.WriteString("\n")
	}
	return strings.TrimSpace(b.String())
}

// ownCode reports whether goroutine g (its header, then its frames: a
// function's line, then its file's line, indented) calls a function
// that is not the Go runtime's.
func ownCode(g string) bool {
	for _, l := range strings.Split(g, "\n")[1:] {
		if l == "" || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "created by ") {
			continue
		}
		if !strings.HasPrefix(l, "runtime.") && !strings.HasPrefix(l, "internal/runtime/") {
			return true
		}
	}
	return false
}

// CutStacks parts what WithStacks made into the line and the stacks:
// stacks is "" when s has none.
func CutStacks(s string) (line, stacks string) {
	line, stacks, _ = strings.Cut(s, "\n"+StacksHeading+"\n")
	return line, stacks
}

// WithStacks returns a cell's line followed, when stacks is not "", by
// StacksHeading and stacks on lines of their own: what a matrix's JSON
// keeps of a hung worker, of which its tables show the first line.
func WithStacks(line, stacks string) string {
	if stacks == "" {
		return line
	}
	return line + "\n" + StacksHeading + "\n" + stacks
}
