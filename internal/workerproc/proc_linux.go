package workerproc

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// sysProcAttr puts a worker in a process group of its own (a Ctrl-C at
// the terminal reaches serbench, which ends its workers itself) and has
// the kernel kill it when serbench dies, even by SIGKILL.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the process group of a worker, pid: the worker and
// what it started, as sysProcAttr made the worker the group's leader. A
// group with no process left is no error.
func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

// quitSignal asks a worker for its goroutines: the Go runtime writes
// every goroutine's stack to standard error on SIGQUIT, and exits.
func quitSignal(p *os.Process) bool { return p.Signal(syscall.SIGQUIT) == nil }

// residentBytes returns the resident set size of process pid.
func residentBytes(pid int) (int64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	i := bytes.Index(b, []byte("VmRSS:"))
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(b[i+len("VmRSS:"):])
	if len(f) < 2 {
		return 0, false
	}
	kb, err := strconv.ParseInt(string(f[0]), 10, 64)
	return kb << 10, err == nil
}
