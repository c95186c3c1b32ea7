package svgplot

import (
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/format"
)

func TestTicks(t *testing.T) {
	labels := func(tk Ticks, lo, hi float64) string {
		var out []string
		for _, x := range tk.Ticks(lo, hi) {
			if x.Label != "" {
				out = append(out, x.Label)
			}
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		lo, hi float64
		want   string
	}{
		{45, 2000, "50.0ns 100ns 200ns 500ns 1.00µs 2.00µs"},
		{20, 2e6, "100ns 1.00µs 10.0µs 100µs 1.00ms"},
		{120, 180, "120ns 180ns"},
	} {
		if got := labels(Ticks{Log: true, Format: format.Ns}, tc.lo, tc.hi); got != tc.want {
			t.Errorf("log ticks %v..%v: %s, want %s", tc.lo, tc.hi, got, tc.want)
		}
	}
	if got := labels(Ticks{Format: format.Bytes}, 0, 250); got != "0 B 100 B 200 B" {
		t.Errorf("linear ticks: %s", got)
	}
}
