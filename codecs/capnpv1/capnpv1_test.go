package capnpv1

import (
	"reflect"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T)   { codectest.Run(t, "capnp-v1") }
func TestMillionFloats(t *testing.T) { codectest.MillionFloats(t) }

func TestBindsOnly(t *testing.T) {
	codectest.BindsOnly(t, []reflect.Type{reflect.TypeFor[workload.Person](), reflect.TypeFor[[]float32]()})
}
