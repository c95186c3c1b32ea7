package avro

import (
	"errors"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "hamba-avro", "hamba-avro+convert") }

func TestBindUnsupported(t *testing.T) {
	for _, name := range []string{"hamba-avro", "hamba-avro+convert"} {
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
	nested, person := bindWorkload(t, "hamba-avro", "nested"), bindWorkload(t, "hamba-avro", "person")
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

func bindWorkload(t *testing.T, codecName, workloadName string) codec.Instance {
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
