package usertype

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/bench"
	"github.com/serbench/serbench/result"
)

// BenchmarkOrder times every codec that can carry an Order:
//
//	go test -bench Order -count 10 | benchstat -col /op -
func BenchmarkOrder(b *testing.B) {
	bench.Benchmark(b, SampleOrders(100))
}

// knownFails are the codecs known to corrupt an Order, with why: findings
// this module has looked at and accepted (by not using these codecs), so
// that TestOrderFidelity guards against new ones.
var knownFails = map[string]string{
	"hprose-go":     "writes a time's wall clock without its UTC offset and reads it in UTC: every Placed moves by its offset",
	"hprose-golang": "as hprose-go",
}

// TestOrderFidelity logs what each codec keeps of an Order, and fails if
// one that takes any Go value corrupts it without declaring it, other
// than the known ones, which must still fail as known.
func TestOrderFidelity(t *testing.T) {
	for _, msg := range unexpected(bench.Verify(t, SampleOrders(100)), knownFails) {
		t.Error(msg)
	}
}

// unexpected returns what differs from the known FAILs in vs: a codec
// that FAILs without being known (a decoded Order differs, or encoding
// changed the Order it was given: both are v.Failing), and a known one
// that no longer FAILs.
func unexpected(vs []result.Verification, known map[string]string) []string {
	var out []string
	for _, v := range vs {
		why, isKnown := known[v.Codec]
		switch {
		case v.Failing() && !isKnown:
			out = append(out, fmt.Sprintf("%s corrupts an Order (%s): %s", v.Codec, v.Status, strings.Join(v.Diffs, "; ")))
		case !v.Failing() && isKnown:
			out = append(out, fmt.Sprintf("%s no longer corrupts an Order (known: %s): %s; update knownFails", v.Codec, why, v.Status))
		}
	}
	return out
}

// TestUnexpected checks that a codec that changes the Order it encodes
// (mutated) is caught as a FAIL, as one whose decoded Order differs is.
func TestUnexpected(t *testing.T) {
	vs := []result.Verification{
		{Codec: "a", Status: result.VerifyMutated, Diffs: []string{"value 0: input changed by prepare or encode"}},
		{Codec: "b", Status: result.VerifyMismatch},
		{Codec: "c", Status: result.VerifyExact},
		{Codec: "known", Status: result.VerifyMutated},
		{Codec: "fixed", Status: result.VerifyLossy},
	}
	got := unexpected(vs, map[string]string{"known": "k", "fixed": "f"})
	want := []string{"a corrupts", "b corrupts", "fixed no longer"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %d messages starting %q", got, len(want), want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("message %d: %q, want %q...", i, got[i], want[i])
		}
	}
}

// TestOrderRun measures a few codecs as serbench run would, stores the
// run in a serbench database and reads it back: serbench report --db
// FILE shows it like any other run.
func TestOrderRun(t *testing.T) {
	ctx := context.Background()
	run, err := bench.Run(ctx, SampleOrders(100),
		bench.Codecs("^(json|fxcbor|vmihailenco-msgpack|protobuf\\+convert)$"),
		bench.Name("order"), bench.Count(2), bench.Forks(1), bench.SampleTime(5*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range run.Verifications {
		t.Logf("%s: %s %s", v.Codec, v.Status, v.Error)
	}
	db := filepath.Join(t.TempDir(), "serbench.db")
	if err := bench.SaveTo(ctx, run, db); err != nil {
		t.Fatal(err)
	}
	back, err := bench.Load(ctx, db, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"json", "fxcbor", "vmihailenco-msgpack"} {
		for _, op := range []string{result.OpEncode, result.OpDecode} {
			c := back.Cell(result.Key{Workload: "order", Codec: name, Op: op, Goroutines: 1})
			if c == nil || c.Status != result.CellOK || len(c.Samples) != 2 {
				t.Fatalf("%s %s: stored cell %+v", name, op, c)
			}
			t.Logf("%s %s: %.0f ns/op, %.0f bytes", name, op, c.Samples[0].NsPerOp, c.MeanSize)
		}
	}
	if v := back.Verification("order", "protobuf+convert"); v == nil || v.Status != result.VerifyUnsupported {
		t.Errorf("protobuf+convert: %+v, want unsupported (it needs a schema)", v)
	}
}
