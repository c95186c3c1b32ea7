package benc

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "benc", "benc+convert", "benc-reuse") }

// TestChecks runs the shared checks; in MillionFloats, benc-reuse grows
// its pool for the floats workload.
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, FarTime: true, Unschemable: true, MillionFloats: true}.Run(t)
}

// TestReuseIsReal checks that benc-reuse deserves its BufferReuse flag:
// the second Encode overwrites the slice the first returned.
func TestReuseIsReal(t *testing.T) {
	inst, values := codectest.BindValues(t, "benc-reuse", "person", &workload.Options{Count: 2})
	var out [2][]byte
	for i, v := range values {
		out[i] = codectest.Encode(t, inst, v)
	}
	if &out[0][0] != &out[1][0] {
		t.Errorf("benc-reuse returned two different buffers: the BufferReuse flag is not needed")
	}
}
