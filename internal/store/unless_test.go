package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/sqlrows"
	"github.com/serbench/serbench/result"
)

// testSaveRunUnlessStoredIsAtomic: SaveRunUnlessStored stores a run
// unless a run stored whole that it keeps holds the same results; and of
// two calls at once (two processes: two opens of the database) with the
// same results, the second waits for the first's transaction to end
// before it looks, finds the run that the first stored and stores
// nothing: the look and the store are one step (serbench import of one
// file twice at the same moment stored it twice).
func testSaveRunUnlessStoredIsAtomic(t *testing.T, fresh newDB) {
	ctx := context.Background()
	dsn := fresh(t)
	d1, d2 := open(t, dsn), open(t, dsn)
	imported := func(c string) bool { return strings.HasPrefix(c, "import ") }
	// newRun is a run of command whose results are those of a file
	// named file: runs of one file hold the same results.
	newRun := func(id, command, file string) *result.Run {
		r := fixture.Run(id)
		r.Command = command
		r.Env = append(r.Env, result.Config{Key: "file", Value: file})
		return r
	}
	// Runs that are not kept, or not stored whole, or not the same, are
	// not found.
	write(t, d1, newRun("measured", "import other", "other"))
	if err := d1.SaveRun(ctx, newRun("shown", "serbench show", "other"), RunMeta{}); err != nil {
		t.Fatal(err)
	}
	if err := d1.SaveRun(ctx, newRun("another", "import another", "another"), RunMeta{}); err != nil {
		t.Fatal(err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("other", "import other", "other"), RunMeta{}, imported); err != nil || id != "" {
		t.Fatalf("a run the same as one measured, and one not kept: %q, %v; want it stored", id, err)
	}
	if _, err := d1.Run(ctx, "other"); err != nil {
		t.Fatal(err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("other2", "import other copy", "other"), RunMeta{}, imported); err != nil || id != "other" {
		t.Fatalf("a run the same as one imported: %q, %v; want other found", id, err)
	}

	// A run stored before the digests were (NULL) gets its digest the
	// first time a call looks, and is found by it from then on, without
	// being read again; one that cannot be read is skipped, and the
	// transaction goes on.
	for _, r := range []*result.Run{newRun("old", "import o", "o"), newRun("damaged", "import g", "g")} {
		r.Start = r.Start.Add(-time.Hour) // older than the runs stored since
		if err := d1.SaveRun(ctx, r, RunMeta{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d1.exec(ctx, `UPDATE runs SET content_digest = NULL WHERE id IN ('old', 'damaged')`); err != nil {
		t.Fatal(err)
	}
	if err := d1.exec(ctx, `UPDATE runs SET start_time = ? WHERE id = ?`, "not a time", "damaged"); err != nil {
		t.Fatal(err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("again", "import g", "g"), RunMeta{}, imported); err != nil || id != "" {
		t.Fatalf("a run the same as one that cannot be read: %q, %v; want it stored", id, err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("third", "import g", "g"), RunMeta{}, imported); err != nil || id != "again" {
		t.Fatalf("a run the same as one stored after one that cannot be read: %q, %v; want again found", id, err)
	}
	digests := map[string]sql.NullString{}
	if err := sqlrows.Each(ctx, d1.db, `SELECT id, content_digest FROM runs`, func(rows *sql.Rows) error {
		var id string
		var digest sql.NullString
		err := rows.Scan(&id, &digest)
		digests[id] = digest
		return err
	}); err != nil {
		t.Fatal(err)
	}
	want := map[string]sql.NullString{
		"measured": {Valid: true}, "damaged": {},
		"old": {String: contentDigest(newRun("", "", "o")), Valid: true},
	}
	for _, id := range []string{"shown", "another", "other", "again"} {
		r, err := d1.Run(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want[id] = sql.NullString{String: contentDigest(r), Valid: true}
	}
	if diff := cmp.Diff(want, digests); diff != "" {
		t.Errorf("stored digests (-want +got):\n%s", diff)
	}
	if err := d1.exec(ctx, `UPDATE runs SET start_time = ? WHERE id = ?`, "not a time", "old"); err != nil {
		t.Fatal(err)
	}
	if id, err := d1.SaveRunUnlessStored(ctx, newRun("o2", "import o", "o"), RunMeta{}, imported); err != nil || id != "old" {
		t.Fatalf("a run the same as one stored before the digests, since damaged: %q, %v; want old found by its digest", id, err)
	}

	// The first holds its transaction open while it looks (keep waits:
	// each call asks keep of damaged, which stays without a digest).
	inFirst, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	first := make(chan error, 1)
	go func() {
		id, err := d1.SaveRunUnlessStored(ctx, newRun("first", "import f", "f"), RunMeta{}, func(c string) bool {
			once.Do(func() { close(inFirst); <-release })
			return imported(c)
		})
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
		id, err := d2.SaveRunUnlessStored(ctx, newRun("second", "import f", "f"), RunMeta{}, func(c string) bool {
			mu.Lock()
			secondLooked = true
			mu.Unlock()
			return imported(c)
		})
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
