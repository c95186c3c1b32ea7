package thrift

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	gen "github.com/serbench/serbench/internal/gen/thrift"
	"github.com/serbench/serbench/workload"
)

var names = []string{"thrift-binary", "thrift-compact", "thrift-binary+convert", "thrift-compact+convert"}

func TestConformance(t *testing.T) { codectest.Run(t, names...) }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, FarTime: true, Unschemable: true}.Run(t, names...)
}

func bindTo[T any](t *testing.T, name string) codec.Instance {
	t.Helper()
	typ := reflect.TypeFor[T]()
	inst, err := codectest.Lookup(t, name).Bind(codec.Target{Workload: "test", Type: typ, New: func() any { return reflect.New(typ).Interface() }})
	if err != nil {
		t.Fatalf("Bind(%s): %v", typ, err)
	}
	return inst
}

// TestProtocols checks that the two codecs write the two protocols: the
// first field header of a Person (field 1, a string) is 0x0b 0x00 0x01 in
// the binary protocol and 0x18 (field-id delta 1, compact type 8) in the
// compact one.
func TestProtocols(t *testing.T) {
	for name, want := range map[string][]byte{"thrift-binary": {0x0b, 0, 1}, "thrift-compact": {0x18}} {
		inst := bindTo[workload.Person](t, name)
		b := codectest.Encode(t, inst, &workload.Person{Name: "x"})
		if !strings.HasPrefix(string(b), string(want)) {
			t.Errorf("%s: encoding % x does not start with % x", name, b, want)
		}
	}
}

// roundTrip round-trips v with every codec and fails on any difference.
func roundTrip(t *testing.T, v any) {
	t.Helper()
	for _, name := range names {
		c := codectest.Lookup(t, name)
		typ := reflect.TypeOf(v).Elem()
		inst, err := c.Bind(codec.Target{Workload: "test", Type: typ, New: func() any { return reflect.New(typ).Interface() }})
		if err != nil {
			t.Fatal(err)
		}
		codectest.RoundTripsSame(t, inst, v, nil, name)
	}
}

// TestEdges round-trips values beyond the workloads': unsigned integers
// with the 64th bit set, integer extremes, and times at the edges of
// UnixNano's range.
func TestEdges(t *testing.T) {
	s := workload.Nested(workload.NestedSeed, 1, 0)[0]
	s.Ui, s.Ui64, s.AUi64 = math.MaxUint, math.MaxUint64, 1<<63
	s.Uintslice = []uint{0, math.MaxUint}
	s.Ui64slice = []uint64{1 << 63, math.MaxUint64}
	s.Ui32slice = []uint32{0, math.MaxUint32}
	s.Ui16slice = []uint16{0, math.MaxUint16}
	s.Ui8, s.By, s.Ui16, s.Ui32 = math.MaxUint8, math.MaxUint8, math.MaxUint16, math.MaxUint32
	s.I, s.I64 = math.MinInt, math.MinInt64
	s.F32, s.F32slice = math.MaxFloat32, []float32{math.SmallestNonzeroFloat32, float32(math.Inf(-1))}
	s.Islice = []any{nil, uint64(math.MaxUint64), int64(math.MinInt64), float32(0.1), "", false}
	s.Ms = map[string]any{"": nil}
	s.T = time.Unix(0, math.MaxInt64).In(time.FixedZone("", -(12*3600 + 34*60 + 56)))
	n := int64(-7)
	s.Nint64, s.Nintf, s.Nmap, s.Nslice = &n, 3.5, map[string]bool{}, []byte{}
	s.Nteststruc = &workload.TestStruc{T: time.Unix(0, math.MinInt64+1).UTC()}
	roundTrip(t, s)
	roundTrip(t, &workload.Person{BirthDay: time.Unix(0, 1).In(time.FixedZone("", 60)), Siblings: math.MinInt, Money: math.Inf(1)})
	roundTrip(t, &[]float32{})
}

// TestTruncated checks that every strict prefix of an encoding is rejected
// with an error, without a panic.
func TestTruncated(t *testing.T) {
	values := []any{workload.People(workload.PersonSeed, 1)[0], workload.Nested(workload.NestedSeed, 1, 0)[0], &[]float32{1, 2, 3}}
	for _, name := range names[:2] {
		for _, v := range values {
			typ := reflect.TypeOf(v).Elem()
			inst, err := codectest.Lookup(t, name).Bind(codec.Target{Workload: "test", Type: typ, New: func() any { return reflect.New(typ).Interface() }})
			if err != nil {
				t.Fatal(err)
			}
			_, b, err := codec.RoundTrip(inst, v)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < len(b); n++ {
				err := codec.Call("decode", func() error { _, err := inst.Decode(b[:n:n]); return err })
				var pe *codec.PanicError
				if errors.As(err, &pe) {
					t.Fatalf("%s: %T truncated to %d of %d bytes: %v", name, v, n, len(b), err)
				}
				if err == nil {
					t.Errorf("%s: %T truncated to %d of %d bytes: no error", name, v, n, len(b))
				}
			}
		}
	}
}

// TestConversionErrors checks that values the schema cannot hold, and
// decoded integers that do not fit their Go type, are errors rather than
// silently changed values.
func TestConversionErrors(t *testing.T) {
	inst := bindTo[workload.TestStruc](t, "thrift-compact")
	for name, s := range map[string]*workload.TestStruc{
		"Its[0] is nil":         {Its: []*workload.TestStruc{nil}},
		"Mtsptr[\"a\"] is nil":  {Mtsptr: map[string]*workload.TestStruc{"a": nil}},
		"Iptrslice[0] is nil":   {Iptrslice: []*int64{nil}},
		"no field for":          {Islice: []any{complex(1, 2)}},
		"Mts[\"x\"].Islice[0]:": {Mts: map[string]workload.TestStruc{"x": {Islice: []any{struct{}{}}}}},
	} {
		if _, err := inst.Prepare(s); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Prepare: error %v, want one that says %q", err, name)
		}
	}
	for name, g := range map[string]*gen.TestStruc{
		"Ui8: decoded value 256":                 {Ui8: 256},
		"By: decoded value -1":                   {By: -1},
		"Ui16slice: decoded value 65536":         {Ui16slice: []int32{1, 65536}},
		"Its[0].Ui32: decoded value 4294967296":  {Its: []*gen.TestStruc{{Ui32: 1 << 32}}},
		"Islice[0]: a Value union has 0 fields":  {Islice: []*gen.Value{{}}},
		"Ms[\"k\"]: a Value union has 2 fields ": {Ms: map[string]*gen.Value{"k": {IntValue: new(int64), UintValue: new(int64)}}},
	} {
		if _, err := inst.Canonical(g); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Canonical: error %v, want one that says %q", err, name)
		}
	}
}
