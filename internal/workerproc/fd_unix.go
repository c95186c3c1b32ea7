//go:build unix

package workerproc

import "syscall"

// isPipe reports whether descriptor fd is open and a pipe or a socket.
func isPipe(fd uintptr) bool {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(fd), &st); err != nil {
		return false
	}
	t := st.Mode & syscall.S_IFMT
	return t == syscall.S_IFIFO || t == syscall.S_IFSOCK
}
