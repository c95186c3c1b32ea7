package bebop

import (
	"bytes"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/floats"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "bebop", "bebop+convert") }

// TestFloatsWorkloadSize round-trips a slice as long as the floats
// workload's.
func TestFloatsWorkloadSize(t *testing.T) {
	c, ok := codec.Lookup("bebop")
	if !ok {
		t.Fatal("bebop is not registered")
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
	if g := *got.(*[]float32); !bytes.Equal(floats.LittleEndianBytes(g), floats.LittleEndianBytes(values)) {
		t.Errorf("the values changed in the round trip")
	}
}
