package floats

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"unsafe"
)

// Workload is the workload name of every cell and verification of this
// package.
const Workload = "floats"

// DefaultN is the default number of values: one million, as in the seed.
const DefaultN = 1_000_000

// DefaultSeed is the documented default seed. Values(seed, n) draws n
// values with r.Float32() (uniform in [0, 1)) from
// rand.New(rand.NewPCG(seed, Stream)) of math/rand/v2, whose PCG output is
// specified and stable across Go releases.
const DefaultSeed uint64 = 0x5eed_0003

// Stream is the second PCG seed word: "floats" in ASCII.
const Stream uint64 = 0x666c6f617473

// Values returns n pseudo-random float32 values in [0, 1) for seed.
func Values(seed uint64, n int) []float32 {
	r := rand.New(rand.NewPCG(seed, Stream))
	out := make([]float32, n)
	for i := range out {
		out[i] = r.Float32()
	}
	return out
}

// Sum adds xs in index order in float32 arithmetic. The expected sum of a
// run is Sum of the in-memory values, so a decoder that returns the same
// values in the same order gives exactly the same sum.
func Sum(xs []float32) float32 {
	var s float32
	for _, x := range xs {
		s += x
	}
	return s
}

// LittleEndianBytes returns the raw file format of bi, by, bc, ba and fm:
// each value's IEEE 754 bits as 4 little-endian bytes, no header.
func LittleEndianBytes(xs []float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// decodeLE is the hand-written decode loop of "by": it appends the
// little-endian float32 values of b to dst.
func decodeLE(dst []float32, b []byte) []float32 {
	for len(b) >= 4 {
		dst = append(dst, math.Float32frombits(binary.LittleEndian.Uint32(b)))
		b = b[4:]
	}
	return dst
}

// hostLittleEndian reports whether this machine stores integers least
// significant byte first, so that a little-endian file can be
// reinterpreted in place.
func hostLittleEndian() bool {
	var x uint16 = 1
	return *(*byte)(unsafe.Pointer(&x)) == 1
}
