package serbench_test

import (
	"context"
	"testing"

	_ "github.com/serbench/serbench/codecs/all"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
)

// current is the one job set up: testing.B calls a sub-benchmark's
// function several times while it sizes b.N, and each set-up job is kept
// only until the next one is needed, so that the heap holds only the job
// being timed, as a serbench worker process's does, and a benchmark pays
// for the garbage collection its own allocations cause.
var current struct {
	name  string
	bound *harness.Bound
}

func setup(b *testing.B, s harness.Spec) *harness.Bound {
	if current.name == s.String() {
		return current.bound
	}
	if current.bound != nil && current.bound.Close != nil {
		current.bound.Close()
	}
	current.name, current.bound = "", nil
	bound, err := harness.Build(context.Background(), s)
	if err != nil {
		b.Fatalf("%s: %v", s, err)
	}
	current.name, current.bound = s.String(), bound
	if v := current.bound.Verification; v != nil && v.Status == result.VerifyMismatch {
		b.Logf("%s: undeclared loss in %d values, e.g. %s", s, v.DiffValues, v.Diffs[0])
	}
	return current.bound
}

// bench times op of every codec job of every workload, through the same
// setup, verification and timed loops (harness units) as serbench run,
// in this one process as go test does.
func bench(b *testing.B, op string) {
	// The jobs are planned as serbench run plans them (internal/runner),
	// with every variant of every codec on every workload.
	plan, err := runner.New(runner.Options{Selection: suite.Selection{AllVariants: true, Full: true}})
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range plan.Specs {
		if s.Kind != suite.CodecKind {
			continue // workloads with runners of their own: serbench run
		}
		b.Run("workload="+s.Workload+"/codec="+s.Name, func(b *testing.B) {
			bound := setup(b, s)
			if v := bound.Verification; v != nil && v.Failed() {
				b.Skipf("not timed: %s: %s", v.Status, v.Error)
			}
			var unit *harness.Unit
			for i := range bound.Units {
				if u := &bound.Units[i]; u.Cell.Op == op && u.Cell.Goroutines == 1 {
					unit = u
				}
			}
			if unit == nil {
				b.Skipf("no %s operation (access: zero-copy codecs only)", op)
			}
			b.SetBytes(int64(unit.Cell.MeanSize + 0.5))
			b.ReportAllocs()
			b.ResetTimer()
			if _, err := unit.Loop(b.N); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkEncode times encoding of every workload with every codec.
func BenchmarkEncode(b *testing.B) { bench(b, result.OpEncode) }

// BenchmarkDecode times decoding of every workload with every codec.
func BenchmarkDecode(b *testing.B) { bench(b, result.OpDecode) }

// BenchmarkAccess times the access operation (a few fields read from the
// encoded bytes) of the zero-copy codecs; the others are skipped.
func BenchmarkAccess(b *testing.B) { bench(b, result.OpAccess) }
