package harness

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/result"
)

// items returns n fresh test values (N is 0: the test codecs here carry S
// only).
func items(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = &item{S: strings.Repeat("x", i%5+1)}
	}
	return out
}

var itemTarget = codec.Target{Workload: "items", Type: reflect.TypeFor[item](), New: func() any { return new(item) }}

// normalizer is a codec that "normalises" its input in place, as one that
// turned times to UTC or empty slices to nil would: its encoding is exact,
// and its round trip too, but the caller's value has changed.
func normalizer() codec.Codec {
	return codec.New(codec.Info{Name: "normalizer", Format: "fake", Module: "serbench", API: codec.HandWritten},
		func(codec.Target) (codec.Instance, error) {
			return codec.Funcs{
				EncodeFunc: func(v any) ([]byte, error) {
					it := v.(*item)
					it.S = strings.ToUpper(it.S)
					return []byte(it.S), nil
				},
				DecodeFunc: func(b []byte) (any, error) { return &item{S: string(b)}, nil },
			}, nil
		})
}

// aliaser is a codec whose decoded strings alias the input bytes, with no
// flag that says so.
func aliaser() codec.Codec {
	return codec.New(codec.Info{Name: "aliaser", Format: "fake", Module: "serbench", API: codec.HandWritten},
		func(codec.Target) (codec.Instance, error) {
			return codec.Funcs{
				EncodeFunc: func(v any) ([]byte, error) { return []byte(v.(*item).S), nil },
				DecodeFunc: func(b []byte) (any, error) { return &item{S: unsafe.String(unsafe.SliceData(b), len(b))}, nil },
			}, nil
		})
}

func TestSetupCatchesCodecThatChangesItsInput(t *testing.T) {
	// The normalizer's round trip alone looks fine: the value passed to
	// it comes back as it left... after it was changed.
	j := Job{Workload: "items", Target: itemTarget, Values: items(10), Pristine: items(10), Codec: normalizer()}
	p, v, err := Setup(context.Background(), j, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Verification done, the prepared job holds no pristine copy: the
	// first fork's heap must be the later forks' (set up Verified).
	if p.Job.Pristine != nil {
		t.Error("the prepared job still holds the pristine values")
	}
	if v.Status != result.VerifyMutated || v.MutatedValues != 10 || !v.Failing() {
		t.Fatalf("status %q, %d mutated values; want %q for all 10: %+v", v.Status, v.MutatedValues, result.VerifyMutated, v)
	}
	if len(v.Diffs) == 0 || !strings.Contains(v.Diffs[0], "input changed") || !strings.Contains(v.Diffs[0], ".S") {
		t.Errorf("diffs do not say which input changed: %q", v.Diffs)
	}
	// Without the pristine copy, the change cannot be seen: the job's
	// values are compared with themselves (this is what the pristine
	// copy is for).
	j = Job{Workload: "items", Target: itemTarget, Values: items(10), Codec: normalizer()}
	if _, v, _ = Setup(context.Background(), j, 0); v.Status != result.VerifyExact {
		t.Errorf("without Pristine: status %q", v.Status)
	}
}

func TestSetupDetectsAliasingPerWorkload(t *testing.T) {
	j := Job{Workload: "items", Target: itemTarget, Values: items(10), Pristine: items(10), Codec: aliaser()}
	_, v, err := Setup(context.Background(), j, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Aliased() || len(v.Aliases) == 0 || !strings.Contains(v.Aliases[0], ".S") {
		t.Fatalf("aliasing not detected: flags %v, aliases %q", v.Flags, v.Aliases)
	}
	if v.Status != result.VerifyExact {
		t.Errorf("an aliasing codec's values are still exact: status %q", v.Status)
	}
	// A workload whose decoded values hold no bytes of the input does
	// not alias, with the same codec.
	empty := make([]any, 5)
	for i := range empty {
		empty[i] = &item{N: 0}
	}
	empty2 := make([]any, 5)
	for i := range empty2 {
		empty2[i] = &item{N: 0}
	}
	j = Job{Workload: "items", Target: itemTarget, Values: empty, Pristine: empty2, Codec: aliaser()}
	if _, v, _ = Setup(context.Background(), j, 0); v.Aliased() {
		t.Errorf("empty strings alias nothing: %v %q", v.Flags, v.Aliases)
	}
	// An honest codec does not alias.
	clk := &fakeClock{}
	j = Job{Workload: "items", Target: itemTarget, Values: items(10), Pristine: items(10), Codec: &fake{name: "honest", clock: clk}}
	if _, v, _ = Setup(context.Background(), j, 0); v.Aliased() || v.Status != result.VerifyExact {
		t.Errorf("honest codec: %+v", v)
	}
}

// keyed is a value with a map, for keyAliaser.
type keyed struct{ M map[string]int }

// keyAliaser is a codec whose decoded map keys alias the input bytes, as
// unsafe-string codecs' do: overwriting the message changes the keys
// inside the map, which then no longer finds them (go-cmp panics on such
// a map).
func keyAliaser() codec.Codec {
	return codec.New(codec.Info{Name: "key-aliaser", Format: "fake", Module: "serbench", API: codec.HandWritten},
		func(codec.Target) (codec.Instance, error) {
			return codec.Funcs{
				EncodeFunc: func(v any) ([]byte, error) {
					var b []byte
					for k := range v.(*keyed).M {
						b = append(b, k...)
					}
					return b, nil
				},
				DecodeFunc: func(b []byte) (any, error) {
					return &keyed{M: map[string]int{unsafe.String(unsafe.SliceData(b), len(b)): 1}}, nil
				},
			}, nil
		})
}

func TestSetupAliasedMapKeys(t *testing.T) {
	vals := func() []any {
		out := make([]any, 4)
		for i := range out {
			out[i] = &keyed{M: map[string]int{strings.Repeat("k", i+3): 1}}
		}
		return out
	}
	target := codec.Target{Workload: "keyed", Type: reflect.TypeFor[keyed](), New: func() any { return new(keyed) }}
	j := Job{Workload: "keyed", Target: target, Values: vals(), Pristine: vals(), Codec: keyAliaser()}
	_, v, err := Setup(context.Background(), j, 0)
	if err != nil {
		t.Fatalf("setup failed instead of flagging the aliasing: %v", err)
	}
	// Whether go-cmp panics on the broken map or finds a key missing
	// depends on the map's hash seed: either way the row is flagged.
	if !v.Aliased() || len(v.Aliases) == 0 {
		t.Fatalf("aliased map keys not flagged: flags %v, aliases %q", v.Flags, v.Aliases)
	}
	for _, a := range v.Aliases {
		if !strings.Contains(a, "map key aliases") && !strings.Contains(a, ".M[") {
			t.Errorf("alias %q does not name the map", a)
		}
	}
}
