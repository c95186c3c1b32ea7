package goavro

import (
	"errors"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "goavro", "goavro+convert") }

func TestBindUnsupported(t *testing.T) {
	for _, name := range []string{"goavro", "goavro+convert"} {
		c, ok := codec.Lookup(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		for _, w := range workload.All() {
			_, err := c.Bind(w.Target())
			if _, ok := mappings[w.Type]; ok {
				if err != nil {
					t.Errorf("%s: Bind(%s): %v", name, w.Name, err)
				}
			} else if !errors.Is(err, codec.ErrUnsupported) {
				t.Errorf("%s: Bind(%s) = %v, want an error wrapping codec.ErrUnsupported", name, w.Name, err)
			}
		}
	}
}

// TestPrepareErrors checks that values the schema cannot hold are
// refused, not silently changed.
func TestPrepareErrors(t *testing.T) {
	nested, person := bindWorkload(t, "goavro", "nested"), bindWorkload(t, "goavro", "person")
	cases := map[string]struct {
		inst codec.Instance
		v    any
	}{
		"struct in Islice":  {nested, &workload.TestStruc{Islice: []any{struct{}{}}}},
		"slice in Ms":       {nested, &workload.TestStruc{Ms: map[string]any{"a": []int{1}}}},
		"nil in Its":        {nested, &workload.TestStruc{Its: []*workload.TestStruc{nil}}},
		"nil in Mtsptr":     {nested, &workload.TestStruc{Mtsptr: map[string]*workload.TestStruc{"0": nil}}},
		"nil in Iptrslice":  {nested, &workload.TestStruc{Iptrslice: []*int64{nil}}},
		"deep bad Nintf":    {nested, &workload.TestStruc{Nteststruc: &workload.TestStruc{Nintf: complex(1, 2)}}},
		"time out of range": {person, &workload.Person{BirthDay: time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC)}},
	}
	for name, tc := range cases {
		if _, err := tc.inst.Prepare(tc.v); err == nil {
			t.Errorf("%s: Prepare = nil error, want an error", name)
		}
	}
}

func bindWorkload(t testing.TB, codecName, workloadName string) codec.Instance {
	t.Helper()
	c, ok := codec.Lookup(codecName)
	if !ok {
		t.Fatalf("%s is not registered", codecName)
	}
	w, err := workload.Lookup(workloadName)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := c.Bind(w.Target())
	if err != nil {
		t.Fatalf("%s: Bind(%s): %v", codecName, workloadName, err)
	}
	return inst
}

func TestDecodeTrailingBytes(t *testing.T) {
	inst := bindWorkload(t, "goavro", "person")
	prepared, err := inst.Prepare(&workload.Person{Name: "a"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := inst.Encode(prepared)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inst.Decode(append(data, 0)); err == nil {
		t.Error("Decode with a trailing byte = nil error, want an error")
	}
}

// TestCanonicalErrors checks that native values of other types than the
// schema's are refused.
func TestCanonicalErrors(t *testing.T) {
	nested, person := bindWorkload(t, "goavro", "nested"), bindWorkload(t, "goavro", "person")
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
