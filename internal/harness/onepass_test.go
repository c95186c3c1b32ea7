package harness

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/result"
)

// withOnePassClock makes OnePass use clk until the test ends.
func withOnePassClock(t *testing.T, clk Clock) {
	t.Helper()
	old := onePassClock
	onePassClock = clk
	t.Cleanup(func() { onePassClock = old })
}

func TestOnePass(t *testing.T) {
	clk := &fakeClock{}
	withOnePassClock(t, clk)
	good := &fake{name: "good", clock: clk, encCost: 3 * time.Microsecond, decCost: 5 * time.Microsecond}
	r := OnePass(context.Background(), jobs(good)[0], time.Second)
	if r.Status != result.VerifyExact || r.Error != "" || !r.Match || r.FirstDiff != "" || len(r.Lossy) != 0 {
		t.Fatalf("good codec: %+v", r)
	}
	if r.Encode != good.encCost || r.Decode != good.decCost {
		t.Errorf("encode %s, decode %s; want %s and %s", r.Encode, r.Decode, good.encCost, good.decCost)
	}
	// The first value is {0, ""}, encoded as "0|"; the 50 values have
	// N from 0 to 49 and S of 0 to 6 x's.
	if r.Len != 2 {
		t.Errorf("len %d, want 2", r.Len)
	}
	var total int
	for i := 0; i < 50; i++ {
		total += len(strings.Repeat("x", i%7)) + len("|")
		if i < 10 {
			total++
		} else {
			total += 2
		}
	}
	if r.Values != 50 || r.MeanLen != float64(total)/50 {
		t.Errorf("values %d, mean length %v; want 50 and %v", r.Values, r.MeanLen, float64(total)/50)
	}
	if r.Workload != "items" || r.Codec != "good" {
		t.Errorf("names %q %q", r.Workload, r.Codec)
	}
}

func TestOnePassMismatch(t *testing.T) {
	clk := &fakeClock{}
	withOnePassClock(t, clk)
	off := &fake{name: "off", clock: clk, mangle: func(it *item) { it.N++ }}
	r := OnePass(context.Background(), jobs(off)[0], time.Second)
	if r.Match || r.Status != result.VerifyMismatch || r.DiffValues != 50 || r.Failed() {
		t.Fatalf("off-by-one codec: %+v", r)
	}
	if !strings.Contains(r.FirstDiff, ".N") || !strings.Contains(r.FirstDiff, "want 0, got 1") {
		t.Errorf("first diff %q", r.FirstDiff)
	}
	// Only the first value differs: it matches nowhere else, and the
	// one pass reports it while the others match.
	first := &fake{name: "first", clock: clk, mangle: func(it *item) {
		if it.N == 0 {
			it.S = "?"
		}
	}}
	r = OnePass(context.Background(), jobs(first)[0], time.Second)
	if r.Match || r.DiffValues != 1 || !strings.Contains(r.FirstDiff, ".S") {
		t.Errorf("first value only: %+v", r)
	}
}

type measure struct{ F float64 }

func TestOnePassDeclaredLoss(t *testing.T) {
	clk := &fakeClock{}
	withOnePassClock(t, clk)
	info := codec.Info{Name: "narrow", Format: "fake", Module: "serbench", API: codec.HandWritten,
		Losses: []codec.Loss{{Kind: codec.FloatPrecision, Epsilon: 1e-6}}}
	narrow := codec.New(info, func(codec.Target) (codec.Instance, error) {
		var last float64
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) { last = v.(*measure).F; return []byte("12345678"), nil },
			DecodeFunc: func([]byte) (any, error) { return &measure{F: float64(float32(last))}, nil },
		}, nil
	})
	target := codec.Target{Workload: "measures", Type: reflect.TypeFor[measure](), New: func() any { return new(measure) }}
	j := Job{Workload: "measures", Target: target, Values: []any{&measure{F: 0.1}, &measure{F: 1.5}}, Codec: narrow}
	r := OnePass(context.Background(), j, time.Second)
	if !r.Match || r.Status != result.VerifyLossy || len(r.Lossy) != 1 || r.Lossy[0] != "float-precision" {
		t.Errorf("declared loss: %+v", r)
	}
	if r.Len != 8 || r.MeanLen != 8 {
		t.Errorf("len %d, mean %v", r.Len, r.MeanLen)
	}
}

func TestOnePassFailures(t *testing.T) {
	clk := &fakeClock{}
	withOnePassClock(t, clk)
	hang := make(chan struct{})
	defer close(hang)
	for _, tc := range []struct {
		name, status, err string
		codec             *fake
	}{
		{"panics", result.VerifyError, "panicked: boom", &fake{name: "panics", clock: clk, encPanic: true}},
		{"errs", result.VerifyError, "cannot decode", &fake{name: "errs", clock: clk, decErr: true}},
		{"bind", result.VerifyUnsupported, "no items here", &fake{name: "bind", clock: clk, bindErr: codec.Unsupportedf("no items here")}},
		{"declared", result.VerifyUnsupported, "items have no schema", &fake{name: "declared", clock: clk, encPanic: true, expect: []codec.Expectation{
			{Workload: "items", Kind: codec.ExpectUnsupported, Why: "items have no schema"}}}},
		{"hangs", result.VerifyError, "timed out", &fake{name: "hangs", clock: clk, hang: hang}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := jobs(tc.codec)[0]
			r := OnePass(context.Background(), j, 200*time.Millisecond)
			if r.Status != tc.status || !strings.Contains(r.Error, tc.err) || !r.Failed() || r.Match {
				t.Errorf("got %+v, want status %s and an error with %q", r, tc.status, tc.err)
			}
		})
	}
}

// TestOnePassReturnsWhenCanceled: a codec that never returns holds up the
// one pass only until its context is canceled (serbench onepass after
// Ctrl-C), not for the whole timeout.
func TestOnePassReturnsWhenCanceled(t *testing.T) {
	clk := &fakeClock{}
	withOnePassClock(t, clk)
	hang := make(chan struct{})
	defer close(hang)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	r := OnePass(ctx, jobs(&fake{name: "hangs", clock: clk, hang: hang})[0], time.Minute)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("OnePass returned %s after its context was canceled", took)
	}
	if !r.Failed() || !strings.Contains(r.Error, "canceled") {
		t.Errorf("got %+v, want a failed row that says it was canceled", r)
	}
}
