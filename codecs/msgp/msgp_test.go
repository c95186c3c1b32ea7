package msgp

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)    { codectest.Run(t, "msgp", "msgp+convert", "msgp-reuse") }
func TestBindsOnly(t *testing.T)      { codectest.BindsOnly(t, codectest.SchemaAndCorporaTypes) }
func TestTruncatedInput(t *testing.T) { codectest.TruncatedFails(t) }
