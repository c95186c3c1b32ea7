// Package verify compares values decoded by a codec with the originals and
// classifies every difference (time precision, time zone, nil versus empty,
// float precision, dynamic types of numbers in interface values, missing
// field, other), using go-cmp.
//
// Times are compared strictly: the same instant and the same UTC offset
// (zone names are not compared, since most formats carry offsets only).
// Declared losses (codec.Loss) relax exactly the comparison they name.
//
// The package does not encode, decode or time anything.
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

// The classes of difference.
const (
	ClassTimePrecision  Class = "time-precision"
	ClassTimeZone       Class = "time-zone"
	ClassNilEmpty       Class = "nil-empty"
	ClassFloatPrecision Class = "float-precision"
	ClassInterfaceTypes Class = "interface-types"
	ClassMissingField   Class = "missing-field"
	ClassOther          Class = "other"
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
	var r reporter
	cmp.Equal(want, got, append(Options(losses), cmp.Reporter(&r))...)
	return r.diffs
}

// Options returns the go-cmp options that compare values strictly except
// for the declared losses.
func Options(losses []codec.Loss) cmp.Options {
	var (
		timePrec time.Duration
		anyZone  bool
		nilEmpty bool
		eps      float64
		margin   float64
		anyTypes bool
	)
	for _, l := range losses {
		switch l.Kind {
		case codec.TimePrecision:
			timePrec = max(timePrec, l.Precision)
		case codec.TimeZone:
			anyZone = true
		case codec.NilEmpty:
			nilEmpty = true
		case codec.FloatPrecision:
			eps = max(eps, l.Epsilon)
			margin = max(margin, l.Margin)
		case codec.InterfaceTypes:
			anyTypes = true
		}
	}
	opts := cmp.Options{
		cmp.Comparer(func(a, b time.Time) bool {
			d := a.Sub(b)
			if d < 0 {
				d = -d
			}
			if d > timePrec {
				return false
			}
			if anyZone {
				return true
			}
			_, oa := a.Zone()
			_, ob := b.Zone()
			return oa == ob
		}),
		cmp.Comparer(func(a, b *big.Float) bool {
			if a == nil || b == nil {
				return a == b
			}
			return a.Cmp(b) == 0 && a.Prec() == b.Prec() && a.Signbit() == b.Signbit()
		}),
		cmp.Comparer(func(a, b *big.Int) bool {
			if a == nil || b == nil {
				return a == b
			}
			return a.Cmp(b) == 0
		}),
		cmpopts.EquateNaNs(),
	}
	if nilEmpty {
		opts = append(opts, cmpopts.EquateEmpty())
	}
	if eps > 0 || margin > 0 {
		opts = append(opts, cmpopts.EquateApprox(eps, margin))
	}
	if anyTypes {
		// Interface values holding numbers of different types are
		// accepted when they hold the same number, or numbers within
		// the declared float tolerance. The filter sees the original
		// first and the decoded value second, so it may be asymmetric
		// (a float32 comes back as a float64 that rounds to it, not the
		// other way round); the accepted node is then ignored.
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

// interfaceNumbers returns the dynamic values of vx and vy, values of the
// static type t, when t is an interface type and they hold numbers of
// different types.
func interfaceNumbers(t reflect.Type, vx, vy reflect.Value) (x, y reflect.Value, ok bool) {
	if t == nil || t.Kind() != reflect.Interface {
		return x, y, false
	}
	if !vx.IsValid() || !vy.IsValid() || vx.Kind() != reflect.Interface || vy.Kind() != reflect.Interface || vx.IsNil() || vy.IsNil() {
		return x, y, false
	}
	x, y = vx.Elem(), vy.Elem()
	if x.Type() == y.Type() || !isNumber(x) || !isNumber(y) {
		return x, y, false
	}
	return x, y, true
}

func isNumber(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

func isFloat(v reflect.Value) bool { return v.Kind() == reflect.Float32 || v.Kind() == reflect.Float64 }

// exact returns the exact value of a number, or nil for NaN.
func exact(v reflect.Value) *big.Float {
	switch {
	case v.CanInt():
		return new(big.Float).SetInt64(v.Int())
	case v.CanUint():
		return new(big.Float).SetUint64(v.Uint())
	case math.IsNaN(v.Float()):
		return nil
	default:
		return new(big.Float).SetFloat64(v.Float())
	}
}

// sameNumber reports whether the decoded number y is the original number
// x with another type: exactly equal, both NaN, or, for an original
// float32, a number that rounds to it (text formats write a float32 with
// the fewest digits that identify it, which read back as a float64, or as
// an integer when they have no fraction, are not the float32's exact
// value).
func sameNumber(x, y reflect.Value) bool {
	ex, ey := exact(x), exact(y)
	if ex == nil || ey == nil {
		return ex == nil && ey == nil
	}
	if ex.Cmp(ey) == 0 {
		return true
	}
	return x.Kind() == reflect.Float32 && float32(toFloat(y)) == float32(x.Float())
}

// withinTolerance reports whether a float lost precision within a declared
// tolerance, as cmpopts.EquateApprox(eps, margin) compares float64 values.
func withinTolerance(x, y reflect.Value, eps, margin float64) bool {
	if (eps == 0 && margin == 0) || (!isFloat(x) && !isFloat(y)) {
		return false
	}
	a, b := toFloat(x), toFloat(y)
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false
	}
	d := math.Abs(a - b)
	return d <= margin || d <= eps*math.Min(math.Abs(a), math.Abs(b))
}

func toFloat(v reflect.Value) float64 {
	switch {
	case v.CanInt():
		return float64(v.Int())
	case v.CanUint():
		return float64(v.Uint())
	}
	return v.Float()
}

type reporter struct {
	path  cmp.Path
	diffs []Diff
}

func (r *reporter) PushStep(ps cmp.PathStep) { r.path = append(r.path, ps) }
func (r *reporter) PopStep()                 { r.path = r.path[:len(r.path)-1] }
func (r *reporter) Report(rs cmp.Result) {
	if rs.Equal() || len(r.diffs) >= maxDiffs {
		return
	}
	vx, vy := r.path.Last().Values()
	d := classify(vx, vy)
	d.Path = formatPath(r.path)
	r.diffs = append(r.diffs, d)
	if d.Class == ClassTimePrecision && strings.Contains(d.Detail, "UTC offset") {
		// The time lost both precision and its offset: two losses.
		z := d
		z.Class = ClassTimeZone
		r.diffs = append(r.diffs, z)
	}
	if d.Class == ClassInterfaceTypes && strings.Contains(d.Detail, "off by") {
		// The number lost precision as well as its type: two losses.
		f := d
		f.Class = ClassFloatPrecision
		r.diffs = append(r.diffs, f)
	}
}

func formatPath(p cmp.Path) string {
	var b strings.Builder
	for _, s := range p {
		switch s := s.(type) {
		case cmp.StructField:
			b.WriteString("." + s.Name())
		case cmp.MapIndex:
			fmt.Fprintf(&b, "[%#v]", s.Key())
		case cmp.SliceIndex:
			kx, ky := s.SplitKeys()
			if kx == ky {
				fmt.Fprintf(&b, "[%d]", kx)
			} else {
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

func classify(vx, vy reflect.Value) Diff {
	d := Diff{Class: ClassOther, Want: format(vx), Got: format(vy)}
	if !vx.IsValid() || !vy.IsValid() {
		if !vy.IsValid() {
			d.Class, d.Detail = ClassMissingField, "absent after decoding"
		}
		return d
	}
	if vx.Type() != vy.Type() {
		d.Detail = fmt.Sprintf("type %s became %s", vx.Type(), vy.Type())
		return d
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
					d.Detail += fmt.Sprintf(", and UTC offset %s became %s", offset(oa), offset(ob))
				}
			}
			return d
		}
	}
	if x, y, ok := interfaceNumbers(vx.Type(), vx, vy); ok {
		change := fmt.Sprintf("dynamic type %s became %s", x.Type(), y.Type())
		a, b := toFloat(x), toFloat(y)
		switch {
		case sameNumber(x, y):
			d.Class, d.Detail = ClassInterfaceTypes, change+", same value"
		case (isFloat(x) || isFloat(y)) && closeFloats(a, b):
			d.Class, d.Detail = ClassInterfaceTypes, fmt.Sprintf("%s, and off by %.2g", change, b-a)
		default:
			d.Detail = change + ", and a different value"
		}
		return d
	}
	if vx.Kind() == reflect.Interface && !vx.IsNil() && !vy.IsNil() && vx.Elem().Type() != vy.Elem().Type() {
		d.Detail = fmt.Sprintf("dynamic type %s became %s", vx.Elem().Type(), vy.Elem().Type())
		return d
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
			return d
		}
	case reflect.Float64, reflect.Float32:
		// A float that comes back close, relatively or absolutely, lost
		// precision; one that comes back far off is "other".
		a, b := vx.Float(), vy.Float()
		if closeFloats(a, b) {
			diff := math.Abs(a - b)
			d.Class = ClassFloatPrecision
			switch {
			case float64(float32(a)) == b:
				d.Detail = "narrowed to float32"
			case a != 0:
				d.Detail = fmt.Sprintf("absolute error %.2g, relative %.2g", diff, diff/math.Abs(a))
			default:
				d.Detail = fmt.Sprintf("absolute error %.2g", diff)
			}
			return d
		}
	}
	if vy.IsZero() && !vx.IsZero() {
		d.Class = ClassMissingField
		d.Detail = "decoded as the zero value"
	}
	return d
}

// closeFloats reports whether b is close enough to a, relatively or
// absolutely, to count as a loss of precision rather than another value.
func closeFloats(a, b float64) bool {
	if math.IsNaN(a) || math.IsInf(a, 0) || math.IsNaN(b) || math.IsInf(b, 0) {
		return false
	}
	diff := math.Abs(a - b)
	return diff <= 1e-6 || diff <= 1e-2*math.Abs(a)
}

func absDur(d time.Duration) time.Duration {
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
