//go:build !unix

package floats

import "github.com/serbench/serbench/codec"

// readMmap is unsupported where golang.org/x/sys/unix has no mmap.
func readMmap(path string, use func([]float32)) error {
	return codec.Unsupportedf("fm needs mmap from golang.org/x/sys/unix")
}
