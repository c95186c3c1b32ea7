package result_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// realGoTest is the output of a real go test -bench run (a throwaway
// package benchmarking encoding/json: go test -run '^$' -bench .
// -benchtime 2000x -count 2 -benchmem -cpu 1,2), with sub-benchmarks,
// MB/s, a custom metric and GOMAXPROCS suffixes.
const realGoTest = `goos: linux
goarch: amd64
pkg: example.com/bseed
cpu: AMD EPYC
BenchmarkMarshal/small           	    2000	       158.4 ns/op	 126.24 MB/s	      24 B/op	       1 allocs/op
BenchmarkMarshal/small           	    2000	       153.0 ns/op	 130.71 MB/s	      24 B/op	       1 allocs/op
BenchmarkMarshal/small-2         	    2000	       160.7 ns/op	 124.47 MB/s	      24 B/op	       1 allocs/op
BenchmarkMarshal/small-2         	    2000	       258.8 ns/op	  77.29 MB/s	      24 B/op	       1 allocs/op
BenchmarkMarshal/par             	    2000	       225.1 ns/op	      24 B/op	       1 allocs/op
BenchmarkMarshal/par-2           	    2000	       139.2 ns/op	      24 B/op	       1 allocs/op
BenchmarkUnmarshal               	    2000	       974.8 ns/op	         3.000 widgets/op	     264 B/op	       6 allocs/op
BenchmarkUnmarshal-2             	    2000	       993.2 ns/op	         3.000 widgets/op	     264 B/op	       6 allocs/op
PASS
ok  	example.com/bseed	0.034s
`

// FuzzReadGoBench feeds arbitrary text to ReadGoBench. Beyond not
// panicking, a run it accepts must be well-formed: at least one cell; every
// cell named (workload, codec, operation), with 1 goroutine or more, status
// ok, a finite mean size of 0 or more and at least one sample; every
// sample with 1 iteration or more, a positive finite time and finite bytes
// and allocations of 0 or more; cell keys unique; one unverified
// verification per (workload, codec) and one codec per codec name. And the
// run must survive a round trip: what WriteGoBench writes of it,
// ReadGoBench reads back to the same cells, in the same order, with the
// same samples (to the six significant digits the writer keeps).
func FuzzReadGoBench(f *testing.F) {
	f.Add([]byte(realGoTest))
	var b bytes.Buffer
	if err := result.WriteGoBench(&b, fixture.Run("20261121-093000-abcdef")); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	for _, s := range []string{
		"BenchmarkEncode/workload=person/codec=json 100 5 ns/op\n",
		"BenchmarkDecode/workload=person/codec=json/goroutines=4-8 100 5 ns/op 12 B/op 1 allocs/op 20 MB/s\n",
		"BenchmarkAccess/workload=nested/codec=capnp 1 1e-3 ns/op\nBenchmarkZstd/workload=nested/codec=capnp 7 3 ns/op\n",
		"serbench-run: r1\ncheck-person-x: lossy: declared loss seen: time-precision ×998\nBenchmarkEncode/workload=person/codec=x-2 100 5 ns/op\n",
		"pkg: a\n\nBenchmarkX 3 1 sec/op\npkg: b\nBenchmarkX 3 2 sec/op\n",
		"Unit ns/op assume=exact\nBenchmarkX 3 1 ns/op\n",
		"BenchmarkEncode/workload=person/codec=json 100 -5 ns/op\n",
		"BenchmarkEncode/workload=person/codec=json/goroutines=0 100 5 ns/op\n",
		"BenchmarkRun/workload=go-test/codec=Marshal/small 100 5 ns/op\n",
		"BenchmarkX 100 5 ns/op 1e308 MB/s\n",
		"no benchmarks here\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		run, err := result.ReadGoBench(bytes.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		checkRun(t, run)
		var out bytes.Buffer
		if err := result.WriteGoBench(&out, run); err != nil {
			t.Fatalf("WriteGoBench of an imported run: %v", err)
		}
		back, err := result.ReadGoBench(bytes.NewReader(out.Bytes()), "fuzz")
		if err != nil {
			t.Fatalf("ReadGoBench of what WriteGoBench wrote: %v\n%s", err, out.Bytes())
		}
		if len(back.Cells) != len(run.Cells) {
			t.Fatalf("round trip: %d cells, want %d\n%s", len(back.Cells), len(run.Cells), out.Bytes())
		}
		for i := range run.Cells {
			c, d := &run.Cells[i], &back.Cells[i]
			if c.Key() != d.Key() {
				t.Fatalf("round trip: cell %d is %+v, want %+v\n%s", i, d.Key(), c.Key(), out.Bytes())
			}
			if !close6(c.MeanSize, d.MeanSize) {
				t.Errorf("round trip: %v mean size %v, want %v", c.Key(), d.MeanSize, c.MeanSize)
			}
			if len(c.Samples) != len(d.Samples) {
				t.Fatalf("round trip: %v has %d samples, want %d", c.Key(), len(d.Samples), len(c.Samples))
			}
			for j, s := range c.Samples {
				r := d.Samples[j]
				if s.Iters != r.Iters || !close6(s.NsPerOp, r.NsPerOp) || !close6(s.BytesPerOp, r.BytesPerOp) || !close6(s.AllocsPerOp, r.AllocsPerOp) {
					t.Errorf("round trip: %v sample %d = %+v, want %+v", c.Key(), j, r, s)
				}
			}
		}
	})
}

// checkRun fails t unless run is a well-formed import.
func checkRun(t *testing.T, run *result.Run) {
	t.Helper()
	if run.ID != "fuzz" || !run.Complete {
		t.Errorf("run ID %q complete %v, want fuzz and true", run.ID, run.Complete)
	}
	if len(run.Cells) == 0 {
		t.Fatal("a run without cells and no error")
	}
	keys := map[result.Key]bool{}
	pairs := map[[2]string]bool{}
	for i := range run.Cells {
		c := &run.Cells[i]
		k := c.Key()
		if c.Workload == "" || c.Codec == "" || c.Op == "" {
			t.Errorf("cell %d has an empty name: %+v", i, k)
		}
		switch c.Op {
		case result.OpEncode, result.OpDecode, result.OpAccess, result.OpZstd, "run":
		default:
			t.Errorf("cell %d: operation %q", i, c.Op)
		}
		if c.Goroutines < 1 {
			t.Errorf("cell %d: %d goroutines", i, c.Goroutines)
		}
		if keys[k] {
			t.Errorf("cell %v appears twice", k)
		}
		keys[k] = true
		pairs[[2]string{c.Workload, c.Codec}] = true
		if c.Status != result.CellOK {
			t.Errorf("cell %v: status %q", k, c.Status)
		}
		if !(c.MeanSize >= 0) || math.IsInf(c.MeanSize, 0) {
			t.Errorf("cell %v: mean size %v", k, c.MeanSize)
		}
		if len(c.Samples) == 0 {
			t.Errorf("cell %v has no samples", k)
		}
		for j, s := range c.Samples {
			if s.Iters < 1 || !(s.NsPerOp > 0) || math.IsInf(s.NsPerOp, 0) ||
				!(s.BytesPerOp >= 0) || math.IsInf(s.BytesPerOp, 0) ||
				!(s.AllocsPerOp >= 0) || math.IsInf(s.AllocsPerOp, 0) {
				t.Errorf("cell %v sample %d: %+v", k, j, s)
			}
		}
	}
	if len(run.Verifications) != len(pairs) {
		t.Errorf("%d verifications for %d (workload, codec) pairs", len(run.Verifications), len(pairs))
	}
	for _, v := range run.Verifications {
		if !pairs[[2]string{v.Workload, v.Codec}] || v.Status != result.VerifyUnverified {
			t.Errorf("verification %+v", v)
		}
	}
	codecs := map[string]bool{}
	for _, c := range run.Codecs {
		if codecs[c.Name] {
			t.Errorf("codec %q listed twice", c.Name)
		}
		codecs[c.Name] = true
	}
	for p := range pairs {
		if !codecs[p[1]] {
			t.Errorf("codec %q of a cell is not listed", p[1])
		}
	}
	env := map[string]bool{}
	for _, c := range run.Env {
		if env[c.Key] || c.Key == "" {
			t.Errorf("environment key %q empty or repeated", c.Key)
		}
		env[c.Key] = true
	}
}

// close6 reports whether a and b agree to the six significant digits
// WriteGoBench keeps (a the original, b what was read back).
func close6(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-5*math.Abs(a)
}

// TestFuzzSeedsAreReal keeps the seed of real go test output accepted, so
// the fuzz target starts from inputs that pass.
func TestFuzzSeedsAreReal(t *testing.T) {
	run, err := result.ReadGoBench(strings.NewReader(realGoTest), "fuzz")
	if err != nil {
		t.Fatal(err)
	}
	checkRun(t, run)
	if got := fmt.Sprint(len(run.Cells)); got != "3" {
		t.Errorf("%s cells, want 3 (Marshal/small, Marshal/par, Unmarshal)", got)
	}
}
