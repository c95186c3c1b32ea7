package runner

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// cancelCodec is the json codec under the name "a-cancel": its Bind
// calls the function armed in it once (the test's cancel), so that a
// context is canceled while the matrix it is bound for is computed.
type cancelCodec struct {
	codec.Codec
	mu    sync.Mutex
	armed func()
}

func (c *cancelCodec) Info() codec.Info {
	info := c.Codec.Info()
	info.Name = "a-cancel"
	return info
}

func (c *cancelCodec) Bind(t codec.Target) (codec.Instance, error) {
	c.mu.Lock()
	f := c.armed
	c.armed = nil
	c.mu.Unlock()
	if f != nil {
		f()
	}
	return c.Codec.Bind(t)
}

// arm makes the next Bind call f.
func (c *cancelCodec) arm(f func()) {
	c.mu.Lock()
	c.armed = f
	c.mu.Unlock()
}

var canceler = func() *cancelCodec {
	base, ok := codec.Lookup("json")
	if !ok {
		panic("no json codec")
	}
	c := &cancelCodec{Codec: base}
	codec.Register(c)
	return c
}()

// interruptedRun starts a run of the codecs a-cancel and json in a new
// store, in this process, one codec at a time.
func interruptedRun(t *testing.T, robust, interop bool) (*store.DB, *Plan, *Run) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	o := quick("^(a-cancel|json)$")
	o.Robust, o.Interop = robust, interop
	p, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Start(context.Background(), db, p, p.Record("serbench run", nil))
	if err != nil {
		t.Fatal(err)
	}
	return db, p, r
}

// executeCanceled executes r with a context that is canceled when
// a-cancel is bound for the matrix of stage ("Fidelity": the first
// matrix, at once; "Interop" or "Robust": once the Fidelity hook saw the
// fidelity matrix, computed whole), and fails t unless Execute returns
// context.Canceled without calling stage's hook.
func executeCanceled(t *testing.T, r *Run, p *Plan, stage string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hooked := false
	hooks := Hooks{Fidelity: func(*result.Fidelity, time.Duration) { canceler.arm(cancel) }}
	partial := "a partial matrix"
	switch stage {
	case "Fidelity":
		canceler.arm(cancel)
		hooks.Fidelity = func(*result.Fidelity, time.Duration) { hooked = true }
	case "Interop":
		hooks.Interop = func(*result.Interop, time.Duration) { hooked = true }
		partial = "partial matrices"
	case "Robust":
		hooks.Robust = func(*result.Robust, time.Duration) { hooked = true }
	default:
		t.Fatalf("executeCanceled: no stage %q", stage)
	}
	if err := r.Execute(ctx, p, hooks); !errors.Is(err, context.Canceled) {
		t.Fatalf("Execute: %v, want context.Canceled", err)
	}
	if hooked {
		t.Errorf("the %s hook was called for %s", stage, partial)
	}
}

// wantRendered fails t with lacks, each text of wants that text lacks,
// and text, unless text holds every one of wants.
func wantRendered(t *testing.T, lacks, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s %q:\n%s", lacks, want, text)
		}
	}
}

// TestExecuteInterruptedStoresTheFidelityMatrix: a run canceled while its
// fidelity matrix is computed (a-cancel's row computed first, json's not
// started) stores the matrix so far: a-cancel's row measured, json's
// cells interrupted, rendered with the mark ? and a note that counts them;
// the run is incomplete and the Fidelity hook is not called. A resume
// computes the matrix again and stores it complete.
func TestExecuteInterruptedStoresTheFidelityMatrix(t *testing.T) {
	db, p, r := interruptedRun(t, false, false)
	executeCanceled(t, r, p, "Fidelity")
	bg := context.Background()
	m, err := db.Fidelity(bg, r.ID)
	if err != nil {
		t.Fatalf("the interrupted matrix was not stored: %v", err)
	}
	measured, json := m.Row("a-cancel"), m.Row("json")
	if measured == nil || json == nil {
		t.Fatalf("stored rows: %+v", m.Rows)
	}
	for _, c := range measured.Cells {
		if c.Status == result.FidelityInterrupted {
			t.Errorf("a-cancel %s: interrupted, want it measured", c.Case)
		}
	}
	if measured.Carrier == "" {
		t.Error("a-cancel: no carrier stored")
	}
	for _, c := range json.Cells {
		if c.Status != result.FidelityInterrupted {
			t.Errorf("json %s: %s, want %s", c.Case, c.Status, result.FidelityInterrupted)
		}
	}
	if n := m.Interrupted(); n != len(m.Cases) {
		t.Errorf("%d cells interrupted, want %d", n, len(m.Cases))
	}
	run, err := db.Run(bg, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if run.Complete {
		t.Error("the interrupted run is stored complete")
	}
	var b strings.Builder
	if err := report.FidelityTable(&b, m); err != nil {
		t.Fatal(err)
	}
	wantRendered(t, "the rendered matrix lacks", b.String(),
		"?      not measured: interrupted (Ctrl-C)", fmt.Sprintf("%d of %d cells not measured: interrupted", len(m.Cases), 2*len(m.Cases)), " ? ")

	// Resumed: the partial matrix is computed again, and replaced.
	r2, _, err := Resume(bg, db, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	var rows int
	if err := r2.Execute(bg, p, Hooks{Fidelity: func(m *result.Fidelity, _ time.Duration) { rows = len(m.Rows) }}); err != nil {
		t.Fatal(err)
	}
	m, err = db.Fidelity(bg, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := m.Interrupted(); n != 0 || rows != 2 {
		t.Errorf("after the resume: %d cells interrupted, hook saw %d rows; want 0 and 2", n, rows)
	}
}

// TestExecuteInterruptedStoresTheInteropMatrices: a run canceled while
// its interoperability matrices are computed (when a-cancel, a json
// codec, is bound to encode) stores the matrices so far, the pairs not
// measured interrupted and rendered so; the Interop hook is not called.
func TestExecuteInterruptedStoresTheInteropMatrices(t *testing.T) {
	db, p, r := interruptedRun(t, false, true)
	executeCanceled(t, r, p, "Interop")
	bg := context.Background()
	if m, err := db.Fidelity(bg, r.ID); err != nil || m.Interrupted() != 0 {
		t.Fatalf("the fidelity matrix computed before: %v", err)
	}
	x, err := db.Interop(bg, r.ID)
	if err != nil {
		t.Fatalf("the interrupted matrices were not stored: %v", err)
	}
	m := x.Matrix("json", "person")
	if m == nil || m.Codec("a-cancel") == nil {
		t.Fatalf("no json matrix with a-cancel: %+v", x.Matrices)
	}
	if x.Interrupted() == 0 || m.Counts()[result.InteropInterrupted] == 0 {
		t.Errorf("no pair of the stored matrices is interrupted: %v", m.Counts())
	}
	var b strings.Builder
	if err := report.InteropTable(&b, x); err != nil {
		t.Fatal(err)
	}
	wantRendered(t, "the rendered matrices lack", b.String(), "?      not measured: interrupted (Ctrl-C)", "pairs not measured: interrupted")
}

// TestExecuteInterruptedStoresTheRobustMatrix: a run canceled while its
// robustness matrix is computed (when a-cancel is bound to make its
// messages) stores the matrix so far, its rows not computed noted as
// interrupted and rendered so; the Robust hook is not called.
func TestExecuteInterruptedStoresTheRobustMatrix(t *testing.T) {
	db, p, r := interruptedRun(t, true, false)
	executeCanceled(t, r, p, "Robust")
	m, err := db.Robust(context.Background(), r.ID)
	if err != nil {
		t.Fatalf("the interrupted matrix was not stored: %v", err)
	}
	if row := m.Row("a-cancel", "person"); row == nil || row.Note != result.RobustStopped || row.Messages == 0 || len(row.Cells) == 0 {
		t.Errorf("a-cancel on person, stopped: %+v", row)
	}
	if row := m.Row("json", "nested"); row == nil || row.Note != result.RobustInterrupted {
		t.Errorf("json on nested, not started: %+v", row)
	}
	if n := m.Interrupted(); n != len(m.Rows) {
		t.Errorf("%d of %d rows interrupted", n, len(m.Rows))
	}
	var b strings.Builder
	if err := report.RobustTable(&b, m); err != nil {
		t.Fatal(err)
	}
	stopped := m.Row("a-cancel", "person")
	wantRendered(t, "the rendered matrix lacks", b.String(), result.RobustInterrupted, fmt.Sprintf("%d of %d rows interrupted", len(m.Rows), len(m.Rows)))
	if stopped != nil && len(stopped.Cells) > 0 && stopped.Cells[0].Mark() == "ok" {
		t.Errorf("a cell of the stopped row (%+v) is marked ok", stopped.Cells[0])
	}
}

// TestStoreMatrixKeepsWhatMeasuredMore: a resumed run whose stored
// matrix is partial computes it again; interrupted again, the new matrix
// replaces the stored one only if it did not measure less. A partial
// matrix is saved with a context that is not canceled; a complete stored
// one is not computed again.
func TestStoreMatrixKeepsWhatMeasuredMore(t *testing.T) {
	type matrix struct{ notMeasured int }
	partial := func(m *matrix) int { return m.notMeasured }
	for _, tc := range []struct {
		stored, computed *matrix
		wantSaved        *matrix
	}{
		{stored: &matrix{3}, computed: &matrix{5}, wantSaved: nil},
		{stored: &matrix{3}, computed: &matrix{3}, wantSaved: &matrix{3}},
		{stored: &matrix{3}, computed: &matrix{1}, wantSaved: &matrix{1}},
		{stored: nil, computed: &matrix{7}, wantSaved: &matrix{7}},
		{stored: &matrix{0}, computed: nil, wantSaved: nil},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		read := func(context.Context, string) (*matrix, error) {
			if tc.stored == nil {
				return nil, store.ErrNotFound
			}
			return tc.stored, nil
		}
		var saved *matrix
		save := func(ctx context.Context, _ string, m *matrix) error {
			if ctx.Err() != nil {
				t.Errorf("saved with a canceled context: %v", ctx.Err())
			}
			saved = m
			return nil
		}
		computed := false
		err := storeMatrix(ctx, &Run{ID: "r"}, read, save, nil, "matrix", partial, func() (*matrix, error) {
			computed = true
			cancel()
			return tc.computed, ctx.Err()
		})
		if tc.computed == nil {
			if computed || err != nil || saved != nil {
				t.Errorf("a complete stored matrix: computed %v, saved %v, %v", computed, saved, err)
			}
			continue
		}
		if !errors.Is(err, context.Canceled) {
			t.Errorf("stored %v, computed %v: %v, want context.Canceled", tc.stored, tc.computed, err)
		}
		if saved != tc.wantSaved && (saved == nil || tc.wantSaved == nil || *saved != *tc.wantSaved) {
			t.Errorf("stored %v, computed %v: saved %v, want %v", tc.stored, tc.computed, saved, tc.wantSaved)
		}
	}
}

// TestMatrixWarningsAreStored: a matrix's warning (Options.Warn, r.warn)
// is stored with the run's warnings, not only printed.
func TestMatrixWarningsAreStored(t *testing.T) {
	db, _, r := interruptedRun(t, false, false)
	r.warn("fidelity: the worker of json: it did not exit within 5s after it delivered its cells; it was killed (its cells are kept)")
	if err := r.w.Finish(time.Now(), false); err != nil {
		t.Fatal(err)
	}
	stored, err := db.Run(context.Background(), r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Warnings) != 1 || !strings.Contains(stored.Warnings[0], "the worker of json") {
		t.Errorf("stored warnings %q, want the matrix's warning", stored.Warnings)
	}
}
