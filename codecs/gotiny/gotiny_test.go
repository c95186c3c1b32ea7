package gotiny

import (
	"bytes"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded byte slices of nested, bsontypes-binary and
// bsontypes-document alias the input by design of the library, while the
// codecs declare no UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): a []byte is decoded as a
// slice of the input (the package doc says where), by both codecs.
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested", "bsontypes-binary", "bsontypes-document"), "gotiny", "gotiny-reuse")
}

// TestTruncatedInput checks that no strict prefix of an encoding decodes
// and that none panics.
func TestTruncatedInput(t *testing.T) { codectest.TruncatedFails(t) }

// TestReuseOverwrites checks that gotiny-reuse needs its BufferReuse flag:
// the Encoder encodes the next value into the buffer it returned.
func TestReuseOverwrites(t *testing.T) {
	inst := codectest.Bind(t, "gotiny-reuse", "person")
	a, err := inst.Encode(&workload.Person{Name: "first"})
	if err != nil {
		t.Fatal(err)
	}
	keep := bytes.Clone(a)
	if _, err := inst.Encode(&workload.Person{Name: "other"}); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, keep) {
		t.Error("the second Encode left the first result unchanged: gotiny-reuse would not need BufferReuse")
	}
}
