package publish

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestInOrder checks that inOrder hands the results over in order
// whatever order the loads finish in, holds no more than its window, and
// stops at the first error.
func TestInOrder(t *testing.T) {
	var inFlight, most atomic.Int32
	var got []int
	load := func(i int) int {
		n := inFlight.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(time.Duration(i%3) * time.Millisecond) // later loads may finish first
		return i * i
	}
	err := inOrder(50, 3, load, func(i, v int) error {
		inFlight.Add(-1)
		if v != i*i {
			t.Errorf("result %d for %d, want %d", v, i, i*i)
		}
		got = append(got, i)
		return nil
	})
	if err != nil || len(got) != 50 || !slices.IsSorted(got) {
		t.Errorf("inOrder: %v, order %v; want 0 to 49 in order", err, got)
	}
	if m := most.Load(); m > 6 {
		t.Errorf("%d results held at once, want at most 2×3", m)
	}
	stop := errors.New("stop")
	var used []int
	err = inOrder(50, 2, func(i int) int { return i }, func(i, v int) error {
		used = append(used, i)
		if i == 4 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || !slices.Equal(used, []int{0, 1, 2, 3, 4}) {
		t.Errorf("inOrder with an error at 4: %v after %v, want it returned after 0 to 4", err, used)
	}
}

func TestPageFile(t *testing.T) {
	for id, want := range map[string]string{
		"20261124-041536-ab12cd": "20261124-041536-ab12cd.html",
		"../etc/passwd":          ".._etc_passwd.html",
		"a b?c#d":                "a_b_c_d.html",
	} {
		if got := PageFile(id); got != want {
			t.Errorf("PageFile(%q) = %q, want %q", id, got, want)
		}
	}
	if got := PagesDir(filepath.Join("site", "history.html")); got != filepath.Join("site", "history-runs") {
		t.Errorf("PagesDir = %q", got)
	}
}

// TestWriteFile checks that a file is replaced whole, that a missing
// directory is named, and that other errors name the file.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.html")
	for _, data := range []string{"first", "second, longer"} {
		if err := WriteFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != data {
			t.Errorf("read %q (%v), want %q", b, err, data)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want the one written (no temporary left)", len(entries))
	}
	missing := filepath.Join(dir, "nope", "r.html")
	if err := WriteFile(missing, nil); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "nope")+" does not exist") {
		t.Errorf("writing into a missing directory: %v, want an error naming it", err)
	}
	// Any other failure (here the rename, over a directory) names the
	// file and not the temporary file.
	sub := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(sub, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(sub, nil); err == nil || !strings.HasPrefix(err.Error(), "writing "+sub+": ") || strings.Contains(err.Error(), ".tmp-") || strings.Count(err.Error(), sub) != 1 {
		t.Errorf("writing over a directory: %v, want an error that names it once and not the temporary file", err)
	}
}
