// Package capnpv1 holds the Go code that capnpc-go of
// github.com/glycerine/go-capnproto (the v1 Go API of Cap'n Proto,
// superseded by capnproto.org/go/capnp; a legacy reference) generates, with
// the capnp 0.9.2 compiler, from schema/person.capnp, schema/nested.capnp
// and schema/floats.capnp, the files of package capnp (internal/gen/capnp).
// capnpc.sh compiles a copy of the schemas whose Go annotations name this
// package, and builds the plugin from the version go.mod requires (it says
// why it does not run it with go tool).
//
// The package does not encode or time anything itself: the codec is in
// codecs/capnpv1.
package capnpv1

//go:generate sh capnpc.sh
