package result_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

func TestReadGoBenchReadsWhatWriteGoBenchWrote(t *testing.T) {
	run := fixture.Run("r1")
	var b bytes.Buffer
	if err := result.WriteGoBench(&b, run); err != nil {
		t.Fatal(err)
	}
	got, err := result.ReadGoBench(&b, "imported")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Cells) != len(run.Cells) {
		t.Fatalf("%d cells, want %d", len(got.Cells), len(run.Cells))
	}
	for _, want := range run.Cells {
		c := got.Cell(want.Key())
		if c == nil {
			t.Errorf("cell %v missing", want.Key())
			continue
		}
		if len(c.Samples) != len(want.Samples) {
			t.Errorf("%v: %d samples, want %d", want.Key(), len(c.Samples), len(want.Samples))
			continue
		}
		for i, s := range c.Samples {
			w := want.Samples[i]
			if s.Iters != w.Iters || !near(s.NsPerOp, w.NsPerOp) || !near(s.BytesPerOp, w.BytesPerOp) || s.AllocsPerOp != w.AllocsPerOp {
				t.Errorf("%v sample %d = %+v, want %+v", want.Key(), i, s, w)
			}
		}
		if !near(c.MeanSize, want.MeanSize) {
			t.Errorf("%v: mean size %v, want %v", want.Key(), c.MeanSize, want.MeanSize)
		}
	}
	if got.EnvValue("cpu") != "Test CPU @ 3.00GHz" || got.EnvValue("gomaxprocs") != "2" {
		t.Errorf("environment not kept: %v", got.Env)
	}
	status := map[string]string{}
	for _, v := range got.Verifications {
		status[v.Codec] = v.Status
	}
	// Whatever the file says, an import verified nothing; what serbench
	// found is named in a warning.
	want := map[string]string{"fast": "unverified", "json": "unverified", "lossy-bson": "unverified", "broken": "unverified", "reuse": "unverified", "noisy": "unverified"}
	if d := cmp.Diff(want, status); d != "" {
		t.Errorf("verification statuses (-want +got):\n%s", d)
	}
	if len(got.Warnings) != 1 || !strings.Contains(got.Warnings[0], "not exact there: error 1, lossy 1, mismatch 1") {
		t.Errorf("warnings %q, want one naming the file's checks", got.Warnings)
	}
}

// TestReadGoBenchRefusesImpossibleValues: a time that is not a positive,
// finite number, negative bytes or allocations, are refused with the
// line that holds them.
func TestReadGoBenchRefusesImpossibleValues(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"BenchmarkEncode/workload=person/codec=json 100 -5 ns/op", "line 2: benchmark Encode/workload=person/codec=json: time per operation -5 ns"},
		// benchfmt itself drops a zero or infinite time: no value.
		{"BenchmarkEncode/workload=person/codec=json 100 0 ns/op", "line 2: benchmark Encode/workload=person/codec=json has no ns/op"},
		{"BenchmarkEncode/workload=person/codec=json 100 NaN ns/op", "line 2: benchmark Encode/workload=person/codec=json: time per operation NaN ns"},
		{"BenchmarkEncode/workload=person/codec=json 100 +Inf ns/op", "line 2: benchmark Encode/workload=person/codec=json has no ns/op"},
		{"BenchmarkEncode/workload=person/codec=json 100 5 ns/op -1 B/op", "B/op -1 is not"},
		{"BenchmarkEncode/workload=person/codec=json 100 5 ns/op 3 B/op NaN allocs/op", "allocs/op NaN is not"},
	} {
		in := "BenchmarkEncode/workload=person/codec=json 100 5 ns/op\n" + tc.line + "\n"
		_, err := result.ReadGoBench(strings.NewReader(in), "bad")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.line, err, tc.want)
		}
	}
}

func near(a, b float64) bool { return a == b || (a-b)/b < 1e-5 && (b-a)/b < 1e-5 }

func TestReadGoBenchForeignBenchmarks(t *testing.T) {
	in := `goos: linux
goarch: amd64
pkg: example.com/foo
cpu: Some CPU
BenchmarkMarshal/small-8   	 1000000	      1052 ns/op	     384 B/op	       5 allocs/op
BenchmarkMarshal/small-8   	 1000000	      1049 ns/op	     384 B/op	       5 allocs/op
BenchmarkUnmarshal-8       	  500000	      2107 ns/op
PASS
ok  	example.com/foo	3.2s
`
	run, err := result.ReadGoBench(strings.NewReader(in), "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Cells) != 2 || run.Cells[0].Codec != "Marshal/small" || len(run.Cells[0].Samples) != 2 || run.Cells[1].Codec != "Unmarshal" {
		t.Fatalf("cells = %+v", run.Cells)
	}
	if run.Cells[0].Samples[0].NsPerOp != 1052 || run.Cells[0].Samples[0].AllocsPerOp != 5 {
		t.Errorf("sample = %+v", run.Cells[0].Samples[0])
	}
	if run.EnvValue("pkg") != "example.com/foo" {
		t.Errorf("pkg configuration lost: %v", run.Env)
	}
	if run.Verifications[0].Status != result.VerifyUnverified {
		t.Errorf("foreign results must be marked unverified, got %q", run.Verifications[0].Status)
	}
	if _, err := result.ReadGoBench(strings.NewReader("no benchmarks here\n"), "y"); err == nil || !strings.Contains(err.Error(), "no benchmark results") {
		t.Errorf("empty input: err = %v", err)
	}
}
