package main

import "github.com/serbench/serbench/internal/fidelity"

// The matrices computed by these tests run their rows in worker processes
// of this test binary. TestMain (main_test.go) serves the harness's
// workers; this init serves the fidelity matrix's, before TestMain runs.
// It is in a file whose name sorts after main_test.go, so that the test
// codecs main_test.go registers in its init are registered in the
// workers too: a package's init functions run in the order of its file
// names.
func init() { fidelity.MaybeWorker() }
