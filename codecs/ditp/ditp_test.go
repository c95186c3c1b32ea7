package ditp

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded []byte fields of nested alias the input by
// design of the package (low.Blob), while the codec declares no
// UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): low.Blob returns a
// []byte as a slice of the input (the package doc says where).
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested"), "ditp")
}

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, TruncatedNeverPanics: true, MillionFloats: true}.Run(t)
}

// TestTruncatedFails: every strict prefix of the encodings of the first
// persons fails to decode with an error: Decode recovers the decoder's
// panics.
func TestTruncatedFails(t *testing.T) {
	inst := codectest.Bind(t, "ditp", "person")
	w, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range w.Values(workload.Options{Count: 3}) {
		data, err := inst.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		for n := range len(data) {
			if _, err := inst.Decode(data[:n]); err == nil {
				t.Errorf("value %d: the first %d of %d bytes decode without an error", i, n, len(data))
			}
		}
	}
}
