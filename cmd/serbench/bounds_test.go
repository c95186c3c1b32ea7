package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/workload"
)

// TestOptionsThatExhaustMemoryAreRefused: option values whose values
// could not fit in memory (a worker's --memory-limit for run, the
// machine's for the commands that build values in their own process) are
// bad usage, refused at once with the estimated size and the largest
// value that fits, before any database or file is created.
func TestOptionsThatExhaustMemoryAreRefused(t *testing.T) {
	bin := signalBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	file := filepath.Join(dir, "n.bflt")
	for _, c := range []struct {
		args []string
		want []string
		// need, when set, is the least memory the process would need:
		// a machine with more is not expected to refuse.
		need float64
	}{
		{[]string{"run", "--workload", "^nested$", "--depth", "1000", "--db", db},
			[]string{"nested: --depth 1000 would build values of more than", "--memory-limit of 1GiB", "at most --depth 5 fits"}, 0},
		{[]string{"run", "--workload", "^nested$", "--depth", "7", "--db", db},
			[]string{"nested: --depth 7 would build values of about 688MiB", "at most --depth 5 fits", "or a --memory-limit of at least"}, 0},
		{[]string{"run", "--workload", "^bigfloat$", "--values", "100000000", "--db", db},
			[]string{"bigfloat: --values 100000000 would build values of about 11.9GiB", "at most --values"}, 0},
		{[]string{"run", "--workload", "^floats$", "--values", "1000000000", "--db", db},
			[]string{"floats: --values 1000000000 would build values of about 22.4GiB", "at most --values"}, 0},
		{[]string{"onepass", "--depth", "1000"},
			[]string{"nested: --depth 1000 would build values of more than", "this machine's", "at most --depth"}, 0},
		{[]string{"bigfloat", "--write", file, "--encoding", "binary", "--values", "100000000"},
			[]string{"bigfloat: --values 100000000 would build values of about 11.9GiB", "this machine's", "at most --values"},
			100000000 * workload.BigFloatBytes(0) * 4},
		{[]string{"bigfloat", "--write", file, "--encoding", "binary", "--precision", "100000000"},
			[]string{"bigfloat: --precision 100000000 would build values of about 11.6GiB", "at most --precision"},
			1000 * workload.BigFloatBytes(100000000) * 4},
	} {
		t.Run(strings.Join(c.args[:3], " "), func(t *testing.T) {
			if c.need > 0 && float64(machineMemory()) > c.need {
				t.Skipf("this machine's memory, %d bytes, may hold what %q needs", machineMemory(), c.args)
			}
			p := startBinary(t, bin, c.args...)
			code, took := p.exitWithin(t, 10*time.Second, "")
			stderr := p.stderr.String()
			t.Logf("exit %d after %.2fs: %s", code, took.Seconds(), stderr)
			if code != 2 {
				t.Errorf("exit status %d, want 2 (bad usage)", code)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr does not say %q", w)
				}
			}
			if took > 2*time.Second {
				t.Errorf("refusing took %s: something was built first", took)
			}
			for _, f := range []string{db, file} {
				if _, err := os.Stat(f); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("a refused command created %s", f)
				}
			}
		})
	}
}

// TestShortSampleTimeIsRefused: a --time too short to be timed (the
// clock's steps and the collection before every sample outweigh the
// codec: --time 1ns gave times 6–15 times too slow) is bad usage that
// names the shortest accepted.
func TestShortSampleTimeIsRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	_, stderr, code := cli(t, "run", "--workload", "^person$", "--codec", "^json$", "--count", "2", "--time", "1ns", "--ci", "0", "--db", db, "--quiet")
	if code != 2 || !strings.Contains(stderr, "--time 1ns") || !strings.Contains(stderr, "at least 1ms") {
		t.Errorf("--time 1ns: exit %d, stderr %q; want 2 and the shortest accepted, 1ms", code, stderr)
	}
	if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused run created its database")
	}
	if _, stderr, code := cli(t, "run", "--workload", "^person$", "--codec", "^json$", "--count", "2", "--time", "1ms", "--ci", "0", "--db", db, "--quiet"); code != 0 {
		t.Errorf("--time 1ms: exit %d: %s", code, stderr)
	}
}

// TestNothingMeasuredExitsNonZero: a run in which no cell was measured
// (here every cell's codec panics) exits 1 saying so and is stored as
// incomplete, not complete; onepass with nothing to time exits 1 too.
func TestNothingMeasuredExitsNonZero(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	_, stderr, code := cli(t, "run", "--workload", "^person$", "--codec", "^test-panics$", "--count", "2", "--time", "1ms", "--ci", "0", "--db", db, "--quiet")
	if code != 1 || !strings.Contains(stderr, "nothing was measured") {
		t.Errorf("a run of a codec that panics: exit %d, stderr %q; want 1 and that nothing was measured", code, stderr)
	}
	if r := storedRun(t, db); r.Complete {
		t.Errorf("run %s measured nothing, yet is stored as complete", r.ID)
	}
	_, stderr, code = cli(t, "onepass", "--workload", "^floats$")
	if code != 1 || !strings.Contains(stderr, "nothing was measured") {
		t.Errorf("onepass of a workload without per-value codecs: exit %d, stderr %q; want 1 and that nothing was measured", code, stderr)
	}
}
