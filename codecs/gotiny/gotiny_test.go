package gotiny

import (
	"bytes"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "gotiny", "gotiny-reuse") }

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
