package bench_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/serbench/serbench/bench"
	"github.com/serbench/serbench/result"
)

// TestBigFloatModeLost checks that a user's *big.Float whose rounding
// mode a codec does not carry is reported, naming the mode: json carries
// big.Float as text, which comes back ToNearestEven, and was "exact" on
// a ToZero number; gob, which carries the mode (GobEncode), stays exact.
func TestBigFloatModeLost(t *testing.T) {
	type price struct{ Amount *big.Float }
	// At 64 bits, the precision big.Float's UnmarshalText gives.
	vals := []price{{new(big.Float).SetPrec(64).SetMode(big.ToZero).SetFloat64(9.75)}}
	vs := bench.Verify(t, vals, bench.Codecs("^(json|gob-stream)$"))
	if v := find(vs, "json"); v == nil || v.Status != result.VerifyMismatch || len(v.Diffs) == 0 ||
		!strings.Contains(v.Diffs[0], "bigfloat-mode at .Amount") || !strings.Contains(v.Diffs[0], "rounding mode ToZero became ToNearestEven") {
		t.Errorf("json: %+v, want FAIL: bigfloat-mode at .Amount", v)
	}
	if v := find(vs, "gob-stream"); v == nil || v.Status != result.VerifyExact {
		t.Errorf("gob-stream: %+v, want exact", v)
	}
}
