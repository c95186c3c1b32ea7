package davecghxdr

import (
	"testing"

	"github.com/davecgh/go-xdr/xdr"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "davecgh-xdr") }

// TestIntTruncated shows the library's silent truncation of a Go int
// beyond 32 bits, which the package doc warns of.
func TestIntTruncated(t *testing.T) {
	type v struct{ N int }
	b, err := xdr.Marshal(&v{N: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	var got v
	if _, err := xdr.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.N == 1<<40 {
		t.Errorf("int 1<<40 round-tripped: the package doc's warning of truncation is out of date")
	}
}
