//go:build !linux

package workerproc

import "syscall"

// sysProcAttr has no parent-death signal outside Linux: a worker is to
// exit by itself when its pipes to serbench close.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// residentBytes is not known outside Linux: only GOMEMLIMIT bounds a
// worker there.
func residentBytes(pid int) (int64, bool) { return 0, false }
