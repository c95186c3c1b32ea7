package gogo

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T)          { codectest.Run(t, "gogofaster", "gogofaster+convert") }
func TestBindsOnly(t *testing.T)            { codectest.BindsOnly(t, codectest.SchemaTypes) }
func TestFarTimeIsAnError(t *testing.T)     { codectest.FarTimeIsAnError(t) }
func TestTruncated(t *testing.T)            { codectest.TruncatedNeverPanics(t) }
func TestUnschemableIsAnError(t *testing.T) { codectest.UnschemableIsAnError(t) }
