package ugorji

import (
	"bytes"
	"testing"

	ugcodec "github.com/ugorji/go/codec"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

var names = []string{"ugorji-msgpack", "ugorji-cbor", "ugorji-binc", "ugorji-simple", "ugorji-json", "ugorji-binc-sym"}

func TestConformance(t *testing.T) {
	codectest.Run(t, names...)
}

// bind binds the named codec to the person workload and returns the
// instance with the prepared values and their encodings.
func bind(tb testing.TB, name string) (codec.Instance, []any, [][]byte) {
	tb.Helper()
	inst, values := codectest.BindValues(tb, name, "person", &workload.Options{})
	encoded := make([][]byte, len(values))
	for i, v := range values {
		var err error
		if encoded[i], err = inst.Encode(v); err != nil {
			tb.Fatal(err)
		}
	}
	return inst, values, encoded
}

// handles are the handles of the codecs of names, in order.
var handles = []ugcodec.Handle{msgpackHandle, cborHandle, bincHandle, simpleHandle, jsonHandle, bincSymHandle}

// BenchmarkEncode and BenchmarkDecode are quick, package-local
// measurements of the adapter's allocations on the person workload (run
// with -benchmem); the harness does the real timing. Beside the adapter
// ("reset") they measure, in the same run, the alternatives: a new Encoder
// or Decoder per call ("new", what the adapter did before), and for Encode
// a reused output buffer copied into a new slice ("copy").
func BenchmarkEncode(b *testing.B) {
	for k, name := range names {
		_, values, _ := bind(b, name)
		run := func(b *testing.B, encode func(v any) ([]byte, error)) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := encode(values[i%len(values)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		}
		b.Run(name+"/reset", func(b *testing.B) {
			inst, _, _ := bind(b, name)
			run(b, inst.Encode)
		})
		b.Run(name+"/new", func(b *testing.B) {
			run(b, func(v any) ([]byte, error) {
				var out []byte
				err := ugcodec.NewEncoderBytes(&out, handles[k]).Encode(v)
				return out, err
			})
		})
		b.Run(name+"/copy", func(b *testing.B) {
			var buf []byte
			enc := ugcodec.NewEncoderBytes(&buf, handles[k])
			run(b, func(v any) ([]byte, error) {
				enc.ResetBytes(&buf)
				err := enc.Encode(v)
				return bytes.Clone(buf), err
			})
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	for k, name := range names {
		inst, _, encoded := bind(b, name)
		run := func(b *testing.B, decode func(data []byte) error) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := decode(encoded[i%len(encoded)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		}
		b.Run(name+"/reset", func(b *testing.B) {
			run(b, func(data []byte) error { _, err := inst.Decode(data); return err })
		})
		b.Run(name+"/new", func(b *testing.B) {
			run(b, func(data []byte) error {
				return ugcodec.NewDecoderBytes(data, handles[k]).Decode(new(workload.Person))
			})
		})
	}
}

// TestBincSymbols checks that ugorji-binc-sym really writes symbols: its
// encoding of a nested value, whose field names repeat in its children, is
// smaller than ugorji-binc's.
func TestBincSymbols(t *testing.T) {
	size := codectest.EncodedSizes(t, "nested", "ugorji-binc", "ugorji-binc-sym")
	t.Logf("nested value 0: ugorji-binc %d bytes, ugorji-binc-sym %d bytes", size["ugorji-binc"], size["ugorji-binc-sym"])
	if size["ugorji-binc-sym"] >= size["ugorji-binc"] {
		t.Errorf("ugorji-binc-sym encodes nested value 0 in %d bytes, ugorji-binc in %d: symbols should make it smaller", size["ugorji-binc-sym"], size["ugorji-binc"])
	}
}
