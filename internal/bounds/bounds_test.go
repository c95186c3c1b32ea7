package bounds

import (
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/workload"
)

// TestMemoryWatchFailsWithOne: a command whose values take more memory
// than estimated is stopped by the watch with a message and status 1, a
// failure at run time, not 2 (bad usage), the status of the Go runtime's
// own out-of-memory crash.
func TestMemoryWatchFailsWithOne(t *testing.T) {
	var stderr strings.Builder
	exited := make(chan int, 1)
	stop := WatchAt(int64(ProcessMemory()/2), "the test's limit", &stderr, func(code int) { exited <- code })
	defer stop()
	select {
	case code := <-exited:
		stop()
		if code != 1 || !strings.Contains(stderr.String(), "out of memory: this process holds") || !strings.Contains(stderr.String(), "the test's limit") {
			t.Errorf("exit %d, stderr %q; want 1 and what it held", code, stderr.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the watch did not stop a process past its limit")
	}
	// Within the limit, nothing happens.
	stop2 := WatchAt(1<<62, "a huge limit", &stderr, func(code int) { exited <- code })
	time.Sleep(50 * time.Millisecond)
	stop2()
	select {
	case code := <-exited:
		t.Errorf("exit %d within the limit", code)
	default:
	}
}

// TestSizeText checks the sizes messages give: three significant digits
// in the largest binary unit below them.
func TestSizeText(t *testing.T) {
	for _, c := range []struct {
		b    float64
		want string
	}{{512, "512 bytes"}, {688 << 20, "688MiB"}, {11.9 * (1 << 30), "11.9GiB"}, {1 << 30, "1.00GiB"}} {
		if got := SizeText(c.b); got != c.want {
			t.Errorf("SizeText(%g) = %q, want %q", c.b, got, c.want)
		}
	}
}

// TestSuggestions checks the search for the largest value that fits and
// its rounding to two significant digits.
func TestSuggestions(t *testing.T) {
	if v, ok := largest(1, 1000, func(v int64) bool { return v <= 737 }); !ok || v != 737 {
		t.Errorf("largest = %d, %v; want 737, true", v, ok)
	}
	if _, ok := largest(5, 1000, func(v int64) bool { return v < 5 }); ok {
		t.Error("largest found a value where none fits")
	}
	for v, want := range map[int64]int64{999: 999, 1234: 1200, 48318382: 48000000} {
		if got := roundDown(v); got != want {
			t.Errorf("roundDown(%d) = %d, want %d", v, got, want)
		}
	}
}

// TestCheck: options whose values fit pass; those that do not are
// refused with the estimated size and the largest value that fits.
func TestCheck(t *testing.T) {
	w, err := workload.Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	b := Worker(1<<30, "1GiB", 16<<30)
	if err := b.Check(w, workload.Options{Params: map[string]string{"depth": "2"}}); err != nil {
		t.Errorf("--depth 2 refused: %v", err)
	}
	err = b.Check(w, workload.Options{Params: map[string]string{"depth": "7"}})
	if err == nil || !strings.Contains(err.Error(), "nested: --depth 7 would build values of about 688MiB") || !strings.Contains(err.Error(), "at most --depth 5 fits") {
		t.Errorf("--depth 7: %v; want the size and the largest depth that fits", err)
	}
}

// TestBigfloatWrite: bigfloat --write in the text encoding holds more
// copies than in a binary one (the file's text is larger than the values).
func TestBigfloatWrite(t *testing.T) {
	text, binary := BigfloatWrite(16<<30, "text"), BigfloatWrite(16<<30, "binary")
	if text.copies != 7 || binary.copies != 4 || text.limit != 16<<30 || text.holder != "this process" {
		t.Errorf("text %+v, binary %+v; want 7 and 4 copies of this process's 16GiB", text, binary)
	}
}

// TestCheckForks: forks up to count are accepted, more are refused.
func TestCheckForks(t *testing.T) {
	for _, tc := range []struct {
		forks, count int
		ok           bool
	}{{1, 1, true}, {2, 6, true}, {6, 6, true}, {7, 6, false}, {5, 3, false}} {
		if err := CheckForks(tc.forks, tc.count); (err == nil) != tc.ok {
			t.Errorf("CheckForks(%d, %d) = %v, want ok %v", tc.forks, tc.count, err, tc.ok)
		}
	}
}
