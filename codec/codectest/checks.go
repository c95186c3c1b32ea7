package codectest

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

// The checks of this file are tests that several codec packages share:
// each package calls the ones that apply to it from a test of its own, in
// one line, or selects them in a Checks and runs them all. Like Run, each
// takes the names of the codecs to check, and checks every codec the test
// binary registers (those of the calling package) when given none.

// SchemaTypes are the canonical types of the workloads that the schemas
// (schema/*) describe: workload.Person, workload.TestStruc and []float32,
// the types the code-generated codecs carry. See BindsOnly.
var SchemaTypes = []reflect.Type{
	reflect.TypeFor[workload.Person](),
	reflect.TypeFor[workload.TestStruc](),
	reflect.TypeFor[[]float32](),
}

// CorporaTypes are the canonical types of the typed corpora workloads
// (workload.CorporaTyped: twitter, citm and canada), which the codecs
// that have schemas or generated code for the corpora carry besides
// SchemaTypes. See BindsOnly.
var CorporaTypes = []reflect.Type{
	reflect.TypeFor[workload.TwitterStatus](),
	reflect.TypeFor[workload.CITMPerformance](),
	reflect.TypeFor[workload.CanadaFeature](),
}

// SchemaAndCorporaTypes is SchemaTypes followed by CorporaTypes.
var SchemaAndCorporaTypes = append(append([]reflect.Type{}, SchemaTypes...), CorporaTypes...)

// BindsOnly checks that the codecs bind every workload whose type is one
// of types, and that Bind returns an error wrapping codec.ErrUnsupported
// for every other workload and for a type of no workload.
func BindsOnly(t *testing.T, types []reflect.Type, names ...string) {
	t.Helper()
	type other struct{ X int }
	otherType := reflect.TypeFor[other]()
	otherTarget := codec.Target{Workload: "other", Type: otherType, New: func() any { return reflect.New(otherType).Interface() }}
	for _, c := range Codecs(t, names...) {
		name := c.Info().Name
		if _, err := c.Bind(otherTarget); !errors.Is(err, codec.ErrUnsupported) {
			t.Errorf("%s: Bind(%s) = %v, want an error wrapping codec.ErrUnsupported", name, otherType, err)
		}
		for _, w := range workload.All() {
			_, err := c.Bind(w.Target())
			switch {
			case contains(types, w.Type):
				if err != nil {
					t.Errorf("%s: Bind(%s): %v", name, w.Name, err)
				}
			case !errors.Is(err, codec.ErrUnsupported):
				t.Errorf("%s: Bind(%s) = %v, want an error wrapping codec.ErrUnsupported", name, w.Name, err)
			}
		}
	}
}

func contains(types []reflect.Type, t reflect.Type) bool {
	for _, x := range types {
		if x == t {
			return true
		}
	}
	return false
}

// FarTimeIsAnError checks that the codecs refuse a time outside the int64
// Unix-nanosecond range of the schemas' time mapping (schema.SplitTime),
// at the top level and in a child TestStruc, with an error that names the
// time, rather than writing another time. Prepare converts for gen-types
// codecs and Encode for +convert ones: codec.RoundTrip runs both.
func FarTimeIsAnError(t *testing.T, names ...string) {
	t.Helper()
	FarBirthDayIsAnError(t, names...)
	refuseFarTime(t, "nested", names, []namedValue{
		{"TestStruc.T", &workload.TestStruc{T: farTime}},
		{"TestStruc.Its[0].T", &workload.TestStruc{Its: []*workload.TestStruc{{T: farTime}}}},
		{"TestStruc.Mts[k].T", &workload.TestStruc{Mts: map[string]workload.TestStruc{"k": {T: farTime}}}},
		{"TestStruc.Nteststruc.T", &workload.TestStruc{Nteststruc: &workload.TestStruc{T: farTime}}},
	})
}

// FarBirthDayIsAnError is FarTimeIsAnError on the person workload alone,
// for codecs that do not bind nested: a Person.BirthDay in 2300 is an
// error that names the time.
func FarBirthDayIsAnError(t *testing.T, names ...string) {
	t.Helper()
	p := *Workload(t, "person").Values(workload.Options{Count: 1})[0].(*workload.Person)
	p.BirthDay = farTime
	refuseFarTime(t, "person", names, []namedValue{{"Person.BirthDay", &p}})
}

// farTime is the time of FarTimeIsAnError, and farTimeError what the error
// must say.
var farTime = time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)

const farTimeError = "time 2300-01-02T03:04:05Z has no int64 Unix nanoseconds"

type namedValue struct {
	name  string
	value any
}

// refuseFarTime round-trips each value of cases with the codecs bound to
// the named workload, and fails t unless each gives an error, not a panic,
// that says farTimeError.
func refuseFarTime(t *testing.T, workloadName string, names []string, cases []namedValue) {
	t.Helper()
	for _, c := range Codecs(t, names...) {
		name := c.Info().Name
		inst := Bind(t, name, workloadName)
		for _, tc := range cases {
			_, _, err := codec.RoundTrip(inst, tc.value)
			refused(t, name+", "+tc.name+" in 2300", err, farTimeError)
		}
	}
}

// refused fails t unless err is an error, not a panic, that says want (any
// error when want is empty); what names the case in the failure.
func refused(t *testing.T, what string, err error, want string) {
	t.Helper()
	var pe *codec.PanicError
	switch {
	case err == nil:
		t.Errorf("%s: no error", what)
	case errors.As(err, &pe):
		t.Errorf("%s: %v", what, err)
	case !strings.Contains(err.Error(), want):
		t.Errorf("%s: error %q, want one that says %q", what, err, want)
	}
}

// TruncatedNeverPanics decodes (and converts to the canonical type) every
// strict prefix of the encodings of the first three values of the person
// and nested workloads: each must fail with an error or decode, never
// panic, for formats where a prefix can be a valid message (one that ends
// between two protobuf fields is).
func TruncatedNeverPanics(t *testing.T, names ...string) {
	t.Helper()
	truncated(t, false, names)
}

// TruncatedFails is TruncatedNeverPanics for formats where no strict
// prefix of a message is a message: each prefix must fail with an error.
func TruncatedFails(t *testing.T, names ...string) {
	t.Helper()
	truncated(t, true, names)
}

func truncated(t *testing.T, mustFail bool, names []string) {
	t.Helper()
	for _, c := range Codecs(t, names...) {
		name := c.Info().Name
		for _, wname := range []string{"person", "nested"} {
			w := Workload(t, wname)
			inst, err := c.Bind(w.Target())
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range w.Values(workload.Options{Count: 3}) {
				data := bytes.Clone(Encode(t, inst, v))
				for n := 0; n < len(data); n++ {
					err := codec.Call("decode", func() error {
						native, err := inst.Decode(data[:n:n])
						if err == nil {
							_, err = inst.Canonical(native)
						}
						return err
					})
					var pe *codec.PanicError
					switch {
					case errors.As(err, &pe):
						t.Fatalf("%s, %s value %d truncated to %d of %d bytes: %v", name, wname, i, n, len(data), err)
					case err == nil && mustFail:
						t.Errorf("%s, %s value %d truncated to %d of %d bytes: no error", name, wname, i, n, len(data))
					}
				}
			}
		}
	}
}

// MillionFloats is Floats of a []float32 as long as the floats workload's
// (workload.FloatsCount values, 4 MB), as the floats runner encodes. It is
// skipped with -short.
func MillionFloats(t *testing.T, names ...string) map[string]int {
	t.Helper()
	if testing.Short() {
		t.Skip("1,000,000 values: skipped with -short")
	}
	return Floats(t, workload.FloatsCount, names...)
}

// Floats round-trips with each codec, bound to the floats workload, a
// []float32 of n random values of every magnitude, and checks that every
// value comes back with the same bits. It returns the length of each
// codec's encoding, by codec name, for the codecs that round-tripped it.
func Floats(t *testing.T, n int, names ...string) map[string]int {
	t.Helper()
	r := rand.New(rand.NewPCG(workload.FloatsSeed, 2))
	values := make([]float32, n)
	for i := range values {
		values[i] = float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30)))
	}
	sizes := map[string]int{}
	for _, c := range Codecs(t, names...) {
		name := c.Info().Name
		got, enc, err := codec.RoundTrip(Bind(t, name, "floats"), &values)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		t.Logf("%s: %d values in %d bytes", name, len(values), len(enc))
		sizes[name] = len(enc)
		if !sameBits(values, *got.(*[]float32)) {
			t.Errorf("%s: decoded values differ", name)
		}
	}
	return sizes
}

func sameBits(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// UnschemableIsAnError checks that the codecs refuse, with an error and
// without a panic, values that the schemas' mapping (schema/README.md)
// cannot hold: interface{} values of types the union Value has no branch
// for, nil TestStruc pointers in Its and Mtsptr, nil pointers in
// Iptrslice, and a time outside the time mapping's range, rather than
// silently changing them. Prepare converts for gen-types codecs and Encode
// for +convert ones: codec.RoundTrip runs both. It is for codecs whose
// schemas can hold none of these; those that can hold one (a nil map
// value, say) or that encode their own Go types do not call it.
func UnschemableIsAnError(t *testing.T, names ...string) {
	t.Helper()
	cases := []struct {
		name, workload string
		v              any
	}{
		{"struct in Islice", "nested", &workload.TestStruc{Islice: []any{struct{}{}}}},
		{"slice in Ms", "nested", &workload.TestStruc{Ms: map[string]any{"a": []int{1}}}},
		{"nil in Its", "nested", &workload.TestStruc{Its: []*workload.TestStruc{nil}}},
		{"nil in Mtsptr", "nested", &workload.TestStruc{Mtsptr: map[string]*workload.TestStruc{"0": nil}}},
		{"nil in Iptrslice", "nested", &workload.TestStruc{Iptrslice: []*int64{nil}}},
		{"deep bad Nintf", "nested", &workload.TestStruc{Nteststruc: &workload.TestStruc{Nintf: complex(1, 2)}}},
		{"time out of range", "person", &workload.Person{BirthDay: time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC)}},
	}
	for _, c := range Codecs(t, names...) {
		name := c.Info().Name
		for _, tc := range cases {
			_, _, err := codec.RoundTrip(Bind(t, name, tc.workload), tc.v)
			refused(t, name+", "+tc.name, err, "")
		}
	}
}

// TrailingByteIsAnError checks that the codecs, bound to the person
// workload, refuse with an error the encoding of a person followed by a
// byte, for formats whose messages say where they end.
func TrailingByteIsAnError(t *testing.T, names ...string) {
	t.Helper()
	for _, c := range Codecs(t, names...) {
		name := c.Info().Name
		inst := Bind(t, name, "person")
		data := Encode(t, inst, &workload.Person{Name: "a"})
		if _, err := inst.Decode(append(data, 0)); err == nil {
			t.Errorf("%s: Decode with a trailing byte = nil error, want an error", name)
		}
	}
}

// Checks selects the checks of this file that apply to a codec package, so
// that one test of the package says, in one line, which of them it runs
// (Checks.Run) instead of a test function a check. A check that needs more
// (a size to compare, a comment on why it applies) stays a test of its own.
type Checks struct {
	// BindsOnly, when not nil, runs BindsOnly with these types.
	BindsOnly []reflect.Type
	// FarTime runs FarTimeIsAnError.
	FarTime bool
	// FarBirthDay runs FarBirthDayIsAnError.
	FarBirthDay bool
	// Unschemable runs UnschemableIsAnError.
	Unschemable bool
	// TruncatedNeverPanics runs TruncatedNeverPanics.
	TruncatedNeverPanics bool
	// TruncatedFails runs TruncatedFails.
	TruncatedFails bool
	// TrailingByte runs TrailingByteIsAnError.
	TrailingByte bool
	// MillionFloats runs MillionFloats (skipped with -short).
	MillionFloats bool
}

// Run runs each check that cs selects on the named codecs (every codec the
// test binary registers when names is empty), each in a subtest named
// after the check's function.
func (cs Checks) Run(t *testing.T, names ...string) {
	t.Helper()
	run := func(on bool, name string, check func(t *testing.T)) {
		if on {
			t.Run(name, check)
		}
	}
	run(cs.BindsOnly != nil, "BindsOnly", func(t *testing.T) { BindsOnly(t, cs.BindsOnly, names...) })
	run(cs.FarTime, "FarTimeIsAnError", func(t *testing.T) { FarTimeIsAnError(t, names...) })
	run(cs.FarBirthDay, "FarBirthDayIsAnError", func(t *testing.T) { FarBirthDayIsAnError(t, names...) })
	run(cs.Unschemable, "UnschemableIsAnError", func(t *testing.T) { UnschemableIsAnError(t, names...) })
	run(cs.TruncatedNeverPanics, "TruncatedNeverPanics", func(t *testing.T) { TruncatedNeverPanics(t, names...) })
	run(cs.TruncatedFails, "TruncatedFails", func(t *testing.T) { TruncatedFails(t, names...) })
	run(cs.TrailingByte, "TrailingByteIsAnError", func(t *testing.T) { TrailingByteIsAnError(t, names...) })
	run(cs.MillionFloats, "MillionFloats", func(t *testing.T) { MillionFloats(t, names...) })
}
