package harness

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/result"
)

// item is the value type of the test workload.
type item struct {
	N int
	S string
}

// fakeClock advances only when a fake codec works.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// fake is a codec whose behaviour the test chooses.
type fake struct {
	name     string
	clock    *fakeClock
	encCost  time.Duration
	decCost  time.Duration
	losses   []codec.Loss
	mangle   func(*item) // applied to decoded values
	encPanic bool
	decErr   bool
	hang     chan struct{} // Encode blocks on it
	bindErr  error
	expect   []codec.Expectation
}

func (f *fake) Info() codec.Info {
	return codec.Info{Name: f.name, Format: "fake", Module: "serbench", API: codec.HandWritten, Losses: f.losses, Expect: f.expect}
}

func (f *fake) Bind(t codec.Target) (codec.Instance, error) {
	if f.bindErr != nil {
		return nil, f.bindErr
	}
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			if f.encPanic {
				panic("boom")
			}
			if f.hang != nil {
				<-f.hang
			}
			f.clock.advance(f.encCost)
			it := v.(*item)
			return []byte(fmt.Sprintf("%d|%s", it.N, it.S)), nil
		},
		DecodeFunc: func(b []byte) (any, error) {
			if f.decErr {
				return nil, errors.New("cannot decode")
			}
			f.clock.advance(f.decCost)
			n, s, _ := strings.Cut(string(b), "|")
			it := &item{S: s}
			fmt.Sscan(n, &it.N)
			if f.mangle != nil {
				f.mangle(it)
			}
			return it, nil
		},
	}, nil
}

// sink records what the harness reports, in order.
type sink struct {
	mu       sync.Mutex
	verifs   []result.Verification
	samples  []result.Cell
	done     []result.Cell
	warnings []string
	onSample func(n int)
}

func (s *sink) Verification(v result.Verification) error {
	s.verifs = append(s.verifs, v)
	return nil
}
func (s *sink) Sample(c result.Cell) error {
	s.mu.Lock()
	s.samples = append(s.samples, c)
	n := len(s.samples)
	s.mu.Unlock()
	if s.onSample != nil {
		s.onSample(n)
	}
	return nil
}
func (s *sink) CellDone(c result.Cell) error { s.done = append(s.done, c); return nil }
func (s *sink) Warning(m string) error       { s.warnings = append(s.warnings, m); return nil }

func (s *sink) verification(codec string) result.Verification {
	for _, v := range s.verifs {
		if v.Codec == codec {
			return v
		}
	}
	return result.Verification{}
}

// cell returns the final record of a cell with every sample reported.
func (s *sink) cell(codec, op string) result.Cell {
	for _, c := range s.done {
		if c.Codec == codec && c.Op == op {
			for _, smp := range s.samples {
				if smp.Key() == c.Key() {
					c.Samples = append(c.Samples, smp.Samples...)
				}
			}
			return c
		}
	}
	return result.Cell{}
}

// testJobs holds the jobs of the "fakejob" kind, which the tests run in
// process (isolation none): fakes cannot be rebuilt in another process.
var (
	testJobsMu sync.Mutex
	testJobs   = map[string]fakeJob{}
)

type fakeJob struct {
	job   Job
	clock Clock
}

func init() {
	RegisterKind("fakejob", Kind{Build: func(ctx context.Context, s Spec) (*Bound, error) {
		testJobsMu.Lock()
		fj, ok := testJobs[s.Name]
		testJobsMu.Unlock()
		if !ok {
			return nil, fmt.Errorf("no fake job %q", s.Name)
		}
		p, v, err := Setup(ctx, fj.job, time.Hour)
		b := &Bound{Verification: &v}
		if err != nil {
			return b, nil
		}
		p.Clock = fj.clock
		b.Units, err = p.Units(s.Goroutines, s.Zstd)
		return b, err
	}})
}

// runJobs runs js in process with one fork, as the old in-process
// harness did, timed by clock (nil: real time).
func runJobs(ctx context.Context, cfg Config, clock Clock, js []Job, s *sink, goroutines []int, zstd bool) error {
	var specs []Spec
	testJobsMu.Lock()
	for _, j := range js {
		name := j.Codec.Info().Name
		testJobs[name] = fakeJob{job: j, clock: clock}
		specs = append(specs, Spec{Kind: "fakejob", Workload: j.Workload, Name: name, Goroutines: goroutines, Zstd: zstd})
	}
	testJobsMu.Unlock()
	cfg.Isolation, cfg.Forks = IsolationNone, 1
	return Run(ctx, cfg, specs, s)
}

func jobs(cs ...codec.Codec) []Job {
	values := make([]any, 50)
	for i := range values {
		values[i] = &item{N: i, S: strings.Repeat("x", i%7)}
	}
	target := codec.Target{Workload: "items", Type: reflect.TypeFor[item](), New: func() any { return new(item) }}
	var out []Job
	for _, c := range cs {
		out = append(out, Job{Workload: "items", Target: target, Values: values, Codec: c})
	}
	return out
}

func TestRunMeasuresWithFakeClock(t *testing.T) {
	clk := &fakeClock{}
	a := &fake{name: "a", clock: clk, encCost: 100 * time.Nanosecond, decCost: 300 * time.Nanosecond}
	b := &fake{name: "b", clock: clk, encCost: 1 * time.Microsecond, decCost: 2 * time.Microsecond}
	var s sink
	cfg := Config{Count: 4, SampleTime: time.Millisecond}
	if err := runJobs(context.Background(), cfg, clk, jobs(a, b), &s, nil, false); err != nil {
		t.Fatal(err)
	}
	if got := s.verification("a").Status; got != result.VerifyExact {
		t.Errorf("a verification = %q, want exact", got)
	}
	if len(s.samples) != 16 {
		t.Fatalf("got %d samples, want 4 cells × 4", len(s.samples))
	}
	// Round-robin: every round visits every cell once, each job's cells
	// starting one further on in each round.
	var order []string
	for _, c := range s.samples[:8] {
		order = append(order, c.Codec+" "+c.Op)
	}
	want := "a encode,a decode,b encode,b decode,a decode,a encode,b decode,b encode"
	if strings.Join(order, ",") != want {
		t.Errorf("sample order %v, want %s", order, want)
	}
	for _, c := range s.samples {
		f := map[string]*fake{"a": a, "b": b}[c.Codec]
		want := f.encCost
		if c.Op == result.OpDecode {
			want = f.decCost
		}
		if got := c.Samples[0].NsPerOp; got != float64(want.Nanoseconds()) {
			t.Errorf("%s %s: %v ns/op, want %v", c.Codec, c.Op, got, want.Nanoseconds())
		}
		// Calibrated to the sample time, iterations × cost ≈ 1ms, or
		// stretched (up to MaxStretch) so that the sample's allocation
		// spans collections: the fakes allocate for real but take no real
		// time.
		smp := c.Samples[0]
		el := time.Duration(smp.Iters) * want
		stretched := el > 2*time.Millisecond && el <= MaxStretch*time.Millisecond+time.Microsecond && smp.BytesPerOp > 0
		if el < 800*time.Microsecond || el > 2*time.Millisecond && !stretched {
			t.Errorf("%s %s: a sample lasts %s (%.0f B/op), want about 1ms, or up to %dms to span collections", c.Codec, c.Op, el, smp.BytesPerOp, MaxStretch)
		}
	}
	for _, c := range s.done {
		if c.Status != result.CellOK {
			t.Errorf("%s %s: status %s", c.Codec, c.Op, c.Status)
		}
	}
}

func TestVerificationClassifiesLosses(t *testing.T) {
	clk := &fakeClock{}
	truncate := func(it *item) {
		if len(it.S) > 3 {
			it.S = it.S[:3]
		}
	}
	declared := &fake{name: "declared", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond,
		mangle: func(it *item) { it.N = 0 }}
	undeclared := &fake{name: "undeclared", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond, mangle: truncate}
	var s sink
	if err := runJobs(context.Background(), Config{Count: 1, SampleTime: time.Microsecond}, clk, jobs(declared, undeclared), &s, nil, false); err != nil {
		t.Fatal(err)
	}
	v := s.verification("undeclared")
	if v.Status != result.VerifyMismatch || v.DiffValues == 0 || len(v.Diffs) == 0 {
		t.Fatalf("undeclared loss not reported: %+v", v)
	}
	if !strings.Contains(v.Diffs[0], ".S") {
		t.Errorf("diff does not name the field: %q", v.Diffs[0])
	}
	// A codec with an undeclared loss is still timed, and marked.
	if c := s.cell("undeclared", result.OpEncode); c.Status != result.CellOK {
		t.Errorf("mismatching codec not timed: %+v", c)
	}
	if v := s.verification("declared"); v.Status != result.VerifyMismatch {
		t.Errorf("zeroed field should be an undeclared missing-field loss, got %+v", v)
	}
}

func TestPanicErrorAndUnsupportedDoNotEndTheRun(t *testing.T) {
	clk := &fakeClock{}
	good := &fake{name: "good", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond}
	panics := &fake{name: "panics", clock: clk, encPanic: true}
	errs := &fake{name: "errs", clock: clk, decErr: true}
	unsupported := &fake{name: "unsupported", clock: clk, bindErr: codec.Unsupportedf("no items here")}
	var s sink
	err := runJobs(context.Background(), Config{Count: 2, SampleTime: time.Microsecond}, clk, jobs(panics, errs, unsupported, good), &s, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if v := s.verification("panics"); v.Status != result.VerifyError || !strings.Contains(v.Error, "panicked: boom") {
		t.Errorf("panics: %+v", v)
	}
	if v := s.verification("errs"); v.Status != result.VerifyError || !strings.Contains(v.Error, "cannot decode") {
		t.Errorf("errs: %+v", v)
	}
	if v := s.verification("unsupported"); v.Status != result.VerifyUnsupported || !strings.Contains(v.Error, "no items here") {
		t.Errorf("unsupported: %+v", v)
	}
	if c := s.cell("good", result.OpDecode); c.Status != result.CellOK {
		t.Errorf("good codec not measured after failing ones: %+v", c)
	}
	for _, c := range s.samples {
		if c.Codec != "good" {
			t.Errorf("failed codec %s was timed", c.Codec)
		}
	}
}

func TestHangingCodecTimesOut(t *testing.T) {
	clk := &fakeClock{}
	hang := make(chan struct{})
	defer close(hang)
	hangs := &fake{name: "hangs", clock: clk, hang: hang}
	good := &fake{name: "good", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond}
	var s sink
	cfg := Config{Count: 2, SampleTime: time.Microsecond, Timeout: time.Second}
	if err := runJobs(context.Background(), cfg, clk, jobs(hangs, good), &s, nil, false); err != nil {
		t.Fatal(err)
	}
	v := s.verification("hangs")
	if v.Status != result.VerifyError || !strings.Contains(v.Error, "timed out") {
		t.Errorf("hanging codec: %+v", v)
	}
	if len(s.warnings) == 0 {
		t.Error("no warning about the abandoned goroutine")
	}
	if c := s.cell("good", result.OpEncode); c.Status != result.CellOK {
		t.Errorf("good codec: %+v", c)
	}
}

func TestCancelMarksCellsInterrupted(t *testing.T) {
	clk := &fakeClock{}
	a := &fake{name: "a", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond}
	ctx, cancel := context.WithCancel(context.Background())
	s := sink{onSample: func(n int) {
		if n == 3 {
			cancel()
		}
	}}
	err := runJobs(ctx, Config{Count: 10, SampleTime: time.Microsecond}, clk, jobs(a), &s, nil, false)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(s.samples) != 3 {
		t.Errorf("%d samples reported, want the 3 taken before cancel", len(s.samples))
	}
	for _, c := range s.done {
		if c.Status != result.CellInterrupted {
			t.Errorf("%s: status %s, want interrupted", c.Op, c.Status)
		}
	}
	if len(s.done) != 2 {
		t.Errorf("%d cells closed, want 2", len(s.done))
	}
}

func TestParallelLanes(t *testing.T) {
	clk := &fakeClock{}
	a := &fake{name: "a", clock: clk, encCost: 10 * time.Nanosecond, decCost: 10 * time.Nanosecond}
	var s sink
	if err := runJobs(context.Background(), Config{Count: 2, SampleTime: time.Millisecond}, clk, jobs(a), &s, []int{2}, false); err != nil {
		t.Fatal(err)
	}
	for _, c := range s.samples {
		if c.Goroutines != 2 {
			t.Errorf("goroutines = %d", c.Goroutines)
		}
		if c.Samples[0].Iters%2 != 0 {
			t.Errorf("iters %d not split over 2 lanes", c.Samples[0].Iters)
		}
	}
}

func TestRotation(t *testing.T) {
	var seen []int
	inst := codec.Funcs{EncodeFunc: func(v any) ([]byte, error) { seen = append(seen, v.(int)); return nil, nil }}
	next := 0
	if err := EncodeN(inst, []any{0, 1, 2}, &next, 7); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != "[0 1 2 0 1 2 0]" || next != 1 {
		t.Errorf("rotation %v next %d", seen, next)
	}
	var msgs []string
	dec := codec.Funcs{DecodeFunc: func(b []byte) (any, error) { msgs = append(msgs, string(b)); return nil, nil }}
	next = 2
	if err := DecodeN(dec, [][]byte{[]byte("a"), []byte("b"), []byte("c")}, &next, 4); err != nil {
		t.Fatal(err)
	}
	if strings.Join(msgs, "") != "cabc" || next != 0 {
		t.Errorf("decode rotation %v next %d", msgs, next)
	}
}

// accessFake is a fake whose instances implement codec.Accessor: Access
// returns the N of an encoded item, costing accCost, plus off.
type accessFake struct {
	*fake
	accCost time.Duration
	off     int
}

func (f *accessFake) Bind(t codec.Target) (codec.Instance, error) {
	inst, err := f.fake.Bind(t)
	if err != nil {
		return nil, err
	}
	return codec.WithAccess(inst, func(b []byte) (any, error) {
		f.clock.advance(f.accCost)
		n, _, _ := strings.Cut(string(b), "|")
		var v int
		fmt.Sscan(n, &v)
		return v + f.off, nil
	}), nil
}

func TestAccessCellIsVerifiedAndTimed(t *testing.T) {
	clk := &fakeClock{}
	good := &accessFake{fake: &fake{name: "good", clock: clk, encCost: time.Microsecond, decCost: time.Microsecond}, accCost: 50 * time.Nanosecond}
	bad := &accessFake{fake: &fake{name: "bad", clock: clk, encCost: time.Microsecond, decCost: time.Microsecond}, accCost: 50 * time.Nanosecond, off: 1}
	plain := &fake{name: "plain", clock: clk, encCost: time.Microsecond, decCost: time.Microsecond}
	js := jobs(good, bad, plain)
	for i := range js {
		js[i].Access = func(v any) any { return v.(*item).N }
	}
	var s sink
	if err := runJobs(context.Background(), Config{Count: 2, SampleTime: time.Millisecond}, clk, js, &s, nil, false); err != nil {
		t.Fatal(err)
	}
	if c := s.cell("good", result.OpAccess); c.Status != result.CellOK || len(c.Samples) != 2 || c.Samples[0].NsPerOp != 50 {
		t.Errorf("good access cell = %+v, want 2 samples of 50 ns/op", c)
	}
	if v := s.verification("good"); v.Status != result.VerifyExact {
		t.Errorf("good verification = %+v, want exact", v)
	}
	if v := s.verification("bad"); v.Status != result.VerifyMismatch || len(v.Diffs) == 0 || !strings.Contains(v.Diffs[0], "access") {
		t.Errorf("bad verification = %+v, want a mismatch naming access", v)
	}
	if c := s.cell("plain", result.OpAccess); c.Codec != "" {
		t.Errorf("a codec without Access got an access cell: %+v", c)
	}
}

func TestZstdCellAndCompressedSizes(t *testing.T) {
	clk := &fakeClock{}
	a := &fake{name: "a", clock: clk, encCost: time.Microsecond, decCost: time.Microsecond}
	var s sink
	// The zstd cell runs real compression, timed by the fake clock that
	// does not advance there: give it real time.
	if err := runJobs(context.Background(), Config{Count: 2, SampleTime: time.Millisecond}, nil, jobs(a), &s, nil, true); err != nil {
		t.Fatal(err)
	}
	if c := s.cell("a", result.OpZstd); c.Status != result.CellOK || len(c.Samples) != 2 || c.Samples[0].NsPerOp <= 0 {
		t.Errorf("zstd cell = %+v, want 2 samples", c)
	}
	v := s.verification("a")
	for _, alg := range []string{"zstd", "gzip", "s2", "lz4"} {
		// Messages like "7|xxxxxxx" are tiny: compression only adds
		// its framing to them.
		if got := v.Compressed[alg]; got <= v.MeanSize {
			t.Errorf("%s: mean compressed size %v of messages of %v bytes: want larger (framing)", alg, got, v.MeanSize)
		}
	}
}

// TestRotationLong covers the four-calls-per-turn path: every count from
// 0 to 40 from every start visits the inputs in order, wrapping around,
// and a failing call names its own value.
func TestRotationLong(t *testing.T) {
	inputs := make([]any, 10)
	msgs := make([][]byte, 10)
	for i := range inputs {
		inputs[i], msgs[i] = i, []byte{byte(i)}
	}
	for start := 0; start < 10; start++ {
		for n := 0; n <= 40; n++ {
			var enc, dec []int
			inst := codec.Funcs{
				EncodeFunc: func(v any) ([]byte, error) { enc = append(enc, v.(int)); return nil, nil },
				DecodeFunc: func(b []byte) (any, error) { dec = append(dec, int(b[0])); return nil, nil },
			}
			ne, nd := start, start
			if err := EncodeN(inst, inputs, &ne, n); err != nil {
				t.Fatal(err)
			}
			if err := DecodeN(inst, msgs, &nd, n); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n; i++ {
				if want := (start + i) % 10; enc[i] != want || dec[i] != want {
					t.Fatalf("start %d n %d: call %d got encode %d, decode %d, want %d", start, n, i, enc[i], dec[i], want)
				}
			}
			if len(enc) != n || len(dec) != n || ne != (start+n)%10 || nd != ne {
				t.Fatalf("start %d n %d: %d encodes, %d decodes, next %d/%d", start, n, len(enc), len(dec), ne, nd)
			}
		}
	}
	for bad := 0; bad < 10; bad++ {
		calls := 0
		inst := codec.Funcs{EncodeFunc: func(v any) ([]byte, error) {
			calls++
			if v.(int) == bad {
				return nil, errors.New("no")
			}
			return nil, nil
		}}
		next := 0
		err := EncodeN(inst, inputs, &next, 10)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("encode value %d:", bad)) || calls != bad+1 {
			t.Errorf("value %d fails: err %v after %d calls", bad, err, calls)
		}
	}
}

// TestSampleWarmsUp: a worker's sample runs a tenth of its iterations
// untimed before the timed ones, and reports only the timed ones.
func TestSampleWarmsUp(t *testing.T) {
	var calls []int
	h := handler{bound: &Bound{Units: []Unit{{Loop: func(n int) (time.Duration, error) {
		calls = append(calls, n)
		return time.Duration(n) * time.Microsecond, nil
	}}}}}
	s, err := h.sample(0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(calls) != "[100 1000]" || s.Iters != 1000 || s.NsPerOp != 1000 {
		t.Errorf("calls %v, sample %+v; want a warm-up of 100 then 1000 timed iterations at 1µs", calls, s)
	}
}

// TestProgress: the progress estimate never counts fewer samples than
// were taken, and ends at the whole run.
func TestProgress(t *testing.T) {
	clk := &fakeClock{}
	a := &fake{name: "a", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond}
	b := &fake{name: "b", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond}
	var s sink
	var seen []Progress
	cfg := Config{Count: 3, SampleTime: time.Microsecond, Workers: 1, Progress: func(p Progress) { seen = append(seen, p) }}
	if err := runJobs(context.Background(), cfg, clk, jobs(a, b), &s, nil, false); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no progress reported")
	}
	for _, p := range seen {
		if p.Done > p.Total {
			t.Errorf("progress %+v: more done than in total", p)
		}
	}
	// While only job a has started, the estimate counts b as a job like a.
	checked := 0
	for _, p := range seen {
		if p.Phase == "measure" && p.Done == 1 {
			checked++
			if p.Total != 12 {
				t.Errorf("after the first sample the estimate is %d samples, want 12 (2 jobs × 2 cells × 3)", p.Total)
			}
		}
	}
	if checked == 0 {
		t.Error("no progress report after the first sample")
	}
	if last := seen[len(seen)-1]; last.Done != 12 || last.Total != 12 {
		t.Errorf("last progress %+v, want 12 of 12", last)
	}
}

// TestWorkersDyingInARow: a job whose every unit kills its worker loses
// one cell per worker, and after maxTries workers in a row the cells it
// still owes are marked crash, never left short of samples as ok.
func TestWorkersDyingInARow(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	RegisterKind("hangall", Kind{Build: func(ctx context.Context, s Spec) (*Bound, error) {
		b := &Bound{Verification: &result.Verification{Workload: "w", Codec: s.Name, Status: result.VerifyExact}}
		for _, op := range []string{"a", "b", "c", "d"} {
			b.Units = append(b.Units, Unit{Cell: result.Cell{Workload: "w", Codec: s.Name, Op: op, Goroutines: 1},
				Loop: func(n int) (time.Duration, error) { <-release; return 0, nil }})
		}
		return b, nil
	}})
	var s sink
	cfg := Config{Count: 2, Forks: 1, Isolation: IsolationNone, Timeout: 50 * time.Millisecond, SampleTime: time.Millisecond}
	if err := Run(context.Background(), cfg, []Spec{{Kind: "hangall", Workload: "w", Name: "h"}}, &s); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range s.done {
		got[c.Op] = c.Status
	}
	want := map[string]string{"a": result.CellTimeout, "b": result.CellTimeout, "c": result.CellTimeout, "d": result.CellCrash}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	if c := s.cell("h", "d"); !strings.Contains(c.Error, "3 workers in a row died") {
		t.Errorf("d: %q", c.Error)
	}
}
