package davecghxdr

import (
	"testing"

	"github.com/davecgh/go-xdr/xdr"

	"github.com/serbench/serbench/codec/codectest"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded byte slices of bsontypes-binary alias the
// input by design of the library, while the codec declares no
// UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): XDR opaque data decoded
// into a []byte is a slice of the input (the package doc says where).
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("bsontypes-binary"), "davecgh-xdr")
}

// TestIntTruncated shows the library's silent truncation of a Go int
// beyond 32 bits, which the package doc warns of.
func TestIntTruncated(t *testing.T) {
	type v struct{ N int }
	b, err := xdr.Marshal(&v{N: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	var got v
	if _, err := xdr.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.N == 1<<40 {
		t.Errorf("int 1<<40 round-tripped: the package doc's warning of truncation is out of date")
	}
}
