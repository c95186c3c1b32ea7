package benc

import (
	"bytes"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/floats"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "benc", "benc+convert", "benc-reuse") }

func bindCodec(t *testing.T, name string, target codec.Target) codec.Instance {
	t.Helper()
	c, ok := codec.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	inst, err := c.Bind(target)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// TestReuseIsReal checks that benc-reuse deserves its BufferReuse flag:
// the second Encode overwrites the slice the first returned.
func TestReuseIsReal(t *testing.T) {
	w, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	inst := bindCodec(t, "benc-reuse", w.Target())
	values := w.Values(workload.Options{Count: 2})
	var out [2][]byte
	for i, v := range values {
		p, err := inst.Prepare(v)
		if err != nil {
			t.Fatal(err)
		}
		if out[i], err = inst.Encode(p); err != nil {
			t.Fatal(err)
		}
	}
	if &out[0][0] != &out[1][0] {
		t.Errorf("benc-reuse returned two different buffers: the BufferReuse flag is not needed")
	}
}

// TestFloatsWorkloadSize round-trips a slice as long as the floats
// workload's with every variant; benc-reuse grows its pool for it.
func TestFloatsWorkloadSize(t *testing.T) {
	values := make([]float32, workload.FloatsCount)
	for i := range values {
		values[i] = float32(i) / 3
	}
	for _, name := range []string{"benc", "benc-reuse"} {
		got, _, err := codec.RoundTrip(bindCodec(t, name, floats.Target()), &values)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g := *got.(*[]float32); len(g) != len(values) || !bytes.Equal(floats.LittleEndianBytes(g), floats.LittleEndianBytes(values)) {
			t.Errorf("%s: the values changed in the round trip", name)
		}
	}
}
