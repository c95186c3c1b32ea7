package colfer

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)      { codectest.Run(t, "colfer", "colfer+convert") }
func TestBindsOnly(t *testing.T)        { codectest.BindsOnly(t, codectest.SchemaTypes) }
func TestFarTimeIsAnError(t *testing.T) { codectest.FarTimeIsAnError(t) }

// TestMillionFloats needs the raised ColferListMax.
func TestMillionFloats(t *testing.T) { codectest.MillionFloats(t) }
