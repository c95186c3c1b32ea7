package result

import (
	"strings"
	"testing"
)

func TestFidelityStatusSymbols(t *testing.T) {
	seen := map[string]FidelityStatus{}
	for _, s := range []FidelityStatus{FidelityExact, FidelityLossy, FidelityUndeclared, FidelityFail, FidelityError, FidelityNA, FidelityCrash, FidelityTimeout, FidelityMemory} {
		if prev, dup := seen[s.Symbol()]; dup {
			t.Errorf("%s and %s share the symbol %s", prev, s, s.Symbol())
		}
		seen[s.Symbol()] = s
		found := false
		for _, l := range FidelityLegend {
			found = found || strings.HasPrefix(l, s.Symbol()+" ") || strings.Contains(l, s.Symbol()+":")
		}
		if !found {
			t.Errorf("the legend does not explain %s", s.Symbol())
		}
	}
}
