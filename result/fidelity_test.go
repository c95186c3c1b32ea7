package result

import (
	"strings"
	"testing"
)

func TestFidelityStatusSymbols(t *testing.T) {
	seen := map[string]FidelityStatus{}
	for _, s := range []FidelityStatus{FidelityExact, FidelityLossy, FidelityUndeclared, FidelityFail, FidelityError, FidelityNA, FidelityCrash, FidelityTimeout, FidelityMemory, FidelityInterrupted} {
		if prev, dup := seen[s.Symbol()]; dup {
			t.Errorf("%s and %s share the symbol %s", prev, s, s.Symbol())
		}
		seen[s.Symbol()] = s
		found := false
		for _, l := range append(FidelityLegend, FidelityInterruptedLegend) {
			found = found || strings.HasPrefix(l, s.Symbol()+" ") || strings.Contains(l, s.Symbol()+":")
		}
		if !found {
			t.Errorf("the legend does not explain %s", s.Symbol())
		}
	}
}

// TestFidelityInterrupted: Interrupted counts the cells not measured, 0
// for a complete matrix.
func TestFidelityInterrupted(t *testing.T) {
	m := &Fidelity{Rows: []FidelityRow{
		{Codec: "a", Cells: []FidelityCell{{Status: FidelityExact}, {Status: FidelityLossy}}},
		{Codec: "b", Cells: []FidelityCell{{Status: FidelityInterrupted}, {Status: FidelityInterrupted}}},
	}}
	if n := m.Interrupted(); n != 2 {
		t.Errorf("Interrupted() = %d, want 2", n)
	}
	m.Rows = m.Rows[:1]
	if n := m.Interrupted(); n != 0 {
		t.Errorf("a complete matrix: Interrupted() = %d, want 0", n)
	}
}
