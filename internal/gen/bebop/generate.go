// Package bebop holds the Go code that bebopc-go v0.6.2
// (github.com/200sc/bebop) generates from schema/person.bop,
// schema/nested.bop and schema/floats.bop, one file each. bebopc-go writes
// code that gofmt would change; the files are gofmt'ed after generation.
//
// bebopc-go rejects a struct that includes itself through any field, even
// an array or a map ("struct TestStruc recursively includes itself as a
// required field"), though arrays and maps can be empty; it does not check
// messages. TestStruc's recursive fields therefore go through messages of
// one field (TestStrucMap, TestStrucList, OptionalTestStruc), as
// schema/nested.bop says; everything else the schemas need, unions and
// maps included, it generates.
//
// The package does not encode or time anything itself, and holds no
// conversion from the workloads' canonical types: the codec is in
// codecs/bebop.
package bebop

//go:generate go tool bebopc-go -package bebop -i ../../../schema/person.bop -o person.go
//go:generate go tool bebopc-go -package bebop -i ../../../schema/nested.bop -o nested.go
//go:generate go tool bebopc-go -package bebop -i ../../../schema/floats.bop -o floats.go
//go:generate gofmt -w person.go nested.go floats.go
