package runner

import (
	"errors"
	"os"
	"runtime"
	"syscall"
)

// processAlive reports whether a process with this ID exists on this
// machine; true when it cannot tell.
func processAlive(pid int) bool {
	if runtime.GOOS == "windows" || pid <= 0 {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || !errors.Is(err, os.ErrProcessDone) && !errors.Is(err, syscall.ESRCH)
}
