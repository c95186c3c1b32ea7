package harness

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"time"

	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// Sink receives the records of a run as they are produced. A Sink error
// stops the run.
type Sink interface {
	// Verification is called once per job, before any of its timing.
	Verification(v result.Verification) error
	// Sample is called after each sample of a cell; c carries the cell's
	// identity, MeanSize, SampleTime, Reference and the one new sample in
	// c.Samples (with its Fork).
	Sample(c result.Cell) error
	// CellDone is called when a cell's status is final.
	CellDone(c result.Cell) error
	// Warning reports a run-level problem.
	Warning(msg string) error
}

// Progress describes where a run is, for a progress display.
type Progress struct {
	// Phase is "setup" (a worker verifies and calibrates its job),
	// "measure" or "refine" (samples of forks for precision).
	Phase string
	// Cell names the current job or cell.
	Cell string
	// Done and Total count samples; Total is an estimate until every job
	// has been set up.
	Done, Total int
	// Remaining estimates the time left for the samples planned so far
	// (with a precision target, forks for precision may follow).
	Remaining time.Duration
	// Bound, when set, is the most time the run can still take: what is
	// left of its budget (Config.Budget), or Remaining when the first
	// forks overrun it.
	Bound time.Duration
	// Adaptive is set once the run takes forks for precision (Phase
	// "refine"): Total then grows as cells get forks.
	Adaptive bool
}

// DefaultMaxForks is Config.MaxForks's default: enough forks for a cell
// whose forks differ by as much as they do on a shared 2-core VM (fork
// medians with a standard deviation of about 7% of the median) to reach a
// ±3% interval, t(0.975, 31)·7%/√32 = 2.5%, so that Budget, not the cap,
// decides how far a run refines. At 8 forks that cell could not get below
// ±5.9%, however much budget was left.
const DefaultMaxForks = 32

// Isolation modes.
const (
	// IsolationProcess measures every job in worker processes of its own.
	IsolationProcess = "process"
	// IsolationNone sets every job up in the coordinator's own process
	// (for debugging: jobs share one heap, and a crash ends the run).
	IsolationNone = "none"
)

// Config configures a run. Zero fields take the defaults in brackets.
type Config struct {
	// Count is the number of samples per cell, over all forks [10].
	Count int
	// Forks is the number of worker processes each job is measured in
	// [2]; a cell's samples are split among them as evenly as possible.
	// Fewer samples than forks means one sample per fork.
	Forks int
	// Workers bounds the worker processes alive at once [4]. Samples are
	// taken round-robin over the cells of all live workers.
	Workers int
	// SampleTime is the target duration of one sample [50ms].
	SampleTime time.Duration
	// Timeout bounds any single setup, calibration or sample [30s]; a
	// worker that runs past it is killed and its cell marked timeout.
	Timeout time.Duration
	// MemoryLimit is each worker's memory limit in bytes [1 GiB]: the
	// Go runtime's soft limit (GOMEMLIMIT), and a hard kill when its
	// resident size goes a quarter past it. Negative: no limit.
	MemoryLimit int64
	// CellBudget bounds the sampling time of one cell [5s]: a cell whose
	// one sample takes so long that Count samples would exceed it (one
	// operation may take a second) gets fewer, never fewer than MinCount
	// [3] nor than Forks, and a warning says so. Negative: no bound.
	CellBudget time.Duration
	MinCount   int
	// Target, when positive, is the precision each cell should reach: the
	// largest relative half-width of its 95% interval over forks and
	// samples, with the variation between forks of the whole run
	// (stats.Pool.Summarize, as the report computes it; 0.03 is ±3%).
	// After the first Forks forks have taken Count samples, the run
	// spends what is left of Budget on the cells that miss it, widest
	// first: each gets another fork with as many samples as Kalibera and
	// Jones's optimal design gives (stats.SamplesPerFork: few when forks
	// differ, more when the noise is within them). It stops when every
	// cell meets Target, when the next fork would overrun Budget, or when
	// cells reach MaxForks. Every cell records Target and, when it
	// missed, why.
	Target float64
	// Budget bounds the run's wall time for the adaptive forks (measured
	// from the start of Run; the first Forks forks are always taken).
	// Zero: no bound but MaxForks.
	Budget time.Duration
	// MaxForks bounds the forks of one job with a Target [DefaultMaxForks].
	MaxForks int
	// Isolation is IsolationProcess or IsolationNone [process].
	Isolation string
	// WorkerCommand is the command that starts a worker [this binary
	// with WorkerArg]. Test binaries pass their own path and WorkerArg,
	// and call MaybeWorker in TestMain.
	WorkerCommand []string
	// Stored are the cells a resumed run already holds, with their
	// samples: only the missing samples are taken, and jobs whose cells
	// are complete are not set up again.
	Stored []result.Cell
	// Progress, if set, is called as the run advances.
	Progress func(Progress)
}

// WithDefaults returns c with its zero fields set to the defaults Run
// uses (in brackets in Config's field comments), so that a caller can
// record the settings a run is measured with.
func (c Config) WithDefaults() Config {
	c.defaults()
	return c
}

func (c *Config) defaults() {
	if c.Count <= 0 {
		c.Count = 10
	}
	if c.Forks <= 0 {
		c.Forks = 2
	}
	if c.Workers <= 0 {
		c.Workers = 4
	}
	if c.SampleTime <= 0 {
		c.SampleTime = 50 * time.Millisecond
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.MemoryLimit == 0 {
		c.MemoryLimit = 1 << 30
	}
	if c.CellBudget == 0 {
		c.CellBudget = 5 * time.Second
	}
	if c.MinCount <= 0 {
		c.MinCount = 3
	}
	c.MinCount = min(c.MinCount, c.Count)
	if c.MaxForks <= 0 {
		c.MaxForks = DefaultMaxForks
	}
	c.MaxForks = max(c.MaxForks, c.Forks)
	if c.Isolation == "" {
		c.Isolation = IsolationProcess
	}
}

// PerFork returns how many of count samples fork f (1-based) of forks
// takes: count/forks, one more for the first count%forks forks.
func PerFork(count, forks, f int) int {
	if forks <= 0 || f < 1 || f > forks {
		return 0
	}
	n := count / forks
	if f <= count%forks {
		n++
	}
	return n
}

// cellState is the coordinator's record of one cell.
type cellState struct {
	rec    result.Cell // identity, status, error; no samples
	target int         // samples over all forks; 0 until first calibrated
	final  bool        // failed: no more samples
	// iters is the iterations of one sample, from the cell's calibration
	// in the first fork that measured it in this run (0 before); later
	// forks take it as it is.
	iters int
	// samples are the cell's samples so far, stored ones included: what
	// each fork has taken, and the cell's interval.
	samples []result.Sample
	// quota is the samples owed by each adaptive fork (beyond Forks).
	quota map[int]int
	// sampleCost is the wall time of the cell's samples in the
	// coordinator (warm-up, collections and protocol included).
	sampleCost meanTime
	// missed is why the cell stopped short of the target, as far as the
	// adaptive phase knows (result.MissedBudget or MissedNoise).
	missed string
}

// have is how many samples fork f has taken of the cell.
func (st *cellState) have(f int) int {
	n := 0
	for _, smp := range st.samples {
		if smp.Fork == f {
			n++
		}
	}
	return n
}

// meanTime is a running mean of durations.
type meanTime struct {
	sum time.Duration
	n   int
}

func (m *meanTime) add(d time.Duration) { m.sum += d; m.n++ }

// mean is the mean so far, 0 before the first.
func (m meanTime) mean() time.Duration {
	if m.n == 0 {
		return 0
	}
	return m.sum / time.Duration(m.n)
}

// liveUnit is a cell of a live worker that still needs samples.
type liveUnit struct {
	index int // the unit's index in its worker
	st    *cellState
	iters int
	need  int
}

// live is a worker taking samples.
type live struct {
	w     worker
	slot  slot
	units []*liveUnit
	// turn counts the worker's rounds: each round starts one cell further
	// on, so that no operation is always the first sample after another
	// worker's.
	turn int
	// dead is set when the worker died (crash, timeout, memory).
	dead bool
}

// maxTries is how many workers in a row one (job, fork) may lose before
// the cells they owe are marked crash.
const maxTries = 3

// slot is one (job, fork) to run in a worker.
type slot struct {
	spec  int
	fork  int
	tries int
}

type scheduler struct {
	ctx      context.Context
	cfg      Config
	specs    []Spec
	sink     Sink
	cells    map[result.Key]*cellState
	order    []result.Key
	verified map[int]bool
	// passed holds the jobs whose verification in this run passed: their
	// later workers are set up with Spec.Verified.
	passed map[int]bool
	done   int
	start  time.Time
	proc   procOptions
	// started holds the jobs one of whose slots has started, for the
	// progress estimate.
	started map[int]bool
	// forks is the highest fork number of each job started or stored;
	// forkCost the wall time of a job's worker start, setup and
	// calibration (of the cells not calibrated before).
	forks    map[jobID]int
	forkCost map[jobID]*meanTime
	// adaptive is set once the first Forks forks of every job are done.
	adaptive bool
}

// jobID names a job by its workload and codec, strategy or reference
// name, as its cells do.
type jobID struct{ workload, name string }

func specID(s Spec) jobID        { return jobID{s.Workload, s.Name} }
func cellID(c result.Cell) jobID { return jobID{c.Workload, c.Codec} }

// Run verifies and times the jobs named by specs and reports to sink.
//
// Every job runs in Forks worker processes of its own (the same binary,
// see MaybeWorker), at most Workers at once. A worker sets its job up
// (bind, verify, prepare); the first worker that measures a cell
// calibrates it to SampleTime, and later forks use its iterations; the
// coordinator then asks the live workers for one sample at a time,
// round-robin over all their cells, so drift on a shared machine hits
// every cell alike. Before each sample the worker collects garbage, and
// its heap holds only its own job: a sample pays for the collections its
// own allocations cause.
//
// A worker that crashes, runs past Timeout or past MemoryLimit is killed;
// the cell it was measuring is marked crash, timeout or memory with the
// tail of its output, and the job's other cells go on in a new worker.
// Run returns early with ctx's error when ctx is cancelled; cells not
// finished then are marked interrupted, and what was reported stands.
// Worker processes have a temporary directory of the run as their
// TMPDIR, removed when Run returns, with what killed workers left there.
func Run(ctx context.Context, cfg Config, specs []Spec, sink Sink) error {
	cfg.defaults()
	if cfg.Isolation != IsolationProcess && cfg.Isolation != IsolationNone {
		return fmt.Errorf("isolation %q: want %s or %s", cfg.Isolation, IsolationProcess, IsolationNone)
	}
	s := &scheduler{ctx: ctx, cfg: cfg, specs: specs, sink: sink, cells: map[result.Key]*cellState{},
		verified: map[int]bool{}, passed: map[int]bool{}, started: map[int]bool{}, start: time.Now(),
		forks: map[jobID]int{}, forkCost: map[jobID]*meanTime{},
		proc: procOptions{command: cfg.WorkerCommand, memoryLimit: max(cfg.MemoryLimit, 0)}}
	if cfg.Isolation == IsolationProcess {
		// Without a directory of their own (the temporary folder cannot
		// be written), workers share the coordinator's TMPDIR: only jobs
		// that write files fail then, each with its own error.
		if dir, err := os.MkdirTemp("", "serbench-workers-"); err == nil {
			defer os.RemoveAll(dir)
			s.proc.tmpDir = dir
		}
	}
	for _, c := range cfg.Stored {
		st := s.cell(c)
		st.rec.Status, st.rec.Error = c.Status, c.Error
		st.final = result.Failed(c.Status) && c.Status != result.CellInterrupted
		for _, smp := range c.Samples {
			st.samples = append(st.samples, smp)
			s.forks[cellID(c)] = max(s.forks[cellID(c)], smp.Fork)
		}
	}
	err := s.run()
	if err != nil {
		return s.interrupted(err)
	}
	pool, groups := s.pool()
	for _, k := range s.order {
		st := s.cells[k]
		if st.final {
			continue
		}
		st.rec.Status, st.rec.Error = result.CellOK, ""
		if cfg.Target > 0 && relWidth(pool.Summarize(groups[k])) > cfg.Target {
			st.rec.Missed = st.missed
			if st.rec.Missed == "" {
				st.rec.Missed = result.MissedBudget
			}
		}
		if err := sink.CellDone(st.rec); err != nil {
			return err
		}
	}
	s.progressName("measure", "")
	return nil
}

func (s *scheduler) cell(c result.Cell) *cellState {
	k := c.Key()
	st, ok := s.cells[k]
	if !ok {
		c.Samples, c.Status, c.Error = nil, result.CellOK, ""
		c.Target, c.Missed = s.cfg.Target, ""
		st = &cellState{rec: c, quota: map[int]int{}}
		s.cells[k] = st
		s.order = append(s.order, k)
	}
	return st
}

// slots orders the (job, fork) pairs: every job's first fork, then every
// job's second fork starting from another place in the list, and so on,
// so that each fork of a job runs beside other neighbours.
func (s *scheduler) slots() []slot {
	n := len(s.specs)
	var out []slot
	for f := 1; f <= s.cfg.Forks; f++ {
		if PerFork(s.cfg.Count, s.cfg.Forks, f) == 0 {
			break
		}
		off := 0
		if n > 0 {
			off = (f - 1) * n / s.cfg.Forks
		}
		for i := 0; i < n; i++ {
			out = append(out, slot{spec: (i + off) % n, fork: f})
		}
	}
	return out
}

// run takes the first Forks forks of every job, then, with a Target,
// batches of adaptive forks until plan has none left to give.
func (s *scheduler) run() error {
	queue := s.slots()
	for _, sl := range queue {
		id := specID(s.specs[sl.spec])
		s.forks[id] = max(s.forks[id], sl.fork)
	}
	for len(queue) > 0 {
		if err := s.drain(queue); err != nil {
			return err
		}
		if s.cfg.Target <= 0 {
			return nil
		}
		s.adaptive = true
		queue = s.plan()
	}
	return nil
}

// drain runs the slots of queue (and the retries of workers that die)
// with at most Workers alive at once, interleaving their samples.
func (s *scheduler) drain(queue []slot) error {
	var pool []*live
	defer func() {
		for _, l := range pool {
			l.w.close()
		}
	}()
	for len(queue) > 0 || len(pool) > 0 {
		for len(pool) < s.cfg.Workers && len(queue) > 0 {
			if err := context.Cause(s.ctx); err != nil {
				return err
			}
			sl := queue[0]
			queue = queue[1:]
			s.started[sl.spec] = true
			l, err := s.begin(sl)
			switch {
			case err != nil:
				if l != nil {
					l.w.close()
				}
				return err
			case l == nil:
			case l.dead:
				if err := s.retire(l, &queue); err != nil {
					return err
				}
			default:
				pool = append(pool, l)
			}
		}
		// One round: one sample of every cell of every live worker.
		var kept []*live
		for i, l := range pool {
			err := s.round(l)
			if err != nil {
				pool = append(kept, pool[i:]...)
				return err
			}
			if !l.dead && s.pending(l) {
				kept = append(kept, l)
				continue
			}
			if err := s.retire(l, &queue); err != nil {
				pool = append(kept, pool[i+1:]...)
				return err
			}
		}
		pool = kept
	}
	return nil
}

// retire ends l's worker. A worker that died with cells left has them go
// on in a new process for the same fork, put first in the queue, unless
// maxTries workers in a row died: then those cells are marked crash.
func (s *scheduler) retire(l *live, queue *[]slot) error {
	if why := l.w.close(); why != "" && !l.dead {
		// Its samples were all answered before it was asked to quit; but
		// while it stayed it may have used CPU beside other samples.
		if err := s.sink.Warning(fmt.Sprintf("%s: fork %d: the worker, its cells done, %s (its samples are kept)",
			s.specs[l.slot.spec], l.slot.fork, why)); err != nil {
			return err
		}
	}
	if !l.dead || !s.pending(l) {
		return nil
	}
	sl := l.slot
	if sl.tries++; sl.tries < maxTries {
		*queue = append([]slot{sl}, *queue...)
		return nil
	}
	return s.failPending(l, result.CellCrash, fmt.Sprintf("%d workers in a row died before this cell was measured", maxTries))
}

func (s *scheduler) pending(l *live) bool {
	for _, u := range l.units {
		if u.need > 0 && !u.st.final {
			return true
		}
	}
	return false
}

func (s *scheduler) failPending(l *live, status, msg string) error {
	for _, u := range l.units {
		if u.need > 0 && !u.st.final {
			if err := s.fail(u.st, status, msg); err != nil {
				return err
			}
		}
	}
	return nil
}

// storedComplete reports whether a resumed run already holds every sample
// fork f of job spec owes, so the slot needs no worker.
func (s *scheduler) storedComplete(spec Spec, f int) bool {
	if len(s.cfg.Stored) == 0 {
		return false
	}
	any := false
	for _, k := range s.order {
		if k.Workload != spec.Workload || k.Codec != spec.Name {
			continue
		}
		any = true
		if s.owed(s.cells[k], f) > 0 {
			return false
		}
	}
	return any
}

func (s *scheduler) targetOf(st *cellState) int {
	if st.target > 0 {
		return st.target
	}
	return s.cfg.Count
}

func (s *scheduler) newWorker(name string) (worker, error) {
	if s.cfg.Isolation == IsolationNone {
		return &localWorker{abandon: func(what string) {
			s.sink.Warning(what + ": its goroutine was abandoned and may still use CPU and disturb later samples")
		}}, nil
	}
	return startWorker(s.ctx, s.proc, name, s.cfg.Timeout)
}

// begin starts a worker for sl, sets its job up and calibrates the cells
// that owe samples in its fork and were not calibrated in an earlier one.
// It returns the live worker, or nil when there is nothing to measure. A
// worker that died while calibrating is returned marked dead, with the
// cells it still owed, for retire.
func (s *scheduler) begin(sl slot) (*live, error) {
	spec := s.specs[sl.spec]
	if s.storedComplete(spec, sl.fork) {
		return nil, nil
	}
	name := spec.String()
	s.progressName("setup", fmt.Sprintf("%s (fork %d)", name, sl.fork))
	began := time.Now()
	defer func() {
		// What a fork of this job costs before its first sample.
		id := specID(spec)
		if s.forkCost[id] == nil {
			s.forkCost[id] = &meanTime{}
		}
		s.forkCost[id].add(time.Since(began))
	}()
	w, err := s.newWorker(name)
	if err != nil {
		if s.ctx.Err() != nil {
			return nil, context.Cause(s.ctx)
		}
		if asFailure(err) != nil || errors.Is(err, ErrTimeout) {
			return nil, s.setupFailed(sl, spec, err)
		}
		return nil, err
	}
	l := &live{w: w, slot: sl}
	keep := false
	defer func() {
		if !keep {
			w.close()
		}
	}()
	spec.Verified = s.passed[sl.spec]
	v, cells, err := w.setup(s.ctx, spec, s.cfg.Timeout)
	if err != nil {
		if s.ctx.Err() != nil {
			return nil, context.Cause(s.ctx)
		}
		return nil, s.setupFailed(sl, spec, err)
	}
	if v != nil && !s.verified[sl.spec] {
		s.verified[sl.spec] = true
		s.passed[sl.spec] = !v.Failed()
		if err := s.sink.Verification(*v); err != nil {
			return nil, err
		}
	}
	if v != nil && v.Failed() {
		return nil, nil
	}
	for i, c := range cells {
		c.SampleTime = s.cfg.SampleTime
		st := s.cell(c)
		if need := s.owed(st, sl.fork); need > 0 {
			l.units = append(l.units, &liveUnit{index: i, st: st, need: need})
		}
	}
	for _, u := range l.units {
		if u.st.iters > 0 {
			// Calibrated in an earlier fork: the same binary sizes the
			// same loop alike in every process, and each sample's
			// untimed tenth brings a new process up to speed first.
			u.iters = u.st.iters
			continue
		}
		c := u.st.rec
		s.progressName("setup", fmt.Sprintf("%s %s (fork %d, calibrating)", name, c.Op, sl.fork))
		iters, per, err := w.calibrate(s.ctx, u.index, s.cfg.SampleTime, s.cfg.Timeout)
		if err != nil {
			if s.ctx.Err() != nil {
				return nil, context.Cause(s.ctx)
			}
			if f := asFailure(err); f != nil {
				l.dead, keep = true, true
				return l, s.fail(u.st, f.Status, "calibrate: "+f.Msg)
			}
			if err := s.fail(u.st, result.CellError, "calibrate: "+err.Error()); err != nil {
				return nil, err
			}
			continue
		}
		u.iters, u.st.iters = iters, iters
		if err := s.setTarget(u.st, per); err != nil {
			return nil, err
		}
		u.need = s.owed(u.st, sl.fork)
	}
	if !s.pending(l) {
		return nil, nil
	}
	keep = true
	return l, nil
}

// pool returns the variation between forks of the run so far
// (stats.PoolForks over the cells that have not failed), which widens
// every cell's interval as the report's does, and the ns/op samples of
// those cells by fork, keyed as s.cells.
func (s *scheduler) pool() (stats.Pool, map[result.Key][][]float64) {
	groups := map[result.Key][][]float64{}
	var cells [][][]float64
	for _, k := range s.order {
		if st := s.cells[k]; !st.final && len(st.samples) > 0 {
			g := result.ForkGroups(st.samples, result.NsPerOp)
			groups[k] = g
			cells = append(cells, g)
		}
	}
	return stats.PoolForks(cells), groups
}

// relWidth is the relative half-width of an interval, +Inf when it is
// unbounded.
func relWidth(sum stats.Summary) float64 {
	r := sum.RelHalfWidth()
	if math.IsNaN(r) {
		return math.Inf(1)
	}
	return r
}

// plan chooses the next batch of adaptive forks. Every job with cells
// whose intervals miss Target, widest relative to it first, gets one
// more fork, in which each of those cells owes the samples
// stats.SamplesPerFork gives for its variance components, the job's
// measured fork cost and the cell's sample cost (at least MinCount, at
// most Count, and no more than CellBudget allows). A job whose fork would
// not fit in what is left of Budget is skipped, its cells marked missed
// for the budget; a job at MaxForks has its cells marked missed for
// noise. An empty batch ends the run.
func (s *scheduler) plan() []slot {
	type want struct {
		id    jobID
		spec  int
		worst float64
		cells []*cellState
		sums  []stats.Summary
	}
	specOf := map[jobID]int{}
	for i, sp := range s.specs {
		specOf[specID(sp)] = i
	}
	byID := map[jobID]*want{}
	var wants []*want
	pool, groups := s.pool()
	for _, k := range s.order {
		st := s.cells[k]
		if st.final {
			continue
		}
		sum := pool.Summarize(groups[k])
		r := relWidth(sum) / s.cfg.Target
		st.missed = ""
		if r <= 1 {
			continue
		}
		id := cellID(st.rec)
		spec, ok := specOf[id]
		if !ok || s.forks[id] >= s.cfg.MaxForks {
			st.missed = result.MissedNoise
			continue
		}
		w := byID[id]
		if w == nil {
			w = &want{id: id, spec: spec}
			byID[id] = w
			wants = append(wants, w)
		}
		w.worst = max(w.worst, r)
		w.cells = append(w.cells, st)
		w.sums = append(w.sums, sum)
	}
	sort.SliceStable(wants, func(i, j int) bool { return wants[i].worst > wants[j].worst })
	left := time.Duration(math.MaxInt64)
	if s.cfg.Budget > 0 {
		left = s.cfg.Budget - time.Since(s.start)
	}
	var planned time.Duration
	var queue []slot
	for _, w := range wants {
		forkCost := time.Duration(0)
		if m := s.forkCost[w.id]; m != nil {
			forkCost = m.mean()
		}
		cost := forkCost
		quotas := make([]int, len(w.cells))
		for i, st := range w.cells {
			per := st.sampleCost.mean()
			quotas[i] = stats.SamplesPerFork(w.sums[i], forkCost, per, s.cfg.MinCount, s.countFor(per))
			cost += time.Duration(quotas[i]) * per
		}
		if planned+cost > left {
			for _, st := range w.cells {
				st.missed = result.MissedBudget
			}
			continue
		}
		planned += cost
		f := s.forks[w.id] + 1
		s.forks[w.id] = f
		for i, st := range w.cells {
			st.quota[f] = quotas[i]
		}
		queue = append(queue, slot{spec: w.spec, fork: f})
	}
	return queue
}

// owed is how many samples fork f still owes cell st (0 once it failed):
// its share of the cell's count for the first Forks forks, its quota for
// an adaptive one.
func (s *scheduler) owed(st *cellState, f int) int {
	if st.final {
		return 0
	}
	if f > s.cfg.Forks {
		return max(st.quota[f]-st.have(f), 0)
	}
	return max(PerFork(s.targetOf(st), s.cfg.Forks, f)-st.have(f), 0)
}

// countFor is how many samples of duration per a cell takes (in its
// first forks, or at most in an adaptive one): Count, or fewer when Count
// samples would exceed CellBudget, never fewer than MinCount nor than
// Forks (at most Count), so that each of the first forks, which the run's
// header names, takes a sample.
func (s *scheduler) countFor(per time.Duration) int {
	if s.cfg.CellBudget <= 0 || per <= 0 || per*time.Duration(s.cfg.Count) <= s.cfg.CellBudget {
		return s.cfg.Count
	}
	return max(s.cfg.MinCount, min(s.cfg.Forks, s.cfg.Count), min(s.cfg.Count, int(s.cfg.CellBudget/per)))
}

// setTarget fixes the sample count of a cell at its first calibration: the
// run's count, or fewer when count samples of per would exceed the cell
// budget (a warning says so).
func (s *scheduler) setTarget(st *cellState, per time.Duration) error {
	if st.target > 0 {
		return nil
	}
	if st.target = s.countFor(per); st.target == s.cfg.Count {
		return nil
	}
	c := st.rec
	return s.sink.Warning(fmt.Sprintf("%s/%s %s: %d samples instead of %d: one sample takes %s and a cell's budget is %s",
		c.Workload, c.Codec, c.Op, st.target, s.cfg.Count, per.Round(time.Millisecond), s.cfg.CellBudget))
}

// setupFailed records a job whose worker could not set it up: the
// verification says why (the job's cells are not known).
func (s *scheduler) setupFailed(sl slot, spec Spec, err error) error {
	if s.verified[sl.spec] {
		return s.sink.Warning(fmt.Sprintf("%s: fork %d could not be set up: %v", spec, sl.fork, err))
	}
	s.verified[sl.spec] = true
	msg := err.Error()
	return s.sink.Verification(result.Verification{Workload: spec.Workload, Codec: spec.Name, Status: result.VerifyError, Error: "setup: " + msg})
}

// round takes one sample of every cell of l that owes one. A worker that
// dies is marked dead.
func (s *scheduler) round(l *live) error {
	defer func() { l.turn++ }()
	for j := range l.units {
		u := l.units[(j+l.turn)%len(l.units)]
		if u.need <= 0 || u.st.final {
			continue
		}
		if err := context.Cause(s.ctx); err != nil {
			return err
		}
		c := u.st.rec
		s.progressName("measure", fmt.Sprintf("%s/%s %s (fork %d)", c.Workload, c.Codec, c.Op, l.slot.fork))
		began := time.Now()
		smp, err := l.w.sample(s.ctx, u.index, u.iters, s.cfg.Timeout)
		took := time.Since(began)
		if err != nil {
			if s.ctx.Err() != nil {
				return context.Cause(s.ctx)
			}
			if f := asFailure(err); f != nil {
				l.dead = true
				return s.fail(u.st, f.Status, f.Msg)
			}
			if err := s.fail(u.st, result.CellError, err.Error()); err != nil {
				return err
			}
			continue
		}
		smp.Fork = l.slot.fork
		u.need--
		u.st.samples = append(u.st.samples, smp)
		u.st.sampleCost.add(took)
		s.done++
		one := c
		one.Status, one.Error = result.CellOK, ""
		one.Samples = []result.Sample{smp}
		if err := s.sink.Sample(one); err != nil {
			return err
		}
	}
	return nil
}

func (s *scheduler) fail(st *cellState, status, msg string) error {
	st.final = true
	st.rec.Status, st.rec.Error = status, msg
	return s.sink.CellDone(st.rec)
}

// interrupted marks every unfinished cell interrupted and returns cause
// (joined with any sink error).
func (s *scheduler) interrupted(cause error) error {
	for _, k := range s.order {
		st := s.cells[k]
		if st.final {
			continue
		}
		st.final = true
		st.rec.Status, st.rec.Error = result.CellInterrupted, cause.Error()
		if err := s.sink.CellDone(st.rec); err != nil {
			return errors.Join(cause, err)
		}
	}
	return cause
}

func (s *scheduler) progressName(phase, name string) {
	if s.cfg.Progress == nil {
		return
	}
	remaining := 0
	for _, st := range s.cells {
		if st.final {
			continue
		}
		first := 0
		for _, smp := range st.samples {
			if smp.Fork <= s.cfg.Forks {
				first++
			}
		}
		remaining += max(s.targetOf(st)-first, 0)
		for f, q := range st.quota {
			remaining += max(q-st.have(f), 0)
		}
	}
	total := s.done + remaining
	// Jobs not started yet count as the average job started so far.
	if n := len(s.started); n > 0 && !s.adaptive {
		total += int(float64(total) / float64(n) * float64(len(s.specs)-n))
	}
	if s.adaptive && phase == "measure" {
		phase = "refine"
	}
	p := Progress{Phase: phase, Cell: name, Done: s.done, Total: total, Adaptive: s.adaptive}
	elapsed := time.Since(s.start)
	if s.done > 0 && p.Total > s.done {
		p.Remaining = time.Duration(float64(elapsed) / float64(s.done) * float64(p.Total-s.done))
	}
	if s.cfg.Target > 0 && s.cfg.Budget > 0 {
		// Forks for precision may follow, up to the budget: the run
		// takes at most what is left of it, or the estimate of the
		// first forks when they overrun it.
		p.Bound = max(s.cfg.Budget-elapsed, p.Remaining)
	}
	s.cfg.Progress(p)
}
