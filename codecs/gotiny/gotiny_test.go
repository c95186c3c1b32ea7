package gotiny

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "gotiny") }

// TestTruncatedInput checks that no strict prefix of an encoding decodes
// and that none panics.
func TestTruncatedInput(t *testing.T) { codectest.TruncatedFails(t) }
