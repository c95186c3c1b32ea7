package fastape

import (
	"testing"

	"github.com/nazarifard/fastape"

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

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.WorkloadTypes(t, "person", "nested"), FarTime: true}.Run(t)
}
