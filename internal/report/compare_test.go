package report

import (
	"bytes"
	"math"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// slower returns the fixture run with json's samples 20% slower and
// noisy's cells missing.
func slower() *result.Run {
	r := fixture.Run("new")
	var cells []result.Cell
	for _, c := range r.Cells {
		if c.Codec == "noisy" {
			continue
		}
		if c.Codec == "json" {
			s := append([]result.Sample(nil), c.Samples...)
			for i := range s {
				s[i].NsPerOp *= 1.2
			}
			c.Samples = s
		}
		cells = append(cells, c)
	}
	r.Cells = cells
	return r
}

func TestCompare(t *testing.T) {
	c := Compare("old", fixture.Run("old"), "new", slower())
	for _, r := range c.Rows {
		sig := r.Test.Significant()
		switch r.Key.Codec {
		case "json":
			if !sig || math.Abs(r.New.Center/r.Old.Center-1.2) > 0.01 {
				t.Errorf("%v: %s, want +20%% and significant", r.Key, r.Delta())
			}
		default:
			if sig || r.Delta() != "~" {
				t.Errorf("%v: %s, want ~ (same samples)", r.Key, r.Delta())
			}
		}
	}
	if len(c.OnlyOld) != 2 || len(c.OnlyNew) != 0 {
		t.Errorf("only old %v, only new %v", c.OnlyOld, c.OnlyNew)
	}
	// The json cells are 20% slower, the others unchanged: the geomean
	// is 1.2^(json cells / all cells).
	json := 0
	for _, r := range c.Rows {
		if r.Key.Codec == "json" {
			json++
		}
	}
	if want := math.Pow(1.2, float64(json)/float64(len(c.Rows))); json != 5 || math.Abs(c.Geomean-want) > 1e-3 {
		t.Errorf("geomean %v, want %v", c.Geomean, want)
	}
	var b bytes.Buffer
	if err := CompareTable(&b, c); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "compare.golden", b.Bytes())
}
