package verify

import (
	"fmt"
	"math/big"
	"strings"
)

// sameBigFloat reports whether x and y are both nil, or have the same
// value, precision, sign (of a zero too) and rounding mode: the strict
// comparison of *big.Float values (go-cmp's comparer and identical's).
//
// The rounding mode (Float.Mode) is part of the value a codec must carry:
// it is the number's own setting, which rounds the result of every later
// operation whose receiver it is (x.Add(x, y) rounds toward zero for a
// ToZero x), and big.Float's binary form (GobEncode) carries it. A
// number that comes back ToNearestEven, the mode of a number parsed from
// text, while it was ToZero computes differently from then on. A codec
// that does not carry it declares codec.BigFloatMode.
//
// The accuracy (Float.Acc) is not compared: it records how the
// operation that produced the number rounded (Below, Exact, Above), not
// the number. GobEncode carries it, but a number decoded from any other
// exact form was set exactly and is Exact, whatever the accuracy of the
// original: comparing it would make every such encoding differ on
// numbers computed with rounding, as most of the bigfloat workload's
// random numbers are, although each comes back the same number, with the
// same precision and mode.
func sameBigFloat(x, y *big.Float) bool {
	return sameBigFloatNumber(x, y) && (x == nil || x.Mode() == y.Mode())
}

// sameBigFloatNumber is sameBigFloat without the rounding mode: the
// comparison under a declared codec.BigFloatMode loss.
func sameBigFloatNumber(x, y *big.Float) bool {
	if x == nil || y == nil {
		return x == y
	}
	return x.Cmp(y) == 0 && x.Prec() == y.Prec() && x.Signbit() == y.Signbit()
}

// bigFloatDiffs classifies the difference d between two *big.Float
// values whose rounding modes differ: ClassBigFloatMode when that is all
// that differs, or d (ClassOther) and a ClassBigFloatMode copy of it when
// the number changed too. It returns nil when the modes are the same (or
// a value is nil), leaving d to the general rules.
func bigFloatDiffs(d Diff, x, y *big.Float) []Diff {
	if x == nil || y == nil || x.Mode() == y.Mode() {
		return nil
	}
	d.Want = fmt.Sprintf("%s (%s)", d.Want, x.Mode())
	d.Got = fmt.Sprintf("%s (%s)", d.Got, y.Mode())
	change := fmt.Sprintf("rounding mode %s became %s", x.Mode(), y.Mode())
	if sameBigFloatNumber(x, y) {
		d.Class, d.Detail = ClassBigFloatMode, change
		return []Diff{d}
	}
	d.Detail = numberChange(x, y) + ", and " + change
	e := d
	e.Class = ClassBigFloatMode
	return []Diff{d, e}
}

// numberChange says what differs between x and y, two *big.Float values
// that sameBigFloatNumber finds different: "another value", "precision
// 53 became 64" or "the sign of zero", joined with ", ".
func numberChange(x, y *big.Float) string {
	var what []string
	if x.Cmp(y) != 0 {
		what = append(what, "another value")
	} else if x.Signbit() != y.Signbit() {
		what = append(what, "the sign of zero")
	}
	if x.Prec() != y.Prec() {
		what = append(what, fmt.Sprintf("precision %d became %d", x.Prec(), y.Prec()))
	}
	return strings.Join(what, ", ")
}
