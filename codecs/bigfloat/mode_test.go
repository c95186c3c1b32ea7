package bigfloat

import (
	"math/big"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// TestRoundingMode checks which codecs carry a number's rounding mode and
// that verification reports it when one does not: big.Float's binary
// form (GobEncode) and gob carry it; the text and CBOR forms, and the
// int64 and varint forms of integers, do not (the number comes back
// ToNearestEven). Verification took the lost mode for an exact round
// trip. No codec declares codec.BigFloatMode: the bigfloat workload's
// numbers all have the default mode, so no run of it shows the loss (and
// the conformance test refuses a declared loss never seen).
func TestRoundingMode(t *testing.T) {
	toZero := func(x *big.Float) *workload.BigFloat { return &workload.BigFloat{Value: x.SetMode(big.ToZero)} }
	fraction := toZero(new(big.Float).SetPrec(64).SetFloat64(1.5))
	integer := toZero(new(big.Float).SetPrec(64).SetInt64(3))
	w, err := workload.Lookup("bigfloat")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		codec             string
		keepsFr, keepsInt bool
	}{
		{"bigfloat-text", false, false},
		{"bigfloat-binary", true, true},
		{"bigfloat-binary-int", true, false},
		{"bigfloat-binary-varint", true, false},
		{"bigfloat-gob", true, true},
		{"bigfloat-cbor-bigfloat", false, false},
		{"bigfloat-cbor-decimal", false, false},
	} {
		k, ok := codec.Lookup(c.codec)
		if !ok {
			t.Fatalf("no codec %s", c.codec)
		}
		inst, err := k.Bind(w.Target())
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []struct {
			val   *workload.BigFloat
			keeps bool
		}{{fraction, c.keepsFr}, {integer, c.keepsInt}} {
			got, _, err := codec.RoundTrip(inst, v.val)
			if err != nil {
				t.Fatalf("%s: %v", c.codec, err)
			}
			diffs := verify.Compare(v.val, got, k.Info().Losses)
			switch {
			case v.keeps && len(diffs) > 0:
				t.Errorf("%s on %v: %v, want the mode carried", c.codec, v.val.Value, diffs)
			case !v.keeps && (len(diffs) != 1 || diffs[0].Class != verify.ClassBigFloatMode):
				t.Errorf("%s on %v: %v, want the lost mode reported (bigfloat-mode)", c.codec, v.val.Value, diffs)
			}
		}
	}
}
