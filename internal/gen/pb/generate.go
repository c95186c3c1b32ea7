// Package pb holds the Go code that protoc-gen-go (google.golang.org/protobuf)
// and protoc-gen-go-vtproto (github.com/planetscale/vtprotobuf) generate
// from schema/person.proto, schema/nested.proto and schema/floats.proto, and
// the conversions between the generated messages and the workloads'
// canonical Go types (convert.go, and Binding, which picks them by type),
// which the protobuf and vtprotobuf codecs share, with the losses they
// declare (Losses).
//
// vtprotobuf's memory pools (PersonFromVTPool, ReturnToVTPool, ...) are
// enabled for every message by the plugin's pool option on the command line
// below, not by options in the schema, so that every generator reads the
// same schema.
//
// The package does not encode or time anything itself: the codecs are in
// codecs/protobuf, codecs/vtprotobuf and, with package gogo's messages,
// codecs/gogo.
package pb

//go:generate sh -c "protoc -I ../../../schema --plugin=protoc-gen-go=$(go tool -n protoc-gen-go) --plugin=protoc-gen-go-vtproto=$(go tool -n protoc-gen-go-vtproto) --go_out=. --go_opt=paths=source_relative --go-vtproto_out=. --go-vtproto_opt=paths=source_relative,features=marshal+unmarshal+size+pool,pool=github.com/serbench/serbench/internal/gen/pb.Person,pool=github.com/serbench/serbench/internal/gen/pb.TestStruc,pool=github.com/serbench/serbench/internal/gen/pb.Value,pool=github.com/serbench/serbench/internal/gen/pb.Floats person.proto nested.proto floats.proto"
