package bench

import (
	"context"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
)

// Benchmark runs one sub-benchmark per selected codec and operation on
// values, named codec=NAME/op=encode and codec=NAME/op=decode. Each codec
// is verified first (see the package doc), as serbench run verifies it:
//
//   - exact or lossy (declared losses only): timed;
//   - FAIL (a value came back different in a way the codec does not
//     declare, or encoding changed the input): timed as serbench run
//     times it, and each of its sub-benchmarks logs the FAIL with the
//     field path, so that go test prints it under the result lines
//     (--- BENCH) every time: never timed silently;
//   - error (the codec fails or panics on a value) and unsupported (it
//     needs a schema or generated code): not timed; go test -v shows
//     them with the reason, as Verify does;
//   - hung (its verification ran past Timeout): not timed, and the
//     benchmark fails with "codec=NAME: verification ran past the
//     timeout of 30s (hung?)": the codec's goroutine is abandoned and
//     keeps running (see the package doc), so the codecs timed after it
//     may share the CPU with it.
//
// It fails the benchmark when no codec is selected (a Codecs pattern that
// matches none), as Verify and Run do.
//
// Encode rotates through the values and decode through their encodings,
// as serbench run does; each sub-benchmark reports ns/op, MB/s (from the
// mean encoded size), bytes/msg (that size), B/op and allocs/op.
//
// Call it from a benchmark function of the user's module:
//
//	func BenchmarkOrder(b *testing.B) { bench.Benchmark(b, orders) }
//
// and read the output with benchstat (go test -bench Order -count 10 |
// benchstat -col /op -).
func Benchmark[T any](b *testing.B, values []T, opts ...Option) {
	b.Helper()
	vals, cfg, err := prepare(values, opts)
	if err != nil {
		b.Fatal(err)
	}
	codecs := cfg.codecs()
	if len(codecs) == 0 {
		b.Fatalf("bench.Benchmark: no codec selected for %s", vals.name)
	}
	timeout := cfg.setupTimeout()
	var unsupported []string
	for _, c := range codecs {
		name := c.Info().Name
		p, v, hung := vals.setup(context.Background(), c, timeout)
		switch {
		case hung:
			// Not only not timed: the abandoned goroutine may hold a CPU
			// while the codecs that follow are timed.
			b.Errorf("codec=%s: %s", name, v.Error)
			continue
		case v.Status == result.VerifyUnsupported:
			unsupported = append(unsupported, name)
			continue
		case p == nil:
			b.Logf("codec=%s: not timed: %s", name, describe(&v))
			continue
		case v.Status == result.VerifyLossy || v.Aliased():
			b.Logf("codec=%s: %s", name, describe(&v))
		}
		units, err := p.Units(nil, false)
		if err != nil {
			b.Fatalf("codec=%s: %v", name, err)
		}
		for _, op := range []string{result.OpEncode, result.OpDecode} {
			var unit *harness.Unit
			for i := range units {
				if units[i].Cell.Op == op {
					unit = &units[i]
				}
			}
			if unit == nil {
				continue
			}
			logged := false // the function runs once per b.N tried; its logs add up
			b.Run("codec="+name+"/op="+op, func(b *testing.B) {
				b.SetBytes(int64(unit.Cell.MeanSize + 0.5))
				b.ReportAllocs()
				b.ResetTimer()
				if _, err := unit.Loop(b.N); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				b.ReportMetric(unit.Cell.MeanSize, "bytes/msg")
				if v.Failing() && !logged {
					logged = true
					b.Logf("verification: %s", describe(&v))
				}
			})
		}
	}
	if len(unsupported) > 0 {
		b.Logf("unsupported for %s (they need a schema or generated code): %s", vals.name, strings.Join(unsupported, ", "))
	}
}

// Verify verifies every selected codec on values (see the package doc)
// and logs one line per codec: exact; lossy, with the declared losses
// seen; FAIL, with the values that differ and the path of the first
// differing fields; unsupported or error, with the reason. A codec whose
// verification runs past Timeout [30s] is an error: its line says
// "NAME: verification ran past the timeout of 30s (hung?)", its goroutine
// is abandoned and keeps running (see the package doc), and the other
// codecs are verified. It fails the test only for the levels given with
// FailOn (and for values it cannot verify at all); without FailOn it
// only reports. It returns the verification records, in codec name
// order.
func Verify[T any](t testing.TB, values []T, opts ...Option) []result.Verification {
	t.Helper()
	vals, cfg, err := prepare(values, opts)
	if err != nil {
		t.Fatal(err)
	}
	timeout := cfg.setupTimeout()
	var out []result.Verification
	for _, c := range cfg.codecs() {
		_, v, hung := vals.setup(context.Background(), c, timeout)
		out = append(out, v)
		line := v.Codec + ": " + describe(&v)
		if hung {
			line = v.Codec + ": " + v.Error
		}
		if level(&v)&cfg.failOn != 0 {
			t.Error(line)
		} else {
			t.Log(line)
		}
	}
	if len(out) == 0 {
		t.Errorf("bench.Verify: no codec selected for %s", vals.name)
	}
	return out
}
