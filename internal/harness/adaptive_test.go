package harness

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// synthKind registers a kind whose units report synthetic times, so the
// adaptive phase can be tested in process and at once. Each Build is one
// fork; op "quiet" always takes 100ns an operation, "within" varies by
// ±20% from sample to sample, "between" is steady within a fork but each
// fork is off by up to ±15%. The random numbers come from fixed seeds.
func synthKind(t *testing.T, name string) {
	registerSynth(name, 7, []string{"quiet", "within", "between"}, func(r *rand.Rand) func(op string) float64 {
		offset := 1 + 0.3*(r.Float64()-0.5)
		return func(op string) float64 {
			switch op {
			case "within":
				return 100 * (1 + 0.4*(r.Float64()-0.5))
			case "between":
				return 100 * offset
			}
			return 100
		}
	})
}

// registerSynth registers a kind of one job with a unit per op, each Build
// one fork: fork(r) is called once per fork with the fork's generator
// PCG(fork number, seed), and the function it returns gives the ns per
// operation of one sample of op.
func registerSynth(name string, seed uint64, ops []string, fork func(r *rand.Rand) func(op string) float64) {
	var mu sync.Mutex
	builds := 0
	RegisterKind(name, Kind{Build: func(ctx context.Context, s Spec) (*Bound, error) {
		mu.Lock()
		builds++
		n := builds
		mu.Unlock()
		b := &Bound{Verification: &result.Verification{Workload: "w", Codec: s.Name, Status: result.VerifyExact}}
		per := fork(rand.New(rand.NewPCG(uint64(n), seed)))
		for _, op := range ops {
			b.Units = append(b.Units, Unit{Cell: result.Cell{Workload: "w", Codec: s.Name, Op: op, Goroutines: 1},
				Loop: func(n int) (time.Duration, error) {
					return time.Duration(per(op) * float64(n)), nil
				}})
		}
		return b, nil
	}})
}

func adaptiveRun(t *testing.T, kind string, cfg Config) (*sink, map[string]int) {
	t.Helper()
	synthKind(t, kind)
	return runKind(t, kind, cfg)
}

// runKind runs the one job of a registered kind in process and returns
// what the sink got, with the highest fork number of each op.
func runKind(t *testing.T, kind string, cfg Config) (*sink, map[string]int) {
	t.Helper()
	var s sink
	cfg.Isolation = IsolationNone
	if err := Run(context.Background(), cfg, []Spec{{Kind: kind, Workload: "w", Name: "c"}}, &s); err != nil {
		t.Fatal(err)
	}
	forks := map[string]int{}
	for _, c := range s.samples {
		forks[c.Op] = max(forks[c.Op], c.Samples[0].Fork)
	}
	return &s, forks
}

// TestAdaptiveForks: with a precision target and no budget, a quiet cell
// meets the target in the first forks and gets no more; the cell whose
// forks differ gets forks until it meets the target or reaches MaxForks,
// and then says noise; every cell records the target.
func TestAdaptiveForks(t *testing.T) {
	cfg := Config{Count: 6, Forks: 2, MaxForks: 5, SampleTime: time.Millisecond, Target: 0.01}
	// The quiet cell in a run of its own: beside the cell whose forks
	// differ by ±15%, the run's pool may widen it too (the pool's own
	// decision, at p = 0.05, which TestAdaptivePool tests), and then it
	// rightly misses ±1%.
	registerSynth("synth-adaptive-quiet", 7, []string{"quiet"}, func(*rand.Rand) func(string) float64 {
		return func(string) float64 { return 100 }
	})
	qs, qforks := runKind(t, "synth-adaptive-quiet", cfg)
	if qforks["quiet"] != 2 {
		t.Errorf("quiet cell measured in %d forks, want the first 2 only", qforks["quiet"])
	}
	if c := qs.cell("c", "quiet"); c.Status != result.CellOK || c.Target != 0.01 || c.Missed != "" || len(c.Samples) != 6 {
		t.Errorf("quiet: status %s, target %v, missed %q with %d samples; want ok, 0.01, met with the first 6", c.Status, c.Target, c.Missed, len(c.Samples))
	}
	s, forks := adaptiveRun(t, "synth-adaptive", cfg)
	if forks["between"] != 5 {
		t.Errorf("between-fork cell measured in %d forks, want MaxForks 5", forks["between"])
	}
	for _, op := range []string{"quiet", "within", "between"} {
		c := s.cell("c", op)
		if c.Status != result.CellOK || c.Target != 0.01 {
			t.Errorf("%s: status %s target %v, want ok and 0.01", op, c.Status, c.Target)
		}
	}
	if c := s.cell("c", "between"); c.Missed != result.MissedNoise {
		t.Errorf("between: missed %q, want %q (±15%% between forks cannot reach ±1%% in 5 forks)", c.Missed, result.MissedNoise)
	}
	// Samples of adaptive forks are numbered after the first forks and
	// each fork's quota is at least MinCount.
	per := map[string]map[int]int{}
	for _, c := range s.samples {
		if per[c.Op] == nil {
			per[c.Op] = map[int]int{}
		}
		per[c.Op][c.Samples[0].Fork]++
	}
	t.Logf("samples per fork: %v", per)
	for f := 3; f <= 5; f++ {
		if per["between"][f] < 3 {
			t.Errorf("between: adaptive fork %d took %d samples, want at least MinCount 3", f, per["between"][f])
		}
	}
	// Where the noise is within forks, an adaptive fork takes more
	// samples (Kalibera and Jones's design) than where forks differ.
	adaptive := func(op string) (n int) {
		for f, k := range per[op] {
			if f > 2 {
				n += k
			}
		}
		return n
	}
	if adaptive("within") <= adaptive("between") {
		t.Errorf("adaptive forks: within-noise cell took %d samples, between-fork cell %d; want more for the former", adaptive("within"), adaptive("between"))
	}
}

// TestAdaptiveBudget: a budget already spent by the first forks takes no
// adaptive fork, and the cells that miss the target say budget.
func TestAdaptiveBudget(t *testing.T) {
	cfg := Config{Count: 6, Forks: 2, SampleTime: time.Millisecond, Target: 0.01, Budget: time.Nanosecond}
	s, forks := adaptiveRun(t, "synth-budget", cfg)
	if forks["between"] != 2 || forks["within"] != 2 {
		t.Errorf("forks %v, want 2 for every cell: no budget left", forks)
	}
	if c := s.cell("c", "between"); c.Missed != result.MissedBudget {
		t.Errorf("between: missed %q, want budget", c.Missed)
	}
	if c := s.cell("c", "quiet"); c.Missed != "" {
		t.Errorf("quiet: missed %q, want met", c.Missed)
	}
}

// TestNoTargetNoAdaptiveForks: without a target the run takes exactly its
// forks and count, and cells carry no target.
func TestNoTargetNoAdaptiveForks(t *testing.T) {
	s, forks := adaptiveRun(t, "synth-none", Config{Count: 6, Forks: 2, SampleTime: time.Millisecond})
	for op, f := range forks {
		if f != 2 {
			t.Errorf("%s: %d forks, want 2", op, f)
		}
	}
	for _, c := range s.done {
		if c.Target != 0 || c.Missed != "" {
			t.Errorf("%s: target %v missed %q, want none", c.Op, c.Target, c.Missed)
		}
	}
}

// TestLaterForksSkipVerification: a job's later workers are told its
// verification is done (Spec.Verified), unless it failed (an error: a
// mismatch is still timed and marked): then every worker verifies again,
// and none measures.
func TestLaterForksSkipVerification(t *testing.T) {
	for _, status := range []string{result.VerifyExact, result.VerifyMismatch, result.VerifyError} {
		var seen []bool
		kind := "synth-verified-" + status
		RegisterKind(kind, Kind{Build: func(ctx context.Context, s Spec) (*Bound, error) {
			seen = append(seen, s.Verified)
			b := &Bound{Verification: &result.Verification{Workload: "w", Codec: s.Name, Status: status}}
			b.Units = []Unit{{Cell: result.Cell{Workload: "w", Codec: s.Name, Op: "op", Goroutines: 1},
				Loop: func(n int) (time.Duration, error) { return time.Duration(n) * 100, nil }}}
			return b, nil
		}})
		var s sink
		cfg := Config{Count: 3, Forks: 3, SampleTime: time.Millisecond, Isolation: IsolationNone}
		if err := Run(context.Background(), cfg, []Spec{{Kind: kind, Workload: "w", Name: "c"}}, &s); err != nil {
			t.Fatal(err)
		}
		want := "[false true true]"
		if status == result.VerifyError {
			want = "[false false false]"
		}
		if fmt.Sprint(seen) != want {
			t.Errorf("%s: Spec.Verified of the three workers %v, want %s", status, seen, want)
		}
		if status == result.VerifyError && len(s.samples) != 0 {
			t.Errorf("%s: %d samples of a job that failed verification", status, len(s.samples))
		}
	}
}

// TestLaterForksReuseCalibration: a cell is calibrated once, in the first
// fork that measures it; later forks run its loop only for their samples
// (the untimed tenth and the timed run of each) with the same iterations.
func TestLaterForksReuseCalibration(t *testing.T) {
	type call struct{ fork, n int }
	var calls []call
	builds := 0
	RegisterKind("synth-calibrated", Kind{Build: func(ctx context.Context, s Spec) (*Bound, error) {
		builds++
		fork := builds
		b := &Bound{Verification: &result.Verification{Workload: "w", Codec: s.Name, Status: result.VerifyExact}}
		b.Units = []Unit{{Cell: result.Cell{Workload: "w", Codec: s.Name, Op: "op", Goroutines: 1},
			Loop: func(n int) (time.Duration, error) {
				calls = append(calls, call{fork, n})
				return time.Duration(n) * 100, nil
			}}}
		return b, nil
	}})
	var s sink
	cfg := Config{Count: 6, Forks: 3, SampleTime: time.Millisecond, Isolation: IsolationNone}
	if err := Run(context.Background(), cfg, []Spec{{Kind: "synth-calibrated", Workload: "w", Name: "c"}}, &s); err != nil {
		t.Fatal(err)
	}
	iters := map[int]int{}
	for _, c := range s.samples {
		iters[c.Samples[0].Iters]++
	}
	// 100ns an iteration calibrates to 10,000 iterations a 1ms sample.
	if len(s.samples) != 6 || len(iters) != 1 || iters[10000] != 6 {
		t.Fatalf("samples by iterations %v (%d samples), want all 6 at 10000", iters, len(s.samples))
	}
	perFork := map[int][]int{}
	for _, c := range calls {
		perFork[c.fork] = append(perFork[c.fork], c.n)
	}
	if len(perFork[1]) <= 4 {
		t.Errorf("fork 1 ran the loop %v: want its calibration before its 2 samples", perFork[1])
	}
	for f := 2; f <= 3; f++ {
		if want := []int{1000, 10000, 1000, 10000}; fmt.Sprint(perFork[f]) != fmt.Sprint(want) {
			t.Errorf("fork %d ran the loop %v, want %v: two samples, each a tenth untimed, and no calibration", f, perFork[f], want)
		}
	}
}

// TestFreePooled: what a sync.Pool holds is freed, not only moved to the
// pool's victim cache (where one collection leaves it live), so that
// nothing a verifying setup pooled counts as the job's heap when the
// first fork calibrates and samples.
func TestFreePooled(t *testing.T) {
	var pool sync.Pool
	v := new([64 << 10]byte)
	w := weak.Make(v)
	pool.Put(v)
	v = nil
	freePooled()
	if w.Value() != nil {
		t.Error("a pooled value outlived freePooled")
	}
	runtime.KeepAlive(&pool)
}

// TestSetupVerified: a job set up as verified round-trips and prepares
// its inputs but compares nothing and measures no compressed sizes.
func TestSetupVerified(t *testing.T) {
	clk := &fakeClock{}
	truncate := &fake{name: "t", clock: clk, mangle: func(it *item) { it.S = "" }}
	j := jobs(truncate)[0]
	_, v, err := Setup(context.Background(), j, 0)
	if err != nil || v.Status != result.VerifyMismatch || len(v.Compressed) == 0 {
		t.Fatalf("full setup: status %s, compressed %v, err %v; want mismatch with sizes", v.Status, v.Compressed, err)
	}
	j.Verified = true
	p, v, err := Setup(context.Background(), j, 0)
	if err != nil || v.Status != result.VerifyExact || len(v.Compressed) != 0 || v.DiffValues != 0 {
		t.Fatalf("verified setup: status %s, compressed %v, diffs %d, err %v; want no comparison", v.Status, v.Compressed, v.DiffValues, err)
	}
	if len(p.Messages) != len(j.Values) || len(p.Inputs) != len(j.Values) {
		t.Errorf("verified setup prepared %d messages and %d inputs for %d values", len(p.Messages), len(p.Inputs), len(j.Values))
	}
}

var allocSink [][]byte

// TestCalibrateGCSpansCollections: a loop that allocates gets enough
// iterations for a sample to allocate GCSpan heap goals, so that samples
// pay for collections; one that does not allocate keeps its time-based
// count; the stretch stops at MaxStretch times the target.
func TestCalibrateGCSpansCollections(t *testing.T) {
	const perIter = time.Microsecond
	alloc := func(size int) Loop {
		return func(n int) (time.Duration, error) {
			for i := 0; i < n; i++ {
				allocSink = append(allocSink[:0], make([]byte, size))
			}
			return time.Duration(n) * perIter, nil
		}
	}
	n0, _, err := Calibrate(alloc(0), time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	n, _, err := CalibrateGC(alloc(0), time.Millisecond, 1)
	if err != nil || n != n0 {
		t.Errorf("no allocation: %d iterations (err %v), want Calibrate's %d", n, err, n0)
	}
	n, per, err := CalibrateGC(alloc(1024), time.Millisecond, 1)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	goal := heapGoal()
	if n*1024 < GCSpan*int(goal)*9/10 {
		t.Errorf("1KiB an iteration: %d iterations allocate %d bytes, want at least %d heap goals of %d", n, n*1024, GCSpan, goal)
	}
	if per != time.Duration(n)*perIter {
		t.Errorf("predicted sample %s, want %s", per, time.Duration(n)*perIter)
	}
	n, _, err = CalibrateGC(alloc(16), time.Millisecond, 1)
	if err != nil || n != MaxStretch*1000 {
		t.Errorf("16 bytes an iteration: %d iterations (err %v), want the stretch limit %d", n, err, MaxStretch*1000)
	}
}

// TestAdaptiveProgress: forks for precision report phase refine, never
// more done than in total, and a bound no larger than the budget.
func TestAdaptiveProgress(t *testing.T) {
	var seen []Progress
	cfg := Config{Count: 6, Forks: 2, MaxForks: 4, SampleTime: time.Millisecond, Target: 0.01, Budget: time.Minute,
		Progress: func(p Progress) { seen = append(seen, p) }}
	adaptiveRun(t, "synth-progress", cfg)
	refine := 0
	for _, p := range seen {
		if p.Done > p.Total {
			t.Errorf("progress %+v: more done than in total", p)
		}
		if p.Bound <= 0 || p.Bound > time.Minute {
			t.Errorf("progress %+v: bound outside (0, budget]", p)
		}
		if p.Adaptive && p.Phase == "refine" {
			refine++
		}
	}
	if refine == 0 {
		t.Error("no progress report in phase refine")
	}
}

// TestAdaptiveResume: a resumed run with a target keeps the stored
// samples and forks, takes what the first forks still owe, and numbers
// its forks for precision after the stored ones: no fork is taken twice.
func TestAdaptiveResume(t *testing.T) {
	synthKind(t, "synth-resume")
	spec := []Spec{{Kind: "synth-resume", Workload: "w", Name: "c"}}
	cfg := Config{Count: 6, Forks: 2, MaxForks: 5, SampleTime: time.Millisecond, Target: 0.01, Isolation: IsolationNone}
	var first sink
	if err := Run(context.Background(), cfg, spec, &first); err != nil {
		t.Fatal(err)
	}
	// Keep what an interruption during fork 3 would have left: forks 1
	// and 2 whole, one sample of fork 3.
	stored := map[string]*result.Cell{}
	var order []string
	for _, c := range first.samples {
		s := c.Samples[0]
		if s.Fork > 3 || s.Fork == 3 && stored[c.Op] != nil && len(stored[c.Op].Samples) > 0 && stored[c.Op].Samples[len(stored[c.Op].Samples)-1].Fork == 3 {
			continue
		}
		if stored[c.Op] == nil {
			cc := c
			cc.Samples = nil
			cc.Status = result.CellInterrupted
			stored[c.Op] = &cc
			order = append(order, c.Op)
		}
		stored[c.Op].Samples = append(stored[c.Op].Samples, s)
	}
	for _, op := range order {
		cfg.Stored = append(cfg.Stored, *stored[op])
	}
	var second sink
	if err := Run(context.Background(), cfg, spec, &second); err != nil {
		t.Fatal(err)
	}
	for _, op := range order {
		had := map[int]int{}
		for _, s := range stored[op].Samples {
			had[s.Fork]++
		}
		got := map[int]int{}
		for _, c := range second.samples {
			if c.Op == op {
				got[c.Samples[0].Fork]++
			}
		}
		for f := 1; f <= 2; f++ {
			if had[f]+got[f] != 3 {
				t.Errorf("%s fork %d: %d stored + %d new samples, want 3", op, f, had[f], got[f])
			}
		}
		if had[3] > 0 && got[3] > 0 {
			t.Errorf("%s: fork 3 was stored (%d samples) and taken again (%d)", op, had[3], got[3])
		}
		if c := second.cell("c", op); c.Status != result.CellOK {
			t.Errorf("%s: status %s after resume", op, c.Status)
		}
	}
}

// TestAdaptivePool: the precision of a cell is judged with the variation
// between forks of the whole run (stats.Pool), as the report shows it. A
// cell steady in its first two forks, in a run whose four other cells'
// forks are up to ±15% apart, cannot show that its two forks are not both
// off: it gets forks up to MaxForks like the others, and misses for
// noise.
func TestAdaptivePool(t *testing.T) {
	const kind = "synth-pool"
	ops := []string{"steady", "b1", "b2", "b3", "b4"}
	registerSynth(kind, 11, ops, func(r *rand.Rand) func(op string) float64 {
		offset := map[string]float64{}
		for _, op := range ops {
			offset[op] = 1
			if op != "steady" {
				offset[op] = 1 + 0.3*(r.Float64()-0.5)
			}
		}
		return func(op string) float64 { return 100 * offset[op] * (1 + 0.01*r.Float64()) }
	})
	var s sink
	cfg := Config{Count: 6, Forks: 2, MaxForks: 5, SampleTime: time.Millisecond, Target: 0.02, Isolation: IsolationNone}
	if err := Run(context.Background(), cfg, []Spec{{Kind: kind, Workload: "w", Name: "c"}}, &s); err != nil {
		t.Fatal(err)
	}
	var cells [][][]float64
	for _, op := range ops {
		cells = append(cells, result.ForkGroups(s.cell("c", op).Samples, result.NsPerOp))
	}
	pool := stats.PoolForks(cells)
	steady := s.cell("c", "steady")
	own := stats.SummarizeForks(result.ForkGroups(steady.Samples, result.NsPerOp))
	t.Logf("pool %+v; steady: own ±%.1f%%, with the pool ±%.1f%%", pool, 100*own.RelHalfWidth(),
		100*pool.Summarize(result.ForkGroups(steady.Samples, result.NsPerOp)).RelHalfWidth())
	if !pool.Applies() {
		t.Fatalf("pool %+v does not apply: the test needs forks that differ", pool)
	}
	if f := steady.Samples[len(steady.Samples)-1].Fork; f != 5 || steady.Missed != result.MissedNoise {
		t.Errorf("steady cell: %d forks, missed %q; want MaxForks 5 and %q (its own interval, ±%.1f%%, meets ±2%%; the run's does not)",
			f, steady.Missed, result.MissedNoise, 100*own.RelHalfWidth())
	}
}
