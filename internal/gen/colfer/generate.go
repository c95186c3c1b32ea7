// Package colfer holds the Go code that colf(1) of
// github.com/pascaldekloe/colfer generates from schema/person.colf,
// schema/nested.colf and schema/floats.colf, all in one file, Colfer.go:
// Colfer compiles every schema file of a package together.
//
// The generator handles every type of the schemas, the recursion of
// TestStruc included (a TestStruc field is a *TestStruc, a list of them a
// []*TestStruc). What Colfer cannot express (maps, unions, 8- and 16-bit
// signed integers, lists of unsigned integers and of bools) is mapped as
// the comments of the schemas say.
//
// The limits ColferSizeMax and ColferListMax are package variables with
// colf's defaults (16 MiB and 64 Ki elements); codecs/colfer raises
// ColferListMax for the floats workload.
//
// The package does not encode or time anything itself, and holds no
// conversion from the workloads' canonical types: the codec is in
// codecs/colfer.
package colfer

//go:generate go tool colf -b .. Go ../../../schema/person.colf ../../../schema/nested.colf ../../../schema/floats.colf
