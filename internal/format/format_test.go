package format

import (
	"math"
	"testing"

	"github.com/serbench/serbench/internal/stats"
)

func TestSig3(t *testing.T) {
	for v, want := range map[float64]string{13823: "13823", 999.6: "1000", 10: "10.0", 0.0625: "0.0625",
		0.12345: "0.123", 0.0009996: "0.00100", 0: "0", 1.23456: "1.23", 9.9996: "10.0", 12.345: "12.3", 99.96: "100", 1234.6: "1235", -0.5: "-0.500", math.NaN(): "-"} {
		if got := Sig3(v); got != want {
			t.Errorf("Sig3(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestUnits(t *testing.T) {
	for ns, want := range map[float64]string{12.345: "12.3ns", 999: "999ns", 1234: "1.23µs", 45678: "45.7µs", 4.56e6: "4.56ms", 1.2e9: "1.20s"} {
		if got := Ns(ns); got != want {
			t.Errorf("Ns(%v) = %q, want %q", ns, got, want)
		}
	}
	for v, want := range map[float64]string{812: "812/s", 12345: "12.3k/s", 4.56e6: "4.56M/s"} {
		if got := Rate(v); got != want {
			t.Errorf("Rate(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{512: "512 B", 4330: "4.33 kB", 4.33e6: "4.33 MB"} {
		if got := Bytes(v); got != want {
			t.Errorf("Bytes(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{3: "3", 2.5: "2.5", 123.4: "123", math.NaN(): "-"} {
		if got := Count(v); got != want {
			t.Errorf("Count(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestSigN(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		n    int
		want string
	}{
		{1.0826, 2, "1.1"}, {1.0826, 3, "1.08"}, {1.0826, 4, "1.083"},
		{134.2, 2, "130"}, {134.2, 3, "134"}, {57.01, 2, "57"},
		{9.96, 2, "10"}, {0.0996, 2, "0.10"}, {0.04712, 2, "0.047"},
		{0, 3, "0"}, {-2.345, 2, "-2.3"}, {5, 0, "5"}, {math.Inf(1), 2, "-"},
	} {
		if got := SigN(tc.v, tc.n); got != tc.want {
			t.Errorf("SigN(%v, %d) = %q, want %q", tc.v, tc.n, got, tc.want)
		}
	}
}

// The digits of a ratio stop where its uncertainty begins.
func TestRatio(t *testing.T) {
	for _, tc := range []struct {
		v, h   float64
		digits int
		want   string
	}{
		// ±25%: 1.08 ± 0.27, uncertain in the first decimal.
		{1.0826, 0.25, 2, "1.1"},
		// ±3%: 1.08 ± 0.03, in the second.
		{1.0826, 0.03, 3, "1.08"},
		// ±0.5%: 1.083 ± 0.005, in the third.
		{1.0826, 0.005, 4, "1.083"},
		// ±0.9% of 4.15 is ±0.037: three digits, not four.
		{4.1537, 0.009, 3, "4.15"},
		{4.1537, 0.001, 4, "4.154"},
		// ±5% of 9.8 is ±0.49: two digits although h < 10%.
		{9.8, 0.05, 2, "9.8"},
		// ±40% of 57: never fewer than two digits.
		{57.01, 0.4, 2, "57"},
		// Percentages: 83.3% ± 2.3 and 33.3% ± 0.93.
		{83.333, 0.028, 2, "83"},
		{33.333, 0.028, 3, "33.3"},
		// An unknown interval: two digits; an exact ratio: four.
		{12.62, math.Inf(1), 2, "13"},
		{12.62, math.NaN(), 2, "13"},
		{2.5, 0, 4, "2.500"},
		// Never more than four.
		{1.0001, 1e-9, 4, "1.000"},
	} {
		if got := RatioDigits(tc.v, tc.h); got != tc.digits {
			t.Errorf("RatioDigits(%v, %v) = %d, want %d", tc.v, tc.h, got, tc.digits)
		}
		if got := Ratio(tc.v, tc.h); got != tc.want {
			t.Errorf("Ratio(%v, %v) = %q, want %q", tc.v, tc.h, got, tc.want)
		}
	}
	// The rule's bounds: at most 2 digits at ±10% and at most 3 at ±1%,
	// whatever the ratio.
	for v := 1.0; v < 1000; v *= 1.07 {
		if d := RatioDigits(v, 0.10); d > 2 {
			t.Errorf("RatioDigits(%v, 10%%) = %d", v, d)
		}
		if d := RatioDigits(v, 0.01); d > 3 {
			t.Errorf("RatioDigits(%v, 1%%) = %d", v, d)
		}
	}
	if got := RelHalfWidth(0.03, 0.04); math.Abs(got-0.05) > 1e-12 {
		t.Errorf("RelHalfWidth(3%%, 4%%) = %v, want 5%%", got)
	}
}

func TestCITargetGC(t *testing.T) {
	for _, tc := range []struct {
		s    stats.Summary
		want string
	}{
		{stats.Summary{Center: 100, Lo: 96.6, Hi: 103.4}, "±3.4%"},
		{stats.Summary{Center: 100, Lo: 99.6, Hi: 100.2}, "±0.4%"},
		{stats.Summary{Center: 100, Lo: 88, Hi: 105}, "±12%"},
		{stats.Summary{Center: 100, Lo: 99.99, Hi: 100.01}, "±<0.1%"},
		{stats.Summary{Center: 100, Lo: math.Inf(-1), Hi: 104}, "±∞"},
	} {
		if got := CI(tc.s); got != tc.want {
			t.Errorf("CI(%v) = %q, want %q", tc.s, got, tc.want)
		}
	}
	for v, want := range map[float64]string{0.03: "±3%", 0.05: "±5%", 0.025: "±2.5%", 0.1: "±10%"} {
		if got := Target(v); got != want {
			t.Errorf("Target(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{0: "0", 0.04712: "0.047", 3.14: "3.1", 12.4: "12", 153: "150", math.NaN(): "-"} {
		if got := GC(v); got != want {
			t.Errorf("GC(%v) = %q, want %q", v, got, want)
		}
	}
}
