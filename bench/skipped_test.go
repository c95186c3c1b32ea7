package bench_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/bench"
	"github.com/serbench/serbench/result"
)

// cachedOrder has a field its json tag tells encoding/json to skip.
type cachedOrder struct {
	ID    int
	Cache string `json:"-"`
}

func cachedOrders() []cachedOrder {
	return []cachedOrder{{ID: 1, Cache: "warm"}, {ID: 2}, {ID: 3, Cache: "hot"}}
}

// skippedBound is what verification says of json on cachedOrders.
const skippedBound = `skipped-field: .Cache not carried (tagged json:"-"), 2 times`

// TestSkippedByTag checks that a field the user's type tags json:"-" is
// no FAIL for the codecs whose library skips it, as the type tells it to:
// json was "FAIL: 2 of 3 values differ: .Cache", and never ranked. It is
// lossy, naming the field and the tag, in Verify and in Run's record
// alike (Benchmark verifies as Verify does); gob, which reads no tags,
// carries the field and stays exact; and FailOn(Lossy) still fails.
func TestSkippedByTag(t *testing.T) {
	ft := &fakeT{TB: t}
	vs := bench.Verify(ft, cachedOrders(), bench.Codecs("^(json|gob-stream)$"), bench.FailOn(bench.Fail))
	if ft.failed {
		t.Errorf("FailOn(Fail) failed; log:\n%s", ft.log.String())
	}
	v := find(vs, "json")
	if v == nil || v.Status != result.VerifyLossy || !slices.Equal(v.Observed, []string{"skipped-field ×2"}) || !slices.Contains(v.Bounds, skippedBound) {
		t.Errorf("json: %+v, want lossy, skipped-field ×2, %q", v, skippedBound)
	}
	if !strings.Contains(ft.log.String(), "json: lossy (3 values") || !strings.Contains(ft.log.String(), skippedBound) {
		t.Errorf("log does not say json is lossy with %q:\n%s", skippedBound, ft.log.String())
	}
	if v := find(vs, "gob-stream"); v == nil || v.Status != result.VerifyExact {
		t.Errorf("gob-stream: %+v, want exact (gob reads no tags)", v)
	}
	ft = &fakeT{TB: t}
	bench.Verify(ft, cachedOrders(), bench.Codecs("^json$"), bench.FailOn(bench.Lossy))
	if !ft.failed {
		t.Errorf("json with FailOn(Lossy): not failed; log:\n%s", ft.log.String())
	}

	run, err := bench.Run(context.Background(), cachedOrders(), bench.Codecs("^json$"),
		bench.Count(1), bench.SampleTime(2*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if v := find(run.Verifications, "json"); v == nil || v.Status != result.VerifyLossy || !slices.Contains(v.Bounds, skippedBound) {
		t.Errorf("Run: json %+v, want lossy with %q", v, skippedBound)
	}
	if len(run.Codecs) != 1 || !slices.ContainsFunc(run.Codecs[0].Losses, func(l string) bool {
		return strings.HasPrefix(l, "skipped-field: ") && strings.Contains(l, `.Cache json:"-"`)
	}) {
		t.Errorf("Run: codecs %+v, want json with the skipped-field loss of .Cache declared", run.Codecs)
	}
	for _, op := range []string{result.OpEncode, result.OpDecode} {
		if c := run.Cell(result.Key{Workload: run.Workloads[0].Name, Codec: "json", Op: op, Goroutines: 1}); c == nil || c.Status != result.CellOK {
			t.Errorf("Run: json %s: %+v, want timed", op, c)
		}
	}
}

// TestSkippedByTagOnly checks that only a field tagged "-" may come back
// as its zero value: in a type that also tags a field "-", an untagged
// field that json does not carry (a number in an interface value that
// does not fit a float64) is still a FAIL.
func TestSkippedByTagOnly(t *testing.T) {
	type mixed struct {
		Cache string `json:"-"`
		Any   any
	}
	vs := bench.Verify(t, []mixed{{Cache: "x", Any: int64(1<<60 + 1)}}, bench.Codecs("^json$"))
	if len(vs) != 1 || vs[0].Status != result.VerifyMismatch || len(vs[0].Diffs) == 0 || !strings.Contains(vs[0].Diffs[0], ".Any") {
		t.Errorf("json: %+v, want FAIL at .Any", vs)
	}
}

// TestSkippedByTagLibraries checks what the package doc says of which
// libraries read which tag key: the JSON libraries, fxcbor and ugorji
// read json tags, the msgpack libraries msgpack tags, the BSON ones bson
// tags, and gob none. A codec whose library reads the key does not carry
// the field (lossy); the others carry it (exact).
func TestSkippedByTagLibraries(t *testing.T) {
	type jsonTagged struct {
		ID int
		C  string `json:"-"`
	}
	type msgpackTagged struct {
		ID int
		C  string `msgpack:"-"`
	}
	type bsonTagged struct {
		ID int
		C  string `bson:"-"`
	}
	codecs := bench.Codecs("^(json|goccy-json|fxcbor|ugorji-msgpack|vmihailenco-msgpack|shamaton-msgpack|bson|gob-stream)$")
	for _, c := range []struct {
		key   string
		vs    []result.Verification
		lossy []string
	}{
		{"json", bench.Verify(t, []jsonTagged{{1, "x"}}, codecs), []string{"json", "goccy-json", "fxcbor", "ugorji-msgpack"}},
		{"msgpack", bench.Verify(t, []msgpackTagged{{1, "x"}}, codecs), []string{"vmihailenco-msgpack", "shamaton-msgpack"}},
		{"bson", bench.Verify(t, []bsonTagged{{1, "x"}}, codecs), []string{"bson"}},
	} {
		if len(c.vs) != 8 {
			t.Fatalf("%s: %d verifications, want 8", c.key, len(c.vs))
		}
		for _, v := range c.vs {
			want := result.VerifyExact
			if slices.Contains(c.lossy, v.Codec) {
				want = result.VerifyLossy
			}
			if v.Status != want {
				t.Errorf("%s:\"-\": %s is %s, want %s (%+v)", c.key, v.Codec, v.Status, want, v)
			}
		}
	}
}
