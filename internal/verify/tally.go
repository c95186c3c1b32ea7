package verify

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/codec"
)

// A Tally measures, over the values added to it, the largest difference
// that each declared bound accepted: the largest time error within a
// TimePrecision bound, and the largest relative (to the smaller
// magnitude) and absolute float errors within a FloatPrecision Epsilon
// and Margin. Extents then compares each declared bound with what was
// seen, so that a bound much looser than the codec's actual loss shows.
//
// Only differences a declared bound accepts are measured: a difference
// beyond the bounds is an undeclared difference, which Compare reports.
// A float difference within both the Epsilon and the Margin counts for
// both; one within only one of them counts only for that one. Floats in
// interface values whose dynamic type changed count only when
// InterfaceTypes is declared too, as only then are they accepted.
//
// The zero Tally is empty and ready to use. A Tally is not safe for
// concurrent use; the result does not depend on the order of the values.
type Tally struct {
	time       time.Duration
	abs, rel   float64
	timeN      int
	absN, relN int
	// skipped counts, by field (".Items[].Cache") and its "-" tags, the
	// skipped fields a SkippedField loss accepted.
	skipped map[skippedKey]int
}

// skippedKey is a field of a type that a SkippedField loss accepted as
// not carried, and the tags that skip it.
type skippedKey struct{ path, tags string }

// skip counts a field, by its path in the type, that a SkippedField loss
// accepted as not carried.
func (t *Tally) skip(path, tags string) {
	if t.skipped == nil {
		t.skipped = map[skippedKey]int{}
	}
	t.skipped[skippedKey{path, tags}]++
}

// Add compares want (the original) and got (the decoded value) strictly,
// once, measures their differences against the bounds of the declared
// losses, and returns the differences: the same as Compare(want, got,
// nil), so that a caller counting the classes it observes needs no other
// pass.
func (t *Tally) Add(want, got any, losses []codec.Loss) []Diff {
	if identical(want, got) {
		return nil // nothing differs, so no bound is measured
	}
	r := reporter{tally: t, bounds: boundsOf(losses)}
	cmp.Equal(want, got, append(Options(nil), cmp.Reporter(&r))...)
	return r.diffs
}

var timeType = reflect.TypeFor[time.Time]()

// measure records the difference between vx and vy, at a node the strict
// comparison found unequal, when a declared bound accepts it.
func (t *Tally) measure(vx, vy reflect.Value, b bounds) {
	if !vx.IsValid() || !vy.IsValid() || vx.Type() != vy.Type() || !vx.CanInterface() {
		return
	}
	if vx.Type() == timeType {
		d := absDur(vx.Interface().(time.Time).Sub(vy.Interface().(time.Time)))
		if d > 0 && d <= b.timePrec {
			t.time = max(t.time, d)
			t.timeN++
		}
		return
	}
	if b.eps == 0 && b.margin == 0 {
		return
	}
	x, y := vx, vy
	if !isFloat(x) {
		var ok bool
		x, y, ok = interfaceNumbers(vx.Type(), vx, vy)
		if !ok || !b.anyTypes || !isFloat(x) || sameNumber(x, y) {
			return
		}
	}
	ex, ey := exact(x), exact(y)
	if ex == nil || ey == nil || ex.IsInf() || ey.IsInf() || ex.Cmp(ey) == 0 {
		return // NaN bits, the sign of a zero, infinities: no tolerance
	}
	byMargin, byEps := tolerance(ex, ey, b.eps, b.margin)
	if byMargin {
		f, _ := absDiff(ex, ey).Float64()
		t.abs = max(t.abs, f)
		t.absN++
	}
	if byEps {
		t.rel = max(t.rel, relErr(ex, ey))
		t.relN++
	}
}

// Extent compares one declared bound with the largest difference it
// accepted in the values added to a Tally.
type Extent struct {
	// Kind is the kind of the declared loss: codec.TimePrecision,
	// codec.FloatPrecision or codec.SkippedField.
	Kind codec.LossKind
	// Field and Tags, for a SkippedField extent, are the field that was
	// not carried, by its path in the type (".Items[].Cache"), and the
	// tags that skip it (`json:"-"`). A SkippedField extent has no bound:
	// Bound and Largest are empty, Seen counts the times the field was not
	// carried, and it is never Loose.
	Field, Tags string
	// Measure is what the bound bounds: "" for the time error of a
	// TimePrecision loss, "relative" for the Epsilon and "absolute" for
	// the Margin of a FloatPrecision loss.
	Measure string
	// Bound is the declared bound, formatted ("1ms", "1e-06").
	Bound string
	// Largest is the largest difference the bound accepted, formatted
	// ("999µs", "1.2e-07"), or "none seen".
	Largest string
	// BoundValue and LargestValue are the bound and the largest
	// difference as numbers: nanoseconds for times. LargestValue is 0
	// when none was seen.
	BoundValue, LargestValue float64
	// Seen counts the differences the bound accepted (in all the values
	// added, not only within this loss when several of its kind are
	// declared).
	Seen int
	// Loose reports that the bound is more than 10 times the largest
	// difference seen, or that no difference was seen at all.
	Loose bool
}

// looseFactor is how many times the largest difference seen a bound may
// be before it is loose.
const looseFactor = 10

// Extents returns, for each declared loss with a bound (TimePrecision,
// FloatPrecision), in the order of losses, the declared bound and the
// largest difference it accepted: one Extent for a TimePrecision loss,
// one for each of the Epsilon and Margin a FloatPrecision loss sets (one
// for the Epsilon when it sets neither). For the first SkippedField loss
// it returns one Extent per field the loss accepted as not carried, by
// path, and none when it accepted none: which fields a codec did not
// carry is what its verdict must name.
func (t *Tally) Extents(losses []codec.Loss) []Extent {
	var out []Extent
	skippedDone := false
	for _, l := range losses {
		switch l.Kind {
		case codec.SkippedField:
			if !skippedDone {
				skippedDone = true
				out = append(out, t.skippedExtents()...)
			}
		case codec.TimePrecision:
			e := Extent{Kind: l.Kind, Bound: formatDuration(l.Precision), BoundValue: float64(l.Precision), Seen: t.timeN}
			if t.timeN > 0 {
				e.Largest, e.LargestValue = formatDuration(t.time), float64(t.time)
			}
			out = append(out, e.finish())
		case codec.FloatPrecision:
			if l.Epsilon > 0 || l.Margin <= 0 {
				out = append(out, floatExtent("relative", l.Epsilon, t.rel, t.relN))
			}
			if l.Margin > 0 {
				out = append(out, floatExtent("absolute", l.Margin, t.abs, t.absN))
			}
		}
	}
	return out
}

// formatDuration formats d as time.Duration.String does, without zero
// minutes and seconds: "1h", "1h30m", "1m", "1.5s", "999µs".
func formatDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

func floatExtent(measure string, bound, largest float64, n int) Extent {
	e := Extent{Kind: codec.FloatPrecision, Measure: measure, Bound: strconv.FormatFloat(bound, 'g', -1, 64), BoundValue: bound, Seen: n}
	if n > 0 {
		e.Largest, e.LargestValue = fmt.Sprintf("%.3g", largest), largest
	}
	return e.finish()
}

func (e Extent) finish() Extent {
	if e.Seen == 0 {
		e.Largest, e.LargestValue, e.Loose = "none seen", 0, true
		return e
	}
	e.Loose = e.BoundValue > looseFactor*e.LargestValue
	return e
}

// Ratio returns the bound divided by the largest difference seen: +Inf
// when none was seen.
func (e Extent) Ratio() float64 {
	if e.Seen == 0 {
		return math.Inf(1)
	}
	return e.BoundValue / e.LargestValue
}

// skippedExtents returns the Extents of the fields a SkippedField loss
// accepted as not carried, sorted by path.
func (t *Tally) skippedExtents() []Extent {
	keys := make([]skippedKey, 0, len(t.skipped))
	for k := range t.skipped {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].path != keys[j].path {
			return keys[i].path < keys[j].path
		}
		return keys[i].tags < keys[j].tags
	})
	out := make([]Extent, 0, len(keys))
	for _, k := range keys {
		out = append(out, Extent{Kind: codec.SkippedField, Field: k.path, Tags: k.tags, Seen: t.skipped[k]})
	}
	return out
}

// String formats e on one line, for example "time-precision: bound 1ms,
// largest seen 999µs", "time-precision: bound 1h, largest seen 1ms (bound
// 3600000× looser than observed)", "float-precision: relative bound
// 1e-06, none seen (the bound accepted no difference)" or
// `skipped-field: .Cache not carried (tagged json:"-"), 12 times`.
func (e Extent) String() string {
	s := string(e.Kind) + ": "
	if e.Kind == codec.SkippedField {
		times := "once"
		if e.Seen != 1 {
			times = fmt.Sprintf("%d times", e.Seen)
		}
		return fmt.Sprintf("%s%s not carried (tagged %s), %s", s, e.Field, e.Tags, times)
	}
	if e.Measure != "" {
		s += e.Measure + " "
	}
	s += "bound " + e.Bound
	if e.Seen == 0 {
		return s + ", none seen (the bound accepted no difference)"
	}
	s += ", largest seen " + e.Largest
	if e.Loose {
		r := e.Ratio()
		f := "%.3g"
		if r >= 100 && r < 1e12 {
			f = "%.0f"
		}
		s += " (bound " + fmt.Sprintf(f, r) + "× looser than observed)"
	}
	return s
}
