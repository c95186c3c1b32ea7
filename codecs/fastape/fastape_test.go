package fastape

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nazarifard/fastape"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "fastape", "fastape-unsafe") }

// TestLengthBug pins the bug of LenTape.Unmarshal that makes the floats
// workload unsupported: a slice of 256 values or more decodes as nil. It
// fails once the library reads such lengths right: bind floats then.
func TestLengthBug(t *testing.T) {
	var tape fastape.SliceTape[float32, fastape.UnitTape[float32]]
	for _, n := range []int{255, 256, 1000, workload.FloatsCount} {
		in := make([]float32, n)
		bs := make([]byte, tape.Sizeof(in))
		if _, err := tape.Marshal(in, bs); err != nil {
			t.Fatal(err)
		}
		var out []float32
		if _, err := tape.Unmarshal(bs, &out); err != nil {
			t.Fatal(err)
		}
		if want := n > 255; (len(out) != n) != want {
			t.Errorf("%d values decode as %d values; the bug shows: %v, want %v", n, len(out), len(out) != n, want)
		}
	}
}

func TestBindsOnly(t *testing.T) {
	codectest.BindsOnly(t, []reflect.Type{reflect.TypeFor[workload.Person]()})
}

func TestFarTimeIsAnError(t *testing.T) {
	w, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	p := *w.Values(workload.Options{Count: 1})[0].(*workload.Person)
	p.BirthDay = time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)
	const want = "time 2300-01-02T03:04:05Z has no int64 Unix nanoseconds"
	for _, name := range []string{"fastape", "fastape-unsafe"} {
		_, _, err := codec.RoundTrip(codectest.Bind(t, name, "person"), &p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s, Person.BirthDay in 2300: error %v, want one that says %q", name, err, want)
		}
	}
}
