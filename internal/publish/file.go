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
// was there. The directory must exist: an error names it otherwise.
// Errors start "writing PATH: ".
func WriteFile(path string, data []byte) error {
	if err := checkDir(path); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, data); err != nil {
		// atomicfile's error is "write PATH: cause".
		return fmt.Errorf("writing %s: %w", path, errors.Unwrap(err))
	}
	return nil
}

// checkDir returns an error, of writing path, when the directory path is
// to be written in does not exist.
func checkDir(path string) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("writing %s: directory %s does not exist", path, dir)
	}
	return nil
}
