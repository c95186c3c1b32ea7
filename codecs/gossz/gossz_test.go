package gossz

import (
	"reflect"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "go-ssz", "go-ssz+convert") }

func TestBindsOnly(t *testing.T) {
	codectest.BindsOnly(t, []reflect.Type{reflect.TypeFor[workload.Person](), reflect.TypeFor[workload.TestStruc]()})
}

func TestFarTimeIsAnError(t *testing.T) { codectest.FarTimeIsAnError(t) }
