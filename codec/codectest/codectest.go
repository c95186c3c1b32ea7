// Package codectest is the conformance test every codec adapter gets
// without writing its own: call Run from a test in the adapter's package.
// It also holds checks that several adapters share (checks.go), each
// called from a test of the adapter's package in one line, or selected
// together with the others that apply in one Checks; the check that
// a +convert codec matches its plain codec (convert.go); the steps before
// a codec test's own checks, which fail the test rather than return an
// error (helpers.go: look up, bind, encode, decode); and, for adapters
// whose library decodes values that alias the input on some workloads,
// RunAllowingAliasing, RunPinningAliasing and Aliasing (aliasing.go),
// which relax the conformance test's codec-wide aliasing check and pin
// instead, per workload, the fields that alias.
//
// For every workload the codec binds, Run round-trips every value, the zero
// value and a value whose collections are all empty, and checks that the
// adapter neither modifies nor retains the caller's buffers (unless the
// codec's flags say it may) and that every declared loss is really seen.
//
// What it promises: Run is the conformance test of the codec contract and
// stays callable as it is; a check it adds makes a non-conforming adapter
// fail, never a conforming one. The shared checks of checks.go are for
// serbench's own adapters and may change with them.
package codectest

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// Run runs the conformance test on every codec registered by the calling
// package whose name is in names; all registered codecs when names is empty.
func Run(t *testing.T, names ...string) {
	t.Helper()
	for _, c := range Codecs(t, names...) {
		t.Run(c.Info().Name, func(t *testing.T) { Codec(t, c) })
	}
}

// Codec runs the conformance test on one codec.
func Codec(t *testing.T, c codec.Codec) {
	info := c.Info()
	if info.Format == "" || info.Module == "" || info.API == "" {
		t.Errorf("Info of %s lacks Format, Module or API: %+v", info.Name, info)
	}
	for _, e := range info.Expect {
		if _, err := workload.Lookup(e.Workload); err != nil {
			t.Errorf("Info.Expect: %s expectation for %v", e.Kind, err)
		}
	}
	seen := map[verify.Class]bool{}
	bound := 0
	for _, w := range workload.All() {
		t.Run("workload="+w.Name, func(t *testing.T) {
			if !covers(w) {
				t.Skipf("workload run by package %s, which tests its strategies", w.Runner)
			}
			if reason := info.Expected(w.Name, codec.ExpectUnsupported); reason != "" {
				t.Skipf("unsupported (declared in Info.Expect): %s", reason)
			}
			inst, err := c.Bind(w.Target())
			if errors.Is(err, codec.ErrUnsupported) {
				t.Skipf("unsupported: %v", err)
			}
			if err != nil {
				t.Fatalf("Bind: %v", err)
			}
			bound++
			values := append(valuesOf(w), zeroValue(w), emptyCollections(w))
			if known := info.Expected(w.Name, codec.ExpectMismatch); known != "" {
				checkKnownMismatch(t, c, inst, values, known, seen)
				return
			}
			for i, v := range values {
				checkRoundTrip(t, c, inst, i, v, seen)
			}
			checkBuffers(t, info, inst, values)
			checkAccess(t, w, inst, values)
		})
	}
	if bound == 0 {
		t.Errorf("%s binds no workload", info.Name)
	}
	for _, l := range info.Losses {
		if !seen[verify.Class(l.Kind)] && bound > 0 {
			t.Errorf("declared loss %q never seen in any workload: declare only what is lost", l)
		}
	}
}

func checkRoundTrip(t *testing.T, c codec.Codec, inst codec.Instance, i int, v any, seen map[verify.Class]bool) {
	t.Helper()
	got, _, err := codec.RoundTrip(inst, v)
	if err != nil {
		t.Errorf("value %d: %v", i, err)
		return
	}
	for _, d := range verify.Compare(v, got, nil) {
		seen[d.Class] = true
	}
	if diffs := verify.Compare(v, got, c.Info().Losses); len(diffs) > 0 {
		for _, d := range diffs {
			t.Errorf("value %d: undeclared loss: %s", i, d)
		}
	}
}

// checkKnownMismatch expects the corruption the codec declares for the
// workload (codec.ExpectMismatch) to show in at least one value, and fails
// once it no longer does.
func checkKnownMismatch(t *testing.T, c codec.Codec, inst codec.Instance, values []any, known string, seen map[verify.Class]bool) {
	t.Helper()
	shown := false
	for i, v := range values {
		got, _, err := codec.RoundTrip(inst, v)
		if err != nil {
			continue
		}
		for _, d := range verify.Compare(v, got, nil) {
			seen[d.Class] = true
		}
		if diffs := verify.Compare(v, got, c.Info().Losses); len(diffs) > 0 && !shown {
			t.Logf("known mismatch (%s) still shows: value %d: %s", known, i, diffs[0])
			shown = true
		}
	}
	if !shown {
		t.Errorf("the codec declares a known mismatch (%s), but every value round-trips: remove the expectation from Info.Expect", known)
	}
}

// checkBuffers checks that Decode does not modify its input, that the
// decoded value does not alias it (unless UnsafeStrings), and that Encode
// results are not reused (unless BufferReuse).
func checkBuffers(t *testing.T, info codec.Info, inst codec.Instance, values []any) {
	t.Helper()
	if len(values) < 2 {
		return
	}
	p0, err := inst.Prepare(values[0])
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	p1, err := inst.Prepare(values[1])
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	b0, err := inst.Encode(p0)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	keep := bytes.Clone(b0)
	if _, err := inst.Encode(p1); err != nil {
		t.Fatalf("encode: %v", err)
	}
	if !info.Flags.BufferReuse && !bytes.Equal(b0, keep) {
		t.Errorf("Encode reused the buffer it returned earlier, but the codec has no BufferReuse flag")
	}
	data := bytes.Clone(keep)
	native, err := inst.Decode(data)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !bytes.Equal(data, keep) {
		t.Errorf("Decode modified its input")
	}
	for i := range data {
		data[i] = 0xA5
	}
	got, err := inst.Canonical(native)
	if err != nil {
		t.Fatalf("canonical: %v", err)
	}
	if !info.Flags.UnsafeStrings {
		if diffs := verify.Compare(values[0], got, info.Losses); len(diffs) > 0 {
			t.Errorf("decoded value changed when the input buffer was overwritten (aliasing without the UnsafeStrings flag): %s", diffs[0])
		}
	}
}

// checkAccess checks, for instances that implement codec.Accessor, that
// Access returns exactly the workload's access fields of every value, and
// does not modify its input.
func checkAccess(t *testing.T, w *workload.Workload, inst codec.Instance, values []any) {
	t.Helper()
	a, ok := inst.(codec.Accessor)
	if !ok {
		return
	}
	if w.Access == nil {
		t.Errorf("the instance implements codec.Accessor but workload %s defines no access fields", w.Name)
		return
	}
	for i, v := range values {
		prepared, err := inst.Prepare(v)
		if err != nil {
			t.Fatalf("value %d: prepare: %v", i, err)
		}
		data, err := inst.Encode(prepared)
		if err != nil {
			t.Fatalf("value %d: encode: %v", i, err)
		}
		data = bytes.Clone(data)
		keep := bytes.Clone(data)
		var got any
		if err := codec.Call("access", func() (e error) { got, e = a.Access(data); return }); err != nil {
			t.Errorf("value %d: access: %v", i, err)
			continue
		}
		if !bytes.Equal(data, keep) {
			t.Errorf("value %d: Access modified its input", i)
		}
		if want := w.Access(v); !reflect.DeepEqual(got, want) {
			t.Errorf("value %d: Access = %#v, want %#v", i, got, want)
		}
	}
}

var float32Slice = reflect.TypeFor[[]float32]()

// covers reports whether the checks of this package round-trip values of
// w: every workload but those run by a package of their own, other than
// the []float32 ones (which take floatSlices).
func covers(w *workload.Workload) bool { return w.Runner == "" || w.Type == float32Slice }

// valuesOf returns the values the checks round-trip on a workload they
// cover: its values, or floatSlices for one run by a package of its own.
func valuesOf(w *workload.Workload) []any {
	if w.Runner != "" {
		return floatSlices()
	}
	return w.Values(workload.Options{})
}

// floatSlices returns, for workloads of []float32 run by their own package
// (floats), a few small slices to round-trip: random float32 values of
// every magnitude from the workload's seed, and finite edge values
// (the workload has no infinities or NaNs, which JSON cannot carry).
func floatSlices() []any {
	r := rand.New(rand.NewPCG(workload.FloatsSeed, 1))
	random := make([]float32, 1000)
	for i := range random {
		random[i] = float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30)))
	}
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.1, 1e30, -1e-30, 0.99999994,
		math.SmallestNonzeroFloat32}
	one := []float32{3.25}
	return []any{&random, &edges, &one}
}

func zeroValue(w *workload.Workload) any { return reflect.New(w.Type).Interface() }

// emptyCollections returns a pointer to a value of the workload's type
// whose top-level map and slice fields are empty but not nil.
func emptyCollections(w *workload.Workload) any {
	p := reflect.New(w.Type)
	v := p.Elem()
	if v.Kind() != reflect.Struct {
		return p.Interface()
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 0, 0))
		}
	}
	return p.Interface()
}
