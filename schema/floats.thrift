// The floats workload ([]float32), mapped as schema/README.md says.
//
// Thrift has no 32-bit floating-point type: its only one is double, so
// the float32 values are written as doubles, 8 bytes each instead of 4.
// Every float32 is exactly a double, so the values come back exact.

namespace go thrift

// Floats is a []float32 of the floats workload.
struct Floats {
  // Optional, so that a nil slice (left out) and an empty one (written
  // with no elements) stay apart.
  1: optional list<double> Values
}
