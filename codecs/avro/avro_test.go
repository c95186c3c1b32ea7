package avro

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "hamba-avro", "hamba-avro+convert") }

// TestChecks runs the shared checks: among them, that values the schema
// cannot hold are refused, not silently changed (UnschemableIsAnError).
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, Unschemable: true}.Run(t)
}
