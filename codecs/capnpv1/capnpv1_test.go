package capnpv1

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)   { codectest.Run(t, "capnp-v1") }
func TestMillionFloats(t *testing.T) { codectest.MillionFloats(t) }

func TestBindsOnly(t *testing.T) { codectest.BindsOnly(t, codectest.SchemaTypes) }

func TestFarTimeIsAnError(t *testing.T)     { codectest.FarTimeIsAnError(t) }
func TestTruncatedNeverPanics(t *testing.T) { codectest.TruncatedNeverPanics(t) }
