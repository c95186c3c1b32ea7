package goavro

import (
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	_ "github.com/serbench/serbench/codecs/avro" // registers hamba-avro
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// TestCrossLibrary checks that goavro and hamba-avro read each other's
// encodings of every workload value, so that both follow the same
// schemas the same way (union branches, U64, the time fields).
func TestCrossLibrary(t *testing.T) {
	pairs := [][2]string{{"hamba-avro", "goavro"}, {"goavro", "hamba-avro"}}
	for _, name := range []string{"person", "nested"} {
		w := codectest.Workload(t, name)
		check(t, name, w.Target(), w.Values(workload.Options{Count: 50}), pairs)
	}
	w := codectest.Workload(t, "floats")
	fs := []float32{0, -1, 3.25, 1e30}
	check(t, "floats", w.Target(), []any{&fs}, pairs)
}

func check(t *testing.T, workloadName string, target codec.Target, values []any, pairs [][2]string) {
	t.Helper()
	for _, p := range pairs {
		enc, dec := bound(t, p[0], target), bound(t, p[1], target)
		losses := codectest.Lookup(t, p[1]).Info().Losses
		for i, v := range values {
			prepared, err := enc.Prepare(v)
			if err != nil {
				t.Fatalf("%s: %s: value %d: prepare: %v", workloadName, p[0], i, err)
			}
			data, err := enc.Encode(prepared)
			if err != nil {
				t.Fatalf("%s: %s: value %d: encode: %v", workloadName, p[0], i, err)
			}
			native, err := dec.Decode(data)
			if err != nil {
				t.Fatalf("%s: %s reading %s: value %d: decode: %v", workloadName, p[1], p[0], i, err)
			}
			got, err := dec.Canonical(native)
			if err != nil {
				t.Fatalf("%s: %s reading %s: value %d: canonical: %v", workloadName, p[1], p[0], i, err)
			}
			for _, d := range verify.Compare(v, got, losses) {
				t.Errorf("%s: %s reading %s: value %d: %s", workloadName, p[1], p[0], i, d)
			}
		}
	}
}

func bound(t *testing.T, name string, target codec.Target) codec.Instance {
	t.Helper()
	inst, err := codectest.Lookup(t, name).Bind(target)
	if err != nil {
		t.Fatalf("%s: Bind(%s): %v", name, target.Workload, err)
	}
	return inst
}
