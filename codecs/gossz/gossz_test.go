package gossz

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "go-ssz", "go-ssz+convert") }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.WorkloadTypes(t, "person", "nested"), FarTime: true}.Run(t)
}
