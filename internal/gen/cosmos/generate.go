// Package cosmos holds the Go code that protoc-gen-go-pulsar
// (github.com/cosmos/cosmos-proto v1.0.0-beta.3, the Cosmos SDK's protobuf
// generator) generates, with its features protoc+fast (protoc-gen-go's
// messages plus fast reflection and vtprotobuf-derived Marshal, Unmarshal
// and Size in their ProtoMethods), from schema/person.proto and
// schema/floats.proto, the files of package pb.
//
// schema/nested.proto is not generated: for a sint32 or sint64 field in a
// oneof (the Value union's int_value, TestStruc's optional nint64), the
// generator's size method closes a brace it never opened
// (features/fastreflection/proto_size.go writes `}` after the Soz sum even
// when it wrote no `if`), and protoc fails with "--go-pulsar_out:
// .../nested.pulsar.go: unparsable Go source: 476:1: expected '}', found
// 'case'". v1.0.0-beta.5, the newest release, has the same code.
//
// The messages register themselves in google.golang.org/protobuf's global
// registry, as package pb's do. So that both can be linked into one
// binary, protoc.sh compiles a copy of the schemas whose proto package is
// serbench.cosmos (full names serbench.cosmos.Person, ...) and whose file
// names are cosmos/person.proto, ..., with this package's go_package. It
// then deletes the panic("unreachable") that the generator writes after
// the switch of WhichOneof in a message without oneofs, whose only case,
// default, panics, and which go vet reports as unreachable code; it
// changes nothing else.
//
// The package does not encode or time anything itself, and holds no
// conversion from the workloads' canonical types: the codec is in
// codecs/cosmosproto.
package cosmos

//go:generate sh protoc.sh
