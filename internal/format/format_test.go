package format

import (
	"math"
	"testing"

	"github.com/serbench/serbench/stats"
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

func TestCI(t *testing.T) {
	if got := CI(stats.Summary{Center: 100, Lo: 97, Hi: 104}); got != "±4%" {
		t.Errorf("CI = %q", got)
	}
	if got := CI(stats.Summary{Center: 100, Lo: math.Inf(-1), Hi: 104}); got != "±∞" {
		t.Errorf("CI unbounded = %q", got)
	}
	if got := CI(stats.Summary{Center: 100, Lo: 99.9, Hi: 100.2}); got != "±<1%" {
		t.Errorf("CI narrow = %q", got)
	}
}
