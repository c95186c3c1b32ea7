package floats

import (
	"testing"

	"github.com/serbench/serbench/workload"
)

// TestWorkloadDefaults keeps the workload registry's description of floats
// in step with this package.
func TestWorkloadDefaults(t *testing.T) {
	w, err := workload.Lookup(Workload)
	if err != nil {
		t.Fatal(err)
	}
	if w.Seed != DefaultSeed || w.Count != DefaultN || w.Runner != "floats" {
		t.Errorf("workload %s: seed %#x count %d runner %q; want %#x %d floats", w.Name, w.Seed, w.Count, w.Runner, DefaultSeed, DefaultN)
	}
}
