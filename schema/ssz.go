//go:build ignore

// This file is the schema of the person and floats workloads in SSZ
// (Simple Serialize, the Ethereum consensus encoding), as Go types with
// ssz-max tags: sszgen (github.com/ferranbt/fastssz) generates their
// methods, and github.com/prysmaticlabs/go-ssz reads the same types and
// tags by reflection. It is not compiled in package schema (the build
// constraint above); internal/gen/ssz's go:generate copies it there,
// without the constraint, and runs sszgen on the copy.
//
// SSZ has unsigned integers, bools, fixed-size vectors and bounded lists
// (ssz-max) of them, and containers, and nothing else. The mapping keeps
// every value: a string is a list of its bytes; an int64 or int32 (Unix
// nanoseconds, offset, Siblings) is the uint64 or uint32 of the same bits,
// and a float the uint of its IEEE 754 bits (math.Float64bits,
// Float32bits); a map is a list of key/value containers. Nil and empty are
// one thing: a list of length 0. The bounds are far above the workloads'
// values (a longer value fails to encode, with an error).
//
// The nested workload has no SSZ schema: see codecs/fastssz.

package ssz

// Person is workload.Person.
type Person struct {
	Name             []byte `ssz-max:"4096"`
	BirthDayUnixNano uint64 // the int64's bits
	BirthDayOffset   uint32 // the int32's bits
	Phone            []byte `ssz-max:"4096"`
	Siblings         uint64 // the int's bits
	Spouse           bool
	Money            uint64         // the float64's IEEE 754 bits
	Tags             []*StringEntry `ssz-max:"4096"`
	Aliases          [][]byte       `ssz-max:"4096,4096"`
}

// StringEntry is an entry of a map[string]string.
type StringEntry struct {
	Key   []byte `ssz-max:"4096"`
	Value []byte `ssz-max:"4096"`
}

// Floats is the []float32 of the floats workload.
type Floats struct {
	Values []uint32 `ssz-max:"1048576"` // IEEE 754 bits; 2^20 >= workload.FloatsCount
}
