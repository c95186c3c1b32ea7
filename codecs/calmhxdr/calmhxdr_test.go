package calmhxdr

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)      { codectest.Run(t, "calmh-xdr", "calmh-xdr+convert") }
func TestBindsOnly(t *testing.T)        { codectest.BindsOnly(t, codectest.SchemaTypes) }
func TestFarTimeIsAnError(t *testing.T) { codectest.FarTimeIsAnError(t) }
func TestMillionFloats(t *testing.T)    { codectest.MillionFloats(t) }
