package colfer

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "colfer", "colfer+convert") }

// TestChecks runs the shared checks; MillionFloats needs the raised
// ColferListMax.
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, FarTime: true, MillionFloats: true}.Run(t)
}
