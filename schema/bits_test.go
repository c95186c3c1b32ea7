package schema

import (
	"math"
	"testing"
)

func TestFloatBits(t *testing.T) {
	checkBits(t, "Float32", []float32{0, -1.5, float32(math.Inf(1))}, Float32Bits, Float32sOfBits, math.Float32bits)
	checkBits(t, "Float64", []float64{0, -1.5, math.MaxFloat64}, Float64Bits, Float64sOfBits, math.Float64bits)
}

// checkBits checks the bits of fs, their sharing of its memory, and nil
// and empty, for the helpers of one float type.
func checkBits[F float32 | float64, U uint32 | uint64](t *testing.T, name string, fs []F, toBits func([]F) []U, fromBits func([]U) []F, bits func(F) U) {
	t.Helper()
	b := toBits(fs)
	for i, f := range fs {
		if b[i] != bits(f) {
			t.Errorf("%sBits[%d] = %#x, want %#x", name, i, b[i], bits(f))
		}
	}
	if back := fromBits(b); &back[0] != &fs[0] || len(back) != len(fs) {
		t.Errorf("%ssOfBits(%sBits(s)) does not share s", name, name)
	}
	if toBits(nil) != nil || fromBits(nil) != nil {
		t.Errorf("%s: nil does not stay nil", name)
	}
	if s := toBits([]F{}); s == nil || len(s) != 0 {
		t.Errorf("%sBits(empty) = %#v, want empty", name, s)
	}
	if s := fromBits([]U{}); s == nil || len(s) != 0 {
		t.Errorf("%ssOfBits(empty) = %#v, want empty", name, s)
	}
}
