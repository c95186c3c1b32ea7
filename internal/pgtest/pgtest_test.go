package pgtest

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestServer(t *testing.T) {
	var dir string
	t.Run("start", func(t *testing.T) {
		s := Start(t)
		dir = s.Dir
		ctx := context.Background()
		a, b := s.NewDatabase(t), s.NewDatabase(t)
		if a == b {
			t.Fatalf("two databases with one URL %s", a)
		}
		conn, err := pgx.Connect(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var db, version string
		if err := conn.QueryRow(ctx, "SELECT current_database(), current_setting('server_version')").Scan(&db, &version); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(a, "postgres://") || !strings.Contains(a, "/"+db+"?") {
			t.Errorf("URL %s does not name database %s", a, db)
		}
		t.Logf("database %s on PostgreSQL %s", db, version)
		var listen string
		if err := conn.QueryRow(ctx, "SHOW listen_addresses").Scan(&listen); err != nil || listen != "" {
			t.Errorf("listen_addresses = %q, %v; want only the Unix socket", listen, err)
		}
	})
	if dir == "" {
		return // skipped
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("server directory %s left behind: %v", dir, err)
	}
}

// fakeT records what Start does when PostgreSQL is missing.
type fakeT struct {
	testing.TB
	mu              sync.Mutex
	skipped, failed string
}

func (f *fakeT) Helper()             {}
func (f *fakeT) Cleanup(func())      {}
func (f *fakeT) Logf(string, ...any) {}
func (f *fakeT) Skipf(format string, a ...any) {
	f.mu.Lock()
	f.skipped = fmt.Sprintf(format, a...)
	f.mu.Unlock()
	runtime.Goexit()
}
func (f *fakeT) Fatalf(format string, a ...any) {
	f.mu.Lock()
	f.failed = fmt.Sprintf(format, a...)
	f.mu.Unlock()
	runtime.Goexit()
}

func TestMissingPostgreSQLSkipsOutsideCIAndFailsInCI(t *testing.T) {
	saved := BinDirs
	BinDirs = []string{"/nonexistent/postgresql/bin"}
	t.Cleanup(func() { BinDirs = saved })
	t.Setenv("PGTEST_BINDIR", "")
	start := func() *fakeT {
		f := &fakeT{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			Start(f)
		}()
		<-done
		return f
	}
	t.Setenv("CI", "")
	if f := start(); f.failed != "" || !strings.Contains(f.skipped, "not installed") || !strings.Contains(f.skipped, "install-test-deps.sh") {
		t.Errorf("outside CI: skipped %q, failed %q; want a skip saying how to install", f.skipped, f.failed)
	}
	t.Setenv("CI", "true")
	if f := start(); f.skipped != "" || !strings.Contains(f.failed, "not installed") {
		t.Errorf("CI=true: skipped %q, failed %q; want a failure", f.skipped, f.failed)
	}
}
