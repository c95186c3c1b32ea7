// Package schemabench holds benchmarks of the Encode and Decode of the
// schema codecs whose adapters are hand-written against generated code
// (flatbuffers, flatbuffers-reuse, capnp, capnp-packed, capnp-v1), on the
// nested, twitter and person workloads: the operations the harness times, run
// with go test -bench so that a change to an adapter can be compared
// with the one before it (benchstat). It has no code of its own.
package schemabench
