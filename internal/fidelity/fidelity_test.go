package fidelity

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// TestMain lets the test binary serve as the worker processes of the
// matrices these tests compute.
func TestMain(m *testing.M) {
	MaybeWorker()
	os.Exit(m.Run())
}

// The test codecs: encoding/json, each misbehaving on one edge value the
// way its name says. They are registered in this test binary only (and so
// in its worker processes).
const (
	codecZero   = "fidtest-zero"   // decodes math.MinInt64 in I64 as 0, silently
	codecError  = "fidtest-error"  // Encode returns an error for math.MaxFloat32 in F32
	codecPanic  = "fidtest-panic"  // Encode panics on a string holding NUL
	codecCrash  = "fidtest-crash"  // a goroutine panics on a time in 1969: the process dies
	codecHang   = "fidtest-hang"   // Encode blocks forever on a time in 2300
	codecHangTS = "fidtest-hangts" // Encode blocks forever on every TestStruc, the base value's too
	codecAlloc  = "fidtest-alloc"  // Encode allocates without bound on deep nesting
	codecExit   = "fidtest-exit"   // os.Exit(3) on every Encode, the base value's too
	codecPerson = "fidtest-person" // binds person only
	codecNone   = "fidtest-none"   // binds nothing
	codecNoTS   = "fidtest-nots"   // Encode of a TestStruc fails: falls back to person
	codecRef    = "fidtest-ref"    // a reference codec: left out
)

// hangMarkEnv names a file that codecHang creates when it starts to hang.
const hangMarkEnv = "FIDTEST_HANG_MARK"

var jsonLoss = []codec.Loss{{Kind: codec.InterfaceTypes, Detail: "numbers in interface{} values decode as float64"}}

// misbehave is called with each value before it is encoded.
var misbehave = map[string]func(v any) error{
	codecError: func(v any) error {
		if s, ok := v.(*workload.TestStruc); ok && s.F32 == math.MaxFloat32 {
			return errors.New("fidtest: F32 too large")
		}
		return nil
	},
	codecPanic: func(v any) error {
		if s, ok := v.(*workload.TestStruc); ok && strings.Contains(s.S, "\x00") {
			panic("fidtest: NUL")
		}
		return nil
	},
	codecCrash: func(v any) error {
		if s, ok := v.(*workload.TestStruc); ok && s.T.Year() == 1969 {
			done := make(chan struct{})
			go func() { panic("fidtest: 1969") }()
			<-done
		}
		return nil
	},
	codecHang: func(v any) error {
		if s, ok := v.(*workload.TestStruc); ok && s.T.Year() == 2300 {
			exectest.Hanging(hangMarkEnv) // the test's sign that it hangs
			hangEncoding()
		}
		return nil
	},
	codecHangTS: func(v any) error {
		if _, ok := v.(*workload.TestStruc); ok {
			hangEncoding()
		}
		return nil
	},
	codecAlloc: func(v any) error {
		if s, ok := v.(*workload.TestStruc); ok && s.Mtsptr != nil {
			var keep [][]byte
			for {
				b := make([]byte, 16<<20)
				for i := range b {
					b[i] = 1
				}
				keep = append(keep, b)
			}
		}
		return nil
	},
	codecExit: func(any) error { os.Exit(3); return nil },
	codecNoTS: func(v any) error {
		if _, ok := v.(*workload.TestStruc); ok {
			return errors.New("fidtest: no TestStruc")
		}
		return nil
	},
}

// hangEncoding is where codecHang hangs: a hung cell's detail names it.
//
//go:noinline
func hangEncoding() {
	// Sleep, not select{}: with no other goroutine awake the runtime
	// would end a select{} as a deadlock, a crash.
	for {
		time.Sleep(time.Hour)
	}
}

func init() {
	for _, name := range []string{codecZero, codecError, codecPanic, codecCrash, codecHang, codecHangTS, codecAlloc, codecExit, codecPerson, codecNone, codecNoTS, codecRef} {
		info := codec.Info{Name: name, Format: "test", Module: "serbench", API: codec.Reflection, Losses: jsonLoss}
		if name == codecRef {
			info.Reference = "floor"
		}
		codec.Register(codec.New(info, func(t codec.Target) (codec.Instance, error) {
			if name == codecNone || name == codecPerson && t.Workload != CarrierPerson {
				return nil, codec.Unsupportedf("%s binds no %s", name, t.Workload)
			}
			marshal := func(v any) ([]byte, error) {
				if f := misbehave[name]; f != nil {
					if err := f(v); err != nil {
						return nil, err
					}
				}
				return json.Marshal(v)
			}
			inst := codec.Reflect(t, marshal, json.Unmarshal)
			if name != codecZero {
				return inst, nil
			}
			return codec.Funcs{
				PrepareFunc: inst.Prepare, EncodeFunc: inst.Encode, DecodeFunc: inst.Decode,
				CanonicalFunc: func(v any) (any, error) {
					if s, ok := v.(*workload.TestStruc); ok && s.I64 == math.MinInt64 {
						s.I64 = 0
					}
					return v, nil
				},
			}, nil
		}))
	}
}

// cell returns the cell of a codec and a case, failing the test when the
// matrix has none.
func cell(t *testing.T, m *result.Fidelity, codecName, caseName string) result.FidelityCell {
	t.Helper()
	r := m.Row(codecName)
	if r == nil {
		t.Fatalf("no row %s", codecName)
	}
	c := r.Cell(caseName)
	if c == nil {
		t.Fatalf("%s has no cell %s", codecName, caseName)
	}
	return *c
}

func wantCell(t *testing.T, m *result.Fidelity, codecName, caseName string, status result.FidelityStatus, detail ...string) {
	t.Helper()
	c := cell(t, m, codecName, caseName)
	if c.Status != status {
		t.Errorf("%s %s: %s (%s), want %s", codecName, caseName, c.Status, c.Detail, status)
	}
	for _, d := range detail {
		if !strings.Contains(c.Detail, d) {
			t.Errorf("%s %s: detail %q lacks %q", codecName, caseName, c.Detail, d)
		}
	}
}

func TestClassificationInProcess(t *testing.T) {
	m, err := Compute(context.Background(), codectest.Codecs(t, codecZero, codecError, codecPanic, codecPerson, codecNone, codecNoTS, codecRef), Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range m.Rows {
		names = append(names, r.Codec)
		if len(r.Cells) != len(Cases()) {
			t.Errorf("%s: %d cells for %d cases", r.Codec, len(r.Cells), len(Cases()))
		}
	}
	// By name, the reference codec left out.
	if got := strings.Join(names, " "); got != "fidtest-error fidtest-none fidtest-nots fidtest-panic fidtest-person fidtest-zero" {
		t.Errorf("rows %s", got)
	}
	wantCell(t, m, codecZero, BaseCase, result.FidelityExact)
	wantCell(t, m, codecZero, "MinI64", result.FidelityFail, "I64: -9223372036854775808 became 0")
	wantCell(t, m, codecZero, "MaxI64", result.FidelityExact)
	wantCell(t, m, codecError, "MaxF32", result.FidelityError, "encode: fidtest: F32 too large")
	wantCell(t, m, codecPanic, "NUL", result.FidelityError, "panicked", "fidtest: NUL")
	wantCell(t, m, codecPanic, "badUTF8", result.FidelityFail, `S: "\xff\xfe" became`)
	// encoding/json's own: NaN is an error, a declared loss is "~",
	// an undeclared one "~!".
	wantCell(t, m, codecZero, "NaN", result.FidelityError, "unsupported value: NaN")
	wantCell(t, m, codecZero, "2^53+1", result.FidelityUndeclared, "interface-types: declared", "not declared")
	wantCell(t, m, codecZero, "-1e19", result.FidelityExact)
	wantCell(t, m, codecZero, DepthCase, result.FidelityExact)
	if r := m.Row(codecZero); r.Carrier != CarrierNested || r.Note != "" {
		t.Errorf("%s: carrier %q, note %q", codecZero, r.Carrier, r.Note)
	}

	// Person only: carried by person, what person lacks is n/a.
	if r := m.Row(codecPerson); r.Carrier != CarrierPerson || !strings.Contains(r.Note, "nested: bind: unsupported: fidtest-person binds no nested") {
		t.Errorf("%s: carrier %q, note %q", codecPerson, r.Carrier, r.Note)
	}
	wantCell(t, m, codecPerson, "-0 f64", result.FidelityExact)
	wantCell(t, m, codecPerson, "-0 f32", result.FidelityNA, "person carrier has no field")
	wantCell(t, m, codecPerson, "1969", result.FidelityExact)
	// A base value that fails on nested falls back to person.
	if r := m.Row(codecNoTS); r.Carrier != CarrierPerson || !strings.Contains(r.Note, "nested: base value error") {
		t.Errorf("%s: carrier %q, note %q", codecNoTS, r.Carrier, r.Note)
	}
	// No carrier: everything n/a, the base cell says why.
	r := m.Row(codecNone)
	if r.Carrier != "" {
		t.Errorf("%s carrier %q", codecNone, r.Carrier)
	}
	for _, c := range r.Cells {
		if c.Status != result.FidelityNA {
			t.Errorf("%s %s: %s", codecNone, c.Case, c.Status)
		}
	}
	wantCell(t, m, codecNone, BaseCase, result.FidelityNA, "nested: bind: unsupported", "person: bind: unsupported")
}

func TestWorkersContainCrashHangAndMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes that crash, hang and allocate; skipped with -short")
	}
	m, err := Compute(context.Background(), codectest.Codecs(t, codecCrash, codecHang, codecHangTS, codecAlloc, codecExit, codecZero),
		Options{Timeout: 3 * time.Second, MemoryLimit: 64 << 20, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	wantCell(t, m, codecCrash, "1969", result.FidelityCrash, "the worker died", "panic: fidtest: 1969")
	wantCell(t, m, codecHang, "2300", result.FidelityTimeout, "timeout of 3s")
	// The worker that hung was asked for its goroutines before it was
	// killed: after the line that tables show, they say where it hung.
	line, stacks := workerproc.CutStacks(cell(t, m, codecHang, "2300").Detail)
	if line != "no answer within the timeout of 3s; the worker was killed" {
		t.Errorf("%s 2300: the detail's line %q", codecHang, line)
	}
	if runtime.GOOS == "linux" && (!strings.Contains(stacks, "fidelity.hangEncoding()") || !strings.Contains(stacks, "time.Sleep(") || len(stacks) > workerproc.ExcerptKept) {
		t.Errorf("%s 2300: the goroutines of the hung worker do not say it hung in hangEncoding, in time.Sleep (at most %d bytes):\n%s", codecHang, workerproc.ExcerptKept, stacks)
	}
	wantCell(t, m, codecAlloc, DepthCase, result.FidelityMemory, "memory limit")
	// A worker that hangs before its carrier is chosen takes the row
	// with it: its goroutines are kept once, in the first cell.
	for i, c := range m.Row(codecHangTS).Cells {
		line, stacks := workerproc.CutStacks(c.Detail)
		if c.Status != result.FidelityTimeout || line != "no answer within the timeout of 3s; the worker was killed" {
			t.Errorf("%s %s: %s %q", codecHangTS, c.Case, c.Status, c.Detail)
		}
		if i > 0 && stacks != "" || i == 0 && runtime.GOOS == "linux" && !strings.Contains(stacks, "fidelity.hangEncoding()") {
			t.Errorf("%s %s: the goroutines of the hung worker, want them in the first cell only:\n%s", codecHangTS, c.Case, stacks)
		}
	}
	// The cells before and after a dead worker's go on.
	for _, name := range []string{codecCrash, codecHang} {
		wantCell(t, m, name, "NUL", result.FidelityExact)
		wantCell(t, m, name, "+0545ns", result.FidelityExact)
		wantCell(t, m, name, "MinI64", result.FidelityExact)
	}
	wantCell(t, m, codecCrash, "2300", result.FidelityExact)
	wantCell(t, m, codecHang, "1969", result.FidelityExact)
	// A worker that dies on the base value takes the row with it.
	for _, c := range m.Row(codecExit).Cells {
		if c.Status != result.FidelityCrash || !strings.Contains(c.Detail, "exit status 3") {
			t.Errorf("%s %s: %s %q", codecExit, c.Case, c.Status, c.Detail)
		}
	}
	// Other rows are not disturbed; workers give what in-process gives.
	local, err := Compute(context.Background(), codectest.Codecs(t, codecZero), Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(*local.Row(codecZero), *m.Row(codecZero)); diff != "" {
		t.Errorf("a worker's row differs from the row computed in process (-local +worker):\n%s", diff)
	}
}

func TestComputeCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, codectest.Codecs(t, codecZero), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// Every case but the base changes the base value of each carrier that
// carries it, and every call builds a new value, sharing nothing.
func TestCasesChangeTheBaseValue(t *testing.T) {
	names := map[string]bool{}
	for i, c := range Cases() {
		if names[c.Name] || c.Name == "" || c.Doc == "" {
			t.Errorf("case %d: name %q (duplicate or empty) or no doc", i, c.Name)
		}
		names[c.Name] = true
		if c.Nested == nil {
			t.Errorf("%s: not carried by nested", c.Name)
		}
		for _, carrier := range Carriers {
			v := c.value(carrier)
			if v == nil {
				continue
			}
			base := Cases()[0].value(carrier)
			if changed := !reflect.DeepEqual(v, base); changed != (i > 0) {
				t.Errorf("%s on %s: changed %v", c.Name, carrier, changed)
			}
			w := c.value(carrier)
			switch x := v.(type) {
			case *workload.TestStruc:
				x.Sslice = append(x.Sslice[:0], "changed")
				x.Ms = map[string]interface{}{}
			case *workload.Person:
				x.Aliases = append(x.Aliases[:0], "changed")
			}
			if reflect.DeepEqual(v, w) {
				t.Errorf("%s on %s: two values share their slices", c.Name, carrier)
			}
		}
	}
	v := Cases()[len(Cases())-1].value(CarrierNested).(*workload.TestStruc)
	depth := 0
	for s := v; s.Mtsptr != nil; s = s.Mtsptr["0"] {
		depth++
	}
	if depth != Depth {
		t.Errorf("depth %d, want %d", depth, Depth)
	}
}

func TestShort(t *testing.T) {
	if got := short("a\nb\x00\xffc"); got != `a b\x00\xffc` {
		t.Errorf("short = %q", got)
	}
	long := strings.Repeat("x", 1000) + "the end"
	got := short(long)
	if len([]rune(got)) > maxDetail+3 || !strings.HasSuffix(got, "the end") || !strings.Contains(got, " … ") {
		t.Errorf("short of a long text: %d runes, %q", len([]rune(got)), got)
	}
}

// TestWorkerComplaintIsNamed: a worker that refuses its arguments (a
// codec its binary does not register, as when a test registers one after
// MaybeWorker) complains on its standard error and exits; the row's cells
// say what it complained of, not only its exit status.
func TestWorkerComplaintIsNamed(t *testing.T) {
	const name = "fidtest-unregistered"
	c := codec.New(codec.Info{Name: name, Format: "test", Module: "serbench", API: codec.Reflection},
		func(t codec.Target) (codec.Instance, error) {
			return codec.Reflect(t, json.Marshal, json.Unmarshal), nil
		})
	m, err := Compute(context.Background(), []codec.Codec{c}, Options{Timeout: 10 * time.Second, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	wantCell(t, m, name, BaseCase, result.FidelityCrash, "exit status 2", `no codec "`+name+`"`)
}

// TestWorkerThatDoesNotExitIsKilled: a worker that delivered its cells
// but does not exit (here a command that sleeps after the worker, as a
// codec's goroutine or child process might hold one) is killed after
// ExitWait, the warning names its codec, and its cells are kept.
func TestWorkerThatDoesNotExitIsKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { ExitWait = d }(ExitWait)
	ExitWait = time.Second
	var collected exectest.Warnings
	done := make(chan *result.Fidelity, 1)
	go func() {
		m, err := Compute(context.Background(), codectest.Codecs(t, codecZero), Options{
			Timeout: time.Minute, Workers: 1, Command: exectest.Lingering(exe, WorkerArg), Warn: collected.Warn,
		})
		if err != nil {
			t.Error(err)
		}
		done <- m
	}()
	var m *result.Fidelity
	select {
	case m = <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("Compute still waits for a worker that does not exit after two minutes")
	}
	if m == nil {
		t.FailNow()
	}
	warnings := collected.List()
	if len(warnings) != 1 || !strings.Contains(warnings[0], codecZero) || !strings.Contains(warnings[0], "did not exit within 1s") {
		t.Errorf("warnings %q, want one that names %s and says it did not exit within 1s", warnings, codecZero)
	}
	local, err := Compute(context.Background(), codectest.Codecs(t, codecZero), Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(*local.Row(codecZero), *m.Row(codecZero)); diff != "" {
		t.Errorf("the row of the worker that was killed differs from the row computed in process (-local +worker):\n%s", diff)
	}
}
