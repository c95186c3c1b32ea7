package alecthomasbinary

import (
	"testing"

	"github.com/alecthomas/binary"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "alecthomas-binary") }

// TestEmptyLastString shows the library bug behind the unsupported
// bsontypes-string and bsontypes-regex workloads: a message whose last value
// is an empty string does not decode, while the same empty string earlier
// in the message does.
func TestEmptyLastString(t *testing.T) {
	type pair struct{ A, B string }
	for _, tc := range []struct {
		v      pair
		wantOK bool
	}{{pair{"", "b"}, true}, {pair{"a", ""}, false}} {
		b, err := binary.Marshal(&tc.v)
		if err != nil {
			t.Fatal(err)
		}
		var got pair
		err = binary.Unmarshal(b, &got)
		if ok := err == nil && got == tc.v; ok != tc.wantOK {
			t.Errorf("Unmarshal of %+v: got %+v, error %v; want success %v", tc.v, got, err, tc.wantOK)
		}
	}
}
