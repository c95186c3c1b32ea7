package store

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// testSaveRunUnlessStoredIsAtomic: SaveRunUnlessStored stores a run
// unless a run it keeps is the same; and of two calls at once (two
// processes: two opens of the database) with the same results, the
// second waits for the first's transaction to end before it looks, finds
// the run that the first stored and stores nothing: the look and the
// store are one step (serbench import of one file twice at the same
// moment stored it twice).
func testSaveRunUnlessStoredIsAtomic(t *testing.T, fresh newDB) {
	ctx := context.Background()
	dsn := fresh(t)
	d1, d2 := open(t, dsn), open(t, dsn)
	imported := func(c string) bool { return strings.HasPrefix(c, "import ") }
	sameAs := func(command string) func(*result.Run) bool {
		return func(r *result.Run) bool { return r.Command == command }
	}
	newRun := func(id, command string) *result.Run {
		r := fixture.Run(id)
		r.Command = command
		return r
	}
	// Runs that are not kept, or not the same, are not found.
	write(t, d1, newRun("measured", "serbench run"))
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("other", "import other"), RunMeta{}, imported, sameAs("serbench run")); err != nil || id != "" {
		t.Fatalf("a run the same as one not kept: %q, %v; want it stored", id, err)
	}
	if _, err := d1.Run(ctx, "other"); err != nil {
		t.Fatal(err)
	}
	// A run that cannot be read is skipped, and the transaction goes on.
	write(t, d1, newRun("damaged", "import g"))
	if _, err := d1.db.ExecContext(ctx, d1.rebind(`UPDATE runs SET start_time = ? WHERE id = ?`), "not a time", "damaged"); err != nil {
		t.Fatal(err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("again", "import g"), RunMeta{}, imported, sameAs("import g")); err != nil || id != "" {
		t.Fatalf("a run the same as one that cannot be read: %q, %v; want it stored", id, err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("third", "import g"), RunMeta{}, imported, sameAs("import g")); err != nil || id != "again" {
		t.Fatalf("a run the same as one stored after one that cannot be read: %q, %v; want again found", id, err)
	}

	// The first holds its transaction open while it looks (keep waits).
	inFirst, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	first := make(chan error, 1)
	go func() {
		id, err := d1.SaveRunUnlessStored(ctx, newRun("first", "import f"), RunMeta{}, func(c string) bool {
			once.Do(func() { close(inFirst); <-release })
			return imported(c)
		}, sameAs("import f"))
		if err == nil && id != "" {
			err = errors.New("found " + id)
		}
		first <- err
	}()
	<-inFirst
	var mu sync.Mutex
	secondLooked := false
	type found struct {
		id  string
		err error
	}
	second := make(chan found, 1)
	go func() {
		id, err := d2.SaveRunUnlessStored(ctx, newRun("second", "import f"), RunMeta{}, func(c string) bool {
			mu.Lock()
			secondLooked = true
			mu.Unlock()
			return imported(c)
		}, sameAs("import f"))
		second <- found{id, err}
	}()
	// The second waits: on PostgreSQL for the advisory lock, which
	// pg_stat_activity shows; on SQLite for the write lock, which it
	// tries for sqliteBusyTimeout at a time.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		looked := secondLooked
		mu.Unlock()
		if looked {
			t.Fatal("a second call looked at the stored runs while the first's transaction was open")
		}
		if d1.postgres {
			var n int
			if err := d1.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n > 0 {
				break
			}
		} else if time.Until(deadline) < 30*time.Second-3*sqliteBusyTimeout*time.Millisecond {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second call did not wait for the first within 30s")
		}
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatalf("first: %v; want the run stored", err)
	}
	if got := <-second; got.err != nil || got.id != "first" {
		t.Errorf("second: %q, %v; want the first's run found and nothing stored", got.id, got.err)
	}
	if _, err := d1.Run(ctx, "second"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the second's run was stored: %v", err)
	}
}
