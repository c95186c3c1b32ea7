package shamaton

import (
	"bytes"
	"strings"
	"testing"

	"github.com/shamaton/msgpack/v2"

	"github.com/serbench/serbench/codec/codectest"
)

// TestConformance runs the conformance test with its aliasing check
// relaxed: that check is codec-wide (it wants the UnsafeStrings flag as
// soon as one workload aliases), and the decoded byte slices of nested,
// bsontypes-binary and bsontypes-document alias the input by design of the
// library, while the codec declares no flag (see the package doc).
//
// It then pins which decoded values alias the input, per workload (the
// fields whose decoded values change when the input buffer is overwritten
// after Decode; workloads not listed alias nothing): it fails when that
// changes, in either direction.
func TestConformance(t *testing.T) {
	if flags := codectest.Lookup(t, "shamaton-msgpack").Info().Flags; !flags.Plain() {
		t.Fatalf("flags %s, want none (aliasing is per workload)", flags)
	}
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested", "bsontypes-binary", "bsontypes-document"), "shamaton-msgpack")
}

// TestAliasingByFormat documents the library's aliasing by MessagePack
// format and Go type, including cases shamaton's own encoding of the
// workloads never produces (a string from bin data, bin data into an
// interface{}).
func TestAliasingByFormat(t *testing.T) {
	type bin struct{ V []byte }  // shamaton writes []byte as bin
	type str struct{ V string }  // and string as str
	type arr struct{ V [3]byte } // and [N]byte as bin
	type anyV struct{ V any }
	binData, err := msgpack.Marshal(bin{[]byte("abc")})
	if err != nil {
		t.Fatal(err)
	}
	strData, err := msgpack.Marshal(str{"abc"})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(binData, strData) {
		t.Fatal("bin and str encodings are equal")
	}
	asString := func(v any) string {
		switch x := v.(type) {
		case []byte:
			return string(x)
		case string:
			return strings.Clone(x)
		}
		t.Fatalf("decoded %T", v)
		return ""
	}
	for _, c := range []struct {
		name  string
		data  []byte
		into  func(data []byte) (func() string, error)
		alias bool
	}{
		{"bin into []byte", binData, decodeInto(func(v *bin) string { return string(v.V) }), true},
		{"str into []byte", strData, decodeInto(func(v *bin) string { return string(v.V) }), true},
		{"bin into string", binData, decodeInto(func(v *str) string { return strings.Clone(v.V) }), true},
		{"bin into interface{}", binData, decodeInto(func(v *anyV) string { return asString(v.V) }), true},
		{"str into string", strData, decodeInto(func(v *str) string { return strings.Clone(v.V) }), false},
		{"str into interface{}", strData, decodeInto(func(v *anyV) string { return asString(v.V) }), false},
		{"bin into [3]byte", binData, decodeInto(func(v *arr) string { return string(v.V[:]) }), false},
	} {
		data := bytes.Clone(c.data)
		get, err := c.into(data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		before := get()
		if before != "abc" {
			t.Errorf("%s: decoded %q, want \"abc\"", c.name, before)
		}
		for i := range data {
			data[i] = 0xA5
		}
		after := get()
		if alias := before != after; alias != c.alias {
			t.Errorf("%s: aliases the input: %v, want %v (%q after overwriting the input)", c.name, alias, c.alias, after)
		}
	}
}

// decodeInto returns a function that decodes data into a new T and
// returns a function that reads the decoded field with get (which copies
// it).
func decodeInto[T any](get func(*T) string) func(data []byte) (func() string, error) {
	return func(data []byte) (func() string, error) {
		v := new(T)
		if err := msgpack.Unmarshal(data, v); err != nil {
			return nil, err
		}
		return func() string { return get(v) }, nil
	}
}
