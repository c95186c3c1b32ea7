package capnpv1

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded []byte fields of nested alias the input by
// design of the library (its Data getters), while the codec declares no
// UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): a Data getter returns a
// slice of the input (the package doc says where).
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested"), "capnp-v1")
}

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, FarTime: true, TruncatedNeverPanics: true, MillionFloats: true}.Run(t)
}
