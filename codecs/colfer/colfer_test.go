package colfer

import (
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/floats"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "colfer", "colfer+convert") }

// TestFloatsWorkloadSize round-trips a slice as long as the floats
// workload's, which needs the raised ColferListMax.
func TestFloatsWorkloadSize(t *testing.T) {
	c, ok := codec.Lookup("colfer")
	if !ok {
		t.Fatal("colfer is not registered")
	}
	inst, err := c.Bind(floats.Target())
	if err != nil {
		t.Fatal(err)
	}
	values := make([]float32, workload.FloatsCount)
	for i := range values {
		values[i] = float32(i) / 3
	}
	got, _, err := codec.RoundTrip(inst, &values)
	if err != nil {
		t.Fatal(err)
	}
	g := *got.(*[]float32)
	if len(g) != len(values) || g[len(g)-1] != values[len(values)-1] {
		t.Errorf("decoded %d values, last %v; want %d, last %v", len(g), g[len(g)-1], len(values), values[len(values)-1])
	}
}
