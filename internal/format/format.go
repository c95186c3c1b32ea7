// Package format formats the numbers of serbench's tables: times, rates,
// counts, byte sizes and confidence intervals, with three significant
// digits, and ratios with only the digits their confidence interval
// supports (Ratio). The report and floats tables share it, so a number
// reads the same in both. It computes no statistics. Line makes a cell's
// detail text one printable line.
package format

import (
	"fmt"
	"math"
	"strconv"

	"github.com/serbench/serbench/internal/stats"
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

// SigN formats v with n (at least 1) significant digits and no more,
// without exponent: unlike Sig3, values with more integer digits than n
// are rounded too (SigN(134, 2) is "130"), because the digits dropped are
// the ones the caller cannot vouch for. NaN and infinities are "-".
func SigN(v float64, n int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	if v == 0 {
		return "0"
	}
	n = max(n, 1)
	// Round to n significant digits first, so 9.96 with two digits
	// becomes 10, not 10.0.
	e := int(math.Floor(math.Log10(math.Abs(v))))
	p := math.Pow(10, float64(n-1-e))
	r := math.Round(v*p) / p
	d := n - 1 - int(math.Floor(math.Log10(math.Abs(r))))
	if d <= 0 {
		return fmt.Sprintf("%.0f", r)
	}
	return fmt.Sprintf("%.*f", d, r)
}

// RatioDigits is the number of significant digits a ratio v (or a
// percentage of a reference) is printed with, given h, the relative
// half-width of its 95% confidence interval: the ratio is rounded at the
// decimal place of the leading digit of its uncertainty h·v, and printed
// with at least 2 and at most 4 significant digits:
//
//	n = ⌊log10 v⌋ − ⌊log10 (h·v)⌋ + 1, clamped to [2, 4]
//
// So h ≥ 10% gives at most 2 digits ("1.3", "57"), h ≥ 1% at most 3
// ("1.34", "9.8" when h·v ≥ 0.1), and 4 only below 1%; an unknown or
// infinite h gives 2, h = 0 (an exact ratio) 4. Printing more digits
// would show differences the interval cannot tell apart.
func RatioDigits(v, h float64) int {
	v = math.Abs(v)
	switch {
	case math.IsNaN(h) || math.IsInf(h, 0) || math.IsNaN(v) || math.IsInf(v, 0):
		return 2
	case h <= 0 || v == 0:
		return 4
	}
	n := int(math.Floor(math.Log10(v))) - int(math.Floor(math.Log10(h*v))) + 1
	return min(max(n, 2), 4)
}

// Ratio formats the ratio v whose relative half-width of its 95%
// confidence interval is h, with the digits RatioDigits allows:
// Ratio(1.0826, 0.25) is "1.1", Ratio(1.0826, 0.03) "1.08", Ratio(57.01,
// 0.4) "57", Ratio(4.1537, 0.009) "4.15", Ratio(4.1537, 0.001) "4.154". It
// adds no unit; the caller appends "x", "×" or "%".
func Ratio(v, h float64) string { return SigN(v, RatioDigits(v, h)) }

// RelHalfWidth combines the relative half-widths of the 95% intervals of
// two independent quantities into that of their ratio (or product): the
// square root of the sum of their squares. It is +Inf when either is.
func RelHalfWidth(a, b float64) float64 { return math.Hypot(a, b) }

// CI formats the half width of s's confidence interval relative to its
// median, with one decimal below 10% so that it can be read against a
// precision target such as ±3%: "±3.4%", "±0.4%", "±12%", "±<0.1%", and
// "±∞" when the interval is unbounded.
func CI(s stats.Summary) string {
	w := s.RelHalfWidth()
	switch {
	case math.IsInf(w, 0) || math.IsNaN(w):
		return "±∞"
	case w < 0.0005:
		return "±<0.1%"
	case w < 0.0995:
		return fmt.Sprintf("±%.1f%%", 100*w)
	}
	return fmt.Sprintf("±%.0f%%", 100*w)
}

// Target formats a precision target (a relative half-width) as "±3%", or
// "±2.5%" when it is not a whole percentage.
func Target(t float64) string {
	p := 100 * t
	if math.Abs(p-math.Round(p)) < 1e-9 {
		return fmt.Sprintf("±%.0f%%", p)
	}
	return "±" + strconv.FormatFloat(p, 'g', 4, 64) + "%"
}

// GC formats a garbage-collection figure (collections per 1,000
// operations, or the collector's share of time in percent) with two
// significant digits: "0", "0.047", "3.1", "12", "150"; NaN is "-".
func GC(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return SigN(v, 2)
}
