package exectest

import (
	"os/signal"
	"syscall"
	"testing"
)

// FileSizeLimit runs f with this process's file size limit
// (RLIMIT_FSIZE) at n bytes and SIGXFSZ ignored, so that a write past n
// fails with EFBIG, as at a full disk; both are restored after f. It
// skips t when the limit cannot be read or set.
func FileSizeLimit(t testing.TB, n uint64, f func()) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	signal.Ignore(syscall.SIGXFSZ)
	defer signal.Reset(syscall.SIGXFSZ)
	small := lim
	small.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
		t.Skip(err)
	}
	defer func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
			t.Fatal(err)
		}
	}()
	f()
}
