package ugorji

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) {
	codectest.Run(t, "ugorji-msgpack", "ugorji-cbor", "ugorji-binc", "ugorji-simple", "ugorji-json")
}
