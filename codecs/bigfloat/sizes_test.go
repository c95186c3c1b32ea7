package bigfloat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/bigfloatio"
	"github.com/serbench/serbench/workload"
)

// TestSeedSizes reproduces the size findings of the seed's big.Float rig
// with 64-bit precision: records of small integers are smaller as text
// than in big.Float's binary form, the advantage shrinks above 1e6 and is
// gone against the integer forms at 1e12, and the varint form is the
// smallest for small integers. Run with -v to see
// the bytes per number (record only; a codec message adds one byte of
// precision prefix).
func TestSeedSizes(t *testing.T) {
	ranges := []struct {
		name string
		opts workload.BigFloatOptions
	}{
		{"0..100000", workload.BigFloatOptions{From: 0, To: 100000, By: 1}},
		{"900000..1000000", workload.BigFloatOptions{From: 900000, To: 1000000, By: 1}},
		{"1000000..1100000", workload.BigFloatOptions{From: 1000000, To: 1100000, By: 1}},
		{"1e12..1e12+1000", workload.BigFloatOptions{From: 1e12, To: 1e12 + 1000, By: 1}},
		{"random (default)", workload.BigFloatOptions{}},
	}
	encodings := bigfloatio.Encodings()
	size := map[string]map[string]float64{}
	var b strings.Builder
	fmt.Fprintf(&b, "%-18s", "bytes/number")
	for _, e := range encodings {
		fmt.Fprintf(&b, " %14s", e)
	}
	b.WriteString("\n")
	for _, r := range ranges {
		values, err := workload.BigFloats(r.opts)
		if err != nil {
			t.Fatal(err)
		}
		size[r.name] = map[string]float64{}
		fmt.Fprintf(&b, "%-18s", r.name)
		for _, e := range encodings {
			n, err := bigfloatio.RecordSize(e, values)
			if err != nil {
				t.Fatalf("%s %s: %v", r.name, e, err)
			}
			per := float64(n) / float64(len(values))
			size[r.name][e] = per
			fmt.Fprintf(&b, " %14.2f", per)
		}
		b.WriteString("\n")
	}
	t.Log("\n" + b.String())

	small := size["0..100000"]
	if !(small[bigfloatio.Text] < small[bigfloatio.Binary]) {
		t.Errorf("0..100000: text %.2f not smaller than binary %.2f", small[bigfloatio.Text], small[bigfloatio.Binary])
	}
	for _, e := range encodings {
		if e != bigfloatio.BinaryVarint && small[e] <= small[bigfloatio.BinaryVarint] {
			t.Errorf("0..100000: %s (%.2f) not larger than binary-varint (%.2f)", e, small[e], small[bigfloatio.BinaryVarint])
		}
	}
	big := size["1e12..1e12+1000"]
	// The seed found text larger than its 12-byte binary form here; Go's
	// GobEncode of a 64-bit number takes 18 bytes (6 of header, 4 of
	// exponent, 8 of mantissa), about as much as the 18-character text, so
	// the finding holds against the integer forms only.
	if !(big[bigfloatio.Text] > big[bigfloatio.BinaryInt]) {
		t.Errorf("1e12 range: text %.2f not larger than binary-int %.2f", big[bigfloatio.Text], big[bigfloatio.BinaryInt])
	}
	if !(big[bigfloatio.BinaryInt] < big[bigfloatio.Binary]) {
		t.Errorf("1e12 range: binary-int %.2f not smaller than binary %.2f", big[bigfloatio.BinaryInt], big[bigfloatio.Binary])
	}
}
