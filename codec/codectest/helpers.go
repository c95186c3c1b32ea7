package codectest

import (
	"errors"
	"reflect"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// The helpers of this file do, for a test of a codec (or of a package
// that runs codecs), the steps around its own checks: look up a codec or
// a workload, bind, encode (prepare and encode), decode (decode and
// convert to the canonical value), round-trip and compare. Each fails the
// test, with a message that names what failed, rather than returning an
// error.

// Lookup returns the registered codec named name; it fails t when there
// is none.
func Lookup(t testing.TB, name string) codec.Codec {
	t.Helper()
	c, ok := codec.Lookup(name)
	if !ok {
		t.Fatalf("codec %q is not registered", name)
	}
	return c
}

// Codecs returns the named codecs, or all the registered ones when names
// is empty; it fails t when one is not registered, or when none is.
func Codecs(t testing.TB, names ...string) []codec.Codec {
	t.Helper()
	if len(names) == 0 {
		cs := codec.All()
		if len(cs) == 0 {
			t.Fatal("no codec to test")
		}
		return cs
	}
	cs := make([]codec.Codec, 0, len(names))
	for _, n := range names {
		cs = append(cs, Lookup(t, n))
	}
	return cs
}

// Workload returns the workload named name; it fails t when there is none.
func Workload(t testing.TB, name string) *workload.Workload {
	t.Helper()
	w, err := workload.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// Bind returns the named codec bound to the named workload; it fails t
// when either is unknown or Bind fails.
func Bind(t testing.TB, codecName, workloadName string) codec.Instance {
	t.Helper()
	inst, _ := BindValues(t, codecName, workloadName, nil)
	return inst
}

// BindValues is Bind, and returns too the workload's values with opts (none
// when opts is nil).
func BindValues(t testing.TB, codecName, workloadName string, opts *workload.Options) (codec.Instance, []any) {
	t.Helper()
	c := Lookup(t, codecName)
	w := Workload(t, workloadName)
	inst, err := c.Bind(w.Target())
	if err != nil {
		t.Fatalf("%s: Bind(%s): %v", codecName, workloadName, err)
	}
	if opts == nil {
		return inst, nil
	}
	return inst, w.Values(*opts)
}

// Encode prepares v with inst and encodes it; it fails t when either
// fails. The result is inst's: a codec with the BufferReuse flag may
// overwrite it at the next Encode.
func Encode(t testing.TB, inst codec.Instance, v any) []byte {
	t.Helper()
	p, err := inst.Prepare(v)
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	data, err := inst.Encode(p)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return data
}

// Bound returns c bound to w and true, or false when c declares w
// unsupported (codec.ExpectUnsupported in Info.Expect) or Bind returns an
// error wrapping codec.ErrUnsupported. Any other error of Bind fails t
// (without stopping it), and Bound returns false.
func Bound(t testing.TB, c codec.Codec, w *workload.Workload) (codec.Instance, bool) {
	t.Helper()
	if c.Info().Expected(w.Name, codec.ExpectUnsupported) != "" {
		return nil, false
	}
	inst, err := c.Bind(w.Target())
	if errors.Is(err, codec.ErrUnsupported) {
		return nil, false
	}
	if err != nil {
		t.Errorf("%s: Bind(%s): %v", c.Info().Name, w.Name, err)
		return nil, false
	}
	return inst, true
}

// WorkloadTypes returns the canonical types of the named workloads, for
// BindsOnly; it fails t when one is unknown.
func WorkloadTypes(t testing.TB, names ...string) []reflect.Type {
	t.Helper()
	types := make([]reflect.Type, 0, len(names))
	for _, n := range names {
		types = append(types, Workload(t, n).Type)
	}
	return types
}

// Decode decodes data with inst and converts the result to the canonical
// value; it fails t when either fails.
func Decode(t testing.TB, inst codec.Instance, data []byte) any {
	t.Helper()
	var v any
	native, err := inst.Decode(data)
	if err == nil {
		v, err = inst.Canonical(native)
	}
	if err != nil {
		t.Fatalf("decode, or convert to the canonical value: %v", err)
	}
	return v
}

// EncodedSizes round-trips the first value of the named workload with
// each named codec, and returns the length of each codec's encoding, by
// codec name; it fails t when a round trip fails.
func EncodedSizes(t testing.TB, workloadName string, names ...string) map[string]int {
	t.Helper()
	v := Workload(t, workloadName).Values(workload.Options{Count: 1})[0]
	sizes := map[string]int{}
	for _, name := range names {
		_, b, err := codec.RoundTrip(Bind(t, name, workloadName), v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sizes[name] = len(b)
	}
	return sizes
}

// RoundTripsSame round-trips v with inst and reports whether the decoded
// value is v but for losses; when not, it fails t (without stopping it)
// with the round trip's error or the first difference, after what (which
// names v).
func RoundTripsSame(t testing.TB, inst codec.Instance, v any, losses []codec.Loss, what string) bool {
	t.Helper()
	got, _, err := codec.RoundTrip(inst, v)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return false
	}
	if diffs := verify.Compare(v, got, losses); len(diffs) > 0 {
		t.Errorf("%s: %s", what, diffs[0])
		return false
	}
	return true
}

// InChildren returns a TestStruc that holds child at every depth-one
// place of a child (in Mtsptr, beside a nil entry; in Mts; and in Its,
// beside an empty TestStruc), with Nintf and Nint64 set, for the checks
// of what a codec makes of the collections of a child, which the
// conformance test's top-level values do not reach.
func InChildren(child *workload.TestStruc) *workload.TestStruc {
	n := int64(-3)
	return &workload.TestStruc{
		Mtsptr: map[string]*workload.TestStruc{"a": child, "nil": nil},
		Mts:    map[string]workload.TestStruc{"b": *child},
		Its:    []*workload.TestStruc{child, {}},
		Nintf:  uint16(7),
		Nint64: &n,
	}
}
