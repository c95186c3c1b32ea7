// Package serbench is a benchmark suite for data serialization in Go.
//
// The command is cmd/serbench. This package holds only the go test
// entry point (bench_test.go): "go test -bench . -count 10 | benchstat -"
// runs the same matrix of workloads and codecs, with the same verified
// setup and the same timed loops (harness.EncodeN, harness.DecodeN), as
// "serbench run", under the names BenchmarkEncode/workload=W/codec=C and
// BenchmarkDecode/workload=W/codec=C.
package serbench
