package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/serbench/serbench/internal/datatest"
	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/pgtest"
	"github.com/serbench/serbench/result"
)

// testConcurrentOpenMigratesOnce opens a new database from several
// connections at once, as the shards of a group starting together do.
func testConcurrentOpenMigratesOnce(t *testing.T, newDB newDB) {
	ctx := context.Background()
	dsn := newDB(t)
	const n = 4
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			d, err := Open(ctx, dsn)
			if err == nil {
				err = d.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("open %d: %v", i, err)
		}
	}
	d := open(t, dsn)
	var rows, v int
	if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(version) FROM schema_version`).Scan(&rows, &v); err != nil {
		t.Fatal(err)
	}
	if rows != 1 || v != len(migrations) {
		t.Errorf("schema_version has %d rows, version %d; want 1 row, version %d", rows, v, len(migrations))
	}
}

// testExtremeValues stores what stresses the column types: counts beyond
// 32 bits, tiny and huge floats, Unicode and empty text.
func testExtremeValues(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	r := fixture.Run("extreme")
	r.Command = "serbench run --codec 'ü|\"x\"' ; DROP TABLE runs; --"
	r.Env = append(r.Env, result.Config{Key: "empty", Value: ""})
	c := &r.Cells[0]
	c.Samples = []result.Sample{
		{Iters: math.MaxInt64, NsPerOp: math.SmallestNonzeroFloat64, BytesPerOp: math.MaxFloat64, AllocsPerOp: 0},
		{Iters: 1 << 40, NsPerOp: 0.1, BytesPerOp: 1e-300, AllocsPerOp: 12345678.75},
	}
	write(t, d, r)
	got, err := d.Run(ctx, "extreme")
	if err != nil {
		t.Fatal(err)
	}
	if got.Command != r.Command || got.EnvValue("empty") != "" || len(got.Env) != len(r.Env) {
		t.Errorf("text read back: command %q, env %v", got.Command, got.Env)
	}
	gc := got.Cell(c.Key())
	if gc == nil || fmt.Sprint(gc.Samples) != fmt.Sprint(c.Samples) {
		t.Errorf("samples read back as %v, want %v", gc, c.Samples)
	}
}

// closedPort returns a local address where nothing listens: a port that
// was free a moment ago, so that a connection is refused at once.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func TestPostgresUnreachableNamesHostNotPassword(t *testing.T) {
	// A port where nothing listens: refused at once.
	addr := closedPort(t)
	dsn := "postgres://bench:s3cret@" + addr + "/team?sslmode=disable&password=s3cret"
	began := time.Now()
	_, err := Open(context.Background(), dsn)
	if err == nil {
		t.Fatalf("Open(%s) succeeded with nothing listening", addr)
	}
	msg := err.Error()
	for _, want := range []string{addr, `database "team"`, `user "bench"`, "postgres://bench:xxxxx@" + addr + "/team"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q: %s", want, msg)
		}
	}
	if strings.Contains(msg, "s3cret") {
		t.Errorf("error shows the password: %s", msg)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("refused connection took %s to report", d)
	}
}

// TestPostgresRefusedOnce: with the default sslmode (prefer) pgx tries
// with TLS and then without, and lists both attempts; a server that
// cannot be reached at all is said to be so once, not twice, and the
// error is still pgconn's.
func TestPostgresRefusedOnce(t *testing.T) {
	addr := closedPort(t)
	_, err := Open(context.Background(), "postgres://bench@"+addr+"/team")
	if err == nil {
		t.Fatalf("Open(%s) succeeded with nothing listening", addr)
	}
	msg := err.Error()
	seen := map[string]bool{}
	for _, l := range strings.Split(msg, "\n") {
		if seen[l] {
			t.Errorf("line %q said twice:\n%s", l, msg)
		}
		seen[l] = true
	}
	if !strings.Contains(msg, "refused") {
		t.Errorf("error does not say the connection was refused: %s", msg)
	}
	if ce := (*pgconn.ConnectError)(nil); !errors.As(err, &ce) {
		t.Errorf("error %T does not wrap a *pgconn.ConnectError: %s", err, msg)
	}
}

func TestPostgresConnectTimeout(t *testing.T) {
	// A server that accepts and never answers: the connect timeout ends
	// the wait.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	defer func() {
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	}()
	addr := l.Addr().String()
	for _, tc := range []struct {
		name, query string
		set         time.Duration
		want        string
	}{
		{"connect_timeout=1", "&connect_timeout=1", 0, "within 1s"},
		{"default", "", 1500 * time.Millisecond, "within 1.5s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.set != 0 {
				saved := defaultConnectTimeout
				defaultConnectTimeout = tc.set
				defer func() { defaultConnectTimeout = saved }()
			}
			began := time.Now()
			_, err := Open(context.Background(), "postgres://bench:s3cret@"+addr+"/team?sslmode=disable"+tc.query)
			took := time.Since(began)
			if err == nil {
				t.Fatal("Open succeeded against a silent server")
			}
			if !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "s3cret") {
				t.Errorf("error: %v; want the address, %q and no password", err, tc.want)
			}
			if took > 4*time.Second {
				t.Errorf("gave up after %s", took)
			}
		})
	}
}

func TestPostgresBadURL(t *testing.T) {
	_, err := Open(context.Background(), "postgres://bench:s3cret@localhost:notaport/team")
	if err == nil || !strings.Contains(err.Error(), "localhost") || !strings.Contains(err.Error(), "bad PostgreSQL URL: invalid port") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("bad URL: %v; want an error naming the host without the password", err)
	}
}

// TestPostgresPasswordWithAt: a password that holds an "@" not written
// as %40 is refused with how to write it, and no part of it is shown
// (pgx took what follows its "@" for the host, and named that host).
func TestPostgresPasswordWithAt(t *testing.T) {
	_, err := Open(context.Background(), "postgres://bench:s3cr@tail@"+closedPort(t)+"/team?sslmode=disable")
	if err == nil || !strings.Contains(err.Error(), "%40") || strings.Contains(err.Error(), "tail") || strings.Contains(err.Error(), "s3cr") {
		t.Errorf("Open(password with @) = %v; want it refused with how to escape the @, and no part of the password", err)
	}
}

func TestRedactURL(t *testing.T) {
	datatest.Table(t, "redactURL", redactURL, map[string]string{
		"postgres://u:pw@h:5432/db":                    "postgres://u:xxxxx@h:5432/db",
		"postgresql://u@h/db?sslmode=require":          "postgresql://u@h/db?sslmode=require",
		"postgres://h/db?password=pw&user=u":           "postgres://h/db?password=xxxxx&user=u",
		"postgres://u@/db?host=%2Ftmp%2Fs&sslmode=off": "postgres://u@/db?host=%2Ftmp%2Fs&sslmode=off",
	})
}

// TestPostgresPasswordWithSlash: a password that holds a "/" not written
// as %2F, which ends the URL's host (pgx said "invalid port", taking what
// follows the user name's ":" for the port), is refused with how to
// write it, and no part of it is shown.
func TestPostgresPasswordWithSlash(t *testing.T) {
	for _, dsn := range []string{
		"postgres://bench:s3c/ret@" + closedPort(t) + "/team?sslmode=disable",
		"postgres://bench:s3c/r@tail@" + closedPort(t) + "/team",
		"postgresql://bench:s3c/ret@/team?host=/tmp&sslmode=disable",
	} {
		_, err := Open(context.Background(), dsn)
		if err == nil || !strings.Contains(err.Error(), `holds a "/"`) || !strings.Contains(err.Error(), "percent-encode") || !strings.Contains(err.Error(), "%2F") ||
			strings.Contains(err.Error(), "s3c") || strings.Contains(err.Error(), "ret") || strings.Contains(err.Error(), "tail") {
			t.Errorf("Open(password with /) = %v; want it refused with how to escape the /, and no part of the password", err)
		}
	}
}

// TestPostgresCollationKeepsTheRunOrder: in a PostgreSQL database whose
// collation is not byte order (ICU's en-US, where "run-a" sorts before
// "run-B"), Latest still names the run Runs lists last: two runs that
// start at one instant are ordered by ID in byte order ("run-B" before
// "run-a"). Latest ordered by SQL, by the database's collation, and named
// run-B.
func TestPostgresCollationKeepsTheRunOrder(t *testing.T) {
	ctx := context.Background()
	srv := pgtest.Start(t)
	rawExec(t, srv.DSN("postgres"), `CREATE DATABASE icu TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'`)
	d := open(t, srv.DSN("icu"))
	var lt bool
	if err := d.db.QueryRowContext(ctx, `SELECT 'run-a' < 'run-B'`).Scan(&lt); err != nil || !lt {
		t.Fatalf("the database's collation puts run-a before run-B: %v, %v; want true", lt, err)
	}
	for _, id := range []string{"run-a", "run-B"} {
		r := fixture.Run(id)
		r.Cells, r.Verifications = nil, nil
		if err := d.SaveRun(ctx, r, RunMeta{}); err != nil {
			t.Fatal(err)
		}
	}
	runs, err := d.Runs(ctx)
	if err != nil || len(runs) != 2 || runs[1].ID != "run-a" {
		t.Fatalf("Runs = %v, %v; want run-B, then run-a", runs, err)
	}
	if id, err := d.Latest(ctx); err != nil || id != "run-a" {
		t.Errorf("Latest = %q, %v; want run-a, the run Runs lists last", id, err)
	}
}
