package schema

import (
	"math"
	"testing"
)

func TestFloatBits(t *testing.T) {
	f32 := []float32{0, -1.5, float32(math.Inf(1))}
	b32 := Float32Bits(f32)
	for i, f := range f32 {
		if b32[i] != math.Float32bits(f) {
			t.Errorf("Float32Bits[%d] = %#x, want %#x", i, b32[i], math.Float32bits(f))
		}
	}
	if back := Float32sOfBits(b32); &back[0] != &f32[0] || len(back) != len(f32) {
		t.Errorf("Float32sOfBits(Float32Bits(s)) does not share s")
	}
	f64 := []float64{0, -1.5, math.MaxFloat64}
	b64 := Float64Bits(f64)
	for i, f := range f64 {
		if b64[i] != math.Float64bits(f) {
			t.Errorf("Float64Bits[%d] = %#x, want %#x", i, b64[i], math.Float64bits(f))
		}
	}
	if back := Float64sOfBits(b64); &back[0] != &f64[0] || len(back) != len(f64) {
		t.Errorf("Float64sOfBits(Float64Bits(s)) does not share s")
	}
	if Float32Bits(nil) != nil || Float32sOfBits(nil) != nil || Float64Bits(nil) != nil || Float64sOfBits(nil) != nil {
		t.Errorf("nil does not stay nil")
	}
	if s := Float32Bits([]float32{}); s == nil || len(s) != 0 {
		t.Errorf("Float32Bits(empty) = %#v, want empty", s)
	}
	if s := Float64sOfBits([]uint64{}); s == nil || len(s) != 0 {
		t.Errorf("Float64sOfBits(empty) = %#v, want empty", s)
	}
}
