package gogo

import (
	"bytes"
	"errors"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "gogofaster", "gogofaster+convert") }

// TestTruncated decodes every strict prefix of encodings of the person and
// nested workloads: each must fail with an error or decode, never panic (a
// prefix that ends between two fields is a valid message).
func TestTruncated(t *testing.T) {
	for _, name := range []string{"gogofaster", "gogofaster+convert"} {
		c, ok := codec.Lookup(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		for _, wname := range []string{"person", "nested"} {
			w, err := workload.Lookup(wname)
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
				data = bytes.Clone(data)
				for n := 0; n < len(data); n++ {
					err := codec.Call("decode", func() error {
						native, err := inst.Decode(data[:n:n])
						if err == nil {
							_, err = inst.Canonical(native)
						}
						return err
					})
					var pe *codec.PanicError
					if errors.As(err, &pe) {
						t.Fatalf("%s, %s value %d truncated to %d of %d bytes: %v", name, wname, i, n, len(data), err)
					}
				}
			}
		}
	}
}
