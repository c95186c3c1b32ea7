package mgobson

import (
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded byte slices of nested and bsontypes-binary
// alias the input by design of the library, while the codec declares no
// UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): BSON binary data decoded
// into a []byte is a slice of the input (the package doc says where).
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested", "bsontypes-binary"), "mgo-bson")
}

// TestTruncatedInput checks that no strict prefix of an encoding decodes
// and that none panics.
func TestTruncatedInput(t *testing.T) { codectest.TruncatedFails(t) }

// TestSeedTimeTruncation reproduces the caveat of seed 004 (mgo's BSON
// "seems to drop some precision with time.Date structs"): its time
// 2013-01-18 11:39:39.64337014 -0500 EST comes back as the same instant
// truncated to the millisecond, 11:39:39.643.
func TestSeedTimeTruncation(t *testing.T) {
	est := time.FixedZone("EST", -5*3600)
	p := &workload.Person{Name: "d8c7b339f1dd290e", BirthDay: time.Date(2013, 1, 18, 11, 39, 39, 643370140, est)}
	got, _, err := codec.RoundTrip(codectest.Bind(t, "mgo-bson", "person"), p)
	if err != nil {
		t.Fatal(err)
	}
	want := time.Date(2013, 1, 18, 11, 39, 39, 643000000, est)
	if b := got.(*workload.Person).BirthDay; !b.Equal(want) {
		t.Errorf("BirthDay = %v, want %v", b, want)
	}
}
