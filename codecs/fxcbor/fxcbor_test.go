package fxcbor

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "fxcbor", "fxcbor-rfc3339nano") }
