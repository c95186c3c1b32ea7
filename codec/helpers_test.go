package codec

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestNewReflect checks that a codec made with NewReflect keeps its info
// and binds instances that encode with marshal and decode a new value of
// the target's type with unmarshal.
func TestNewReflect(t *testing.T) {
	type point struct{ X, Y int }
	info := Info{Name: "test-json", Format: "json", API: Reflection}
	c := NewReflect(info, json.Marshal, json.Unmarshal)
	if got := c.Info(); got.Name != info.Name || got.Format != info.Format {
		t.Fatalf("Info() = %+v, want %+v", got, info)
	}
	inst, err := c.Bind(Target{Workload: "w", Type: reflect.TypeFor[point](), New: func() any { return new(point) }})
	if err != nil {
		t.Fatal(err)
	}
	in := &point{X: 1, Y: -2}
	decoded, encoded, err := RoundTrip(inst, in)
	if err != nil {
		t.Fatal(err)
	}
	if string(encoded) != `{"X":1,"Y":-2}` {
		t.Errorf("encoded %s, want json.Marshal's output", encoded)
	}
	out, ok := decoded.(*point)
	if !ok || *out != *in || out == in {
		t.Errorf("decoded %#v (%T), want a new *point equal to %v", decoded, decoded, *in)
	}
}
