package cosmosproto

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/serbench/serbench/codec/codectest"
	gen "github.com/serbench/serbench/internal/gen/cosmos"
	"github.com/serbench/serbench/internal/gen/pb"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "cosmos-proto", "cosmos-proto+convert") }

// TestChecks runs the shared checks. The codecs bind the schema types less
// workload.TestStruc, whose schema the generator cannot compile; so the
// far-time check is FarBirthDayIsAnError, FarTimeIsAnError on person alone
// (it checks nested too): a BirthDay in 2300 is an error that names the
// time.
func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.WorkloadTypes(t, "person", "floats"), FarBirthDay: true, MillionFloats: true}.Run(t)
}

// TestFastMethods checks that the generated messages give
// google.golang.org/protobuf the generated Marshal, Unmarshal and Size
// (the "fast" feature), so that proto.Marshal runs them and not the
// reflection-based encoder.
func TestFastMethods(t *testing.T) {
	for _, m := range []proto.Message{new(gen.Person), new(gen.Floats)} {
		methods := m.ProtoReflect().ProtoMethods()
		if methods == nil || methods.Marshal == nil || methods.Unmarshal == nil || methods.Size == nil {
			t.Errorf("%T: ProtoMethods %+v, want the generated Marshal, Unmarshal and Size", m, methods)
		}
	}
}

// TestSameBytesAsProtobuf checks that the fast methods write the bytes
// that protoc-gen-go's messages of the same schema (package pb) write, with
// deterministic marshalling (a person without tags, so map order does not
// matter).
func TestSameBytesAsProtobuf(t *testing.T) {
	opts := proto.MarshalOptions{Deterministic: true}
	for i, v := range codectest.Workload(t, "person").Values(workload.Options{})[:50] {
		p := *v.(*workload.Person)
		p.Tags = nil
		c, err := personOf(&p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := pb.FromPerson(&p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := opts.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		want, err := opts.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("value %d: cosmos-proto wrote %x, protobuf %x", i, got, want)
		}
	}
}
