package gossz

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "go-ssz", "go-ssz+convert") }

func TestBindsOnly(t *testing.T) {
	codectest.BindsOnly(t, codectest.WorkloadTypes(t, "person", "nested"))
}

func TestFarTimeIsAnError(t *testing.T) { codectest.FarTimeIsAnError(t) }
