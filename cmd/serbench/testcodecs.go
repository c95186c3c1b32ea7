//go:build serbench_testcodecs

package main

// Built with -tags serbench_testcodecs, serbench also has the codecs of
// internal/badcodec, which panic, recurse, allocate, block, spin or exit
// once set up: a run over them shows how workers contain them.
import _ "github.com/serbench/serbench/internal/badcodec"
