//go:build !linux

package fidelity

import "syscall"

// sysProcAttr has no parent-death signal outside Linux: a worker whose
// results pipe closes fails its next write and exits.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// residentBytes is not known outside Linux: only GOMEMLIMIT bounds a
// worker there.
func residentBytes(pid int) (int64, bool) { return 0, false }
