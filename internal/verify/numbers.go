package verify

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
)

// This file compares numbers: floats by their bits or, under a declared
// tolerance, exactly in big.Float arithmetic; numbers held in interface
// values exactly, whatever their types.

// exactPrec is a precision at which the difference of any two float64 or
// 64-bit integer values is exact (their bits span at most 2^1024 to
// 2^-1074), as is the product of a float64 and such a value.
const exactPrec = 2200

var (
	float32Ptr   = reflect.TypeFor[*float32]()
	complex64Ptr = reflect.TypeFor[*complex64]()
)

func isFloatKind(k reflect.Kind) bool {
	switch k {
	case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	}
	return false
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

// addressable returns v, or an addressable copy of it (a copy of the
// memory: no bit changes).
func addressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

// float32Bits returns the bits of v, of kind Float32, without going
// through float64 (which would quiet a signalling NaN). Values read from
// unexported fields, which cannot be copied, do go through float64.
func float32Bits(v reflect.Value) uint32 {
	if !v.CanInterface() {
		return math.Float32bits(float32(v.Float()))
	}
	if f, ok := v.Interface().(float32); ok {
		return math.Float32bits(f)
	}
	return math.Float32bits(*addressable(v).Addr().Convert(float32Ptr).Interface().(*float32))
}

// complexBits returns the bits of the real and imaginary parts of v, of
// kind Complex64 or Complex128.
func complexBits(v reflect.Value) (re, im fbits) {
	if v.Kind() == reflect.Complex128 || !v.CanInterface() {
		w := 64
		if v.Kind() == reflect.Complex64 {
			w = 32
		}
		c := v.Complex()
		return toBits(real(c), w), toBits(imag(c), w)
	}
	c, ok := v.Interface().(complex64)
	if !ok {
		c = *addressable(v).Addr().Convert(complex64Ptr).Interface().(*complex64)
	}
	return fbits{uint64(math.Float32bits(real(c))), 32}, fbits{uint64(math.Float32bits(imag(c))), 32}
}

// fbits are the bits of a float32 (width 32) or float64 (width 64).
type fbits struct {
	bits  uint64
	width int
}

func toBits(f float64, width int) fbits {
	if width == 32 {
		return fbits{uint64(math.Float32bits(float32(f))), 32}
	}
	return fbits{math.Float64bits(f), 64}
}

// bitsOf returns the bits of v, a float.
func bitsOf(v reflect.Value) fbits {
	if v.Kind() == reflect.Float32 {
		return fbits{uint64(float32Bits(v)), 32}
	}
	return fbits{math.Float64bits(v.Float()), 64}
}

func (f fbits) neg() bool { return f.bits>>(f.width-1) == 1 }

func (f fbits) isZero() bool { return f.bits&^(1<<(f.width-1)) == 0 }

func (f fbits) isNaN() bool {
	if f.width == 32 {
		return math.IsNaN(float64(math.Float32frombits(uint32(f.bits))))
	}
	return math.IsNaN(math.Float64frombits(f.bits))
}

func (f fbits) String() string { return fmt.Sprintf("0x%0*x", f.width/4, f.bits) }

// zeroSign says how the sign of a zero changed.
func zeroSign(wasNeg bool) string {
	if wasNeg {
		return "negative zero became +0"
	}
	return "+0 became negative zero"
}

// bitsChange classifies a change that only the bits of the numbers show:
// two NaNs with different bits, or two zeros of different signs (an
// integer zero counts as +0). For complex numbers (x and y of the same
// type) every changed part must be such a change. ok is false for any
// other change.
func bitsChange(x, y reflect.Value) (c Class, detail string, ok bool) {
	if x.Kind() == reflect.Complex64 || x.Kind() == reflect.Complex128 {
		rx, ix := complexBits(x)
		ry, iy := complexBits(y)
		for _, p := range []struct {
			name string
			a, b fbits
		}{{"real part", rx, ry}, {"imaginary part", ix, iy}} {
			if p.a == p.b {
				continue
			}
			pc, pd, pok := floatBitsChange(p.a, p.b)
			if !pok {
				return "", "", false
			}
			if c == "" {
				c = pc
			}
			if detail != "" {
				detail += "; "
			}
			detail += p.name + ": " + pd
		}
		return c, detail, c != ""
	}
	switch {
	case isFloat(x) && isFloat(y):
		return floatBitsChange(bitsOf(x), bitsOf(y))
	case isFloat(x) && isNumber(y) && bitsOf(x).isZero() && bitsOf(x).neg() && exact(y).Sign() == 0:
		return ClassZeroSign, zeroSign(true), true
	case isNumber(x) && isFloat(y) && bitsOf(y).isZero() && bitsOf(y).neg() && exact(x).Sign() == 0:
		return ClassZeroSign, zeroSign(false), true
	}
	return "", "", false
}

func floatBitsChange(a, b fbits) (Class, string, bool) {
	switch {
	case a.isNaN() && b.isNaN():
		return ClassNaNBits, fmt.Sprintf("NaN bits %s became %s", a, b), true
	case a.isZero() && b.isZero() && a.neg() != b.neg():
		return ClassZeroSign, zeroSign(a.neg()), true
	}
	return "", "", false
}

// equalFloats reports whether vx and vy, floats or complex numbers of the
// same type, are equal: the same bits, or, for floats under a declared
// tolerance, finite values within it that are not two zeros of different
// signs. It is symmetric, as go-cmp requires of comparers.
func equalFloats(vx, vy reflect.Value, eps, margin float64) bool {
	if vx.Kind() == reflect.Complex64 || vx.Kind() == reflect.Complex128 {
		rx, ix := complexBits(vx)
		ry, iy := complexBits(vy)
		return rx == ry && ix == iy
	}
	bx, by := bitsOf(vx), bitsOf(vy)
	switch {
	case bx == by:
		return true
	case bx.isNaN() || by.isNaN() || (bx.isZero() && by.isZero()) || (eps == 0 && margin == 0):
		return false
	}
	ex, ey := exact(vx), exact(vy)
	if ex.IsInf() || ey.IsInf() {
		return false
	}
	byMargin, byEps := tolerance(ex, ey, eps, margin)
	return byMargin || byEps
}

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
// x with another type: exactly equal (a zero of the same sign, an integer
// zero counting as +0; a NaN with the same bits), or, for an original
// float32, a number that rounds to its bits (text formats write a float32
// with the fewest digits that identify it, which read back as a float64,
// or as an integer when they have no fraction, are not the float32's
// exact value). Integers are compared exactly at any magnitude.
func sameNumber(x, y reflect.Value) bool {
	if x.Kind() == reflect.Float32 {
		return float32Bits(x) == round32Bits(y)
	}
	if isFloat(x) && math.IsNaN(x.Float()) || isFloat(y) && math.IsNaN(y.Float()) {
		return isFloat(x) && isFloat(y) && math.Float64bits(x.Float()) == math.Float64bits(y.Float())
	}
	ex, ey := exact(x), exact(y)
	return ex.Cmp(ey) == 0 && ex.Signbit() == ey.Signbit()
}

// round32Bits returns the bits of the float32 nearest to the number y,
// rounded once (an integer is not rounded to float64 first).
func round32Bits(y reflect.Value) uint32 {
	switch y.Kind() {
	case reflect.Float32:
		return float32Bits(y)
	case reflect.Float64:
		return math.Float32bits(float32(y.Float()))
	}
	f, _ := exact(y).Float32()
	return math.Float32bits(f)
}

// roundedTo reports whether the float y is the number ex rounded to y's
// precision.
func roundedTo(ex *big.Float, y reflect.Value) bool {
	if y.Kind() == reflect.Float32 {
		f, _ := ex.Float32()
		return math.Float32bits(f) == float32Bits(y)
	}
	f, _ := ex.Float64()
	return math.Float64bits(f) == math.Float64bits(y.Float())
}

// withinTolerance reports whether the decoded number y is within the
// declared float tolerance of the original x. Only a float original has a
// tolerance: an integer must come back exactly. Both must be finite, and
// not two zeros (of different signs, since sameNumber failed).
func withinTolerance(x, y reflect.Value, eps, margin float64) bool {
	if !isFloat(x) || (eps == 0 && margin == 0) {
		return false
	}
	ex, ey := exact(x), exact(y)
	if ex == nil || ey == nil || ex.IsInf() || ey.IsInf() || (ex.Sign() == 0 && ey.Sign() == 0) {
		return false
	}
	byMargin, byEps := tolerance(ex, ey, eps, margin)
	return byMargin || byEps
}

// tolerance reports, exactly, whether finite ex and ey differ by at most
// margin, and by at most eps times the smaller of their magnitudes, as
// cmpopts.EquateApprox(eps, margin) would in exact arithmetic. A zero
// bound accepts no difference.
func tolerance(ex, ey *big.Float, eps, margin float64) (byMargin, byEps bool) {
	d := absDiff(ex, ey)
	if margin > 0 {
		byMargin = d.Cmp(big.NewFloat(margin)) <= 0
	}
	if eps > 0 {
		lim := new(big.Float).SetPrec(exactPrec).Mul(big.NewFloat(eps), minAbs(ex, ey))
		byEps = d.Cmp(lim) <= 0
	}
	return byMargin, byEps
}

// absDiff returns |ex - ey| exactly, for finite ex and ey.
func absDiff(ex, ey *big.Float) *big.Float {
	d := new(big.Float).SetPrec(exactPrec).Sub(ex, ey)
	return d.Abs(d)
}

func minAbs(ex, ey *big.Float) *big.Float {
	a := new(big.Float).Abs(ex)
	b := new(big.Float).Abs(ey)
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// offBy returns ey - ex, computed exactly and then rounded to float64.
func offBy(ex, ey *big.Float) float64 {
	f, _ := new(big.Float).SetPrec(exactPrec).Sub(ey, ex).Float64()
	return f
}

// relErr returns |ex - ey| divided by the smaller magnitude, rounded to
// float64: +Inf when one of them is zero.
func relErr(ex, ey *big.Float) float64 {
	m := minAbs(ex, ey)
	if m.Sign() == 0 {
		return math.Inf(1)
	}
	f, _ := new(big.Float).SetPrec(64).Quo(absDiff(ex, ey), m).Float64()
	return f
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

// closeFloats reports whether b is close enough to a, relatively or
// absolutely, to count as a loss of precision rather than another value.
// It only classifies: no difference is accepted on its word.
func closeFloats(a, b float64) bool {
	if math.IsNaN(a) || math.IsInf(a, 0) || math.IsNaN(b) || math.IsInf(b, 0) {
		return false
	}
	diff := math.Abs(a - b)
	return diff <= 1e-6 || diff <= 1e-2*math.Abs(a)
}
