package verify

import (
	"math/big"
	"slices"
	"testing"

	"github.com/serbench/serbench/codec"
)

type priced struct{ Price *big.Float }

var modeLoss = codec.Loss{Kind: codec.BigFloatMode, Detail: "test"}

// TestBigFloatMode checks that a *big.Float that comes back with another
// rounding mode differs (it was equal: the mode was not compared, so an
// encoding that drops it passed as exact), as bigfloat-mode, accepted
// only under a declared codec.BigFloatMode loss, which accepts nothing
// else of the number; and that the accuracy is not compared.
func TestBigFloatMode(t *testing.T) {
	want := priced{new(big.Float).SetPrec(53).SetMode(big.ToZero).SetFloat64(1.5)}
	got := priced{new(big.Float).SetPrec(53).SetFloat64(1.5)} // ToNearestEven, as parsed from text
	if identical(&want, &got) {
		t.Error("identical: a lost rounding mode is identical")
	}
	diffs := Compare(&want, &got, nil)
	if len(diffs) != 1 || diffs[0].Class != ClassBigFloatMode || diffs[0].Path != ".Price" ||
		diffs[0].String() != "bigfloat-mode at .Price: want 1.5 (ToZero), got 1.5 (ToNearestEven) (rounding mode ToZero became ToNearestEven)" {
		t.Errorf("strict: %v, want one bigfloat-mode at .Price", diffs)
	}
	if d := Compare(&want, &got, []codec.Loss{modeLoss}); len(d) != 0 {
		t.Errorf("with a BigFloatMode loss: %v, want none", d)
	}
	var tally Tally
	if d := tally.Add(&want, &got, []codec.Loss{modeLoss}); !slices.Equal(d, diffs) {
		t.Errorf("Tally.Add: %v, want %v", d, diffs)
	}

	// Another number and another mode: the loss does not accept it (as
	// with a time that lost precision and offset, both are reported).
	other := priced{new(big.Float).SetPrec(53).SetFloat64(2)}
	if d := Compare(&want, &other, []codec.Loss{modeLoss}); len(d) == 0 || d[0].Class != ClassOther {
		t.Errorf("another number under the loss: %v, want other", d)
	}
	if d := Compare(&want, &other, nil); len(d) != 2 || d[0].Class != ClassOther || d[1].Class != ClassBigFloatMode ||
		d[0].Detail != "another value, and rounding mode ToZero became ToNearestEven" {
		t.Errorf("another number, strict: %v, want other and bigfloat-mode", d)
	}

	wider := priced{new(big.Float).SetPrec(64).SetFloat64(1.5)}
	if d := Compare(&want, &wider, nil); len(d) != 2 || d[0].Detail != "precision 53 became 64, and rounding mode ToZero became ToNearestEven" {
		t.Errorf("another precision, strict: %v", d)
	}

	// The accuracy is how the number was computed, not the number.
	third := new(big.Float).SetPrec(2).SetMode(big.ToZero)
	third.Quo(big.NewFloat(1), big.NewFloat(3)) // 0.25, rounded: Below
	exact := new(big.Float).SetPrec(2).SetMode(big.ToZero).SetFloat64(0.25)
	if third.Acc() == exact.Acc() {
		t.Fatalf("the accuracies are the same (%v): the case tests nothing", exact.Acc())
	}
	if x, y := (priced{third}), (priced{exact}); !identical(&x, &y) || len(Compare(&x, &y, nil)) != 0 {
		t.Error("numbers that differ only in accuracy differ")
	}
}
