package gogo

import (
	"bytes"
	"reflect"
	"testing"

	gogoproto "github.com/gogo/protobuf/proto"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/serbench/serbench/internal/gen/pb"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// TestRegistries checks that this package and package pb, linked into one
// binary (this test's) with messages of the same full names from the same
// .proto files, each have their own registry: gogo's for this package,
// google.golang.org/protobuf's for pb. (A conflict in the latter panics at
// init, before any test runs.)
func TestRegistries(t *testing.T) {
	for name, want := range map[string]reflect.Type{
		"serbench.Person":    reflect.TypeFor[*Person](),
		"serbench.TestStruc": reflect.TypeFor[*TestStruc](),
		"serbench.Value":     reflect.TypeFor[*Value](),
		"serbench.Floats":    reflect.TypeFor[*Floats](),
	} {
		if got := gogoproto.MessageType(name); got != want {
			t.Errorf("gogo registry: %s is %v, want %v", name, got, want)
		}
		mt, err := protoregistry.GlobalTypes.FindMessageByName(protoreflect.FullName(name))
		if err != nil {
			t.Errorf("google.golang.org/protobuf registry: %s: %v", name, err)
			continue
		}
		if got := reflect.TypeOf(mt.Zero().Interface()); got.Elem().PkgPath() != "github.com/serbench/serbench/internal/gen/pb" {
			t.Errorf("google.golang.org/protobuf registry: %s is %v, want package pb's", name, got)
		}
	}
	for _, file := range []string{"person.proto", "nested.proto", "floats.proto"} {
		if gogoproto.FileDescriptor(file) == nil {
			t.Errorf("gogo registry has no %s", file)
		}
		if _, err := protoregistry.GlobalFiles.FindFileByPath(file); err != nil {
			t.Errorf("google.golang.org/protobuf registry: %v", err)
		}
	}
}

// gogoMessage is a message of this package: gogofaster's generated
// Marshal and Unmarshal.
type gogoMessage interface {
	Marshal() ([]byte, error)
	Unmarshal([]byte) error
}

// marshalBoth marshals g with its generated Marshal and m with
// proto.Marshal; it fails t when either fails.
func marshalBoth(t *testing.T, g gogoMessage, m proto.Message) (gogoBytes, pbBytes []byte) {
	t.Helper()
	gogoBytes, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if pbBytes, err = proto.Marshal(m); err != nil {
		t.Fatal(err)
	}
	return gogoBytes, pbBytes
}

// unmarshalAcross unmarshals protobuf's bytes into g and gogofaster's into
// m; it fails t when either fails.
func unmarshalAcross(t *testing.T, g gogoMessage, pbBytes []byte, m proto.Message, gogoBytes []byte) {
	t.Helper()
	if err := g.Unmarshal(pbBytes); err != nil {
		t.Fatal(err)
	}
	if err := proto.Unmarshal(gogoBytes, m); err != nil {
		t.Fatal(err)
	}
}

// TestWireCompatible checks that gogofaster's Marshal writes what
// proto.Marshal writes for package pb's message of the same value (byte for
// byte when maps hold at most one entry, as map order is random, and no
// oneof field is set), and that each reads the other's output back to the
// same canonical value.
func TestWireCompatible(t *testing.T) {
	same := 0
	for i, p := range append(workload.People(workload.PersonSeed, 300), &workload.Person{}) {
		gogoMsg, err := FromPerson(p)
		if err != nil {
			t.Fatal(err)
		}
		pbMsg, err := pb.FromPerson(p)
		if err != nil {
			t.Fatal(err)
		}
		gogoBytes, pbBytes := marshalBoth(t, gogoMsg, pbMsg)
		if len(p.Tags) <= 1 {
			if !bytes.Equal(gogoBytes, pbBytes) {
				t.Errorf("person %d: gogofaster and protobuf differ:\n%x\n%x", i, gogoBytes, pbBytes)
			}
			same++
		}
		var g Person
		var m pb.Person
		unmarshalAcross(t, &g, pbBytes, &m, gogoBytes)
		for _, got := range []*workload.Person{ToPerson(&g, false), pb.ToPerson(&m, false)} {
			if diffs := verify.Compare(p, got, pb.Losses); len(diffs) > 0 {
				t.Errorf("person %d: %s", i, diffs[0])
			}
		}
	}
	if same == 0 {
		t.Error("no person compared byte for byte")
	}
	n := int64(-3)
	for i, s := range append(workload.Nested(workload.NestedSeed, 30, 2), &workload.TestStruc{},
		&workload.TestStruc{Nint64: &n, Nintf: uint8(3), Nteststruc: &workload.TestStruc{S: "child", Nintf: "x"}}) {
		gm, err := FromTestStruc(s)
		if err != nil {
			t.Fatal(err)
		}
		pm, err := pb.FromTestStruc(s)
		if err != nil {
			t.Fatal(err)
		}
		gogoBytes, pbBytes := marshalBoth(t, gm, pm)
		if len(gogoBytes) != len(pbBytes) {
			t.Errorf("nested %d: gogofaster wrote %d bytes, protobuf %d", i, len(gogoBytes), len(pbBytes))
		}
		// gogofaster writes the field of a oneof (Nint64) in the order of
		// field numbers, protobuf after the other fields: both are valid.
		if len(s.Ms)+len(s.Msi64)+len(s.Mts)+len(s.Mtsptr) == 0 && s.Nint64 == nil && !bytes.Equal(gogoBytes, pbBytes) {
			t.Errorf("nested %d: gogofaster and protobuf differ:\n%x\n%x", i, gogoBytes, pbBytes)
		}
		var g TestStruc
		var m pb.TestStruc
		unmarshalAcross(t, &g, pbBytes, &m, gogoBytes)
		for _, got := range []*workload.TestStruc{ToTestStruc(&g, false), pb.ToTestStruc(&m, false)} {
			if diffs := verify.Compare(s, got, pb.Losses); len(diffs) > 0 {
				t.Errorf("nested %d: %s", i, diffs[0])
			}
		}
	}
	f := []float32{1.5, -0, 3e38}
	gogoBytes, _ := FromFloats(&f).Marshal()
	pbBytes, _ := proto.Marshal(pb.FromFloats(&f))
	if !bytes.Equal(gogoBytes, pbBytes) {
		t.Errorf("floats: gogofaster and protobuf differ:\n%x\n%x", gogoBytes, pbBytes)
	}
}
