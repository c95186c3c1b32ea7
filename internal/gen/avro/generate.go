// Package avro holds the Go structs that avrogen, the generator of
// github.com/hamba/avro/v2 (cmd/avrogen, pinned by the tool directive of
// go.mod), makes from the Avro schemas schema/person.avsc,
// schema/nested.avsc and schema/floats.avsc: Person, TestStruc (with U64)
// and Floats. The codec "hamba-avro" (codecs/avro) encodes and decodes
// them; the doc fields of the schemas say how they map the canonical Go
// types of package workload, and mapping.go has the functions for the
// mappings that are more than a Go conversion.
//
// avrogen expresses every type of the schemas: the recursion of TestStruc
// (through maps, an array and a nullable union, as map[string]TestStruc,
// []TestStruc and *TestStruc) and the nullable union of Nint64 (*int64).
// The one union that is not ["null", T], the Value of the interface{}
// fields (Islice, Ms, Nintf), becomes a field of type any; hamba/avro
// encodes whatever Go value it holds by the Avro name registered for that
// value's type (primitive types are registered already; U64 must be
// registered under U64Name) and decodes it into the type registered for
// the name of the union branch it reads. So no struct is written by hand.
//
// The *_gen.go files are generated: run `go generate` here (or
// `go generate ./...` from the repository root) after a schema changes.
// avrogen writes no path and no date into them, so they are the same on
// every machine. The package does no encoding, and of the conversions of
// canonical values it has only those of mapping.go (the time fields); the
// codecs convert the rest.
package avro

//go:generate go tool avrogen -pkg avro -strict-types -o person_gen.go ../../../schema/person.avsc
//go:generate go tool avrogen -pkg avro -strict-types -o nested_gen.go ../../../schema/nested.avsc
//go:generate go tool avrogen -pkg avro -strict-types -o floats_gen.go ../../../schema/floats.avsc
