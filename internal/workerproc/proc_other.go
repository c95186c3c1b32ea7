//go:build !linux

package workerproc

import (
	"os"
	"syscall"
)

// sysProcAttr has no parent-death signal outside Linux: a worker is to
// exit by itself when its pipes to serbench close.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// killGroup does nothing outside Linux, where a worker has no process
// group of its own: the pipes of what a worker started close when it
// ends, or when the output delay of Start has passed.
func killGroup(pid int) {}

// quitSignal sends no signal outside Linux (Windows has no SIGQUIT): a
// worker that does not answer is killed without its goroutines.
func quitSignal(p *os.Process) bool { return false }

// residentBytes is not known outside Linux: only GOMEMLIMIT bounds a
// worker there.
func residentBytes(pid int) (int64, bool) { return 0, false }
