package gogo

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "gogofaster", "gogofaster+convert") }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, FarTime: true, TruncatedNeverPanics: true, Unschemable: true}.Run(t)
}
