// Package gogo holds the Go code that protoc-gen-gogofaster
// (github.com/gogo/protobuf, unmaintained: a legacy reference) generates
// from schema/person.proto, schema/nested.proto and schema/floats.proto, the
// same files as package pb. The M options of the command line below give
// the generated code this package's import path instead of the schema's
// go_package; gogo takes the package name from go_package all the same
// ("pb"), so the command renames the package clause of its output to gogo,
// and changes nothing else.
//
// github.com/gogo/protobuf registers its messages in its own registry
// (github.com/gogo/protobuf/proto), not in google.golang.org/protobuf's, so
// this package and package pb, whose messages have the same full names
// (serbench.Person, ...), can be linked into one binary.
//
// The package does not encode or time anything itself: the codec is in
// codecs/gogo.
package gogo

//go:generate sh -c "protoc -I ../../../schema --plugin=protoc-gen-gogofaster=$(go tool -n protoc-gen-gogofaster) --gogofaster_out=. --gogofaster_opt=paths=source_relative,Mperson.proto=github.com/serbench/serbench/internal/gen/gogo,Mnested.proto=github.com/serbench/serbench/internal/gen/gogo,Mfloats.proto=github.com/serbench/serbench/internal/gen/gogo person.proto nested.proto floats.proto && sed -i 's/^package pb$/package gogo/' person.pb.go nested.pb.go floats.pb.go"
