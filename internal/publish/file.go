package publish

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/serbench/serbench/internal/atomicfile"
)

// WriteFile writes data to path with atomicfile.WriteFile: through a
// temporary file in the same directory, renamed over path once complete,
// so that a reader never sees half a file and a failed write leaves what
// was there. The directory must exist, and path must not be a directory:
// an error says so otherwise (CheckTarget). Errors start "writing PATH: ".
func WriteFile(path string, data []byte) error {
	if err := CheckTarget(path); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, data); err != nil {
		// atomicfile's error is "write PATH: cause".
		return fmt.Errorf("writing %s: %w", path, errors.Unwrap(err))
	}
	return nil
}

// CheckTarget returns an error, of writing path ("writing PATH: ..."),
// when a file cannot be written at path: the directory it is to be
// written in does not exist, or path is a directory. Markdown and
// Dashboard check their paths with it before they write anything (charts,
// run pages), so that a bad path leaves no file behind; a command can
// check its paths with it before any work.
func CheckTarget(path string) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("writing %s: directory %s does not exist", path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("writing %s: it is a directory; give the path of a file", path)
	}
	return nil
}
