package verify

import (
	"bytes"
	"math"
	"math/big"
	"reflect"
	"time"
)

// identical is the fast path of Compare and Tally.Add: it reports whether
// want and got are equal under the strict comparison (Options(nil)), by a
// plain walk of both values with package reflect, which costs a small
// fraction of go-cmp's walk (a verified corpus of 2 MB took seconds
// through go-cmp alone). It is conservative: true means that go-cmp would
// report no difference at all, so that no declared loss can matter;
// false means "not known to be equal", and the caller then runs go-cmp,
// which finds and classifies the differences. It answers false, never
// true, whenever its own rules could disagree with go-cmp's:
//
//   - a NaN anywhere (the strict comparison compares a float32 NaN by its
//     float32 bits, which a float64 conversion may not keep);
//   - a struct with unexported fields other than time.Time, whose fields
//     go-cmp would not read (it panics or uses an option);
//   - a value that is a func, chan or unsafe pointer, a map key that
//     cannot be looked up (NaN), and values nested more than maxDepth
//     levels deep.
//
// Otherwise it applies the rules of Options(nil): times are equal when
// they are the same instant with the same UTC offset; *big.Float values
// when they have the same value, precision, sign and rounding mode (not
// accuracy: see sameBigFloat); *big.Int values when
// they have the same value; floats when they have the same bits (so -0
// and +0 differ); slices and maps when both are nil or both are not and
// their elements are; pointers when both are nil or point to equal
// values; interface values when both are nil or hold values of the same
// dynamic type that are equal.
func identical(want, got any) bool {
	return identicalValues(reflect.ValueOf(want), reflect.ValueOf(got), 0)
}

// maxDepth bounds the nesting identical walks before it gives up (and
// go-cmp is asked): deeper values are rare and go-cmp handles them.
const maxDepth = 10_000

var (
	bigFloatType = reflect.TypeFor[*big.Float]()
	bigIntType   = reflect.TypeFor[*big.Int]()
)

func identicalValues(x, y reflect.Value, depth int) bool {
	if !x.IsValid() || !y.IsValid() {
		return x.IsValid() == y.IsValid()
	}
	if x.Type() != y.Type() || depth > maxDepth {
		return false
	}
	switch x.Type() {
	case timeType:
		if !x.CanInterface() || !y.CanInterface() {
			return false
		}
		a, b := x.Interface().(time.Time), y.Interface().(time.Time)
		_, oa := a.Zone()
		_, ob := b.Zone()
		return a.Equal(b) && oa == ob
	case bigFloatType:
		if !x.CanInterface() || !y.CanInterface() {
			return false
		}
		return sameBigFloat(x.Interface().(*big.Float), y.Interface().(*big.Float))
	case bigIntType:
		if !x.CanInterface() || !y.CanInterface() {
			return false
		}
		return sameBigInt(x.Interface().(*big.Int), y.Interface().(*big.Int))
	}
	switch x.Kind() {
	case reflect.Bool:
		return x.Bool() == y.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return x.Int() == y.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return x.Uint() == y.Uint()
	case reflect.String:
		return x.String() == y.String()
	case reflect.Float32, reflect.Float64:
		return sameFloatBits(x.Float(), y.Float())
	case reflect.Complex64, reflect.Complex128:
		a, b := x.Complex(), y.Complex()
		return sameFloatBits(real(a), real(b)) && sameFloatBits(imag(a), imag(b))
	case reflect.Slice:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		if x.Len() != y.Len() {
			return false
		}
		if x.Type().Elem().Kind() == reflect.Uint8 && x.CanInterface() && y.CanInterface() {
			if a, ok := x.Interface().([]byte); ok {
				return bytes.Equal(a, y.Interface().([]byte))
			}
		}
		return identicalElems(x, y, depth)
	case reflect.Array:
		return identicalElems(x, y, depth)
	case reflect.Map:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		if x.Len() != y.Len() {
			return false
		}
		it := x.MapRange()
		for it.Next() {
			v := y.MapIndex(it.Key())
			if !v.IsValid() || !identicalValues(it.Value(), v, depth+1) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		return identicalValues(x.Elem(), y.Elem(), depth+1)
	case reflect.Interface:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		return identicalValues(x.Elem(), y.Elem(), depth+1)
	case reflect.Struct:
		t := x.Type()
		for i := range t.NumField() {
			if !t.Field(i).IsExported() || !identicalValues(x.Field(i), y.Field(i), depth+1) {
				return false
			}
		}
		return true
	}
	return false // func, chan, unsafe pointer: go-cmp decides
}

func identicalElems(x, y reflect.Value, depth int) bool {
	for i := range x.Len() {
		if !identicalValues(x.Index(i), y.Index(i), depth+1) {
			return false
		}
	}
	return true
}

// sameFloatBits reports whether a and b have the same bits, and false for
// NaNs (see identical).
func sameFloatBits(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return false
	}
	return math.Float64bits(a) == math.Float64bits(b)
}
