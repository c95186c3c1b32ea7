// Package harness verifies and times codec cells and reports raw samples.
//
// For each job (a workload's values and a codec) the harness binds the
// codec, round-trips every value and compares it with the original (see
// package verify), prepares the values and pre-encodes the messages, all
// outside the timed loop. It then calibrates the iteration count of each
// (job, operation) cell to a time target, and takes samples of all cells
// round-robin, so that drift on a shared machine hits every codec alike.
// Encode rotates through the prepared values and decode through the
// pre-encoded messages, so no codec sees one message over and over.
//
// The harness knows no codec, workload or store by name. It does not
// compute statistics or print anything; it reports to a Sink.
package harness

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/compress"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/verify"
)

// Clock tells the time. Tests pass a fake one.
type Clock interface {
	Now() time.Time
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// Sink receives the records of a run as they are produced. A Sink error
// stops the run.
type Sink interface {
	// Verification is called once per job, before any timing.
	Verification(v result.Verification) error
	// Sample is called after each sample of a cell; c carries the cell's
	// identity, MeanSize and the one new sample in c.Samples.
	Sample(c result.Cell) error
	// CellDone is called when a cell's status is final.
	CellDone(c result.Cell) error
	// Warning reports a run-level problem.
	Warning(msg string) error
}

// Progress describes where a run is, for a progress display.
type Progress struct {
	// Phase is "verify", "calibrate" or "measure".
	Phase string
	// Cell names the current job or cell.
	Cell string
	// Done and Total count the steps of the phase.
	Done, Total int
	// Remaining estimates the time left in the run.
	Remaining time.Duration
}

// Config configures a run.
type Config struct {
	// Count is the number of samples per cell (default 10).
	Count int
	// SampleTime is the target duration of one sample (default 50ms).
	SampleTime time.Duration
	// Timeout bounds any single verification, calibration or sample
	// (default 30s). A codec that runs past it is abandoned and marked.
	Timeout time.Duration
	// Goroutines lists the numbers of goroutines each cell runs on at
	// once, each goroutine with its own codec instance; a cell is made
	// for every number. ns/op of a cell on g goroutines is wall time
	// divided by all operations, so 1e9/ns is aggregate throughput.
	// Default: just 1.
	Goroutines []int
	// Clock is the clock (default: the real one).
	Clock Clock
	// Progress, if set, is called as the run advances.
	Progress func(Progress)
	// Zstd adds a "zstd" cell to every job: compressing one of its
	// encoded messages with zstd (internal/compress).
	Zstd bool
}

func (c *Config) defaults() {
	if c.Count <= 0 {
		c.Count = 10
	}
	if c.SampleTime <= 0 {
		c.SampleTime = 50 * time.Millisecond
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if len(c.Goroutines) == 0 {
		c.Goroutines = []int{1}
	}
	if c.Clock == nil {
		c.Clock = realClock{}
	}
}

// Job is one (workload, codec) pair to verify and time.
type Job struct {
	// Workload is the workload's name.
	Workload string
	// Target is the workload as the codec sees it.
	Target codec.Target
	// Values are the canonical values, pointers to Target.Type.
	Values []any
	// Codec is the codec.
	Codec codec.Codec
	// Unsupported, when set, is why the workload declares that the codec
	// cannot represent it: the job is reported unsupported, never bound.
	Unsupported string
	// Access, when set, returns the access fields of a value (see
	// workload.Workload.Access). Codecs whose instances implement
	// codec.Accessor then get a third cell, "access", verified against
	// it for every value.
	Access func(v any) any
}

// Name returns "workload/codec".
func (j Job) Name() string { return j.Workload + "/" + j.Codec.Info().Name }

// Prepared is a job that passed setup: a bound instance, its prepared
// values and the pre-encoded messages.
type Prepared struct {
	Job      Job
	Instance codec.Instance
	// Inputs are the prepared values, in the order of Job.Values.
	Inputs []any
	// Messages are copies of the encodings of Inputs.
	Messages [][]byte
	// MeanSize is the mean length of Messages.
	MeanSize float64
	// Access is true when the instance implements codec.Accessor, the job
	// has access fields, and Access was verified for every message.
	Access bool
}

// ErrTimeout is wrapped by errors of calls that ran past Config.Timeout.
var ErrTimeout = errors.New("timed out")

// WithTimeout runs f on its own goroutine and waits at most d for it, or
// until ctx is done. A panic in f is returned as an error. When d passes,
// the goroutine is abandoned (Go cannot stop it) and an error wrapping
// ErrTimeout returned; when ctx is done, ctx's error.
func WithTimeout(ctx context.Context, d time.Duration, what string, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- codec.Call(what, f) }()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return fmt.Errorf("%s: %w after %s", what, ErrTimeout, d)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Loop runs n iterations of a timed operation and returns their wall time.
type Loop func(n int) (time.Duration, error)

// Calibrate returns the iteration count for one sample of about target:
// it grows n until a run lasts a quarter of target, then predicts the
// count for the whole target from that rate, as testing.B predicts b.N.
// It also returns the predicted duration of one sample of that count, so
// callers can budget slow operations. The calibration runs warm up.
func Calibrate(loop Loop, target time.Duration) (n int, perSample time.Duration, err error) {
	n = 1
	for {
		el, err := loop(n)
		if err != nil {
			return 0, 0, err
		}
		if el >= target || n >= 1e9 {
			return n, el, nil
		}
		if el >= target/4 {
			m := min(int(float64(n)*float64(target)/float64(el)), 4*n, 1e9)
			return m, time.Duration(float64(el) * float64(m) / float64(n)), nil
		}
		prev := n
		if el <= 0 {
			n *= 100
		} else {
			n = int(float64(n) * float64(target) / float64(el) * 1.1)
		}
		n = max(n, prev+1)
		n = min(n, prev*100, 1e9)
	}
}

// Measure takes one sample: iters iterations of loop between two reads of
// the clock and of the allocation counters. ops is the number of
// operations one iteration makes (the goroutines of a parallel cell).
func Measure(loop Loop, iters, ops int) (result.Sample, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	el, err := loop(iters)
	runtime.ReadMemStats(&after)
	if err != nil {
		return result.Sample{}, err
	}
	total := float64(iters * ops)
	return result.Sample{
		Iters:       iters * ops,
		NsPerOp:     float64(el.Nanoseconds()) / total,
		BytesPerOp:  float64(after.TotalAlloc-before.TotalAlloc) / total,
		AllocsPerOp: float64(after.Mallocs-before.Mallocs) / total,
	}, nil
}

// Setup binds the job's codec, verifies a round trip of every value, and
// prepares the inputs and messages of the timed loops. It returns the
// verification record; the Prepared is nil when the codec cannot be timed
// (unsupported, error, panic or timeout), and the error says why. The whole
// setup runs under timeout.
func Setup(ctx context.Context, j Job, timeout time.Duration) (*Prepared, result.Verification, error) {
	type out struct {
		p *Prepared
		v result.Verification
	}
	var o out
	err := WithTimeout(ctx, timeout, "setup", func() error {
		// Only this goroutine writes local; o is read after it returns.
		local := out{v: result.Verification{Workload: j.Workload, Codec: j.Codec.Info().Name, Status: result.VerifyExact}}
		var err error
		local.p, err = setup(j, &local.v)
		o = local
		return err
	})
	if err != nil {
		v := result.Verification{Workload: j.Workload, Codec: j.Codec.Info().Name, Status: result.VerifyError, Error: err.Error()}
		if errors.Is(err, codec.ErrUnsupported) {
			v.Status = result.VerifyUnsupported
		}
		return nil, v, err
	}
	return o.p, o.v, nil
}

func setup(j Job, v *result.Verification) (*Prepared, error) {
	info := j.Codec.Info()
	if j.Unsupported != "" {
		return nil, codec.Unsupportedf("%s", j.Unsupported)
	}
	inst, err := j.Codec.Bind(j.Target)
	if err != nil {
		return nil, fmt.Errorf("bind %s to %s: %w", info.Name, j.Workload, err)
	}
	p := &Prepared{Job: j, Instance: inst, Inputs: make([]any, len(j.Values)), Messages: make([][]byte, len(j.Values))}
	observed := map[verify.Class]int{}
	var total int
	for i, val := range j.Values {
		got, enc, err := codec.RoundTrip(inst, val)
		if err != nil {
			return nil, fmt.Errorf("value %d: %w", i, err)
		}
		total += len(enc)
		for _, d := range verify.Compare(val, got, nil) {
			observed[d.Class]++
		}
		if diffs := verify.Compare(val, got, info.Losses); len(diffs) > 0 {
			v.DiffValues++
			if len(v.Diffs) < 5 {
				for _, d := range diffs[:min(len(diffs), 3)] {
					v.Diffs = append(v.Diffs, fmt.Sprintf("value %d: %s", i, d))
				}
			}
		}
		// Prepare and encode again for the timed loops, so the inputs
		// are exactly what the loops will see.
		if p.Inputs[i], err = inst.Prepare(val); err != nil {
			return nil, fmt.Errorf("value %d: prepare: %w", i, err)
		}
		b, err := inst.Encode(p.Inputs[i])
		if err != nil {
			return nil, fmt.Errorf("value %d: encode: %w", i, err)
		}
		p.Messages[i] = append([]byte(nil), b...)
	}
	if a, ok := inst.(codec.Accessor); ok && j.Access != nil {
		if err := verifyAccess(a, j, p.Messages, v); err != nil {
			return nil, err
		}
		p.Access = true
	}
	if v.Compressed, err = compress.Sizes(p.Messages); err != nil {
		return nil, fmt.Errorf("compressed sizes: %w", err)
	}
	v.Values = len(j.Values)
	if len(j.Values) > 0 {
		p.MeanSize = float64(total) / float64(len(j.Values))
	}
	v.MeanSize = p.MeanSize
	for c, n := range observed {
		v.Observed = append(v.Observed, fmt.Sprintf("%s ×%d", c, n))
	}
	sort.Strings(v.Observed)
	switch {
	case v.DiffValues > 0:
		v.Status = result.VerifyMismatch
	case len(observed) > 0:
		v.Status = result.VerifyLossy
	}
	return p, nil
}

// verifyAccess checks that the access operation returns exactly the access
// fields of every value; a difference is an undeclared loss of the codec
// (no loss is accepted on these fields).
func verifyAccess(a codec.Accessor, j Job, messages [][]byte, v *result.Verification) error {
	for i, msg := range messages {
		var got any
		if err := codec.Call("access", func() (e error) { got, e = a.Access(msg); return }); err != nil {
			return fmt.Errorf("value %d: access: %w", i, err)
		}
		want := j.Access(j.Values[i])
		if diffs := verify.Compare(want, got, nil); len(diffs) > 0 {
			v.DiffValues++
			if len(v.Diffs) < 5 {
				v.Diffs = append(v.Diffs, fmt.Sprintf("value %d: access: %s", i, diffs[0]))
			}
		}
	}
	return nil
}

// EncodeN encodes n values with inst, rotating through inputs from *next.
// It is the whole timed loop of an encode cell: nothing but the codec call.
func EncodeN(inst codec.Instance, inputs []any, next *int, n int) error {
	k := *next
	for i := 0; i < n; i++ {
		if _, err := inst.Encode(inputs[k]); err != nil {
			return fmt.Errorf("encode value %d: %w", k, err)
		}
		if k++; k == len(inputs) {
			k = 0
		}
	}
	*next = k
	return nil
}

// DecodeN decodes n messages with inst, rotating through messages from
// *next. It is the whole timed loop of a decode cell.
func DecodeN(inst codec.Instance, messages [][]byte, next *int, n int) error {
	k := *next
	for i := 0; i < n; i++ {
		if _, err := inst.Decode(messages[k]); err != nil {
			return fmt.Errorf("decode message %d: %w", k, err)
		}
		if k++; k == len(messages) {
			k = 0
		}
	}
	*next = k
	return nil
}

// AccessN reads the access fields of n messages with a, rotating through
// messages from *next. It is the whole timed loop of an access cell.
func AccessN(a codec.Accessor, messages [][]byte, next *int, n int) error {
	k := *next
	for i := 0; i < n; i++ {
		if _, err := a.Access(messages[k]); err != nil {
			return fmt.Errorf("access message %d: %w", k, err)
		}
		if k++; k == len(messages) {
			k = 0
		}
	}
	*next = k
	return nil
}

// ZstdN compresses n messages with z into dst, rotating through messages
// from *next. It is the whole timed loop of a zstd cell.
func ZstdN(z *compress.Zstd, dst *[]byte, messages [][]byte, next *int, n int) error {
	k := *next
	for i := 0; i < n; i++ {
		*dst = z.Compress((*dst)[:0], messages[k])
		if k++; k == len(messages) {
			k = 0
		}
	}
	*next = k
	return nil
}

// cell is a timed (job, operation) with its state.
type cell struct {
	rec   result.Cell
	p     *Prepared
	lanes []lane // one per goroutine
	iters int
	done  bool
}

// lane is the state of one goroutine of a cell.
type lane struct {
	inst codec.Instance
	next int
	// z and dst serve zstd cells.
	z   *compress.Zstd
	dst []byte
}

func (c *cell) name() string {
	n := fmt.Sprintf("%s/%s %s", c.rec.Workload, c.rec.Codec, c.rec.Op)
	if len(c.lanes) > 1 {
		n += fmt.Sprintf(" ×%d", len(c.lanes))
	}
	return n
}

// timed returns c's loop as a Loop on clock.
func (c *cell) timed(clock Clock) Loop {
	return func(n int) (time.Duration, error) { return c.loop(clock, n) }
}

// loop runs n iterations on every lane at once and returns the wall time.
func (c *cell) loop(clock Clock, n int) (time.Duration, error) {
	run := func(l *lane) error {
		switch c.rec.Op {
		case result.OpEncode:
			return EncodeN(l.inst, c.p.Inputs, &l.next, n)
		case result.OpAccess:
			return AccessN(l.inst.(codec.Accessor), c.p.Messages, &l.next, n)
		case result.OpZstd:
			return ZstdN(l.z, &l.dst, c.p.Messages, &l.next, n)
		}
		return DecodeN(l.inst, c.p.Messages, &l.next, n)
	}
	if len(c.lanes) == 1 {
		start := clock.Now()
		err := run(&c.lanes[0])
		return clock.Now().Sub(start), err
	}
	errs := make(chan error, len(c.lanes))
	start := clock.Now()
	for i := range c.lanes {
		go func(l *lane) { errs <- codec.Call(c.rec.Op, func() error { return run(l) }) }(&c.lanes[i])
	}
	var first error
	for range c.lanes {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return clock.Now().Sub(start), first
}

// Run verifies and times every job and reports to sink. It returns early
// with ctx's error when ctx is cancelled; what was reported until then
// stands. Codecs that fail, panic or time out are reported and skipped.
func Run(ctx context.Context, cfg Config, jobs []Job, sink Sink) error {
	cfg.defaults()
	progress := func(p Progress) {
		if cfg.Progress != nil {
			cfg.Progress(p)
		}
	}
	var cells []*cell
	for i, j := range jobs {
		if err := ctx.Err(); err != nil {
			return err
		}
		progress(Progress{Phase: "verify", Cell: j.Name(), Done: i, Total: len(jobs)})
		p, v, setupErr := Setup(ctx, j, cfg.Timeout)
		if ctx.Err() != nil {
			// Cancelled while verifying: this job was not checked.
			return ctx.Err()
		}
		if err := sink.Verification(v); err != nil {
			return err
		}
		if p == nil {
			if errors.Is(setupErr, ErrTimeout) {
				if err := sink.Warning(fmt.Sprintf("%s: setup ran past %s and was abandoned; its goroutine may still use CPU and disturb later samples", j.Name(), cfg.Timeout)); err != nil {
					return err
				}
			}
			continue
		}
		// Lanes: instance i serves goroutine i of every cell of this job.
		lanes := []codec.Instance{p.Instance}
		for _, gs := range cfg.Goroutines {
			for len(lanes) < gs {
				inst, err := j.Codec.Bind(j.Target)
				if err != nil {
					return fmt.Errorf("bind %s for goroutine %d: %w", j.Name(), len(lanes), err)
				}
				lanes = append(lanes, inst)
			}
		}
		for _, gs := range cfg.Goroutines {
			ops := []string{result.OpEncode, result.OpDecode}
			if p.Access {
				ops = append(ops, result.OpAccess)
			}
			if cfg.Zstd {
				ops = append(ops, result.OpZstd)
			}
			for _, op := range ops {
				c := &cell{p: p, rec: result.Cell{
					Workload: j.Workload, Codec: j.Codec.Info().Name, Op: op,
					Goroutines: gs, MeanSize: p.MeanSize, Status: result.CellOK,
				}}
				for g := 0; g < gs; g++ {
					l := lane{inst: lanes[g], next: g * len(p.Inputs) / gs}
					if op == result.OpZstd {
						z, err := compress.NewZstd()
						if err != nil {
							return err
						}
						l.z = z
					}
					c.lanes = append(c.lanes, l)
				}
				cells = append(cells, c)
			}
		}
	}
	fail := func(c *cell, status string, err error) error {
		c.done = true
		c.rec.Status, c.rec.Error = status, err.Error()
		c.rec.Samples = nil
		if err := sink.CellDone(c.rec); err != nil {
			return err
		}
		if status == result.CellTimeout {
			return sink.Warning(fmt.Sprintf("%s ran past %s and was abandoned; its goroutine may still use CPU and disturb later samples", c.name(), cfg.Timeout))
		}
		return nil
	}
	// Calibrate: find the iteration count that makes a sample last about
	// SampleTime, as testing.B does. The calibration runs warm the cell up.
	for i, c := range cells {
		if err := ctx.Err(); err != nil {
			return err
		}
		progress(Progress{Phase: "calibrate", Cell: c.name(), Done: i, Total: len(cells)})
		err := WithTimeout(ctx, cfg.Timeout, c.rec.Op, func() error {
			var err error
			c.iters, _, err = Calibrate(c.timed(cfg.Clock), cfg.SampleTime)
			return err
		})
		if ctx.Err() != nil {
			return interrupted(cells, sink, ctx.Err())
		}
		if err != nil {
			if err := fail(c, statusOf(err), fmt.Errorf("calibrate: %w", err)); err != nil {
				return err
			}
		}
	}
	// Measure, round-robin.
	total := len(cells) * cfg.Count
	done := 0
	measureStart := cfg.Clock.Now()
	for round := 0; round < cfg.Count; round++ {
		for _, c := range cells {
			if c.done {
				done++
				continue
			}
			if err := ctx.Err(); err != nil {
				return interrupted(cells, sink, err)
			}
			var remaining time.Duration
			if done > 0 {
				remaining = time.Duration(float64(cfg.Clock.Now().Sub(measureStart)) / float64(done) * float64(total-done))
			}
			progress(Progress{Phase: "measure", Cell: c.name(), Done: done, Total: total, Remaining: remaining})
			var s result.Sample
			// Collect garbage before, not during, the sample, as
			// testing.B does.
			runtime.GC()
			err := WithTimeout(ctx, cfg.Timeout, c.rec.Op, func() error {
				var err error
				s, err = Measure(c.timed(cfg.Clock), c.iters, len(c.lanes))
				return err
			})
			done++
			if ctx.Err() != nil {
				return interrupted(cells, sink, ctx.Err())
			}
			if err != nil {
				if err := fail(c, statusOf(err), err); err != nil {
					return err
				}
				continue
			}
			c.rec.Samples = append(c.rec.Samples, s)
			one := c.rec
			one.Samples = []result.Sample{s}
			if err := sink.Sample(one); err != nil {
				return err
			}
		}
	}
	for _, c := range cells {
		if !c.done {
			c.done = true
			if err := sink.CellDone(c.rec); err != nil {
				return err
			}
		}
	}
	progress(Progress{Phase: "measure", Done: total, Total: total})
	return nil
}

func statusOf(err error) string {
	if errors.Is(err, ErrTimeout) {
		return result.CellTimeout
	}
	return result.CellError
}

func interrupted(cells []*cell, sink Sink, cause error) error {
	for _, c := range cells {
		if !c.done {
			c.done = true
			c.rec.Status = result.CellInterrupted
			c.rec.Error = cause.Error()
			if err := sink.CellDone(c.rec); err != nil {
				return errors.Join(cause, err)
			}
		}
	}
	return cause
}
