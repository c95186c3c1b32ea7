package floats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sumLanesRef is the documented order of Sum written as plainly as
// possible: value i goes to accumulator i mod 8, each starting from +0,
// and the accumulators are combined as ((a0+a1)+(a2+a3))+((a4+a5)+(a6+a7)).
func sumLanesRef(xs []float32) float32 {
	var a [8]float32
	for i, x := range xs {
		a[i%8] += x
	}
	return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
}

// sumSequential is the previous Sum: one chain of float32 additions in
// index order.
func sumSequential(xs []float32) float32 {
	var s float32
	for _, x := range xs {
		s += x
	}
	return s
}

func TestSumSmall(t *testing.T) {
	for _, tc := range []struct {
		xs   []float32
		want float32
	}{
		{nil, 0},
		{[]float32{1, 2, 3.5}, 6.5},
		{[]float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}, 153},
	} {
		if got := Sum(tc.xs); got != tc.want {
			t.Errorf("Sum(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
	// The accumulators start at +0, so a sum of -0s is +0, as in the
	// one-chain sum.
	for n := 1; n <= 20; n++ {
		xs := make([]float32, n)
		for i := range xs {
			xs[i] = float32(math.Copysign(0, -1))
		}
		if got := Sum(xs); math.Float32bits(got) != 0 || math.Float32bits(sumSequential(xs)) != 0 {
			t.Errorf("Sum of %d × -0 = %v (bits %#x), want +0", n, got, math.Float32bits(got))
		}
	}
}

// TestSumOrder checks Sum bit for bit against sumLanesRef on random data of
// every length up to 100 and a few long ones, with values of mixed signs
// and magnitudes (where the rounding order shows), and special values.
func TestSumOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []float32 {
		xs := make([]float32, n)
		for i := range xs {
			xs[i] = float32((r.Float64()*2 - 1) * math.Pow(2, float64(r.IntN(60)-30)))
		}
		return xs
	}
	lengths := []int{1_000, 4_099, 100_003}
	for n := 0; n <= 100; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		for k := 0; k < 3; k++ {
			xs := random(n)
			if got, want := Sum(xs), sumLanesRef(xs); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("n=%d: Sum = %v (%#x), fixed-order reference = %v (%#x)", n, got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
	}
	special := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), float32(math.Copysign(0, -1)), math.MaxFloat32, math.SmallestNonzeroFloat32}
	for _, x := range special {
		xs := random(37)
		xs[int(r.IntN(37))] = x
		if got, want := Sum(xs), sumLanesRef(xs); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("with %v: Sum = %#x, reference = %#x", x, math.Float32bits(got), math.Float32bits(want))
		}
	}
}

// TestSumDiffers shows the documented differences: the rounding order is
// not the one-chain order, and moving a value to another residue modulo 8
// can change the result.
func TestSumDiffers(t *testing.T) {
	// 2^24 followed by fifteen 1s: the one-chain sum loses every 1
	// (2^24+1 rounds to 2^24); with eight accumulators only the 1 at index
	// 8 meets 2^24, and the other fourteen survive.
	xs := make([]float32, 16)
	xs[0] = 1 << 24
	for i := 1; i < len(xs); i++ {
		xs[i] = 1
	}
	if got := sumSequential(xs); got != 1<<24 {
		t.Errorf("one-chain sum = %v, want %v", got, float32(1<<24))
	}
	if got := Sum(xs); got != 1<<24+14 {
		t.Errorf("Sum = %v, want %v", got, float32(1<<24+14))
	}
	// The same values at other indexes: in ys, 2^24 and a 1 share lane 0
	// and the 1 is lost; in zs, 2^24 has lane 1 to itself and nothing is.
	ys := []float32{1 << 24, 1, 1, 1, 1, 1, 1, 1, 1} // lane 0: 2^24, 1
	zs := []float32{1, 1 << 24, 1, 1, 1, 1, 1, 1, 1} // lane 0: 1, 1; lane 1: 2^24
	if a, b := Sum(ys), Sum(zs); a != 1<<24+6 || b != 1<<24+8 {
		t.Errorf("Sum(ys) = %v, Sum(zs) = %v; want 2^24+6 and 2^24+8", a, b)
	}

	// On the floats workload's values the two orders round differently.
	vs := Values(DefaultSeed, 10_000)
	if a, b := Sum(vs), sumSequential(vs); a == b {
		t.Errorf("Sum and the one-chain sum agree (%v) on 10,000 values; the test no longer shows the difference", a)
	} else {
		exact := 0.0
		for _, v := range vs {
			exact += float64(v)
		}
		t.Logf("10,000 values: Sum %v (error %.3g), one chain %v (error %.3g)", a, float64(a)-exact, b, float64(b)-exact)
	}
}

var sumSink float32

// BenchmarkSum compares Sum with the one-chain sum it replaced on the
// default 1,000,000 values (4 MB), and with copy() of the same bytes:
// go test -run '^$' -bench Sum ./floats/
func BenchmarkSum(b *testing.B) {
	values := Values(DefaultSeed, DefaultN)
	for _, bc := range []struct {
		name string
		sum  func([]float32) float32
	}{
		{"sequential", sumSequential},
		{"lanes8", Sum},
	} {
		b.Run("impl="+bc.name, func(b *testing.B) {
			b.SetBytes(int64(4 * len(values)))
			for b.Loop() {
				sumSink = bc.sum(values)
			}
		})
	}
	b.Run("impl=memcpy", func(b *testing.B) {
		src := LittleEndianBytes(values)
		dst := make([]byte, len(src))
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			copy(dst, src)
		}
	})
}
