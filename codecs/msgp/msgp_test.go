package msgp

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "msgp", "msgp+convert", "msgp-reuse") }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaAndCorporaTypes, TruncatedFails: true}.Run(t)
}
