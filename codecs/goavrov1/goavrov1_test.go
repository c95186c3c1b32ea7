package goavrov1

import (
	"testing"

	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "goavro-v1", "goavro-v1+convert") }

// TestChecks runs the shared checks, and for "goavro-v1" that a trailing
// byte is an error.
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.WorkloadTypes(t, "person", "floats")}.Run(t)
	codectest.Checks{TrailingByte: true}.Run(t, "goavro-v1")
}

// TestCanonicalErrors checks that native values of other types than the
// schema's are refused.
func TestCanonicalErrors(t *testing.T) {
	person := codectest.Bind(t, "goavro-v1", "person")
	good, err := person.Prepare(&workload.Person{Name: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := person.Canonical(good); err != nil {
		t.Fatalf("Canonical of a good native value: %v", err)
	}
	if _, err := person.Canonical(map[string]any{"name": "a"}); err == nil {
		t.Error("Canonical of a map = nil error, want an error")
	}
}
