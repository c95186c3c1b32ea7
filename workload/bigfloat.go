package workload

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
)

// BigFloat is the canonical value of the bigfloat workload: one
// arbitrary-precision number.
//
// It wraps a *big.Float in a struct, rather than being big.Float itself,
// for three reasons. A big.Float has only unexported fields, so reflection
// codecs see it only through its methods (MarshalText, GobEncode), and the
// wrapper gives them a field to hold it, as a real message would. The zero
// value of the workload's type, which conformance tests round-trip, is then
// a nil pointer, which every codec can represent (null), instead of a
// zero big.Float of precision 0, which the text form cannot tell apart from
// 0 at precision 64. And the precision travels with the number inside the
// *big.Float, where verification (Cmp, Prec and Signbit) checks it.
type BigFloat struct {
	Value *big.Float
}

// The defaults of the bigfloat workload.
const (
	// BigFloatSeed is the documented default seed of the random values.
	BigFloatSeed = 0xb16f1047
	// BigFloatCount is the default number of random values.
	BigFloatCount = 1000
	// BigFloatPrecision is the default mantissa precision in bits: the
	// precision big.Float itself gives a number parsed or set from an
	// int64 or float64 when none is set, and that of the seed's rig.
	BigFloatPrecision = 64
)

// Bounds of the random values: magnitudes from 1e-30 to 1e30.
const (
	bigFloatMinExp10 = -30
	bigFloatMaxExp10 = 30
)

func init() {
	register(&Workload{
		Name:        "bigfloat",
		Description: "math/big.Float numbers (default: 1000 random, 64-bit precision, magnitudes 1e-30..1e30, integers and fractions mixed; or a From/To/By range)",
		Seed:        BigFloatSeed,
		Count:       BigFloatCount,
		Type:        reflect.TypeFor[BigFloat](),
		// The bigfloat seed's question: big.Float as text against its
		// binary encodings (and gob, CBOR); --suite full adds the
		// general codecs that carry big.Float through its text form.
		Default: "^bigfloat-",
		Params: []Param{
			{Name: "precision", Usage: "mantissa precision in bits", Default: uint(BigFloatPrecision)},
			{Name: "from", Usage: "first number of a sequential range", Default: 0.0},
			{Name: "to", Usage: "end (exclusive) of a sequential range", Default: 0.0},
			{Name: "by", Usage: "step of a sequential range (default 1)", Default: 0.0},
			{Name: "random", Usage: "random numbers from the fixed seed instead of a range", Default: false},
		},
		validate: func(opts Options) error {
			_, err := BigFloatOptionsOf(opts)
			return err
		},
		footprint: func(opts Options) float64 {
			bo, err := BigFloatOptionsOf(opts)
			if err != nil {
				return 0
			}
			return float64(BigFloatCountOf(bo)) * BigFloatBytes(bo.Precision)
		},
		generate: func(opts Options) []any {
			bo, err := BigFloatOptionsOf(opts)
			if err != nil {
				panic("workload bigfloat: " + err.Error())
			}
			xs, err := BigFloats(bo)
			if err != nil {
				panic("workload bigfloat: " + err.Error())
			}
			out := make([]any, len(xs))
			for i, x := range xs {
				out[i] = &BigFloat{Value: x}
			}
			return out
		},
	})
}

// BigFloatOptions are the options of the bigfloat workload's values: its
// Seed and Count and its params (--precision, --from, --to, --by and
// --random), as BigFloats reads them. Zero means the default.
type BigFloatOptions struct {
	Seed      uint64
	Count     int
	Precision uint
	// From, To and By select the sequential range from, from+by, ...
	// below to; Random selects random values instead.
	From, To, By float64
	Random       bool
}

// BigFloatOptionsOf returns the bigfloat options that opts give: their
// Seed and Count and the bigfloat params they set, checked with
// ValidateBigFloatOptions.
func BigFloatOptionsOf(opts Options) (BigFloatOptions, error) {
	o := BigFloatOptions{Seed: opts.Seed, Count: opts.Count}
	var errs [5]error
	o.Precision, errs[0] = uintParam(opts, "precision", 0)
	o.From, errs[1] = floatParam(opts, "from", 0)
	o.To, errs[2] = floatParam(opts, "to", 0)
	o.By, errs[3] = floatParam(opts, "by", 0)
	o.Random, errs[4] = boolParam(opts, "random", false)
	if err := errors.Join(errs[:]...); err != nil {
		return o, err
	}
	return o, ValidateBigFloatOptions(o)
}

// ValidateBigFloatOptions reports whether opts select a valid set of
// bigfloat values, so that a command can refuse bad flags before
// generating (the workload's generator panics on them). The error names
// the flags.
func ValidateBigFloatOptions(opts BigFloatOptions) error {
	if opts.Precision > big.MaxPrec {
		return fmt.Errorf("--precision %d: want at most big.MaxPrec, %d", opts.Precision, uint(big.MaxPrec))
	}
	if !bigFloatRange(opts) {
		return nil
	}
	by := opts.By
	if by == 0 {
		by = 1
	}
	for _, f := range []float64{opts.From, opts.To, by} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("--from %g --to %g --by %g: not finite", opts.From, opts.To, by)
		}
	}
	n := (opts.To - opts.From) / by
	if n <= 0 {
		return fmt.Errorf("--from %g --to %g --by %g: the range is empty", opts.From, opts.To, by)
	}
	if n > 1e8 {
		return fmt.Errorf("--from %g --to %g --by %g: the range has %.3g values, more than 1e8", opts.From, opts.To, by, n)
	}
	return nil
}

// BigFloatCountOf returns how many values BigFloats returns for opts
// (valid ones): the size of the range, or the count of random values.
func BigFloatCountOf(opts BigFloatOptions) int {
	if bigFloatRange(opts) {
		by := opts.By
		if by == 0 {
			by = 1
		}
		return int(math.Ceil((opts.To - opts.From) / by))
	}
	if opts.Count <= 0 {
		return BigFloatCount
	}
	return opts.Count
}

// BigFloatBytes is the memory one value of the workload takes at a
// precision of prec bits (0: BigFloatPrecision), at most: the big.Float
// and its wrapper, about 120 bytes (115 measured at 64 bits), and a
// mantissa of prec bits, which random fractions fill (integers and range
// values take fewer words).
func BigFloatBytes(prec uint) float64 {
	if prec == 0 {
		prec = BigFloatPrecision
	}
	return 120 + 8*math.Ceil(float64(prec)/64)
}

// bigFloatRange reports whether opts select a sequential range.
func bigFloatRange(opts BigFloatOptions) bool {
	return !opts.Random && (opts.From != 0 || opts.To != 0 || opts.By != 0)
}

// BigFloats returns the values of the bigfloat workload for opts. It reads:
//
//   - Precision: the mantissa precision in bits of every value (default
//     BigFloatPrecision, 64).
//   - From, To, By: when any is set and Random is not, the values are the
//     range From, From+By, From+2·By, ... up to but not including To (By
//     defaults to 1; a negative By counts down), as the seed's rig
//     ("from: 0 to: 1000000 by: 1"). Value i is From + i·By computed
//     with 4096 bits and rounded once to the precision. There are at most
//     ⌈(To−From)/By⌉ values, that quotient computed in float64 (as
//     BigFloatCountOf does), and only those below To (above, counting
//     down) in exact arithmetic: --from 0 --to 0.23 --by 0.01 gives 23
//     values, although 23 × 0.01 is below 0.23 exactly in binary (the
//     float64 nearest 0.01 is a little above it, and that nearest 0.23
//     more so). Count and Seed are ignored.
//   - Otherwise Count random values (default BigFloatCount) from Seed
//     (default BigFloatSeed), drawn with a PCG generator (math/rand/v2,
//     seeded with seed and seed^0x9e3779b97f4a7c15). Each value is, with
//     equal probability, an integer or a fraction. An integer has a number
//     of decimal digits drawn uniformly from 1 to 30 (so from 0 to just
//     below 1e30: small integers are as likely as large ones per digit
//     count) and is rounded to the precision. A fraction has all its
//     mantissa bits random, times 10^k with k uniform in -29..30, so its
//     magnitude is between 5e-30 and 1e30. One non-zero value in four is
//     negative.
//
// The same options always give the same values. Codecs that go through
// big.Float's MarshalText/UnmarshalText (the JSON libraries) parse at 64
// bits, so at another Precision verification reports them as mismatches.
func BigFloats(opts BigFloatOptions) ([]*big.Float, error) {
	if err := ValidateBigFloatOptions(opts); err != nil {
		return nil, err
	}
	prec := opts.Precision
	if prec == 0 {
		prec = BigFloatPrecision
	}
	if bigFloatRange(opts) {
		return bigFloatSequence(opts, prec), nil
	}
	seed, count := opts.Seed, opts.Count
	if seed == 0 {
		seed = BigFloatSeed
	}
	if count <= 0 {
		count = BigFloatCount
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]*big.Float, count)
	for i := range out {
		out[i] = randomBigFloat(r, prec)
	}
	return out, nil
}

func bigFloatSequence(opts BigFloatOptions, prec uint) []*big.Float {
	by := opts.By
	if by == 0 {
		by = 1
	}
	n := int(math.Ceil((opts.To - opts.From) / by))
	// float64s are exact in a big.Float, and from + i*by is computed
	// with 4096 bits, exact for any range of practical size, then
	// rounded once to prec.
	from := new(big.Float).SetFloat64(opts.From)
	step := new(big.Float).SetFloat64(by)
	to := new(big.Float).SetFloat64(opts.To)
	const wide = 4096
	out := make([]*big.Float, 0, n)
	for i := 0; i < n; i++ {
		v := new(big.Float).SetPrec(wide).SetInt64(int64(i))
		v.Mul(v, step).Add(v, from)
		if (by > 0 && v.Cmp(to) >= 0) || (by < 0 && v.Cmp(to) <= 0) {
			break
		}
		out = append(out, new(big.Float).SetPrec(prec).Set(v))
	}
	return out
}

func randomBigFloat(r *rand.Rand, prec uint) *big.Float {
	x := new(big.Float).SetPrec(prec)
	if r.IntN(2) == 0 {
		// An integer of 1 to 30 decimal digits.
		digits := 1 + r.IntN(30)
		n := new(big.Int)
		ten := big.NewInt(10)
		for j := 0; j < digits; j++ {
			n.Mul(n, ten).Add(n, big.NewInt(int64(r.IntN(10))))
		}
		x.SetInt(n)
	} else {
		// All prec mantissa bits random (top bit set), in [0.5, 1),
		// times 10^k.
		m := new(big.Int)
		words := (prec + 63) / 64
		for j := uint(0); j < words; j++ {
			m.Lsh(m, 64).Or(m, new(big.Int).SetUint64(r.Uint64()))
		}
		m.Rsh(m, words*64-prec)
		m.SetBit(m, int(prec)-1, 1)
		x.SetInt(m)
		x.SetMantExp(x, -int(prec))
		k := bigFloatMinExp10 + 1 + r.IntN(bigFloatMaxExp10-bigFloatMinExp10)
		p := new(big.Float).SetPrec(prec + 128).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(bigFloatAbs(k))), nil))
		if k >= 0 {
			x.Mul(x, p)
		} else {
			x.Quo(x, p)
		}
	}
	if r.IntN(4) == 0 && x.Sign() != 0 {
		x.Neg(x)
	}
	return x
}

func bigFloatAbs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}
