package codectest

import (
	"bytes"
	"errors"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// Aliasing is a property of a workload's types, not of a codec: a library
// that sets a decoded []byte to a slice of its input aliases the input on
// the workloads that hold a []byte and on no other. serbench's policy is
// that an adapter decodes exactly as its library does (it does not copy
// the input to hide the aliasing), declares no UnsafeStrings flag for it,
// and lets the harness detect and flag aliasing per workload. The
// conformance test's aliasing check is codec-wide (it wants the flag as
// soon as one workload aliases), so such an adapter runs it with the check
// relaxed (RunAllowingAliasing or AliasingAllowed) and pins instead, with
// Aliasing, which values alias the input, workload by workload
// (RunPinningAliasing does both).

// RunAllowingAliasing is Run with the codec-wide aliasing check relaxed
// (see AliasingAllowed), for codecs whose decoded values alias the input
// on some workloads by design of their library. Such a codec should pin
// what aliases with Aliasing. It fails for a codec with the UnsafeStrings
// flag: that flag declares aliasing on every workload, and a codec that
// has it needs no relaxed check, while one whose aliasing is per workload
// must not declare it (the harness flags its rows workload by workload).
func RunAllowingAliasing(t *testing.T, names ...string) {
	t.Helper()
	for _, c := range Codecs(t, names...) {
		if c.Info().Flags.UnsafeStrings {
			t.Errorf("%s has the UnsafeStrings flag, want none: its aliasing is per workload", c.Info().Name)
			continue
		}
		t.Run(c.Info().Name, func(t *testing.T) { Codec(t, AliasingAllowed(c)) })
	}
}

// RunPinningAliasing is RunAllowingAliasing followed, in a subtest named
// "aliasing", by AliasingOf with want: the conformance test with its
// codec-wide aliasing check relaxed, and instead the pins, per workload,
// of the fields whose decoded values alias the input.
func RunPinningAliasing(t *testing.T, want map[string][]string, names ...string) {
	t.Helper()
	RunAllowingAliasing(t, names...)
	t.Run("aliasing", func(t *testing.T) { AliasingOf(t, want, names...) })
}

// AliasingAllowed returns c with the UnsafeStrings flag set in its Info,
// for Codec only: Codec then does not fail when a decoded value changes as
// its input is overwritten. Every other check stays (Decode must still
// not modify its input). Register c itself, never the result.
func AliasingAllowed(c codec.Codec) codec.Codec { return aliasingAllowed{c} }

type aliasingAllowed struct{ codec.Codec }

func (a aliasingAllowed) Info() codec.Info {
	info := a.Codec.Info()
	info.Flags.UnsafeStrings = true
	return info
}

// aliasingValues is how many values of a workload Aliasing decodes:
// aliasing depends on the types, not on the values, so the first few
// suffice (and keep the test quick).
const aliasingValues = 20

// lastField finds the last field name of a verify.Diff path.
var lastField = regexp.MustCompile(`\.([A-Za-z0-9_]+)[^.]*$`)

// Aliasing checks which decoded values of c alias the input, per
// workload. For every workload c binds (but those run by a package of
// their own, other than the []float32 ones, and those declared
// unsupported), it decodes each of the first values from a copy of its
// encoding, overwrites the copy, converts the decoded value to the
// canonical one and compares it with the original: the fields that
// differ now, and did not before the overwrite, alias the input. It fails
// when the sorted set of those fields differs, in either direction, from
// want[workload] (nil or absent: the workload aliases nothing), and when
// want names a workload it did not check.
//
// A field is named by the last field name of its verify.Diff path (so
// "Byslice" stands for the Byslice field of a TestStruc at every depth,
// and "Values" for the elements of a bsontypes workload's Values); a
// difference at the top level, outside any field, is named "(root)", and
// a decoded map whose keys alias the input (go-cmp panics on it, as it no
// longer finds its own keys) is named "(map key)".
//
// Values that c fails to encode or decode are skipped; a known mismatch
// does not count (a difference already there before the overwrite counts
// only if the overwrite changes it); a Canonical that fails, or panics,
// after the overwrite fails the test.
func Aliasing(t *testing.T, c codec.Codec, want map[string][]string) {
	t.Helper()
	info := c.Info()
	checked := map[string]bool{}
	for _, w := range workload.All() {
		if !covers(w) {
			continue
		}
		inst, ok := Bound(t, c, w)
		if !ok {
			continue
		}
		checked[w.Name] = true
		t.Run(w.Name, func(t *testing.T) {
			values := valuesOf(w)
			values = values[:min(len(values), aliasingValues)]
			fields := map[string]bool{}
			aliasing, decoded := 0, 0
			for i, v := range values {
				found, err := aliasedFields(inst, v, info.Losses)
				var after afterOverwrite
				switch {
				case errors.As(err, &after):
					t.Errorf("value %d: %v", i, err)
					continue
				case err != nil:
					t.Logf("value %d skipped: %v", i, err)
					continue
				}
				decoded++
				if len(found) > 0 {
					aliasing++
				}
				for _, f := range found {
					fields[f] = true
				}
			}
			if decoded == 0 {
				t.Fatalf("no value of %d round-trips", len(values))
			}
			got := make([]string, 0, len(fields))
			for f := range fields {
				got = append(got, f)
			}
			sort.Strings(got)
			exp := slices.Clone(want[w.Name])
			sort.Strings(exp)
			t.Logf("%d of %d values alias the input, in fields %v", aliasing, decoded, got)
			if !slices.Equal(got, exp) {
				t.Errorf("fields aliasing the input: %v, want %v", got, exp)
			}
		})
	}
	for name := range want {
		if !checked[name] {
			t.Errorf("want names workload %q, which %s does not bind or Aliasing does not check", name, info.Name)
		}
	}
}

// AliasingOf runs Aliasing with want on each named codec, in a subtest
// named after the codec (on every registered codec when names is empty).
func AliasingOf(t *testing.T, want map[string][]string, names ...string) {
	t.Helper()
	for _, c := range Codecs(t, names...) {
		t.Run(c.Info().Name, func(t *testing.T) { Aliasing(t, c, want) })
	}
}

// BytesAliasing returns the want of Aliasing for a codec whose library
// decodes a []byte as a slice of its input, on the named workloads: the
// fields of each that hold a []byte, as Aliasing names them (byteFields).
// It panics on a workload that has none.
func BytesAliasing(workloads ...string) map[string][]string {
	want := map[string][]string{}
	for _, w := range workloads {
		fields, ok := byteFields[w]
		if !ok {
			panic("codectest.BytesAliasing: workload " + w + " has no []byte field")
		}
		want[w] = slices.Clone(fields)
	}
	return want
}

// byteFields are the fields that hold a []byte, by workload.
var byteFields = map[string][]string{
	"nested":             {"Byslice", "Ui8slice"}, // []byte and []uint8, at every depth
	"bsontypes-binary":   {"Values"},              // []byte elements
	"bsontypes-document": {"Binary"},              // []byte
}

// aliasedFields returns the fields of the value decoded from the encoding
// of v that change when the input is overwritten after Decode.
func aliasedFields(inst codec.Instance, v any, losses []codec.Loss) ([]string, error) {
	got, enc, err := codec.RoundTrip(inst, v)
	if err != nil {
		return nil, err
	}
	before := verify.Compare(v, got, losses)
	// A copy: a BufferReuse codec's encoding is its own buffer.
	data := bytes.Clone(enc)
	var native any
	if err := codec.Call("decode", func() (e error) { native, e = inst.Decode(data); return }); err != nil {
		return nil, err
	}
	for j := range data {
		data[j] = 0xA5
	}
	var after []verify.Diff
	err = codec.Call("canonical", func() error {
		got, err := inst.Canonical(native)
		if err != nil {
			return err
		}
		after = compareOverwritten(v, got, losses)
		return nil
	})
	if err != nil {
		return nil, afterOverwrite{err}
	}
	if after == nil {
		return []string{"(map key)"}, nil
	}
	var fields []string
	for _, d := range after {
		if slices.Contains(before, d) {
			continue
		}
		f := "(root)"
		if m := lastField.FindStringSubmatch(d.Path); m != nil {
			f = m[1]
		}
		fields = append(fields, f)
	}
	return fields, nil
}

// afterOverwrite is an error of Canonical (or a panic) once the input was
// overwritten, where the value had decoded and converted before: a sign
// of aliasing that Aliasing reports as a failure.
type afterOverwrite struct{ err error }

func (e afterOverwrite) Error() string { return "after overwriting the input: " + e.err.Error() }
func (e afterOverwrite) Unwrap() error { return e.err }

// compareOverwritten is verify.Compare, returning nil (not an empty,
// non-nil slice) when go-cmp panics on a map whose keys aliased the
// overwritten input.
func compareOverwritten(want, got any, losses []codec.Loss) (diffs []verify.Diff) {
	defer func() {
		if r := recover(); r != nil {
			diffs = nil
		}
	}()
	diffs = verify.Compare(want, got, losses)
	if diffs == nil {
		diffs = []verify.Diff{}
	}
	return diffs
}
