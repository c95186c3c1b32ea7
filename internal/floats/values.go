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

// lanes is the number of independent accumulators of Sum.
const lanes = 8

// Sum adds xs in float32 arithmetic in a fixed order with 8 independent
// accumulators: accumulator j adds xs[j], xs[j+8], xs[j+16], ... in index
// order, starting from +0, and the eight are then combined as
// ((a0+a1)+(a2+a3))+((a4+a5)+(a6+a7)).
//
// Why: a single running sum is one chain of dependent additions, each
// waiting for the previous one (about 4 cycles on current CPUs), which
// caps it near 4 to 7 GB/s, below memory bandwidth; as the checksum of
// every floats strategy it would bound them all and hide the differences
// between the fastest ones. Eight independent chains let the CPU overlap
// the additions, so Sum runs at about the speed of copy() on the same
// data (see BenchmarkSum).
//
// The order is fixed, so Sum is deterministic and bit-exact: the same
// values in the same order give the same bits on every run and every
// machine with IEEE 754 float32 addition (NaN payloads aside). It is a
// different rounding order from the one-chain sum in index order, so the
// two results usually differ in the last bits (the multi-accumulator one
// is usually the more accurate); and moving a value to an index of another
// residue modulo 8 can change the result, as reordering any
// floating-point sum can.
func Sum(xs []float32) float32 {
	var a0, a1, a2, a3, a4, a5, a6, a7 float32
	for len(xs) >= lanes {
		x := xs[:lanes:lanes]
		a0 += x[0]
		a1 += x[1]
		a2 += x[2]
		a3 += x[3]
		a4 += x[4]
		a5 += x[5]
		a6 += x[6]
		a7 += x[7]
		xs = xs[lanes:]
	}
	// The tail (len(xs) < 8) goes to accumulators 0..len(xs)-1: the same
	// index modulo 8 as in the loop.
	acc := [lanes]float32{a0, a1, a2, a3, a4, a5, a6, a7}
	for i, x := range xs {
		acc[i] += x
	}
	return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]))
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
