// Package atomicfile replaces a file whole: a reader sees its old content
// or its new content, never part of the new.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes data to the file path through a new temporary file in
// path's directory, which is written, closed, given mode 0644 and then
// renamed to path. It promises:
//
//   - path holds either what it held before (or nothing, if there was
//     no file) or all of data, never part of data, whether WriteFile
//     succeeds or fails;
//   - the file written has mode 0644, whatever the umask, and not the
//     mode of the file it replaces;
//   - a WriteFile that fails removes its temporary file;
//   - the error is an *fs.PathError with Op "write" and Path path that
//     wraps the cause (a syscall.Errno such as ENOSPC, or ENOENT when
//     path's directory does not exist): it names path, never the
//     temporary file, which is gone.
//
// It does not sync the file or the directory: a crash of the system soon
// after may lose the new content, but not leave part of it.
func WriteFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return writeError(path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644) // CreateTemp's is 0o600
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return writeError(path, err)
	}
	return nil
}

// writeError is the error of a failed WriteFile: the cause of err, which
// may name the temporary file, as an error of path.
func writeError(path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &fs.PathError{Op: "write", Path: path, Err: err}
}
