// Package capnp holds the Go code that capnp 0.9.2 (the Cap'n Proto
// compiler, Debian's capnproto package) with the capnpc-go v3.1.0-alpha.1
// plugin (pinned by the tool directive in go.mod) generates from
// schema/person.capnp, schema/nested.capnp and schema/floats.capnp for the
// codecs in codecs/capnp.
//
// The schemas import go.capnp (the $Go.package and $Go.import annotations)
// from the std directory of the capnproto.org/go/capnp/v3 module, found
// with go list. capnp runs from this directory with relative paths and
// --src-prefix, so that the file names embedded in the generated code
// (person.capnp, ...) are relative. capnpc-go embeds the compressed schema
// nodes of all three files, and RegisterSchema, in the first file given
// (person.capnp.go).
//
// The package does not encode, decode or time anything itself.
package capnp

//go:generate sh -c "capnp compile -I\"$(go list -m -f '{{.Dir}}' capnproto.org/go/capnp/v3)/std\" --src-prefix=../../../schema -o\"$(go tool -n capnpc-go)\":. ../../../schema/person.capnp ../../../schema/nested.capnp ../../../schema/floats.capnp"
