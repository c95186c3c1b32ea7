//go:build !linux

package harness

import "syscall"

// sysProcAttr has no parent-death signal outside Linux: a worker still
// exits as soon as its requests pipe closes.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// residentBytes is not known outside Linux: only GOMEMLIMIT bounds a
// worker there.
func residentBytes(pid int) (int64, bool) { return 0, false }
