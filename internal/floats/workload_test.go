package floats

import (
	"testing"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/workload"
)

// TestWorkloadDefaults keeps the workload registry's description of floats
// in step with this package: its seed, count, and a Runner that names the
// kind this package registers.
func TestWorkloadDefaults(t *testing.T) {
	w, err := workload.Lookup(Workload)
	if err != nil {
		t.Fatal(err)
	}
	if w.Seed != DefaultSeed || w.Count != DefaultN || w.Runner != KindName {
		t.Errorf("workload %s: seed %#x count %d runner %q; want %#x %d %q", w.Name, w.Seed, w.Count, w.Runner, DefaultSeed, DefaultN, KindName)
	}
	if _, ok := harness.LookupKind(w.Runner); !ok {
		t.Errorf("workload %s: runner %q is not a registered kind (kinds: %v)", w.Name, w.Runner, harness.KindNames())
	}
}
