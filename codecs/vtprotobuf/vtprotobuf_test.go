package vtprotobuf

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

var names = []string{"vtprotobuf", "vtprotobuf+convert", "vtprotobuf-pooled", "vtprotobuf-pooled+convert", "vtprotobuf-reuse"}

func TestConformance(t *testing.T) { codectest.Run(t, names...) }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaAndCorporaTypes, FarTime: true, TruncatedNeverPanics: true, Unschemable: true}.Run(t, names...)
}

// TestPooledConvertOwnsMemory decodes every value of the person and nested
// workloads, and of the typed corpora, one after the other with vtprotobuf-pooled+convert, which gives
// each message back to the pool before the next Decode reuses it, and
// checks the decoded values only at the end: they must not share memory
// with the pooled messages.
func TestPooledConvertOwnsMemory(t *testing.T) {
	for _, name := range []string{"vtprotobuf-pooled+convert"} {
		c := codectest.Lookup(t, name)
		for _, wname := range []string{"person", "nested", "twitter", "citm", "canada"} {
			inst, values := codectest.BindValues(t, name, wname, &workload.Options{Count: 200})
			got := make([]any, len(values))
			for i, v := range values {
				got[i] = codectest.Decode(t, inst, codectest.Encode(t, inst, v))
			}
			for i, v := range values {
				if diffs := verify.Compare(v, got[i], c.Info().Losses); len(diffs) > 0 {
					t.Errorf("%s, %s value %d changed after later decodes: %s", name, wname, i, diffs[0])
				}
			}
		}
	}
}

// TestReuseEncodeMatches checks that the reused buffer of vtprotobuf-reuse
// holds the bytes MarshalVT returns, for messages of shrinking and growing
// sizes.
func TestReuseEncodeMatches(t *testing.T) {
	losses := codectest.Lookup(t, "vtprotobuf").Info().Losses
	pi, values := codectest.BindValues(t, "vtprotobuf", "person", &workload.Options{Count: 100})
	ri := codectest.Bind(t, "vtprotobuf-reuse", "person")
	for i, v := range values {
		// Person has one map, Tags: compare sizes, and decoded values,
		// since map order varies from one call to the next.
		p, err := pi.Prepare(v)
		if err != nil {
			t.Fatal(err)
		}
		want, err := pi.Encode(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ri.Encode(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("value %d: reuse encoded %d bytes, MarshalVT %d", i, len(got), len(want))
		}
		if diffs := verify.Compare(v, codectest.Decode(t, pi, got), losses); len(diffs) > 0 {
			t.Errorf("value %d: %s", i, diffs[0])
		}
	}
}

// TestPooledReusesMessage checks that vtprotobuf-pooled gives the message of
// a Decode back to the pool at the next one: the canonical value of the
// first of two different messages, which shares the pooled message's
// slices, then shows the second's strings. (It documents the BufferReuse
// flag of the codec: the harness verifies each value before the next
// Decode.) sync.Pool may drop what it is given, so the test tries a few
// times.
func TestPooledReusesMessage(t *testing.T) {
	inst := codectest.Bind(t, "vtprotobuf-pooled", "person")
	a := codectest.Encode(t, inst, &workload.Person{Aliases: []string{"first"}})
	b := codectest.Encode(t, inst, &workload.Person{Aliases: []string{"second"}})
	for try := 0; try < 10; try++ {
		got := codectest.Decode(t, inst, a)
		if _, err := inst.Decode(b); err != nil {
			t.Fatal(err)
		}
		if got.(*workload.Person).Aliases[0] == "second" {
			return
		}
	}
	t.Error("the pooled message was never reused by the next Decode")
}
