// Package fbs holds the Go code that flatc 2.0.8 (the FlatBuffers compiler,
// Debian's flatbuffers-compiler package) generates from schema/person.fbs,
// schema/nested.fbs and schema/floats.fbs for the codecs in
// codecs/flatbuffers.
//
// The schemas declare the namespace serbench; flatc's --go-namespace fbs
// puts every generated file in this one directory and Go package (flatc
// writes <out>/<namespace>/<Type>.go), so the schema files themselves carry
// nothing Go-specific. flatc writes one file per table and enum; it never
// removes a file, so delete the generated files before regenerating after a
// table is removed from a schema.
//
// The package does not encode, decode or time anything itself.
package fbs

//go:generate flatc --go --go-namespace fbs -o .. ../../../schema/person.fbs ../../../schema/nested.fbs ../../../schema/floats.fbs
