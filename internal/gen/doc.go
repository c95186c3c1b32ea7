// Package gen holds, in its subpackages, the Go code generated from the
// schemas in schema/ for the code-generated codecs (see schema/README.md):
// pb (protoc-gen-go and protoc-gen-go-vtproto), gogo, fbs, capnp, avro,
// thrift, colfer, bebop and benc. Each subpackage's generate.go has the
// //go:generate lines that make it, and `go generate ./...` from the
// repository root remakes all of it.
//
// The test of this package, TestGeneratedCodeIsUpToDate, runs that
// regeneration in a copy of the source tree and fails if any file differs
// from the one in the tree, or if a file is new: committed generated code
// is exactly what the pinned generators make from the committed schemas.
package gen
