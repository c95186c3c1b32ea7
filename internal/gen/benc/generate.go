// Package benc holds the Go code that bencgen v1.1.8
// (github.com/deneonet/benc/cmd/bencgen) generates from schema/person.benc,
// schema/nested.benc and schema/floats.benc, one file each. bencgen writes
// code that gofmt would change; the files are gofmt'ed after generation.
//
// bencgen handles the recursion of TestStruc through lists and maps (their
// elements are written with the generated MarshalPlain), but a container
// cannot hold itself as a field, so the nullable Nteststruc is a list of at
// most one TestStruc. It generates code that does not compile for lists of
// int or uint, so those are lists of int64 and uint64. schema/nested.benc
// lists every deviation from the mapping of schema/README.md.
//
// Two side effects of bencgen: it rewrites each schema file it reads,
// appending or updating its breaking-change detector's record of the fields
// (a comment, the schema files' last lines, committed with them), and it
// creates new output files with mode 0777 less the umask (existing files
// keep theirs).
//
// The package does not encode or time anything itself, and holds no
// conversion from the workloads' canonical types: the codec is in
// codecs/benc.
package benc

//go:generate go tool bencgen --in ../../../schema/person.benc,../../../schema/nested.benc,../../../schema/floats.benc --lang go --out . --file ...
//go:generate gofmt -w person.go nested.go floats.go
