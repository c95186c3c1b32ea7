// Package format formats the numbers of serbench's tables: times, rates,
// counts, byte sizes and confidence intervals, with three significant
// digits. The report and floats tables share it, so a number reads the
// same in both.
package format

import (
	"fmt"
	"math"

	"github.com/serbench/serbench/stats"
)

// Sig3 formats v with three significant digits, without exponent; values
// of 100 and more are rounded to integers. NaN and infinities are "-".
func Sig3(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	if v == 0 {
		return "0"
	}
	// Round to three significant digits first, so 9.9996 becomes 10.0.
	d := 2 - int(math.Floor(math.Log10(math.Abs(v))))
	if d <= 0 {
		return fmt.Sprintf("%.0f", v)
	}
	p := math.Pow(10, float64(d))
	r := math.Round(v*p) / p
	d = max(0, 2-int(math.Floor(math.Log10(math.Abs(r)))))
	return fmt.Sprintf("%.*f", d, r)
}

// Ns formats a duration in nanoseconds with a unit: "812ns", "12.3µs",
// "4.56ms", "1.23s".
func Ns(ns float64) string {
	switch {
	case math.IsNaN(ns) || math.IsInf(ns, 0):
		return "-"
	case ns < 1e3:
		return Sig3(ns) + "ns"
	case ns < 1e6:
		return Sig3(ns/1e3) + "µs"
	case ns < 1e9:
		return Sig3(ns/1e6) + "ms"
	}
	return Sig3(ns/1e9) + "s"
}

// Rate formats operations per second: "812/s", "12.3k/s", "4.56M/s".
func Rate(v float64) string {
	switch {
	case v >= 1e6:
		return Sig3(v/1e6) + "M/s"
	case v >= 1e3:
		return Sig3(v/1e3) + "k/s"
	}
	return Sig3(v) + "/s"
}

// Bytes formats a byte count in decimal units (MB = 10^6 bytes, as in
// MB/s): "512 B", "4.33 MB".
func Bytes(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case v >= 1e6:
		return Sig3(v/1e6) + " MB"
	case v >= 1e3:
		return Sig3(v/1e3) + " kB"
	}
	return fmt.Sprintf("%.0f B", v)
}

// Count formats an allocation or byte count: integers as integers, others
// with one decimal.
func Count(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	if v == math.Trunc(v) || v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// CI formats the half width of s's confidence interval relative to its
// median: "±3%", "±<1%", and "±∞" when the interval is unbounded.
func CI(s stats.Summary) string {
	w := s.RelHalfWidth()
	switch {
	case math.IsInf(w, 0) || math.IsNaN(w):
		return "±∞"
	case w < 0.01:
		return "±<1%"
	}
	return fmt.Sprintf("±%.0f%%", 100*w)
}
