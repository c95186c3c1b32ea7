package gossz

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "go-ssz", "go-ssz+convert") }

func TestBindsOnly(t *testing.T) {
	codectest.BindsOnly(t, []reflect.Type{reflect.TypeFor[workload.Person]()})
}

// TestFarTimeIsAnError is codectest.FarTimeIsAnError on person alone (it
// checks nested too, which this codec does not bind).
func TestFarTimeIsAnError(t *testing.T) {
	w, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	p := *w.Values(workload.Options{Count: 1})[0].(*workload.Person)
	p.BirthDay = time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)
	const want = "time 2300-01-02T03:04:05Z has no int64 Unix nanoseconds"
	for _, name := range []string{"go-ssz", "go-ssz+convert"} {
		_, _, err := codec.RoundTrip(codectest.Bind(t, name, "person"), &p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s, Person.BirthDay in 2300: error %v, want one that says %q", name, err, want)
		}
	}
}
