package schemabench

import (
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	_ "github.com/serbench/serbench/codecs/capnp"
	_ "github.com/serbench/serbench/codecs/capnpv1"
	_ "github.com/serbench/serbench/codecs/flatbuffers"
	"github.com/serbench/serbench/workload"
)

var (
	codecs    = []string{"flatbuffers", "flatbuffers-reuse", "capnp", "capnp-packed", "capnp-v1"}
	workloads = []string{"nested", "twitter", "person"}
)

// bound is one codec bound to one workload, with the workload's values
// prepared and encoded.
type bound struct {
	inst     codec.Instance
	prepared []any
	encoded  [][]byte
}

// bind binds codec name to workload wl and prepares and encodes its
// default values; ok is false when the codec does not support wl.
func bind(b *testing.B, name, wl string) (bd bound, ok bool) {
	w := codectest.Workload(b, wl)
	if bd.inst, ok = codectest.Bound(b, codectest.Lookup(b, name), w); !ok {
		return bd, false
	}
	for _, v := range w.Values(workload.Options{}) {
		p, err := bd.inst.Prepare(v)
		if err != nil {
			b.Fatal(err)
		}
		data, err := bd.inst.Encode(p)
		if err != nil {
			b.Fatal(err)
		}
		bd.prepared = append(bd.prepared, p)
		bd.encoded = append(bd.encoded, append([]byte(nil), data...))
	}
	return bd, true
}

// run runs op as a sub-benchmark for every codec and workload it
// supports, one value per iteration, cycling through the values.
func run(b *testing.B, op func(b *testing.B, bd bound, i int)) {
	for _, wl := range workloads {
		for _, name := range codecs {
			bd, ok := bind(b, name, wl)
			if !ok {
				continue
			}
			b.Run(wl+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					op(b, bd, i%len(bd.prepared))
				}
			})
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	run(b, func(b *testing.B, bd bound, i int) {
		if _, err := bd.inst.Encode(bd.prepared[i]); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	run(b, func(b *testing.B, bd bound, i int) {
		if _, err := bd.inst.Decode(bd.encoded[i]); err != nil {
			b.Fatal(err)
		}
	})
}
