package calmhxdr

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded []byte fields of nested alias the input by
// design of the library, in both variants, while neither declares the
// UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): a []byte field is a
// slice of the input, which the conversion shares (the package doc says
// where), in both variants.
func TestConformance(t *testing.T) {
	if !codectest.Lookup(t, "calmh-xdr").Info().Flags.GeneratedTypes {
		t.Fatal("calmh-xdr lacks the GeneratedTypes flag")
	}
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested"), "calmh-xdr", "calmh-xdr+convert")
}

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, FarTime: true, MillionFloats: true}.Run(t)
}
