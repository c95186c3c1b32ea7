package msgp

import (
	"errors"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "msgp", "msgp+convert", "msgp-reuse") }

// TestTruncatedInput checks that every strict prefix of an encoding fails
// to decode with an error, not a panic.
func TestTruncatedInput(t *testing.T) {
	c, _ := codec.Lookup("msgp")
	for _, name := range []string{"person", "nested"} {
		w, err := workload.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := c.Bind(w.Target())
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range w.Values(workload.Options{Count: 3}) {
			p, err := inst.Prepare(v)
			if err != nil {
				t.Fatal(err)
			}
			data, err := inst.Encode(p)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < len(data); n++ {
				err := codec.Call("decode", func() error { _, err := inst.Decode(data[:n]); return err })
				if err == nil {
					t.Errorf("%s value %d: %d of %d bytes decoded without error", name, i, n, len(data))
				}
				var pe *codec.PanicError
				if errors.As(err, &pe) {
					t.Fatalf("%s value %d: %d of %d bytes: %v", name, i, n, len(data), err)
				}
			}
		}
	}
}
