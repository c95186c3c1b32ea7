package protobuf

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "protobuf", "protobuf+convert") }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaAndCorporaTypes, FarTime: true, TruncatedNeverPanics: true, Unschemable: true}.Run(t)
}
