package schema

import "unsafe"

// The helpers of this file carry float lists in schemas that have no float
// types (genxdr's Go types, the SSZ containers) as the IEEE 754 bits of
// their elements, unsigned integers of the same size. They reinterpret the
// slice in place, sharing its memory, with no copy and no allocation: nil
// for nil, empty for empty.

// Float32Bits returns s as the IEEE 754 bits of its elements
// (math.Float32bits of each), sharing its memory.
func Float32Bits(s []float32) []uint32 { return reinterpret[uint32](s) }

// Float32sOfBits is the inverse of Float32Bits, sharing memory too.
func Float32sOfBits(s []uint32) []float32 { return reinterpret[float32](s) }

// Float64Bits is Float32Bits for float64.
func Float64Bits(s []float64) []uint64 { return reinterpret[uint64](s) }

// Float64sOfBits is the inverse of Float64Bits, sharing memory too.
func Float64sOfBits(s []uint64) []float64 { return reinterpret[float64](s) }

// reinterpret returns s as a slice of To, sharing its memory: nil for nil.
// To and From are a float type and the unsigned integer type of its size.
func reinterpret[To, From float32 | float64 | uint32 | uint64](s []From) []To {
	if s == nil {
		return nil
	}
	return unsafe.Slice((*To)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}
