package fastssz

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)   { codectest.Run(t, "fastssz", "fastssz+convert") }
func TestMillionFloats(t *testing.T) { codectest.MillionFloats(t) }

func TestBindsOnly(t *testing.T) {
	codectest.BindsOnly(t, codectest.WorkloadTypes(t, "person", "floats"))
}

// TestFarTimeIsAnError is codectest.FarTimeIsAnError on person alone (it
// checks nested too, which this codec does not bind).
func TestFarTimeIsAnError(t *testing.T) {
	codectest.FarBirthDayIsAnError(t, "fastssz", "fastssz+convert")
}
