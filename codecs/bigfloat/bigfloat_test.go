package bigfloat

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) {
	codectest.Run(t, "bigfloat-text", "bigfloat-binary", "bigfloat-binary-int", "bigfloat-binary-varint",
		"bigfloat-gob", "bigfloat-cbor-bigfloat", "bigfloat-cbor-decimal")
}
