package serbench_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/codecs/all"
	"github.com/serbench/serbench/harness"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/suite"
)

// prepared caches the verified setup of each job across the repeated calls
// testing.B makes while it sizes b.N.
var (
	preparedMu sync.Mutex
	prepared   = map[string]*harness.Prepared{}
)

func setup(b *testing.B, j harness.Job) *harness.Prepared {
	preparedMu.Lock()
	defer preparedMu.Unlock()
	if p, ok := prepared[j.Name()]; ok {
		return p
	}
	p, v, err := harness.Setup(context.Background(), j, time.Minute)
	if err != nil {
		prepared[j.Name()] = nil
		return nil
	}
	if v.Status == result.VerifyMismatch {
		b.Logf("%s: undeclared loss in %d values, e.g. %s", j.Name(), v.DiffValues, v.Diffs[0])
	}
	prepared[j.Name()] = p
	return p
}

func bench(b *testing.B, op string) {
	jobs, err := suite.Jobs(suite.Selection{AllVariants: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, j := range jobs {
		b.Run("workload="+j.Workload+"/codec="+j.Codec.Info().Name, func(b *testing.B) {
			p := setup(b, j)
			if p == nil {
				b.Skip("not timed: setup or verification failed (see serbench run)")
			}
			if op == result.OpAccess && !p.Access {
				b.Skip("no access operation: only zero-copy codecs have one")
			}
			b.SetBytes(int64(p.MeanSize + 0.5))
			b.ReportAllocs()
			next := 0
			var err error
			b.ResetTimer()
			switch op {
			case result.OpEncode:
				err = harness.EncodeN(p.Instance, p.Inputs, &next, b.N)
			case result.OpAccess:
				err = harness.AccessN(p.Instance.(codec.Accessor), p.Messages, &next, b.N)
			default:
				err = harness.DecodeN(p.Instance, p.Messages, &next, b.N)
			}
			if err != nil {
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
