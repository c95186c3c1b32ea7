// Package pgtest starts throwaway PostgreSQL servers for tests: a fresh
// cluster (initdb) in a temporary directory, listening only on a Unix
// socket in that directory, stopped and removed when the test ends. It
// uses Debian's PostgreSQL binaries (/usr/lib/postgresql/15/bin, installed
// by scripts/install-test-deps.sh); as root it runs them as the postgres
// user, since PostgreSQL refuses to run as root.
//
// Where PostgreSQL is not installed the test is skipped with a message
// saying how to install it, except under CI=true, where it fails: CI never
// skips the PostgreSQL tests silently.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// BinDirs are the directories searched, in order, for initdb and pg_ctl.
// The PGTEST_BINDIR environment variable, when set, comes first.
var BinDirs = []string{"/usr/lib/postgresql/15/bin"}

// port is the port number in the socket's name; nothing listens on TCP.
const port = 5432

// Server is a running throwaway PostgreSQL cluster.
type Server struct {
	// Dir holds the cluster (Dir/data), its log (Dir/log) and its socket.
	Dir string
	// StartTime is how long initdb and the server's start took.
	StartTime time.Duration

	bin    string
	runAs  string // "postgres" when running as root, else ""
	dbs    atomic.Int64
	logger testing.TB
}

// missing skips t, or fails it under CI=true, because PostgreSQL cannot be
// started here.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...) + "; install it with scripts/install-test-deps.sh"
	if os.Getenv("CI") == "true" {
		t.Fatalf("pgtest: %s (CI=true: the PostgreSQL tests must run)", msg)
	}
	t.Skipf("pgtest: %s: skipping the PostgreSQL test", msg)
}

func findBin() string {
	dirs := BinDirs
	if d := os.Getenv("PGTEST_BINDIR"); d != "" {
		dirs = append([]string{d}, dirs...)
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	return ""
}

// Start initializes and starts a new cluster, which t.Cleanup stops and
// removes.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := findBin()
	if bin == "" {
		missing(t, "PostgreSQL is not installed (no initdb and pg_ctl in %s)", strings.Join(BinDirs, ", "))
	}
	s := &Server{bin: bin, logger: t}
	var uid, gid = -1, -1
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			missing(t, "running as root and there is no postgres user to run PostgreSQL as (%v)", err)
		}
		if _, err := exec.LookPath("runuser"); err != nil {
			t.Fatalf("pgtest: running as root needs runuser to start PostgreSQL as postgres: %v", err)
		}
		uid, _ = strconv.Atoi(u.Uid)
		gid, _ = strconv.Atoi(u.Gid)
		s.runAs = "postgres"
	}
	// Directly under the temporary directory (not t.TempDir, whose parent
	// postgres cannot enter), with a short path: a socket's path is
	// limited to about 100 bytes.
	parent := os.TempDir()
	if len(parent) > 60 {
		parent = "/tmp"
	}
	dir, err := os.MkdirTemp(parent, "pgtest-")
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	s.Dir = dir
	t.Cleanup(s.stop)
	if uid >= 0 {
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatalf("pgtest: give %s to postgres: %v", dir, err)
		}
	}
	began := time.Now()
	data := filepath.Join(dir, "data")
	if out, err := s.run(60*time.Second, "initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"); err != nil {
		t.Fatalf("pgtest: initdb: %v\n%s", err, out)
	}
	conf := fmt.Sprintf(`
listen_addresses = ''
unix_socket_directories = '%s'
port = %d
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 40
`, dir, port)
	f, err := os.OpenFile(filepath.Join(data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString(conf)
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		t.Fatalf("pgtest: configure the cluster: %v", err)
	}
	if out, err := s.run(90*time.Second, "pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("pgtest: pg_ctl start: %v\n%s\nserver log:\n%s", err, out, log)
	}
	s.StartTime = time.Since(began)
	t.Logf("pgtest: PostgreSQL (%s) started in %s in %s", bin, s.StartTime.Round(time.Millisecond), dir)
	return s
}

// run runs one of the PostgreSQL programs, as postgres when root.
func (s *Server) run(timeout time.Duration, prog string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	path := filepath.Join(s.bin, prog)
	var cmd *exec.Cmd
	if s.runAs != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", s.runAs, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = s.Dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TZ=UTC")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

// stop stops the server at once and removes its directory.
func (s *Server) stop() {
	data := filepath.Join(s.Dir, "data")
	if _, err := os.Stat(filepath.Join(data, "postmaster.pid")); err == nil {
		if out, err := s.run(60*time.Second, "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"); err != nil {
			s.logger.Errorf("pgtest: pg_ctl stop: %v\n%s", err, out)
		}
	}
	if err := os.RemoveAll(s.Dir); err != nil {
		s.logger.Errorf("pgtest: remove %s: %v", s.Dir, err)
	}
}

// DSN returns the URL of database name on s, for store.Open and pgx.
func (s *Server) DSN(name string) string {
	q := url.Values{"host": {s.Dir}, "port": {strconv.Itoa(port)}, "sslmode": {"disable"}}
	return "postgres://postgres@/" + url.PathEscape(name) + "?" + q.Encode()
}

// NewDatabase creates an empty database on s and returns its URL.
func (s *Server) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("serbench_%d", s.dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		t.Fatalf("pgtest: connect to %s: %v", s.Dir, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create database %s: %v", name, err)
	}
	return s.DSN(name)
}

// DSN starts a server for t and returns the URL of an empty database on
// it.
func DSN(t testing.TB) string {
	t.Helper()
	return Start(t).NewDatabase(t)
}
