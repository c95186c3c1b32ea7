// Package exectest helps the tests of the packages that run codecs in
// worker processes (fidelity, robust, interop): a worker command that
// stays after its work, a collector of the warnings a computation gives,
// and, on Linux, a watch that tells whether a worker was started at all,
// and a file size limit under which writes fail as at a full disk.
package exectest

import (
	"os"
	"sync"
)

// Lingering returns a command line that runs command and then stays,
// holding the pipes it was given: a worker that does not exit when its
// requests end. It needs a POSIX sh.
func Lingering(command ...string) []string {
	return append([]string{"sh", "-c", `"$0" "$@"; exec sleep 120`}, command...)
}

// Hanging is what a test codec does as it starts to hang, in a worker
// that Interrupt's compute started: it creates the file named by the
// environment variable markEnv, which Interrupt waits for. Where markEnv
// is not set it does nothing.
func Hanging(markEnv string) {
	if f := os.Getenv(markEnv); f != "" {
		os.WriteFile(f, nil, 0o644)
	}
}

// Warnings collects the warnings of a computation: Warn is its
// Options.Warn, safe for concurrent use.
type Warnings struct {
	mu   sync.Mutex
	list []string
}

// Warn records msg.
func (w *Warnings) Warn(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.list = append(w.list, msg)
}

// List returns the warnings recorded so far, oldest first.
func (w *Warnings) List() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.list...)
}
