package runner

import (
	"errors"
	"fmt"
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

// HolderAlive reports whether the holder of a run lock, as Lock names its
// owner ("serbench pid N on HOST"), may still be alive: false only for a
// process of this machine that no longer exists (killed); true when it
// cannot tell. It is the test Lock gives LockRunAlive.
func HolderAlive(holder string) bool {
	host, _ := os.Hostname()
	var pid int
	var h string
	if _, err := fmt.Sscanf(holder, "serbench pid %d on %s", &pid, &h); err != nil || h != host {
		return true // not ours to judge
	}
	return processAlive(pid)
}
