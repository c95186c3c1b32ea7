package fastssz

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "fastssz", "fastssz+convert") }

// TestChecks runs the shared checks. The codecs do not bind nested, so the
// far-time check is FarBirthDayIsAnError, FarTimeIsAnError on person alone
// (it checks nested too).
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.WorkloadTypes(t, "person", "floats"), FarBirthDay: true, MillionFloats: true}.Run(t)
}
