package protobuf

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)          { codectest.Run(t, "protobuf", "protobuf+convert") }
func TestBindsOnly(t *testing.T)            { codectest.BindsOnly(t, codectest.SchemaAndCorporaTypes) }
func TestFarTimeIsAnError(t *testing.T)     { codectest.FarTimeIsAnError(t) }
func TestTruncated(t *testing.T)            { codectest.TruncatedNeverPanics(t) }
func TestUnschemableIsAnError(t *testing.T) { codectest.UnschemableIsAnError(t) }
