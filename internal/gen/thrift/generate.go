// Package thrift holds the Go code that the Apache Thrift compiler 0.17.0
// (Debian's thrift-compiler, installed by scripts/install-compilers.sh)
// generates from schema/person.thrift, schema/nested.thrift and
// schema/floats.thrift, for the library github.com/apache/thrift v0.25.0
// (lib/go/thrift), with which the 0.17.0 compiler's output builds and
// runs.
//
// The three schemas have the namespace "go thrift", so that their code is
// one package, this one; they include nothing, so the package_prefix
// option (the import path of included schemas) is given for completeness
// only. skip_remote leaves out the command-line clients of services, which
// the schemas do not have. The compiler does not format its output:
// gofmt does, so the files pass the repository's gofmt check.
//
// The package does not encode or time anything itself, and has no
// conversion to the workloads' canonical types: the codecs and the
// conversions are in codecs/thrift.
package thrift

//go:generate thrift --gen go:package_prefix=github.com/serbench/serbench/internal/gen/,thrift_import=github.com/apache/thrift/lib/go/thrift,skip_remote -out .. ../../../schema/person.thrift
//go:generate thrift --gen go:package_prefix=github.com/serbench/serbench/internal/gen/,thrift_import=github.com/apache/thrift/lib/go/thrift,skip_remote -out .. ../../../schema/nested.thrift
//go:generate thrift --gen go:package_prefix=github.com/serbench/serbench/internal/gen/,thrift_import=github.com/apache/thrift/lib/go/thrift,skip_remote -out .. ../../../schema/floats.thrift
//go:generate gofmt -w person.go person-consts.go nested.go nested-consts.go floats.go floats-consts.go GoUnusedProtection__.go
