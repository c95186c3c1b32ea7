package benc

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T)          { codectest.Run(t, "benc", "benc+convert", "benc-reuse") }
func TestBindsOnly(t *testing.T)            { codectest.BindsOnly(t, codectest.SchemaTypes) }
func TestFarTimeIsAnError(t *testing.T)     { codectest.FarTimeIsAnError(t) }
func TestUnschemableIsAnError(t *testing.T) { codectest.UnschemableIsAnError(t) }

// TestReuseIsReal checks that benc-reuse deserves its BufferReuse flag:
// the second Encode overwrites the slice the first returned.
func TestReuseIsReal(t *testing.T) {
	w, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	inst := codectest.Bind(t, "benc-reuse", w.Name)
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

// TestMillionFloats: benc-reuse grows its pool for the floats workload.
func TestMillionFloats(t *testing.T) { codectest.MillionFloats(t) }
