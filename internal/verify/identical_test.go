package verify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/workload"
)

// strictlyEqual is what identical must agree with: go-cmp under the strict
// options, with no declared loss.
func strictlyEqual(want, got any) bool { return cmp.Equal(want, got, Options(nil)...) }

// TestIdenticalWorkloads: every value of every workload, generated twice
// (so that nothing is shared), is identical to its copy, and is not
// identical to the next value, exactly as go-cmp finds.
func TestIdenticalWorkloads(t *testing.T) {
	for _, w := range workload.All() {
		opts := workload.Options{Count: 8}
		if w.Runner != "" || w.Name == "floats" {
			opts.Count = 2
		}
		a, b := w.Values(opts), w.Values(opts)
		for i := range a {
			if !identical(a[i], b[i]) {
				t.Errorf("%s value %d: not identical to the same value generated again (go-cmp equal: %v)",
					w.Name, i, strictlyEqual(a[i], b[i]))
			}
			j := (i + 1) % len(a)
			if id, eq := identical(a[i], b[j]), strictlyEqual(a[i], b[j]); j != i && id != eq {
				t.Errorf("%s values %d and %d: identical %v, go-cmp equal %v", w.Name, i, j, id, eq)
			}
		}
	}
}

// TestIdenticalStrictness: every difference that the strict comparison
// sees makes identical false: it never accepts what go-cmp would report.
func TestIdenticalStrictness(t *testing.T) {
	type inner struct{ N *int64 }
	type outer struct {
		T   time.Time
		F   float64
		F32 float32
		S   []string
		M   map[string]int
		A   any
		B   *big.Float
		I   *big.Int
		P   *inner
		Arr [2]float64
	}
	n1, n2 := int64(1), int64(2)
	base := func() outer {
		return outer{
			T: time.Date(2020, 1, 2, 3, 4, 5, 6, time.FixedZone("", 3600)),
			F: 1.5, F32: 2.5, S: []string{"a"}, M: map[string]int{"k": 1}, A: int64(7),
			B: big.NewFloat(1.25), I: big.NewInt(9), P: &inner{N: &n1}, Arr: [2]float64{1, 2},
		}
	}
	x := base()
	if !identical(&x, ptr(base())) {
		t.Fatal("the base value is not identical to itself")
	}
	for name, mangle := range map[string]func(*outer){
		"instant":        func(o *outer) { o.T = o.T.Add(time.Nanosecond) },
		"offset":         func(o *outer) { o.T = o.T.UTC() },
		"zero sign":      func(o *outer) { o.F = math.Copysign(0, -1); o.F32 = 0 },
		"float":          func(o *outer) { o.F = math.Nextafter(o.F, 2) },
		"float32":        func(o *outer) { o.F32 = math.Nextafter32(o.F32, 3) },
		"nil slice":      func(o *outer) { o.S = nil },
		"empty slice":    func(o *outer) { o.S = []string{} },
		"nil map":        func(o *outer) { o.M = nil },
		"empty map":      func(o *outer) { o.M = map[string]int{} },
		"map key":        func(o *outer) { o.M = map[string]int{"j": 1} },
		"map value":      func(o *outer) { o.M["k"] = 2 },
		"any type":       func(o *outer) { o.A = float64(7) },
		"any int type":   func(o *outer) { o.A = int(7) },
		"any nil":        func(o *outer) { o.A = nil },
		"typed nil":      func(o *outer) { o.A = (*int)(nil) },
		"big precision":  func(o *outer) { o.B = new(big.Float).SetPrec(20).SetFloat64(1.25) },
		"big value":      func(o *outer) { o.B = big.NewFloat(1.5) },
		"big nil":        func(o *outer) { o.B = nil },
		"big mode":       func(o *outer) { o.B = big.NewFloat(1.25).SetMode(big.ToZero) },
		"big int":        func(o *outer) { o.I = big.NewInt(10) },
		"nested pointer": func(o *outer) { o.P = &inner{N: &n2} },
		"nil pointer":    func(o *outer) { o.P.N = nil },
		"array":          func(o *outer) { o.Arr[1] = 3 },
	} {
		y := base()
		mangle(&y)
		if strictlyEqual(&x, &y) {
			t.Errorf("%s: go-cmp finds no difference: the case tests nothing", name)
		}
		if identical(&x, &y) {
			t.Errorf("%s: identical accepts a difference that go-cmp reports", name)
		}
	}
	// NaNs are left to go-cmp, even with equal bits.
	nan := outer{F: math.NaN()}
	if identical(&nan, &nan) {
		t.Error("identical decides a NaN")
	}
	if !strictlyEqual(&nan, &nan) || len(Compare(&nan, &nan, nil)) != 0 {
		t.Error("Compare finds a NaN unequal to itself (the fallback to go-cmp is broken)")
	}
}

func ptr[T any](v T) *T { return &v }

// TestIdenticalRandom: on random generic values (maps, slices, numbers of
// several types, strings, nils) and random changes to them, identical is
// true exactly when go-cmp finds them equal (there is no NaN among them,
// the one case where identical defers to go-cmp).
func TestIdenticalRandom(t *testing.T) {
	seeds := rand.New(rand.NewPCG(20261124, 1))
	var gen func(r *rand.Rand, depth int) any
	gen = func(r *rand.Rand, depth int) any {
		k := r.IntN(10)
		if depth > 3 {
			k = r.IntN(6)
		}
		switch k {
		case 0:
			return nil
		case 1:
			return r.IntN(3) == 0
		case 2:
			return int64(r.IntN(5) - 2)
		case 3:
			return float64(r.IntN(5)-2) / 2
		case 4:
			return []string{"a", "b", "c"}[r.IntN(3)]
		case 5:
			return float32(r.IntN(3))
		case 6, 7:
			if r.IntN(4) == 0 {
				return []any(nil)
			}
			s := make([]any, r.IntN(4))
			for i := range s {
				s[i] = gen(r, depth+1)
			}
			return s
		default:
			if r.IntN(4) == 0 {
				return map[string]any(nil)
			}
			m := map[string]any{}
			for range r.IntN(4) {
				m[[]string{"x", "y", "z", "w"}[r.IntN(4)]] = gen(r, depth+1)
			}
			return m
		}
	}
	agree, equal := 0, 0
	for i := range 20000 {
		seed := seeds.Uint64()
		a := gen(rand.New(rand.NewPCG(seed, 2)), 0)
		rb := rand.New(rand.NewPCG(seed, 2))
		b := gen(rb, 0)
		if i%2 == 1 {
			b = gen(rb, 0) // mostly a different value, sometimes an equal one
		}
		id, eq := identical(a, b), strictlyEqual(a, b)
		if id != eq {
			t.Fatalf("case %d: identical %v, go-cmp equal %v\na: %#v\nb: %#v", i, id, eq, a, b)
		}
		agree++
		if eq {
			equal++
		}
	}
	if equal < 5000 || equal > agree-5000 {
		t.Errorf("%d of %d random pairs equal: the test does not exercise both answers", equal, agree)
	}
}
