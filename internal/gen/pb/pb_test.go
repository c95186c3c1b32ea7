package pb

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// messages returns messages of every workload: the person and nested
// (depth 2) values, edge cases, slices of floats, and the typed corpora's
// values and edge cases (corporaMessages).
func messages(t *testing.T) []Message {
	t.Helper()
	var out []Message
	for _, p := range append(workload.People(workload.PersonSeed, 300),
		&workload.Person{}, &workload.Person{Tags: map[string]string{"": ""}, Aliases: []string{""}}) {
		m, err := FromPerson(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	one := int64(-1)
	for _, s := range append(workload.Nested(workload.NestedSeed, 30, 2),
		&workload.TestStruc{}, &workload.TestStruc{Nint64: &one, Nintf: "x", Nteststruc: &workload.TestStruc{S: "child"}}) {
		m, err := FromTestStruc(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	for _, f := range [][]float32{nil, {0}, {1, -2.5, math.MaxFloat32, math.SmallestNonzeroFloat32, float32(math.Inf(-1))}} {
		out = append(out, FromFloats(&f))
	}
	return append(out, corporaMessages(t)...)
}

// oneMapEntry returns a copy of m whose maps, at every depth, keep their
// smallest key only, so that its encoding does not depend on the order in
// which Go ranges over maps.
func oneMapEntry(m Message) Message {
	m = proto.Clone(m).(Message)
	var trim func(s *TestStruc)
	trim = func(s *TestStruc) {
		if s == nil {
			return
		}
		s.Ms = keepFirst(s.Ms)
		s.Msi64 = keepFirst(s.Msi64)
		s.Nmap = keepFirst(s.Nmap)
		s.Mtsptr = keepFirst(s.Mtsptr)
		s.Mts = keepFirst(s.Mts)
		for _, c := range s.Mtsptr {
			trim(c)
		}
		for _, c := range s.Mts {
			trim(c)
		}
		for _, c := range s.Its {
			trim(c)
		}
		trim(s.Nteststruc)
	}
	switch x := m.(type) {
	case *Person:
		x.Tags = keepFirst(x.Tags)
	case *TestStruc:
		trim(x)
	}
	return m
}

func keepFirst[V any](m map[string]V) map[string]V {
	if len(m) <= 1 {
		return m
	}
	k := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})[0]
	return map[string]V{k: m[k]}
}

// TestVTWireCompatible checks that MarshalVT (vtprotobuf) and proto.Marshal
// (google.golang.org/protobuf) write the same bytes for the same message
// once its maps, written in Go's random map order by both, hold one entry
// (both write a oneof's field, such as TestStruc's Nint64, after the other
// fields); and that, with every entry, each reads the other's output back
// to the same message.
func TestVTWireCompatible(t *testing.T) {
	for i, m := range messages(t) {
		if n, vt := proto.Size(m), m.SizeVT(); n != vt {
			t.Errorf("message %d (%T): proto.Size %d, SizeVT %d", i, m, n, vt)
		}
		one := oneMapEntry(m)
		pbBytes, err := proto.Marshal(one)
		if err != nil {
			t.Fatal(err)
		}
		vtBytes, err := one.MarshalVT()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pbBytes, vtBytes) {
			t.Errorf("message %d (%T): proto.Marshal and MarshalVT differ:\n%x\n%x", i, m, pbBytes, vtBytes)
		}

		// Cross-decoding, with every map entry.
		if pbBytes, err = proto.Marshal(m); err != nil {
			t.Fatal(err)
		}
		if vtBytes, err = m.MarshalVT(); err != nil {
			t.Fatal(err)
		}
		if len(pbBytes) != len(vtBytes) {
			t.Errorf("message %d (%T): proto.Marshal wrote %d bytes, MarshalVT %d", i, m, len(pbBytes), len(vtBytes))
		}
		fromVT := proto.Clone(m).(Message)
		proto.Reset(fromVT)
		if err := proto.Unmarshal(vtBytes, fromVT); err != nil {
			t.Fatalf("message %d: proto.Unmarshal of MarshalVT's output: %v", i, err)
		}
		fromPB := fromVT.ProtoReflect().New().Interface().(Message)
		if err := fromPB.UnmarshalVT(pbBytes); err != nil {
			t.Fatalf("message %d: UnmarshalVT of proto.Marshal's output: %v", i, err)
		}
		if !proto.Equal(m, fromVT) || !proto.Equal(m, fromPB) {
			t.Errorf("message %d (%T): cross-decoded messages differ from the original", i, m)
		}
	}
}

// A wireAPI marshals and unmarshals messages: the generated methods
// (withVT) or google.golang.org/protobuf's functions (withProto).
type wireAPI struct {
	marshal   func(Message) ([]byte, error)
	unmarshal func([]byte, Message) error
}

var (
	withVT    = wireAPI{Message.MarshalVT, func(b []byte, m Message) error { return m.UnmarshalVT(b) }}
	withProto = wireAPI{func(m Message) ([]byte, error) { return proto.Marshal(m) }, func(b []byte, m Message) error { return proto.Unmarshal(b, m) }}
)

// viaWire marshals m with enc and unmarshals the bytes into a new message
// of m's type with dec; it fails t when either fails.
func viaWire(t *testing.T, m Message, enc, dec wireAPI) Message {
	t.Helper()
	b, err := enc.marshal(m)
	if err != nil {
		t.Fatalf("%T: marshal: %v", m, err)
	}
	d := m.ProtoReflect().New().Interface().(Message)
	if err := dec.unmarshal(b, d); err != nil {
		t.Fatalf("%T: unmarshal: %v", m, err)
	}
	return d
}

// TestConvertRoundTrip converts values of the workloads to messages and
// back, with and without clone, through both encoders.
func TestConvertRoundTrip(t *testing.T) {
	for _, clone := range []bool{false, true} {
		for i, p := range workload.People(workload.PersonSeed, 200) {
			msg, err := FromPerson(p)
			if err != nil {
				t.Fatal(err)
			}
			m := viaWire(t, msg, withVT, withProto).(*Person)
			if diffs := verify.Compare(p, ToPerson(m, clone), Losses); len(diffs) > 0 {
				t.Errorf("person %d: %s", i, diffs[0])
			}
		}
		for i, s := range workload.Nested(workload.NestedSeed, 20, 3) {
			msg, err := FromTestStruc(s)
			if err != nil {
				t.Fatal(err)
			}
			m := viaWire(t, msg, withProto, withVT).(*TestStruc)
			if diffs := verify.Compare(s, ToTestStruc(m, clone), Losses); len(diffs) > 0 {
				t.Errorf("nested %d: %s", i, diffs[0])
			}
		}
	}
}

func TestFromTestStrucRefuses(t *testing.T) {
	for name, s := range map[string]*workload.TestStruc{
		"channel in Islice": {Islice: []interface{}{make(chan int)}},
		"struct in Ms":      {Ms: map[string]interface{}{"a": struct{}{}}},
		"nil in Iptrslice":  {Iptrslice: []*int64{nil}},
		"nil in Its":        {Its: []*workload.TestStruc{nil}},
		"nil in Mtsptr":     {Mtsptr: map[string]*workload.TestStruc{"a": nil}},
		"bad child in Mts":  {Mts: map[string]workload.TestStruc{"a": {Nintf: []int{}}}},
		"bad Nteststruc":    {Nteststruc: &workload.TestStruc{Nintf: 1i}},
		"bad Nintf":         {Nintf: map[string]int{}},
		"bad child in Its":  {Its: []*workload.TestStruc{{Nintf: []int{}}}},
		"bad child, Mtsptr": {Mtsptr: map[string]*workload.TestStruc{"a": {Nintf: []int{}}}},
		"T in 2300":         {T: time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)},
		"child's T in 1600": {Its: []*workload.TestStruc{{T: time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC)}}},
	} {
		if _, err := FromTestStruc(s); err == nil {
			t.Errorf("%s: FromTestStruc did not fail", name)
		}
	}
}

// TestFromPersonRefusesFarTime checks that a BirthDay outside the range of
// the time mapping is an error that names the field and the time, not a
// message with another time.
func TestFromPersonRefusesFarTime(t *testing.T) {
	m, err := FromPerson(&workload.Person{BirthDay: time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)})
	if want := "BirthDay: time 2300-01-02T03:04:05Z has no int64 Unix nanoseconds"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("FromPerson: %v, error %v, want one that says %q", m, err, want)
	}
}
