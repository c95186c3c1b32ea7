package bench_test

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/bench"
	"github.com/serbench/serbench/result"
)

type item struct {
	SKU   string
	Qty   int
	Price float64
}

type order struct {
	ID      uint64
	Placed  time.Time
	Items   []item
	Tags    map[string]string
	Note    *string
	Express bool
}

func orders() []order {
	note := "leave at the door"
	var out []order
	for i := range 8 {
		o := order{ID: uint64(1000 + i), Placed: time.Date(2026, 3, 1, 12, i, 5, 123456789, time.FixedZone("", 3600)),
			Tags: map[string]string{"channel": "web"}, Express: i%2 == 0}
		for k := range i%3 + 1 {
			o.Items = append(o.Items, item{SKU: "sku-" + string(rune('a'+k)), Qty: k + 1, Price: 9.99 * float64(k+1)})
		}
		if i%2 == 1 {
			o.Note = &note
		}
		out = append(out, o)
	}
	return out
}

func find(vs []result.Verification, name string) *result.Verification {
	for i := range vs {
		if vs[i].Codec == name {
			return &vs[i]
		}
	}
	return nil
}

func TestVerify(t *testing.T) {
	vs := bench.Verify(t, orders())
	if v := find(vs, "json"); v == nil || v.Status != result.VerifyExact && v.Status != result.VerifyLossy {
		t.Errorf("json: %+v, want exact or lossy", v)
	}
	var unsupported int
	for _, v := range vs {
		if v.Status == result.VerifyUnsupported {
			unsupported++
			if v.Error == "" {
				t.Errorf("%s: unsupported without a reason", v.Codec)
			}
		}
	}
	if unsupported == 0 {
		t.Error("no codec unsupported: codecs with generated code should be")
	}
}

// TestVerifyFailOn checks that FailOn fails the test for the level asked
// for only, with a codec that declares a loss these values show: bson
// keeps times to the millisecond.
func TestVerifyFailOn(t *testing.T) {
	ft := &fakeT{TB: t}
	bench.Verify(ft, orders(), bench.Codecs("^bson$"), bench.FailOn(bench.Lossy))
	if !ft.failed {
		t.Errorf("bson with FailOn(Lossy): not failed; log:\n%s", ft.log.String())
	}
	ft = &fakeT{TB: t}
	bench.Verify(ft, orders(), bench.Codecs("^bson$"), bench.FailOn(bench.Fail))
	if ft.failed {
		t.Errorf("bson with FailOn(Fail): failed; log:\n%s", ft.log.String())
	}
}

type fakeT struct {
	testing.TB
	failed bool
	log    strings.Builder
}

func (f *fakeT) Helper()           {}
func (f *fakeT) Log(args ...any)   { fmt.Fprintln(&f.log, args...) }
func (f *fakeT) Error(args ...any) { f.failed = true; f.Log(args...) }

func TestUnexportedFields(t *testing.T) {
	type hidden struct{ a int }
	_, err := bench.Run(context.Background(), []hidden{{1}})
	if err == nil || !strings.Contains(err.Error(), "cannot be verified") {
		t.Errorf("err = %v, want cannot be verified", err)
	}
	// A NaN map key is no unexported field: the error says what it is.
	type nanKey struct{ M map[float64]string }
	_, err = bench.Run(context.Background(), []nanKey{{M: map[float64]string{math.NaN(): "x"}}})
	if err == nil || !strings.Contains(err.Error(), "NaN map key") || strings.Contains(err.Error(), "unexported") {
		t.Errorf("NaN map key: err = %v, want it named, not unexported fields", err)
	}
	_, err = bench.Run(context.Background(), []*order{})
	if err == nil {
		t.Error("pointer values: no error")
	}
}

func TestRunSave(t *testing.T) {
	ctx := context.Background()
	run, err := bench.Run(ctx, orders(), bench.Codecs("^(json|vmihailenco-msgpack|protobuf\\+convert)$"), bench.Name("orders"),
		bench.Count(2), bench.Forks(1), bench.SampleTime(2*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if !run.Complete || len(run.Codecs) != 3 || len(run.Verifications) != 3 {
		t.Fatalf("run: complete %v, %d codecs, %d verifications", run.Complete, len(run.Codecs), len(run.Verifications))
	}
	if v := find(run.Verifications, "protobuf+convert"); v == nil || v.Status != result.VerifyUnsupported {
		t.Errorf("protobuf: %+v, want unsupported", v)
	}
	for _, name := range []string{"json", "vmihailenco-msgpack"} {
		for _, op := range []string{result.OpEncode, result.OpDecode} {
			c := run.Cell(result.Key{Workload: "orders", Codec: name, Op: op, Goroutines: 1})
			if c == nil || c.Status != result.CellOK || len(c.Samples) != 2 || c.Samples[0].NsPerOp <= 0 {
				t.Errorf("%s %s: %+v", name, op, c)
			}
		}
	}
	db := filepath.Join(t.TempDir(), "serbench.db")
	if err := bench.SaveTo(ctx, run, db); err != nil {
		t.Fatal(err)
	}
	back, err := bench.Load(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	if back.ID != run.ID || len(back.Cells) != len(run.Cells) || len(back.Verifications) != 3 || back.EnvValue("isolation") != "none" {
		t.Errorf("read back: %s, %d cells, %d verifications, isolation %q", back.ID, len(back.Cells), len(back.Verifications), back.EnvValue("isolation"))
	}
}

func BenchmarkOrders(b *testing.B) {
	bench.Benchmark(b, orders(), bench.Codecs("^(json|vmihailenco-msgpack)$"))
}

// TestVerifyFail checks that an undeclared loss is a FAIL with the field's
// path: encoding/json decodes a number held in an interface as a float64,
// which cannot hold 2^60+1.
func TestVerifyFail(t *testing.T) {
	type big struct{ Any any }
	vals := []big{{Any: int64(1<<60 + 1)}}
	ft := &fakeT{TB: t}
	vs := bench.Verify(ft, vals, bench.Codecs("^json$"), bench.FailOn(bench.Fail))
	if !ft.failed || len(vs) != 1 || vs[0].Status != result.VerifyMismatch || !strings.Contains(ft.log.String(), ".Any") {
		t.Errorf("json on 2^60+1 in an interface: failed %v, %+v; log:\n%s", ft.failed, vs, ft.log.String())
	}
	t.Log(ft.log.String())
}

// BenchmarkFail times a codec that corrupts the values, which logs the
// FAIL under its result lines.
func BenchmarkFail(b *testing.B) {
	type big struct{ Any any }
	bench.Benchmark(b, []big{{Any: int64(1<<60 + 1)}}, bench.Codecs("^json$"))
}

type link struct {
	Name string
	Next *link
	Any  any
	List []link
}

// TestCyclic checks that cyclic values are refused, with the path that
// closes the cycle, before any codec runs: msgpack, CBOR and gob recurse
// on them until a fatal stack overflow ends the test binary. Shared
// values that form no cycle are measured.
func TestCyclic(t *testing.T) {
	a := &link{Name: "a"}
	a.Next = &link{Name: "b", Next: a}
	m := map[string]any{}
	m["self"] = m
	for _, c := range []struct {
		vals []link
		path string
	}{
		{[]link{{Name: "root", Next: a}}, ".Next.Next.Next"},
		{[]link{{}, {Any: m}}, `.Any["self"]`},
	} {
		_, err := bench.Run(context.Background(), c.vals, bench.Codecs("^vmihailenco-msgpack$"))
		if err == nil || !strings.Contains(err.Error(), "cyclic: "+c.path+" refers back") {
			t.Errorf("err = %v, want cyclic at %s", err, c.path)
		}
	}
	shared := &link{Name: "shared"}
	vs := bench.Verify(t, []link{{Next: shared, List: []link{{Next: shared}, {Next: shared}}}}, bench.Codecs("^vmihailenco-msgpack$"))
	if len(vs) != 1 || vs[0].Status != result.VerifyExact {
		t.Errorf("shared, acyclic: %+v, want exact", vs)
	}
}

// TestBenchmarkNoCodec checks that Benchmark fails when its Codecs
// pattern selects no codec (a typo), as Verify and Run do, instead of
// passing with nothing measured.
func TestBenchmarkNoCodec(t *testing.T) {
	r := testing.Benchmark(func(b *testing.B) { bench.Benchmark(b, orders(), bench.Codecs("^jsno$")) })
	if r.N != 0 {
		t.Errorf("no codec selected: ran %d times, want a failed benchmark", r.N)
	}
}

// TestNameReserved checks that the name of a serbench workload is
// refused: codecs' expectations are matched by workload name, so that
// under the name "nested" sereal was reported unsupported on any type,
// with a reason about serbench's nested workload, and never bound.
func TestNameReserved(t *testing.T) {
	for _, name := range []string{"nested", "person"} {
		_, err := bench.Run(context.Background(), []item{{}}, bench.Codecs("^sereal$"), bench.Name(name))
		if err == nil || !strings.Contains(err.Error(), `bench.Name("`+name+`")`) {
			t.Errorf("Name(%q): err = %v, want it refused", name, err)
		}
	}
	type plain struct {
		A int
		B string
	}
	vs := bench.Verify(t, []plain{{1, "x"}}, bench.Codecs("^sereal$"), bench.Name("my-nested"))
	if len(vs) != 1 || vs[0].Status != result.VerifyExact {
		t.Errorf("sereal on a plain struct: %+v, want exact", vs)
	}
}

// TestVerifyAliasing checks that Verify's line says when decoded values
// alias their message: mgo-bson decodes a []byte as a slice of its input,
// which verification flags "unsafe", and the line said only "exact".
func TestVerifyAliasing(t *testing.T) {
	type blob struct{ Data []byte }
	ft := &fakeT{TB: t}
	vs := bench.Verify(ft, []blob{{Data: []byte("payload")}}, bench.Codecs("^mgo-bson$"))
	if len(vs) != 1 || !vs[0].Aliased() || !strings.Contains(ft.log.String(), "unsafe: decoded values alias") || !strings.Contains(ft.log.String(), ".Data") {
		t.Errorf("mgo-bson on a []byte: %+v; log:\n%s", vs, ft.log.String())
	}
	t.Log(ft.log.String())
}

// TestSelfUnequal checks that a value that differs from itself (a func
// field that is not nil) is refused, naming the field: every codec was a
// FAIL on it, "encoding changed the input" (want (func())(0x...), got the
// same). NaNs equal themselves (floats are compared by their bits) and
// are measured.
func TestSelfUnequal(t *testing.T) {
	type withFunc struct {
		A int
		F func() `json:"-"`
	}
	_, err := bench.Run(context.Background(), []withFunc{{A: 1}, {A: 2, F: func() {}}}, bench.Codecs("^json$"))
	if err == nil || !strings.Contains(err.Error(), "value 1 of") || !strings.Contains(err.Error(), ".F") {
		t.Errorf("non-nil func: err = %v, want value 1 refused at .F", err)
	}
	type floats struct {
		F   float64
		Any any
	}
	vs := bench.Verify(t, []floats{{F: math.NaN(), Any: math.NaN()}}, bench.Codecs("^vmihailenco-msgpack$"))
	if len(vs) != 1 || vs[0].Status != result.VerifyExact {
		t.Errorf("NaNs: %+v, want exact", vs)
	}
}

// TestOptionRange checks that options out of their range are refused,
// naming the option, as serbench run refuses its flags: Count(-1) and
// Forks(0) were taken as the defaults, and SampleTime(10µs), shorter than
// the machine can time, gave samples several times too slow.
func TestOptionRange(t *testing.T) {
	for _, c := range []struct {
		opt  bench.Option
		want string
	}{
		{bench.Count(-1), "bench.Count(-1)"},
		{bench.Count(0), "bench.Count(0)"},
		{bench.Forks(0), "bench.Forks(0)"},
		{bench.SampleTime(10 * time.Microsecond), "bench.SampleTime(10µs): too short"},
		{bench.SampleTime(-time.Second), "bench.SampleTime(-1s)"},
		{bench.Timeout(0), "bench.Timeout(0s)"},
	} {
		_, err := bench.Run(context.Background(), []item{{}}, bench.Codecs("^json$"), c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want %s", err, c.want)
		}
	}
}

// TestForksPastCount checks that more forks than samples are refused,
// naming both values: each fork takes its share of Count, and Forks(5)
// with Count(3) set up two forks that took no sample. As many forks as
// samples are measured, and Count(1) without Forks takes one fork (the
// default, 2, is lowered to Count).
func TestForksPastCount(t *testing.T) {
	for _, c := range []struct {
		opts []bench.Option
		want string
	}{
		{[]bench.Option{bench.Forks(5), bench.Count(3)}, "bench.Forks(5) with bench.Count(3): each of the first forks takes at least one of the samples"},
		{[]bench.Option{bench.Count(3), bench.Forks(5)}, "bench.Forks(5) with bench.Count(3): each of the first forks takes at least one of the samples"},
		{[]bench.Option{bench.Forks(11)}, "bench.Forks(11) with bench.Count(10) (the default): each of the first forks"},
		{[]bench.Option{bench.Count(1), bench.Forks(2)}, "bench.Forks(2) with bench.Count(1): each of the first forks"},
	} {
		_, err := bench.Run(context.Background(), []item{{}}, append(c.opts, bench.Codecs("^json$"))...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want %s", err, c.want)
		}
	}
	run, err := bench.Run(context.Background(), []item{{SKU: "a"}}, bench.Codecs("^json$"), bench.Count(2), bench.Forks(2), bench.SampleTime(2*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if c := run.Cell(result.Key{Workload: run.Workloads[0].Name, Codec: "json", Op: result.OpEncode, Goroutines: 1}); c == nil || len(c.Samples) != 2 || c.Samples[0].Fork == c.Samples[1].Fork {
		t.Errorf("Count(2), Forks(2): encode cell %+v, want a sample from each fork", c)
	}
	run, err = bench.Run(context.Background(), []item{{SKU: "a"}}, bench.Codecs("^json$"), bench.Count(1), bench.SampleTime(2*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if forks := run.EnvValue("forks"); forks != "1" {
		t.Errorf("Count(1) without Forks: forks %q, want 1", forks)
	}
}
