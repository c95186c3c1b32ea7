package capnp

import (
	"errors"
	"fmt"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

var names = []string{"capnp", "capnp-packed"}

// TestConformance runs the conformance test, for "capnp" with its
// codec-wide aliasing check relaxed: its decoded []byte fields of nested
// alias the input by design of the library (Unmarshal and the Data
// getters), while the codec declares no UnsafeStrings flag (see the
// package doc). TestAliasing checks aliasing instead, per workload.
// "capnp-packed" decodes from an unpacked copy and aliases nothing.
func TestConformance(t *testing.T) {
	for _, name := range names {
		if flags := codectest.Lookup(t, name).Info().Flags; !flags.Plain() {
			t.Fatalf("%s: flags %s, want none (aliasing is per workload)", name, flags)
		}
	}
	codectest.RunAllowingAliasing(t, "capnp")
	codectest.Run(t, "capnp-packed")
}

// TestAliasing pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): in "capnp" a Data getter
// returns a slice of the input (the package doc says where); in
// "capnp-packed" a slice of the unpacked message.
func TestAliasing(t *testing.T) {
	codectest.AliasingOf(t, codectest.BytesAliasing("nested"), "capnp")
	codectest.AliasingOf(t, nil, "capnp-packed")
}

// TestChecks runs the shared checks; MillionFloats encodes and decodes the
// floats workload's 1,000,000 float32 values (a 4 MB message), as the
// floats runner does.
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, MillionFloats: true}.Run(t, names...)
}

// TestTraverseLimit decodes a message larger than capnp-go's default
// traversal limit of 64 MiB (17,000,000 float32 values, 68 MB), which
// Decode raises with the message's size.
func TestTraverseLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("a 68 MB message: skipped with -short")
	}
	if size, ok := codectest.Floats(t, 17_000_000, "capnp")["capnp"]; ok && size <= defaultTraverseLimit {
		t.Fatalf("message of %d bytes is not above the default traversal limit", size)
	}
}

// TestDeepNested round-trips nested values at depth 5 (each holds 3^5 + ...
// copies of TestStruc, 20 pointer levels deep).
func TestDeepNested(t *testing.T) {
	for _, name := range names {
		inst := codectest.Bind(t, name, "nested")
		for i, v := range workload.Nested(workload.NestedSeed, 2, 5) {
			codectest.RoundTripsSame(t, inst, v, []codec.Loss{interfaceTypes}, fmt.Sprintf("%s: value %d", name, i))
		}
	}
}

// TestNilAndEmptyApart checks that nil and empty collections come back as
// they went, in children too (the conformance test sets top-level ones),
// and that values outside the mapping are refused.
func TestNilAndEmptyApart(t *testing.T) {
	for _, name := range names {
		inst := codectest.Bind(t, name, "nested")
		child := &workload.TestStruc{Sslice: []string{}, Byslice: []byte{}, Ms: map[string]any{"nil": nil}, Islice: []any{nil, "", int8(-1)}}
		codectest.RoundTripsSame(t, inst, codectest.InChildren(child), []codec.Loss{interfaceTypes}, name)
		if _, err := inst.Encode(&workload.TestStruc{Islice: []any{struct{}{}}}); err == nil {
			t.Errorf("%s: an interface{} value outside the Value mapping encoded without error", name)
		}
		if _, err := inst.Encode(&workload.TestStruc{Iptrslice: []*int64{nil}}); err == nil {
			t.Errorf("%s: a nil *int64 element encoded without error", name)
		}
	}
}

// TestTruncated checks that every strict prefix of a message gives an
// error, not a panic: capnp.Unmarshal checks the framing's sizes.
func TestTruncated(t *testing.T) {
	for _, name := range names {
		inst := codectest.Bind(t, name, "person")
		data, err := inst.Encode(workload.People(workload.PersonSeed, 1)[0])
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < len(data); n++ {
			var perr *codec.PanicError
			err := codec.Call("decode", func() error { _, err := inst.Decode(data[:n:n]); return err })
			switch {
			case errors.As(err, &perr):
				t.Errorf("%s: %d of %d bytes: %v", name, n, len(data), err)
			case err == nil:
				t.Errorf("%s: %d of %d bytes decoded without error", name, n, len(data))
			}
		}
	}
}
