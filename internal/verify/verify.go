// Package verify compares values decoded by a codec with the originals and
// classifies every difference (time precision, time zone, nil versus empty,
// float precision, sign of zero, NaN bits, dynamic types of numbers in
// interface values, integer precision, a field its struct tag skips,
// missing field, other), using go-cmp.
//
// Times are compared strictly: the same instant and the same UTC offset
// (zone names are not compared, since most formats carry offsets only).
// *big.Float values are compared by value, precision, sign (of a zero
// too) and rounding mode, not by accuracy (see sameBigFloat).
// Floats are compared by their bits: -0 differs from +0, and a NaN equals
// only a NaN with the same bits (a float32 compares its float32 bits).
// Integers are compared exactly, at any magnitude. Declared losses
// (codec.Loss) relax exactly the comparison they name; a float tolerance
// applies only to values whose original is a float, and is checked
// exactly (in big.Float arithmetic), never after rounding to float64.
//
// go-cmp's walk is slow on large values (seconds for a 2 MB corpus), and
// most decoded values equal their originals: Compare and Tally.Add first
// ask identical, a plain reflect walk with the strict rules that answers
// "equal" only when go-cmp would find no difference (it defers NaNs,
// structs with unexported fields other than time.Time, and very deep
// values), and run go-cmp only for the values it does not accept.
//
// A Tally measures the largest difference each declared bound accepted,
// so that callers can see how tight a declared bound is.
//
// The package deliberately does not encode, decode or time anything, does
// not decide whether a codec passes (callers do, from the differences it
// returns), and never accepts a difference no declared loss names: the
// sign of a zero, the bits of a NaN and the value of an integer have no
// loss kind that could relax them. It does not compare complex numbers
// with a tolerance (only by their bits).
//
// A field that the Go type's struct tag tells a library to skip (the
// value of one of the tag's keys is exactly "-", as in `json:"-"`) and
// that comes back as the zero value of its type while the original is not
// zero is ClassSkippedField, which a declared codec.SkippedField loss
// accepts: the type, not the codec, decided that the field is not
// carried. It accepts nothing else: such a field that comes back as
// another non-zero value, and a field without a "-" tag that comes back
// zero, are differences no loss names.
package verify

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/serbench/serbench/codec"
)

// Class is the kind of a difference between an original and a decoded value.
type Class string

// The classes of difference. The first seven have the names of the
// codec.LossKind values that accept them (callers map one to the other by
// name). The others have no loss kind: no declared loss accepts them.
const (
	ClassTimePrecision  Class = "time-precision"
	ClassTimeZone       Class = "time-zone"
	ClassNilEmpty       Class = "nil-empty"
	ClassFloatPrecision Class = "float-precision"
	ClassInterfaceTypes Class = "interface-types"
	// ClassSkippedField: a struct field whose tag has a key whose value
	// is exactly "-" (`json:"-"`) came back as the zero value of its
	// type, and the original is not zero. Its Path is the field's (a
	// difference inside it is reported once, at the field), and its
	// Detail names the tag.
	ClassSkippedField Class = "skipped-field"
	// ClassBigFloatMode: a *big.Float came back with another rounding
	// mode (Float.Mode) than the original's. When its value, precision
	// or sign changed too, the difference is reported twice, as
	// ClassOther and as ClassBigFloatMode.
	ClassBigFloatMode Class = "bigfloat-mode"

	// ClassZeroSign: a zero came back with the other sign (-0 as +0, or
	// +0 as -0), in a float field or in an interface value (where an
	// integer zero counts as +0). It is not ClassFloatPrecision, because
	// a float tolerance bounds a magnitude and the sign of a zero has
	// none, and because callers count ClassFloatPrecision differences as
	// occurrences of a declared codec.FloatPrecision loss: a lost sign
	// must neither be accepted nor credited to that loss.
	ClassZeroSign Class = "zero-sign"
	// ClassNaNBits: a NaN came back as a NaN with other bits (payload,
	// sign or quiet bit). No declared loss accepts it, for the reasons
	// given for ClassZeroSign.
	ClassNaNBits Class = "nan-bits"
	// ClassIntegerPrecision: an integer held in an interface value came
	// back as a float that is the integer rounded to the float's
	// precision (2^53+1 as float64(2^53)). Integers are compared
	// exactly: neither interface-types nor a float tolerance accepts it.
	ClassIntegerPrecision Class = "integer-precision"

	ClassMissingField Class = "missing-field"
	ClassOther        Class = "other"
)

// Diff is one difference between an original and a decoded value.
type Diff struct {
	// Path locates the difference, for example ".BirthDay" or
	// ".Tags[\"city\"]".
	Path  string
	Class Class
	// Want and Got are the original and decoded values, formatted.
	Want, Got string
	// Detail explains the class, for example "off by 345ns".
	Detail string
}

// String formats d on one line.
func (d Diff) String() string {
	s := fmt.Sprintf("%s at %s: want %s, got %s", d.Class, d.Path, d.Want, d.Got)
	if d.Detail != "" {
		s += " (" + d.Detail + ")"
	}
	return s
}

// maxDiffs bounds the differences reported for one value.
const maxDiffs = 20

// Compare returns the differences between want and got that the declared
// losses do not accept. It returns nil when they are equal up to losses.
func Compare(want, got any, losses []codec.Loss) []Diff {
	if identical(want, got) {
		return nil
	}
	var r reporter
	cmp.Equal(want, got, append(Options(losses), cmp.Reporter(&r))...)
	return r.diffs
}

// bounds are the declared losses merged: the largest bound of each kind.
type bounds struct {
	timePrec time.Duration
	anyZone  bool
	nilEmpty bool
	eps      float64
	margin   float64
	anyTypes bool
	// skipTagged: a SkippedField loss is declared.
	skipTagged bool
	// anyMode: a BigFloatMode loss is declared.
	anyMode bool
}

func boundsOf(losses []codec.Loss) bounds {
	var b bounds
	for _, l := range losses {
		switch l.Kind {
		case codec.TimePrecision:
			b.timePrec = max(b.timePrec, l.Precision)
		case codec.TimeZone:
			b.anyZone = true
		case codec.NilEmpty:
			b.nilEmpty = true
		case codec.FloatPrecision:
			b.eps = max(b.eps, l.Epsilon)
			b.margin = max(b.margin, l.Margin)
		case codec.InterfaceTypes:
			b.anyTypes = true
		case codec.SkippedField:
			b.skipTagged = true
		case codec.BigFloatMode:
			b.anyMode = true
		}
	}
	return b
}

// Options returns the go-cmp options that compare values strictly except
// for the declared losses. Floats and complex numbers of every type, named
// ones included, are compared by their bits; a declared FloatPrecision
// tolerance applies to floats of every type (named ones too), exactly,
// and never to two zeros of different signs, NaNs or infinities.
func Options(losses []codec.Loss) cmp.Options {
	b := boundsOf(losses)
	eps, margin := b.eps, b.margin
	opts := cmp.Options{
		cmp.Comparer(func(x, y time.Time) bool {
			if absDur(x.Sub(y)) > b.timePrec {
				return false
			}
			if b.anyZone {
				return true
			}
			_, ox := x.Zone()
			_, oy := y.Zone()
			return ox == oy
		}),
		cmp.Comparer(func(x, y *big.Float) bool {
			if b.anyMode {
				return sameBigFloatNumber(x, y)
			}
			return sameBigFloat(x, y)
		}),
		cmp.Comparer(sameBigInt),
		// Floats and complex numbers of any type (named ones too) are
		// equal when their bits are, or, for floats, when they are
		// finite, not both zero, and within the declared tolerance.
		cmp.FilterPath(func(p cmp.Path) bool {
			t := p.Last().Type()
			return t != nil && isFloatKind(t.Kind())
		}, cmp.Comparer(func(x, y any) bool {
			// The common case, equal bits, without reflection.
			switch a := x.(type) {
			case float64:
				if b, ok := y.(float64); ok && math.Float64bits(a) == math.Float64bits(b) {
					return true
				}
			case float32:
				if b, ok := y.(float32); ok && math.Float32bits(a) == math.Float32bits(b) {
					return true
				}
			}
			return equalFloats(reflect.ValueOf(x), reflect.ValueOf(y), eps, margin)
		})),
	}
	if b.nilEmpty {
		opts = append(opts, cmpopts.EquateEmpty())
	}
	if b.skipTagged {
		// A field its tag skips, decoded as its zero value, is accepted
		// whole (an Ignore takes precedence over the comparers above).
		opts = append(opts, cmp.FilterPath(func(p cmp.Path) bool { return skipped(p) != "" }, cmp.Ignore()))
	}
	if b.anyTypes {
		// Interface values holding numbers of different types are
		// accepted when they hold the same number, or, when the original
		// is a float, a number within the declared float tolerance. The
		// filter sees the original first and the decoded value second,
		// so it may be asymmetric (a float32 comes back as a float64
		// that rounds to it, not the other way round); the accepted node
		// is then ignored.
		opts = append(opts, cmp.FilterPath(func(p cmp.Path) bool {
			ps := p.Last()
			vx, vy := ps.Values()
			x, y, ok := interfaceNumbers(ps.Type(), vx, vy)
			if !ok {
				return false
			}
			return sameNumber(x, y) || withinTolerance(x, y, eps, margin)
		}, cmp.Ignore()))
	}
	return opts
}

// reporter collects the differences go-cmp reports, and, when tally is
// set, measures them against the bounds.
type reporter struct {
	path   cmp.Path
	diffs  []Diff
	tally  *Tally
	bounds bounds
}

func (r *reporter) PushStep(ps cmp.PathStep) { r.path = append(r.path, ps) }
func (r *reporter) PopStep()                 { r.path = r.path[:len(r.path)-1] }
func (r *reporter) Report(rs cmp.Result) {
	if rs.Equal() {
		return
	}
	if n, tags := skippedAt(r.path); n > 0 {
		r.reportSkipped(r.path[:n], tags)
		return
	}
	vx, vy := r.path.Last().Values()
	if r.tally != nil {
		r.tally.measure(vx, vy, r.bounds)
	}
	if len(r.diffs) >= maxDiffs {
		return
	}
	path := formatPath(r.path)
	for _, d := range classify(vx, vy) {
		d.Path = path
		r.diffs = append(r.diffs, d)
	}
}

// formatPath formats p as paths are written: ".Items[2].Tags[\"k\"]".
func formatPath(p cmp.Path) string { return pathString(p, true) }

// typePath formats p without the indices and keys, which differ from
// value to value: ".Items[].Tags[]".
func typePath(p cmp.Path) string { return pathString(p, false) }

func pathString(p cmp.Path, keys bool) string {
	var b strings.Builder
	for _, s := range p {
		switch s := s.(type) {
		case cmp.StructField:
			b.WriteString("." + s.Name())
		case cmp.MapIndex:
			if keys {
				fmt.Fprintf(&b, "[%#v]", s.Key())
			} else {
				b.WriteString("[]")
			}
		case cmp.SliceIndex:
			switch kx, ky := s.SplitKeys(); {
			case !keys:
				b.WriteString("[]")
			case kx == ky:
				fmt.Fprintf(&b, "[%d]", kx)
			default:
				fmt.Fprintf(&b, "[%d->%d]", kx, ky)
			}
		}
	}
	if b.Len() == 0 {
		return "(root)"
	}
	return b.String()
}

func format(v reflect.Value) string {
	if !v.IsValid() {
		return "(absent)"
	}
	if !v.CanInterface() {
		return v.String()
	}
	switch x := v.Interface().(type) {
	case time.Time:
		return x.Format(time.RFC3339Nano)
	case fmt.Stringer:
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return "nil"
		}
		return x.String()
	}
	if (v.Kind() == reflect.Map || v.Kind() == reflect.Slice) && v.IsNil() {
		return "nil " + v.Type().String()
	}
	if v.Kind() == reflect.Interface && v.IsNil() {
		return "nil"
	}
	s := fmt.Sprintf("%#v", v.Interface())
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// classify returns the difference between vx and vy, go-cmp's original
// and decoded values at a node it found unequal: one Diff, or two when
// the value lost two things (precision and UTC offset, type and value).
func classify(vx, vy reflect.Value) []Diff {
	d := Diff{Class: ClassOther, Want: format(vx), Got: format(vy)}
	// also returns d and a copy of d with another class: two losses.
	also := func(c Class) []Diff {
		e := d
		e.Class = c
		return []Diff{d, e}
	}
	if !vx.IsValid() || !vy.IsValid() {
		if !vy.IsValid() {
			d.Class, d.Detail = ClassMissingField, "absent after decoding"
		}
		return []Diff{d}
	}
	if vx.Type() != vy.Type() {
		d.Detail = fmt.Sprintf("type %s became %s", vx.Type(), vy.Type())
		return []Diff{d}
	}
	if vx.CanInterface() {
		if a, ok := vx.Interface().(time.Time); ok {
			b := vy.Interface().(time.Time)
			_, oa := a.Zone()
			_, ob := b.Zone()
			switch {
			case a.Equal(b):
				d.Class = ClassTimeZone
				d.Detail = fmt.Sprintf("same instant, UTC offset %s became %s", offset(oa), offset(ob))
			case absDur(a.Sub(b)) < time.Second || a.Truncate(time.Second).Equal(b) || b.Equal(a.Round(time.Second)):
				d.Class = ClassTimePrecision
				d.Detail = fmt.Sprintf("off by %s", b.Sub(a))
				if oa != ob {
					// The time lost both precision and its offset.
					d.Detail += fmt.Sprintf(", and UTC offset %s became %s", offset(oa), offset(ob))
					return also(ClassTimeZone)
				}
			}
			return []Diff{d}
		}
	}
	if x, y, ok := interfaceNumbers(vx.Type(), vx, vy); ok {
		change := fmt.Sprintf("dynamic type %s became %s", x.Type(), y.Type())
		d.Class = ClassInterfaceTypes
		if sameNumber(x, y) {
			d.Detail = change + ", same value"
			return []Diff{d}
		}
		// The number changed as well as its type: two losses, or one
		// when the value is simply another one.
		if c, detail, ok := bitsChange(x, y); ok {
			d.Detail = change + ", and " + detail
			return also(c)
		}
		ex, ey := exact(x), exact(y)
		finite := ex != nil && ey != nil && !ex.IsInf() && !ey.IsInf()
		switch {
		case finite && isFloat(x) && closeFloats(toFloat(x), toFloat(y)):
			d.Detail = fmt.Sprintf("%s, and off by %.2g", change, offBy(ex, ey))
			return also(ClassFloatPrecision)
		case finite && !isFloat(x) && isFloat(y) && roundedTo(ex, y):
			d.Detail = fmt.Sprintf("%s, and rounded to %s precision: off by %.6g", change, y.Kind(), offBy(ex, ey))
			return also(ClassIntegerPrecision)
		}
		d.Class, d.Detail = ClassOther, change+", and a different value"
		return []Diff{d}
	}
	if vx.Type() == bigFloatType && vx.CanInterface() {
		if ds := bigFloatDiffs(d, vx.Interface().(*big.Float), vy.Interface().(*big.Float)); ds != nil {
			return ds
		}
	}
	if vx.Kind() == reflect.Interface && !vx.IsNil() && !vy.IsNil() && vx.Elem().Type() != vy.Elem().Type() {
		d.Detail = fmt.Sprintf("dynamic type %s became %s", vx.Elem().Type(), vy.Elem().Type())
		return []Diff{d}
	}
	switch vx.Kind() {
	case reflect.Map, reflect.Slice:
		if vx.Len() == 0 && vy.Len() == 0 && vx.IsNil() != vy.IsNil() {
			d.Class = ClassNilEmpty
			if vx.IsNil() {
				d.Detail = "nil decoded as empty"
			} else {
				d.Detail = "empty decoded as nil"
			}
			return []Diff{d}
		}
	case reflect.Float64, reflect.Float32, reflect.Complex64, reflect.Complex128:
		if c, detail, ok := bitsChange(vx, vy); ok {
			d.Class, d.Detail = c, detail
			return []Diff{d}
		}
		if vx.Kind() == reflect.Complex64 || vx.Kind() == reflect.Complex128 {
			break
		}
		// A float that comes back close, relatively or absolutely, lost
		// precision; one that comes back far off is "other".
		a, b := vx.Float(), vy.Float()
		if closeFloats(a, b) {
			diff := math.Abs(offBy(exact(vx), exact(vy)))
			d.Class = ClassFloatPrecision
			switch {
			case vx.Kind() == reflect.Float64 && float64(float32(a)) == b:
				d.Detail = "narrowed to float32"
			case a != 0:
				d.Detail = fmt.Sprintf("absolute error %.2g, relative %.2g", diff, diff/math.Abs(a))
			default:
				d.Detail = fmt.Sprintf("absolute error %.2g", diff)
			}
			return []Diff{d}
		}
	}
	if vy.IsZero() && !vx.IsZero() {
		d.Class = ClassMissingField
		d.Detail = "decoded as the zero value"
	}
	return []Diff{d}
}

// absDur is |d|. time.Time.Sub saturates at the extreme durations (about
// 292 years), and -math.MinInt64 overflows back to itself, so the most
// negative duration is mapped to the largest one: without it, two times
// more than 292 years apart would compare equal one way and unequal the
// other.
func absDur(d time.Duration) time.Duration {
	if d == math.MinInt64 {
		return math.MaxInt64
	}
	if d < 0 {
		return -d
	}
	return d
}

func offset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	return fmt.Sprintf("%s%02d:%02d", sign, sec/3600, sec%3600/60)
}

// sameBigInt reports whether x and y are both nil or have the same value.
func sameBigInt(x, y *big.Int) bool {
	if x == nil || y == nil {
		return x == y
	}
	return x.Cmp(y) == 0
}
