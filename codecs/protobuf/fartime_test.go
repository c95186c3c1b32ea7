package protobuf

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

// TestFarTimeIsAnError checks that every codec of the package refuses a
// time outside the int64 Unix-nanosecond range of the schemas' time
// mapping (schema.SplitTime), at the top level and in a child TestStruc,
// with an error that names the time, rather than writing another time.
// Prepare converts for the gen-types codecs and Encode for the +convert
// ones: codec.RoundTrip runs both.
func TestFarTimeIsAnError(t *testing.T) {
	far := time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)
	const want = "time 2300-01-02T03:04:05Z has no int64 Unix nanoseconds"
	person, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	nested, err := workload.Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	p := *person.Values(workload.Options{Count: 1})[0].(*workload.Person)
	p.BirthDay = far
	cases := []struct {
		name  string
		w     *workload.Workload
		value any
	}{
		{"Person.BirthDay", person, &p},
		{"TestStruc.T", nested, &workload.TestStruc{T: far}},
		{"TestStruc.Its[0].T", nested, &workload.TestStruc{Its: []*workload.TestStruc{{T: far}}}},
		{"TestStruc.Mts[k].T", nested, &workload.TestStruc{Mts: map[string]workload.TestStruc{"k": {T: far}}}},
		{"TestStruc.Nteststruc.T", nested, &workload.TestStruc{Nteststruc: &workload.TestStruc{T: far}}},
	}
	cs := codec.All()
	if len(cs) < 2 {
		t.Fatalf("%d codecs registered, want the package's variants", len(cs))
	}
	for _, c := range cs {
		for _, tc := range cases {
			inst, err := c.Bind(tc.w.Target())
			if err != nil {
				t.Fatalf("%s: Bind %s: %v", c.Info().Name, tc.w.Name, err)
			}
			_, _, err = codec.RoundTrip(inst, tc.value)
			var pe *codec.PanicError
			switch {
			case err == nil:
				t.Errorf("%s, %s in 2300: no error", c.Info().Name, tc.name)
			case errors.As(err, &pe):
				t.Errorf("%s, %s in 2300: %v", c.Info().Name, tc.name, err)
			case !strings.Contains(err.Error(), want):
				t.Errorf("%s, %s in 2300: error %q, want one that says %q", c.Info().Name, tc.name, err, want)
			}
		}
	}
}
