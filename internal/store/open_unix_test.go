//go:build unix

package store

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesAreNotDatabases: a SQLite path that names a named pipe
// (on which SQLite waited for ever, deaf to Ctrl-C) or a device such as
// /dev/null is refused at once by every open, with a message that says
// what it is.
func TestSpecialFilesAreNotDatabases(t *testing.T) {
	ctx := context.Background()
	fifo := filepath.Join(t.TempDir(), "pipe.db")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	// Whatever is left waiting on the pipe is let go when the test ends.
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_RDWR|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	for _, tc := range []struct{ path, want string }{{fifo, "it is a named pipe"}, {os.DevNull, "it is a device"}} {
		for name, open := range allOpens {
			type opened struct {
				db  *DB
				err error
			}
			done := make(chan opened, 1)
			go func() {
				db, err := open(ctx, tc.path)
				done <- opened{db, err}
			}()
			select {
			case o := <-done:
				wantOpenError(t, name, tc.path, tc.want, o.db, o.err)
			case <-time.After(10 * time.Second):
				t.Errorf("%s(%s) still waits after 10s", name, tc.path)
			}
		}
	}
}
