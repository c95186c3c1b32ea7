package floats

import (
	"bytes"
	"testing"

	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// The tests of table.go, which moves to package report with
// testdata/table.golden; this file goes with them.

// fake returns a cell with samples of the given ns/op.
func fake(name string, size float64, status string, bop, allocs float64, ns ...float64) result.Cell {
	c := result.Cell{Workload: Workload, Codec: name, Op: result.OpDecode, Goroutines: 1, Status: status, MeanSize: size}
	for _, n := range ns {
		c.Samples = append(c.Samples, result.Sample{Iters: 10, NsPerOp: n, BytesPerOp: bop, AllocsPerOp: allocs})
	}
	return c
}

func TestTableGolden(t *testing.T) {
	const n = 1_000_000
	ns := func(base float64) []float64 {
		return []float64{base, base * 1.01, base * 0.99, base * 1.02, base * 0.98, base * 1.005, base * 0.995, base * 1.03, base * 0.97, base}
	}
	limits := []result.Cell{
		fake(LimitMemcpy, 4e6, result.CellOK, 0, 0, ns(400_000)...),
		fake(LimitSum, 4e6, result.CellOK, 0, 0, ns(1_000_000)...),
	}
	cells := []result.Cell{
		fake("bi", 4e6, result.CellOK, 8388690, 4, ns(35_000_000)...),
		fake("fm", 4e6, result.CellOK, 32, 1, ns(1_200_000)...),
		fake("sl", 18e6, result.CellOK, 71190440, 2097197, 1.6e9, 1.5e9, 1.7e9),
		fake("gone-wrong", 4e6, result.CellError, 0, 0),
	}
	cells[3].Error = "sum mismatch: got 1, want 2 (1000000 values)"
	verifs := []result.Verification{
		{Workload: Workload, Codec: "bi", Status: result.VerifyExact, Values: n, MeanSize: 4e6},
		{Workload: Workload, Codec: "fm", Status: result.VerifyExact, Values: n, MeanSize: 4e6},
		{Workload: Workload, Codec: "sl", Status: result.VerifyExact, Values: n, MeanSize: 18e6},
		{Workload: Workload, Codec: "gone-wrong", Status: result.VerifyExact, Values: n, MeanSize: 4e6},
		{Workload: Workload, Codec: "bad", Status: result.VerifyError, Values: n, MeanSize: 4e6,
			Error: "sum mismatch: got 499.5, want 500.5 (1000000 values) (1 of 1000000 values differ, first at index 7: got 0.5, want 1.5)"},
		{Workload: Workload, Codec: "bson", Status: result.VerifyUnsupported, Values: n,
			Error: "write: bind: unsupported: bson needs a document"},
	}
	var b bytes.Buffer
	if err := Table(&b, cells, verifs, limits...); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "table.golden", b.Bytes())

	// The limits may come among the cells, as from a stored run.
	var b2 bytes.Buffer
	if err := Table(&b2, append(limits, cells...), verifs); err != nil {
		t.Fatal(err)
	}
	if b.String() != b2.String() {
		t.Errorf("limits among cells render differently:\n%s", b2.String())
	}
}
