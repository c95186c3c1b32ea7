package easyjson

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "easyjson", "easyjson+convert") }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaAndCorporaTypes, TruncatedFails: true}.Run(t)
}
