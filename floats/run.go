package floats

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/harness"
	"github.com/serbench/serbench/result"
)

// Names of the two physical-limit cells. They are cells of workload
// "floats", op "decode", like the strategies, without a verification.
const (
	// LimitMemcpy is copy() of a 4N-byte buffer into another one.
	LimitMemcpy = "limit.memcpy"
	// LimitSum is Sum of the N values already in memory.
	LimitSum = "limit.sum"
)

// IsLimit reports whether name is the name of a physical-limit cell.
func IsLimit(name string) bool { return name == LimitMemcpy || name == LimitSum }

// Config configures Run. Zero fields take the defaults in brackets.
type Config struct {
	// N is the number of values [DefaultN].
	N int
	// Seed is the seed of the values [DefaultSeed].
	Seed uint64
	// Count is the number of samples per strategy [10].
	Count int
	// SampleTime is the target duration of one sample [100ms]; a sample
	// runs at least one operation.
	SampleTime time.Duration
	// Budget bounds the measuring time of one strategy [5s]. A strategy
	// whose single sample takes so long that Count samples would exceed
	// Budget (SQLite with one row per value takes over a second per
	// operation) gets fewer samples, Budget divided by its sample time
	// but never fewer than MinCount; Run reports each such reduction as a
	// warning, and the table shows every strategy's sample count. A
	// negative Budget disables the reduction.
	Budget time.Duration
	// MinCount is the fewest samples a slow strategy gets [3].
	MinCount int
	// Timeout bounds any single setup, calibration or sample [60s]. A
	// strategy that runs past it is abandoned (its goroutine cannot be
	// stopped) and marked "timeout".
	Timeout time.Duration
	// Dir is the directory of the files. Empty: a new temporary
	// directory, removed when Run returns.
	Dir string
	// Sink, if set, receives the records as they are produced, as from
	// harness.Run, so that a store.Writer can save them while running.
	// The limit cells are sent too (Sample, CellDone), without a
	// verification.
	Sink Sink
	// Progress, if set, is called as the run advances.
	Progress func(Progress)

	// bigEndian makes Run treat the host as big-endian (tests).
	bigEndian bool
}

func (c *Config) defaults() {
	if c.N <= 0 {
		c.N = DefaultN
	}
	if c.Seed == 0 {
		c.Seed = DefaultSeed
	}
	if c.Count <= 0 {
		c.Count = 10
	}
	if c.SampleTime <= 0 {
		c.SampleTime = 100 * time.Millisecond
	}
	if c.Budget == 0 {
		c.Budget = 5 * time.Second
	}
	if c.MinCount <= 0 {
		c.MinCount = 3
	}
	c.MinCount = min(c.MinCount, c.Count)
	if c.Timeout <= 0 {
		c.Timeout = 60 * time.Second
	}
}

// Result is everything a run produced.
type Result struct {
	// Cells are the timed strategies, in the order given to Run; failed
	// cells (error, timeout, interrupted) are included with their status.
	Cells []result.Cell
	// Limits are the LimitMemcpy and LimitSum cells.
	Limits []result.Cell
	// Verifications has one record per strategy, in order: exact when the
	// decoded values and their sum equal the originals, error (with the
	// sum mismatch, or the failure) or unsupported otherwise.
	Verifications []result.Verification
	// Warnings are run-level warnings: reduced sample counts, abandoned
	// goroutines.
	Warnings []string
	// N, Seed and Expected are the values' count, seed and sum.
	N        int
	Seed     uint64
	Expected float32
	// Wall is the wall time of the whole run, setup included.
	Wall time.Duration
}

// AllCells returns the limit cells followed by the strategy cells, for
// saving.
func (r *Result) AllCells() []result.Cell {
	return append(append([]result.Cell(nil), r.Limits...), r.Cells...)
}

// Sink receives the records of a run as they are produced: the harness's
// sink, so a store.Writer is one. A Sink error stops the run.
type Sink = harness.Sink

// Progress describes where a run is, as the harness reports it. Cell names
// the current strategy as "floats/name".
type Progress = harness.Progress

// ErrTimeout is wrapped by errors of calls that ran past Config.Timeout.
var ErrTimeout = harness.ErrTimeout

// ErrSumMismatch is wrapped by the errors of strategies whose decoded sum
// differs from the expected one.
var ErrSumMismatch = errors.New("sum mismatch")

// ErrValuesDiffer is wrapped by the setup errors of strategies whose
// decoded values differ from the originals although their sum matched.
var ErrValuesDiffer = errors.New("values differ")

// ErrBigEndian is wrapped by the refusal of a LittleEndianOnly strategy on
// a big-endian host.
var ErrBigEndian = errors.New("host is big-endian")

// checkEndian returns the refusal of s on a host of the given byte order.
func checkEndian(s Strategy, littleEndian bool) error {
	if s.LittleEndianOnly && !littleEndian {
		return fmt.Errorf("refused: %s reinterprets the file's little-endian bytes as []float32 in place, and the %w", s.Name, ErrBigEndian)
	}
	return nil
}

// cell is a timed strategy or limit with its state.
type cell struct {
	rec   result.Cell
	op    func() error
	iters int
	count int
	done  bool
	limit bool
}

func (c *cell) loop(n int) (time.Duration, error) {
	start := time.Now()
	for i := 0; i < n; i++ {
		if err := c.op(); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}

// reader holds the timed call of a strategy: Read with a use function
// made once, so the loop allocates nothing of its own.
type reader struct {
	s        Strategy
	path     string
	want     float32
	n        int
	got      float32
	gotN     int
	use      func([]float32)
	wantVals []float32 // set only for the setup check
	diff     string
}

func newReader(s Strategy, path string, values []float32, want float32) *reader {
	r := &reader{s: s, path: path, want: want, n: len(values)}
	r.use = func(xs []float32) {
		r.got, r.gotN = Sum(xs), len(xs)
		if r.wantVals != nil {
			r.diff = compare(xs, r.wantVals)
		}
	}
	return r
}

// op runs one timed operation and checks the sum.
func (r *reader) op() error {
	r.gotN = -1
	if err := r.s.Read(r.path, r.use); err != nil {
		return err
	}
	if r.gotN < 0 {
		return errors.New("Read returned without calling use")
	}
	if r.gotN != r.n || math.Float32bits(r.got) != math.Float32bits(r.want) {
		return fmt.Errorf("%w: got %v (%d values), want %v (%d values)", ErrSumMismatch, r.got, r.gotN, r.want, r.n)
	}
	return nil
}

// compare describes how got differs from want, or returns "".
func compare(got, want []float32) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d values decoded, want %d", len(got), len(want))
	}
	first, n := -1, 0
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d values differ, first at index %d: got %v, want %v", n, len(want), first, got[first], want[first])
}

// fileName returns a file name for a strategy name.
func fileName(name string) string {
	return strings.NewReplacer("/", "_", "+", "plus").Replace(name) + ".dat"
}

// Run writes the values with every strategy, verifies each by reading the
// file back, then times the physical limits and the strategies that
// passed, round-robin, and returns the records. It returns early, with
// what was measured and ctx's error, when ctx is cancelled; unfinished
// cells are marked interrupted. An error is also returned for duplicate
// or invalid strategy names and for sink or file-system failures.
func Run(ctx context.Context, cfg Config, strategies []Strategy) (*Result, error) {
	cfg.defaults()
	start := time.Now()
	res := &Result{N: cfg.N, Seed: cfg.Seed}
	seen := map[string]bool{}
	for _, s := range strategies {
		switch {
		case s.Name == "" || s.Write == nil || s.Read == nil:
			return nil, fmt.Errorf("floats: strategy %q needs a name, Write and Read", s.Name)
		case IsLimit(s.Name):
			return nil, fmt.Errorf("floats: strategy name %q is reserved for a physical limit", s.Name)
		case seen[s.Name]:
			return nil, fmt.Errorf("floats: two strategies are named %q", s.Name)
		}
		seen[s.Name] = true
	}
	dir := cfg.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "serbench-floats-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	sink := cfg.Sink
	if sink == nil {
		sink = nopSink{}
	}
	progress := func(p Progress) {
		if cfg.Progress != nil {
			cfg.Progress(p)
		}
	}
	warn := func(msg string) error {
		res.Warnings = append(res.Warnings, msg)
		return sink.Warning(msg)
	}
	little := hostLittleEndian() && !cfg.bigEndian

	values := Values(cfg.Seed, cfg.N)
	res.Expected = Sum(values)
	raw := float64(4 * cfg.N)

	// The physical limits, on the goroutine that runs every strategy.
	src := LittleEndianBytes(values)
	dst := make([]byte, len(src))
	cells := []*cell{
		{limit: true, rec: result.Cell{Codec: LimitMemcpy}, op: func() error {
			copy(dst, src)
			return nil
		}},
		{limit: true, rec: result.Cell{Codec: LimitSum}, op: func() error {
			if s := Sum(values); math.Float32bits(s) != math.Float32bits(res.Expected) {
				return fmt.Errorf("%w: in-memory sum %v, want %v", ErrSumMismatch, s, res.Expected)
			}
			return nil
		}},
	}
	for _, c := range cells {
		c.rec.MeanSize = raw
	}

	for i, s := range strategies {
		if err := ctx.Err(); err != nil {
			return finish(res, cells, sink, start, err)
		}
		progress(Progress{Phase: "verify", Cell: Workload + "/" + s.Name, Done: i, Total: len(strategies)})
		v := result.Verification{Workload: Workload, Codec: s.Name, Status: result.VerifyExact, Values: cfg.N}
		path := filepath.Join(dir, fileName(s.Name))
		r := newReader(s, path, values, res.Expected)
		err := checkEndian(s, little)
		if err == nil {
			err = harness.WithTimeout(ctx, cfg.Timeout, "setup", func() error {
				if err := s.Write(path, values); err != nil {
					return fmt.Errorf("write: %w", err)
				}
				r.wantVals = values
				defer func() { r.wantVals = nil }()
				if err := r.op(); err != nil {
					if r.diff != "" {
						return fmt.Errorf("%w (%s)", err, r.diff)
					}
					return fmt.Errorf("read: %w", err)
				}
				if r.diff != "" {
					// The sum matched by chance; the values did not.
					return fmt.Errorf("%w although the sum matched: %s", ErrValuesDiffer, r.diff)
				}
				return nil
			})
		}
		if err != nil && ctx.Err() != nil {
			return finish(res, cells, sink, start, ctx.Err())
		}
		if fi, serr := os.Stat(path); serr == nil {
			v.MeanSize = float64(fi.Size())
		}
		if len(s.Losses) > 0 && (errors.Is(err, ErrSumMismatch) || errors.Is(err, ErrValuesDiffer)) {
			err = fmt.Errorf("%w; the codec declares: %s", err, strings.Join(s.Losses, "; "))
		}
		if err != nil {
			v.Status, v.Error = result.VerifyError, err.Error()
			if errors.Is(err, codec.ErrUnsupported) {
				v.Status = result.VerifyUnsupported
			}
		}
		res.Verifications = append(res.Verifications, v)
		if serr := sink.Verification(v); serr != nil {
			return nil, serr
		}
		if errors.Is(err, ErrTimeout) {
			if werr := warn(fmt.Sprintf("%s/%s: setup ran past %s and was abandoned; its goroutine may still use CPU and disturb later samples", Workload, s.Name, cfg.Timeout)); werr != nil {
				return nil, werr
			}
		}
		if err != nil {
			continue
		}
		cells = append(cells, &cell{rec: result.Cell{Codec: s.Name, MeanSize: v.MeanSize}, op: r.op})
	}
	for _, c := range cells {
		c.rec.Workload, c.rec.Op, c.rec.Goroutines, c.rec.Status = Workload, result.OpDecode, 1, result.CellOK
	}

	fail := func(c *cell, err error) error {
		c.done = true
		c.rec.Status, c.rec.Error = result.CellError, err.Error()
		c.rec.Samples = nil // samples of a failing strategy are not kept, as in harness
		if errors.Is(err, ErrTimeout) {
			c.rec.Status = result.CellTimeout
		}
		if serr := sink.CellDone(c.rec); serr != nil {
			return serr
		}
		if c.rec.Status == result.CellTimeout {
			return warn(fmt.Sprintf("%s/%s ran past %s and was abandoned; its goroutine may still use CPU and disturb later samples", Workload, c.rec.Codec, cfg.Timeout))
		}
		return nil
	}

	// Calibrate, as harness does; the calibration runs warm up.
	maxCount := 0
	for i, c := range cells {
		if err := ctx.Err(); err != nil {
			return finish(res, cells, sink, start, err)
		}
		progress(Progress{Phase: "calibrate", Cell: Workload + "/" + c.rec.Codec, Done: i, Total: len(cells)})
		var per time.Duration
		err := harness.WithTimeout(ctx, cfg.Timeout, "calibrate", func() error {
			var err error
			c.iters, per, err = harness.Calibrate(c.loop, cfg.SampleTime)
			return err
		})
		if err != nil {
			if ctx.Err() != nil {
				return finish(res, cells, sink, start, ctx.Err())
			}
			if err := fail(c, fmt.Errorf("calibrate: %w", err)); err != nil {
				return nil, err
			}
			continue
		}
		c.count = sampleCount(cfg, per)
		if c.count < cfg.Count {
			if err := warn(fmt.Sprintf("%s/%s: %d samples instead of %d: one sample takes %s and the per-strategy budget is %s",
				Workload, c.rec.Codec, c.count, cfg.Count, per.Round(time.Millisecond), cfg.Budget)); err != nil {
				return nil, err
			}
		}
		maxCount = max(maxCount, c.count)
	}

	// Measure, round-robin.
	total := 0
	for _, c := range cells {
		if !c.done {
			total += c.count
		}
	}
	done := 0
	measureStart := time.Now()
	for round := 0; round < maxCount; round++ {
		for _, c := range cells {
			if c.done || round >= c.count {
				continue
			}
			if err := ctx.Err(); err != nil {
				return finish(res, cells, sink, start, err)
			}
			var remaining time.Duration
			if done > 0 {
				remaining = time.Duration(float64(time.Since(measureStart)) / float64(done) * float64(total-done))
			}
			progress(Progress{Phase: "measure", Cell: Workload + "/" + c.rec.Codec, Done: done, Total: total, Remaining: remaining})
			runtime.GC()
			var s result.Sample
			err := harness.WithTimeout(ctx, cfg.Timeout, "decode", func() error {
				var err error
				s, err = harness.Measure(c.loop, c.iters, 1)
				return err
			})
			done++
			if err != nil {
				if ctx.Err() != nil {
					return finish(res, cells, sink, start, ctx.Err())
				}
				if err := fail(c, err); err != nil {
					return nil, err
				}
				continue
			}
			c.rec.Samples = append(c.rec.Samples, s)
			one := c.rec
			one.Samples = []result.Sample{s}
			if err := sink.Sample(one); err != nil {
				return nil, err
			}
		}
	}
	progress(Progress{Phase: "measure", Done: total, Total: total})
	return finish(res, cells, sink, start, nil)
}

// finish marks unfinished cells done (interrupted when cause is set),
// reports them, and fills res.
func finish(res *Result, cells []*cell, sink Sink, start time.Time, cause error) (*Result, error) {
	for _, c := range cells {
		if !c.done {
			c.done = true
			if c.rec.Workload == "" {
				c.rec.Workload, c.rec.Op, c.rec.Goroutines = Workload, result.OpDecode, 1
			}
			if cause != nil {
				c.rec.Status, c.rec.Error = result.CellInterrupted, cause.Error()
			}
			if err := sink.CellDone(c.rec); err != nil {
				return nil, errors.Join(cause, err)
			}
		}
		if c.limit {
			res.Limits = append(res.Limits, c.rec)
		} else {
			res.Cells = append(res.Cells, c.rec)
		}
	}
	res.Wall = time.Since(start)
	return res, cause
}

// sampleCount is the number of samples of a cell whose one sample takes
// per: Count, or fewer when Count samples would exceed the budget.
func sampleCount(cfg Config, per time.Duration) int {
	if cfg.Budget < 0 || per <= 0 || per*time.Duration(cfg.Count) <= cfg.Budget {
		return cfg.Count
	}
	return max(cfg.MinCount, min(cfg.Count, int(cfg.Budget/per)))
}

type nopSink struct{}

func (nopSink) Verification(result.Verification) error { return nil }
func (nopSink) Sample(result.Cell) error               { return nil }
func (nopSink) CellDone(result.Cell) error             { return nil }
func (nopSink) Warning(string) error                   { return nil }
