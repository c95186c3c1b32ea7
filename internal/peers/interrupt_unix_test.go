//go:build unix

package peers

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/result"
)

// fakePython makes a repository root whose python peer is a shell
// script: it creates the file started, then sleeps, until it is killed.
// Command finds it installed; it never writes a result.
func fakePython(t *testing.T) (root, started string) {
	t.Helper()
	root = t.TempDir()
	started = filepath.Join(root, "started")
	bin := filepath.Join(root, "peers", "python", ".venv", "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\n: > '" + started + "'\nexec sleep 120\n"
	if err := os.WriteFile(filepath.Join(bin, "python"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "peers", "python", "peer.py"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return root, started
}

// TestComputeInterruptedKeepsTheGoPairs: Compute whose context is done
// while the Go matrix is computed (after its first reader's column)
// returns that matrix with ctx's error: the Go pairs measured are kept,
// the others are StatusInterrupted, and the python peer, not run, has
// its library's row and column Interrupted.
func TestComputeInterruptedKeepsTheGoPairs(t *testing.T) {
	root, started := fakePython(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := interop.Options{Format: regexp.MustCompile("^msgpack$"), Workloads: []string{"person"}, Values: 3, Workers: 1, InProcess: true,
		Progress: func(done, total int) { cancel() }}
	x, _, err := Compute(ctx, nil, opts, JoinOptions{Root: root, Peers: []string{"python"}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if x == nil {
		t.Fatal("no matrix: what was measured is lost")
	}
	if _, err := os.Stat(started); err == nil {
		t.Error("the python peer was run after the context was done")
	}
	m := x.Matrix("msgpack", "person")
	if m == nil {
		t.Fatal("no msgpack matrix")
	}
	py := m.Codec("python msgpack")
	if py == nil {
		t.Fatalf("codecs %+v: want python msgpack's row and column, not run", m.Codecs)
	}
	measured, interrupted := 0, 0
	for _, c := range goPairs(t, m) {
		if c.Status == StatusInterrupted {
			interrupted++
		} else {
			measured++
		}
	}
	goCodecs := len(m.Codecs) - 1
	if measured != goCodecs || interrupted != goCodecs*goCodecs-goCodecs {
		t.Errorf("%d Go pairs measured and %d interrupted, want %d (one reader's column) and %d", measured, interrupted, goCodecs, goCodecs*goCodecs-goCodecs)
	}
	if len(x.Peers) != 1 || !strings.Contains(x.Peers[0].Note, "interrupted") {
		t.Errorf("peers %+v, want python noted as interrupted", x.Peers)
	}
}

// TestComputeInterruptedInThePeers: Compute whose context is done while
// a peer process runs stops it and returns the whole Go matrix with
// ctx's error, the peer's pairs Interrupted.
func TestComputeInterruptedInThePeers(t *testing.T) {
	root, started := fakePython(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(started); err == nil {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	opts := interop.Options{Format: regexp.MustCompile("^msgpack$"), Workloads: []string{"person"}, Values: 3, InProcess: true}
	x, _, err := Compute(ctx, nil, opts, JoinOptions{Root: root, Peers: []string{"python"}, Timeout: 2 * time.Minute})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if x == nil {
		t.Fatal("no matrix: what was measured is lost")
	}
	m := x.Matrix("msgpack", "person")
	if m == nil || m.Codec("python msgpack") == nil {
		t.Fatalf("matrix %+v, want msgpack's with python msgpack", m)
	}
	for _, c := range goPairs(t, m) {
		if c.Status == StatusInterrupted || c.Status == "" {
			t.Errorf("%s → %s: %s (%s): the Go pairs were all measured", c.Writer, c.Reader, c.Status, c.Detail)
		}
	}
}

// goPairs reports each pair of m between a Go codec and a peer's that is
// not StatusInterrupted (the peer was not run or was stopped), and
// returns the pairs between Go codecs.
func goPairs(t *testing.T, m *result.InteropMatrix) []result.InteropCell {
	t.Helper()
	var out []result.InteropCell
	for _, c := range m.Cells {
		w, r := m.Codec(c.Writer), m.Codec(c.Reader)
		switch {
		case w.Peer != "" && r.Peer != "":
		case w.Peer != "" || r.Peer != "":
			if c.Status != StatusInterrupted {
				t.Errorf("%s → %s: %s (%s), want %s: the peer was not run or was stopped", c.Writer, c.Reader, c.Status, c.Detail, StatusInterrupted)
			}
		default:
			out = append(out, c)
		}
	}
	return out
}
