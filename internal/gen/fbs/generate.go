// Package fbs holds the Go code that flatc 2.0.8 (the FlatBuffers compiler,
// Debian's flatbuffers-compiler package) generates from schema/person.fbs,
// schema/nested.fbs and schema/floats.fbs (the person, nested and floats
// workloads) and from schema/twitter.fbs, schema/citm.fbs and
// schema/canada.fbs (the typed corpora workloads twitter, citm and canada)
// for the codecs in codecs/flatbuffers.
//
// The corpora schemas use FlatBuffers optional scalars (`x: long = null;`)
// for the Go *int64 and *bool fields: flatc 2.0.8's Go generator supports
// them, with accessors that return nil for an absent field and XAddY
// functions that always write the field (builder.Slot, not the
// default-eliding PrependXSlot).
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

//go:generate flatc --go --go-namespace fbs -o .. ../../../schema/person.fbs ../../../schema/nested.fbs ../../../schema/floats.fbs ../../../schema/twitter.fbs ../../../schema/citm.fbs ../../../schema/canada.fbs
