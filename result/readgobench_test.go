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
	want := map[string]string{"fast": "exact", "json": "exact", "lossy-bson": "lossy", "broken": "mismatch", "reuse": "exact", "noisy": "exact"}
	if d := cmp.Diff(want, status); d != "" {
		t.Errorf("verification statuses (-want +got):\n%s", d)
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
