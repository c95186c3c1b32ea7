package dedisprotobuf

import (
	"bytes"
	"testing"

	"go.dedis.ch/protobuf"

	"github.com/serbench/serbench/codec/codectest"
)

// TestConformance runs the conformance test with its aliasing check
// relaxed: that check is codec-wide, and the decoder's []byte values alias
// the input by design of the library (bsontypes-binary and
// bsontypes-document), while serbench detects aliasing per workload and the
// codec declares no flag (see the package doc). TestBytesAlias pins it.
func TestConformance(t *testing.T) { codectest.RunAllowingAliasing(t, "dedis-protobuf") }

// TestBytesAlias checks that decoded []byte values alias the input and
// decoded strings do not.
func TestBytesAlias(t *testing.T) {
	type msg struct {
		B []byte
		S string
	}
	data, err := protobuf.Encode(&msg{B: []byte("abc"), S: "def"})
	if err != nil {
		t.Fatal(err)
	}
	var m msg
	if err := protobuf.Decode(data, &m); err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = 0xA5
	}
	if bytes.Equal(m.B, []byte("abc")) {
		t.Errorf("decoded []byte %q no longer aliases the input: update the package doc", m.B)
	}
	if m.S != "def" {
		t.Errorf("decoded string %q aliases the input", m.S)
	}
}
