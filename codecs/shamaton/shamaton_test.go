package shamaton

import (
	"bytes"
	"errors"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/shamaton/msgpack/v2"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// TestConformance runs the conformance test with its aliasing check
// relaxed: that check is codec-wide (it wants the UnsafeStrings flag as
// soon as one workload aliases), and the decoded byte slices of nested,
// bsontypes-binary and bsontypes-document alias the input by design of the
// library, while the codec declares no flag (see the package doc).
// TestAliasing checks aliasing instead, per workload and for every value.
func TestConformance(t *testing.T) {
	c, ok := codec.Lookup("shamaton-msgpack")
	if !ok {
		t.Fatal("shamaton-msgpack is not registered")
	}
	if !c.Info().Flags.Plain() {
		t.Fatalf("flags %s, want none (aliasing is per workload)", c.Info().Flags)
	}
	codectest.Codec(t, aliasingAllowed{c})
}

// aliasingAllowed is c with the UnsafeStrings flag set, for the
// conformance test only.
type aliasingAllowed struct{ codec.Codec }

func (a aliasingAllowed) Info() codec.Info {
	info := a.Codec.Info()
	info.Flags.UnsafeStrings = true
	return info
}

// aliasedFields are, per workload, the fields (the last field name of a
// verify.Diff path) whose decoded values change when the input buffer is
// overwritten after Decode. Workloads not listed alias nothing.
var aliasedFields = map[string][]string{
	"nested":             {"Byslice", "Ui8slice"}, // []byte and []uint8, at every depth
	"bsontypes-binary":   {"Values"},              // []byte elements
	"bsontypes-document": {"Binary"},              // []byte
}

var lastField = regexp.MustCompile(`\.([A-Za-z0-9_]+)[^.]*$`)

// TestAliasing documents which decoded values alias the input, per
// workload: it decodes every value of every workload the codec binds from
// a copy of its encoding, overwrites the copy and lists the fields that
// changed. It fails when that list changes, in either direction.
func TestAliasing(t *testing.T) {
	c, _ := codec.Lookup("shamaton-msgpack")
	losses := c.Info().Losses
	for _, w := range workload.All() {
		floats := w.Type == reflect.TypeFor[[]float32]()
		if w.Runner != "" && !floats || c.Info().Expected(w.Name, codec.ExpectUnsupported) != "" || c.Info().Expected(w.Name, codec.ExpectMismatch) != "" {
			continue
		}
		t.Run(w.Name, func(t *testing.T) {
			inst, err := c.Bind(w.Target())
			if errors.Is(err, codec.ErrUnsupported) {
				t.Skipf("unsupported: %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			fields := map[string]bool{}
			aliasing := 0
			// Aliasing depends on the types, not on the values: the
			// first values suffice (and keep the test quick; a []byte
			// diff is reported element by element).
			var values []any
			if floats { // run by its own runner: a few slices of our own
				values = []any{&[]float32{1.5, -2, 3e30}, &[]float32{0.25}}
			} else {
				values = w.Values(workload.Options{})
				values = values[:min(len(values), 20)]
			}
			for i, v := range values {
				got, data, err := codec.RoundTrip(inst, v)
				if err != nil {
					t.Fatalf("value %d: %v", i, err)
				}
				if diffs := verify.Compare(v, got, losses); len(diffs) > 0 {
					t.Fatalf("value %d does not round-trip: %s", i, diffs[0])
				}
				native, err := inst.Decode(data)
				if err != nil {
					t.Fatalf("value %d: %v", i, err)
				}
				for j := range data {
					data[j] = 0xA5
				}
				got, err = inst.Canonical(native)
				if err != nil {
					t.Fatalf("value %d: %v", i, err)
				}
				diffs := verify.Compare(v, got, losses)
				if len(diffs) > 0 {
					aliasing++
				}
				for _, d := range diffs {
					m := lastField.FindStringSubmatch(d.Path)
					if m == nil {
						t.Fatalf("value %d: no field in the path of %s", i, d)
					}
					fields[m[1]] = true
				}
			}
			var got []string
			for f := range fields {
				got = append(got, f)
			}
			sort.Strings(got)
			want := aliasedFields[w.Name]
			t.Logf("%d of %d values alias the input, in fields %v", aliasing, len(values), got)
			if !slices.Equal(got, want) {
				t.Errorf("fields aliasing the input: %v, want %v", got, want)
			}
		})
	}
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
