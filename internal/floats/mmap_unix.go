//go:build unix

package floats

import (
	"os"

	"golang.org/x/sys/unix"
)

// readMmap maps the file read-only, reinterprets the mapping as []float32
// for use, and unmaps it.
func readMmap(path string, use func([]float32)) error {
	return readOpen(path, func(f *os.File, size int64) error {
		if size == 0 {
			use(nil)
			return nil
		}
		b, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
		if err != nil {
			return err
		}
		xs, err := asFloat32s(b)
		if err == nil {
			use(xs)
		}
		if uerr := unix.Munmap(b); err == nil {
			err = uerr
		}
		return err
	})
}
