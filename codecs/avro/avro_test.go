package avro

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "hamba-avro", "hamba-avro+convert") }
func TestBindsOnly(t *testing.T)   { codectest.BindsOnly(t, codectest.SchemaTypes) }

// TestPrepareErrors checks that values the schema cannot hold are
// refused, not silently changed.
func TestPrepareErrors(t *testing.T) { codectest.UnschemableIsAnError(t) }
