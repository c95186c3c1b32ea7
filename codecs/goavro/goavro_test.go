package goavro

import (
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded bytes values of nested alias the input by
// design of the library, in both variants, while the codecs declare no
// UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): an Avro bytes value is
// a slice of the input, which the conversion shares (the package doc says
// where), in both variants.
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested"), "goavro", "goavro+convert")
}

// TestChecks runs the shared checks: among them, that values the schema
// cannot hold are refused, not silently changed (UnschemableIsAnError),
// and, for "goavro", that a trailing byte is an error.
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, Unschemable: true}.Run(t)
	codectest.Checks{TrailingByte: true}.Run(t, "goavro")
}

// TestCanonicalErrors checks that native values of other types than the
// schema's are refused.
func TestCanonicalErrors(t *testing.T) {
	nested, person := codectest.Bind(t, "goavro", "nested"), codectest.Bind(t, "goavro", "person")
	good, err := nested.Prepare(&workload.TestStruc{})
	if err != nil {
		t.Fatal(err)
	}
	with := func(field string, v any) map[string]any {
		m := map[string]any{}
		for k, x := range good.(map[string]any) {
			m[k] = x
		}
		m[field] = v
		return m
	}
	cases := map[string]struct {
		inst codec.Instance
		v    any
	}{
		"not a record":       {person, []any{}},
		"missing field":      {person, map[string]any{"name": "a"}},
		"string as long":     {nested, with("i", "1")},
		"unknown branch":     {nested, with("nintf", map[string]any{"int": int32(1)})},
		"bad array item":     {nested, with("sslice", []any{1})},
		"bad child":          {nested, with("its", []any{map[string]any{}})},
		"bad union of int64": {nested, with("nint64", map[string]any{"long": "x"})},
	}
	if _, err := nested.Canonical(good); err != nil {
		t.Fatalf("Canonical of a good native value: %v", err)
	}
	for name, tc := range cases {
		if _, err := tc.inst.Canonical(tc.v); err == nil {
			t.Errorf("%s: Canonical = nil error, want an error", name)
		}
	}
}
