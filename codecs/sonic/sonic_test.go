package sonic

import (
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "sonic", "sonic-default") }

func TestPath(t *testing.T) {
	for _, name := range []string{"sonic", "sonic-default"} {
		t.Logf("Path() = %s; %s Notes: %s", Path(), name, codectest.Lookup(t, name).Info().Notes)
	}
	if Path() != wantPath {
		t.Errorf("Path() = %q, want %q under sonic's build constraints", Path(), wantPath)
	}
}

// TestDefaultDoesNotAlias checks, for the first values of every workload
// (the conformance test checks one), that strings decoded by
// "sonic-default", whose ConfigDefault does not set CopyString, do not
// alias the caller's input: Unmarshal decodes from its own copy of it.
func TestDefaultDoesNotAlias(t *testing.T) {
	c := codectest.Lookup(t, "sonic-default")
	if !c.Info().Flags.Plain() {
		t.Fatalf("flags %s, want none", c.Info().Flags)
	}
	for _, w := range workload.All() {
		if w.Runner != "" {
			continue
		}
		inst, ok := codectest.Bound(t, c, w)
		if !ok {
			continue
		}
		values := w.Values(workload.Options{})
		for i, v := range values[:min(len(values), 20)] {
			_, data, err := codec.RoundTrip(inst, v)
			if err != nil {
				t.Fatalf("%s value %d: %v", w.Name, i, err)
			}
			native, err := inst.Decode(data)
			if err != nil {
				t.Fatalf("%s value %d: %v", w.Name, i, err)
			}
			for j := range data {
				data[j] = ' '
			}
			got, err := inst.Canonical(native)
			if err != nil {
				t.Fatalf("%s value %d: %v", w.Name, i, err)
			}
			if diffs := verify.Compare(v, got, c.Info().Losses); len(diffs) > 0 {
				t.Errorf("%s value %d changed when the input was overwritten: %s", w.Name, i, diffs[0])
			}
		}
	}
}
