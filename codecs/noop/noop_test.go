package noop

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// noop is a reference measurement whose round trip is never verified, so
// it does not run the conformance test of codec/codectest, which would
// fail it by design; these tests check what it promises instead.

// person returns noop bound to the person workload and a prepared value.
func person(t testing.TB) (codec.Instance, any) {
	t.Helper()
	inst, values := codectest.BindValues(t, "noop", "person", &workload.Options{Count: 1})
	prepared, err := inst.Prepare(values[0])
	if err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	return inst, prepared
}

func TestInfo(t *testing.T) {
	got := codectest.Lookup(t, "noop").Info()
	if got.Name != "noop" || got.Format != "none" || got.Module != "serbench" || got.API != codec.HandWritten ||
		got.Reference != "floor" || !got.Flags.Plain() || len(got.Losses) != 0 || got.Notes == "" {
		t.Errorf("Info = %+v", got)
	}
}

// TestBindsAnyTarget binds every workload and targets that give no way to
// make a value, and checks every call of the instance on each.
func TestBindsAnyTarget(t *testing.T) {
	targets := []codec.Target{{Workload: "nothing"}, {Workload: "type-only", Type: reflect.TypeFor[[]string]()}}
	for _, w := range workload.All() {
		targets = append(targets, w.Target())
	}
	for _, tg := range targets {
		inst, err := codectest.Lookup(t, "noop").Bind(tg)
		if err != nil {
			t.Errorf("Bind(%s): %v", tg.Workload, err)
			continue
		}
		in := any(&struct{ X int }{1})
		if tg.New != nil {
			in = tg.New()
		}
		if p, err := inst.Prepare(in); err != nil || p != in {
			t.Errorf("%s: Prepare = %v, %v; want its input", tg.Workload, p, err)
		}
		if b, err := inst.Encode(in); err != nil || len(b) != 1 {
			t.Errorf("%s: Encode = %v, %v; want one byte", tg.Workload, b, err)
		}
		d, err := inst.Decode([]byte{0})
		if err != nil || d == nil {
			t.Errorf("%s: Decode = %v, %v; want a value", tg.Workload, d, err)
			continue
		}
		if c, err := inst.Canonical(d); err != nil || c != d {
			t.Errorf("%s: Canonical = %v, %v; want its input", tg.Workload, c, err)
		}
		if tg.Type != nil {
			if got, want := reflect.TypeOf(d), reflect.PointerTo(tg.Type); got != want {
				t.Errorf("%s: Decode returns a %s, want a %s", tg.Workload, got, want)
			}
		}
	}
}

func TestEncode(t *testing.T) {
	inst, prepared := person(t)
	b, err := inst.Encode(prepared)
	if err != nil || len(b) != 1 {
		t.Fatalf("Encode = %v, %v; want one byte", b, err)
	}
	if n := testing.AllocsPerRun(1000, func() { inst.Encode(prepared) }); n != 0 {
		t.Errorf("Encode allocates %v times per call, want 0", n)
	}
}

func TestDecode(t *testing.T) {
	inst, prepared := person(t)
	msg, _ := inst.Encode(prepared)
	msg = bytes.Clone(msg)
	big := bytes.Repeat([]byte{0xA5}, 1<<16)
	for _, data := range [][]byte{nil, {}, msg, {0xff, 0}, []byte("not a message at all"), big} {
		keep := bytes.Clone(data)
		v, err := inst.Decode(data)
		if err != nil || v == nil {
			t.Errorf("Decode(%d bytes) = %v, %v; want a value and no error", len(data), v, err)
		}
		if !bytes.Equal(data, keep) {
			t.Errorf("Decode(%d bytes) modified its input", len(data))
		}
	}
	for _, data := range [][]byte{nil, msg, big} {
		if n := testing.AllocsPerRun(1000, func() { inst.Decode(data) }); n != 0 {
			t.Errorf("Decode of %d bytes allocates %v times per call, want 0", len(data), n)
		}
	}
}

// TestRoundTripCarriesNothing documents why noop is never verified: every
// value decodes as the zero value.
func TestRoundTripCarriesNothing(t *testing.T) {
	inst, prepared := person(t)
	got, enc, err := codec.RoundTrip(inst, prepared)
	if err != nil {
		t.Fatal(err)
	}
	if len(enc) != 1 || !reflect.ValueOf(got).Elem().IsZero() {
		t.Errorf("round trip = %v, %d bytes; want the zero value from one byte", got, len(enc))
	}
}

func BenchmarkNoopEncode(b *testing.B) {
	inst, prepared := person(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := inst.Encode(prepared); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNoopDecode(b *testing.B) {
	inst, prepared := person(b)
	msg, _ := inst.Encode(prepared)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := inst.Decode(msg); err != nil {
			b.Fatal(err)
		}
	}
}
