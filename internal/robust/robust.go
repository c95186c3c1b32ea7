// Package robust computes serbench's decoder robustness matrix: what each
// codec's decoder does with corrupt and malicious messages, the question a
// service that reads bytes from the network asks of a library.
//
// For each codec and workload, the first Options.Messages values of the
// workload (its documented default seed) are encoded by the codec, and the
// valid messages are mutated in five classes (Classes): every prefix
// (truncate), one flipped bit (bitflip), a huge declared length written
// over the bytes at an offset (bomb: the length headers of the format's
// family, Patterns), random bytes (random), and an unknown field holding a
// value nested 1,000 to 1,000,000 deep (deep, for the formats whose nesting
// the package knows how to write). A class with more candidates than
// Options.Budget (every prefix, every bit, every offset × header) is
// sampled down to it, by a random source that depends on Options.Seed and
// the class's name alone:
// the same seed gives the same inputs for the same messages. (Messages
// are the codec's own encodings: a codec that writes Go maps in Go's
// random iteration order writes other bytes in each run, so for it the
// inputs vary too; the inputs the matrix reports are saved, so that
// whatever it found can be reproduced.)
//
// Each input is decoded by a new instance of the codec (so that no input's
// effect on a decoder's state, a gob stream's type table say, changes what
// the next input gets, and each reproduces alone), and the decoded value
// converted to the workload's type (Decode, then Canonical: the whole read
// a user makes), in a worker process of the running binary (MaybeWorker): a decoder that
// crashes the process (out of memory, stack overflow, any fatal error),
// passes the memory limit, or hangs past the time limit kills its worker
// only; the input is marked and the row goes on in a new worker. Outcomes:
// error (what a decoder should do), panic (recovered), crash, hang, and
// accepted (no error: a finding for truncated and random input, not for a
// bit flip or a length written inside a string's bytes, nor for valid deep
// nesting).
// After result.RobustMaxDeaths crashes and hangs in a class, its other
// inputs are not run. Each decode's allocation is measured
// (runtime.MemStats.TotalAlloc before and after, in the worker, which
// runs nothing else) and the input with the largest amplification
// (bytes allocated ÷ input bytes, the size counted as at least
// result.RobustMinSize) is kept with the first panic, crash or
// hang of each class.
//
// The matrix is a result.Robust: store keeps it with the run, report
// renders it. The package times nothing and judges no value: a decode
// that returns no error is accepted, whatever it returned.
package robust

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// Options configure Compute.
type Options struct {
	// Workloads are the workloads of the rows; nil means DefaultWorkloads.
	Workloads []string
	// Seed is the seed of the mutations; zero means DefaultSeed.
	Seed uint64
	// Budget is the most inputs of a class per row; zero means
	// DefaultBudget. A row whose messages are too large for it gets
	// fewer, and says so (MaxInputBytes).
	Budget int
	// Messages is the number of valid messages mutated per row; zero
	// means DefaultMessages.
	Messages int
	// TimeLimit bounds one decode (and a worker's start); zero means
	// DefaultTimeLimit.
	TimeLimit time.Duration
	// MemoryLimit is each worker's memory limit in bytes (GOMEMLIMIT, and
	// a kill a quarter above it); zero means DefaultMemoryLimit, negative
	// none.
	MemoryLimit int64
	// Workers is the number of rows computed at once; zero means
	// GOMAXPROCS.
	Workers int
	// InProcess decodes in the calling process, without workers (tests):
	// a decoder that crashes or hangs takes the caller with it.
	InProcess bool
	// Command is the worker's command line; nil means this binary with
	// WorkerArg.
	Command []string
	// SaveDir, when set, is where the inputs the matrix reports (each
	// class's first panic, crash or hang, and its worst amplification)
	// are written, as SaveDir/WORKLOAD/CODEC/CLASS-WHAT-POS.bin; each
	// result.RobustInput's File names its file relative to SaveDir.
	SaveDir string
	// Progress, when set, is called after each row, with the number of
	// rows done and in all.
	Progress func(done, total int, row result.RobustRow)
	// Warn is given, one message at a time, what went wrong without
	// costing an outcome: a worker that did not exit after its inputs
	// ended was killed (workerproc.Conn.Close), naming its codec (its
	// outcomes are kept). Nil means a line "serbench: MSG" on standard
	// error.
	Warn func(msg string)
}

// The defaults of Options.
const (
	DefaultSeed        = 20261123
	DefaultBudget      = 400
	DefaultMessages    = 10
	DefaultTimeLimit   = 5 * time.Second
	DefaultMemoryLimit = 1 << 30
)

// DefaultWorkloads are the workloads of the matrix unless told otherwise:
// a flat record and a recursive one.
var DefaultWorkloads = []string{"person", "nested"}

// Compute returns the matrix of codecs on opts.Workloads, rows in workload
// then codec order. Reference codecs (Info.Reference set) decode nothing
// and are left out. It returns an error when a workload is unknown or has
// no values. When ctx is done, Compute starts no more workers, ends those
// that run and returns ctx's error with the matrix so far: a row it
// stopped counts its inputs not decoded as NotRun, and a row it did not
// start has no cells; the Note of both says they were interrupted.
func Compute(ctx context.Context, codecs []codec.Codec, opts Options) (*result.Robust, error) {
	opts = withDefaults(opts)
	var err error
	if opts.Command, err = workerproc.Command(opts.Command, opts.InProcess, WorkerArg); err != nil {
		return nil, fmt.Errorf("robustness matrix: %w", err)
	}
	ws, err := workload.LookupValues(opts.Workloads, "mutate")
	if err != nil {
		return nil, err
	}
	m := &result.Robust{Seed: opts.Seed, Budget: opts.Budget, TimeLimit: opts.TimeLimit, MemoryLimit: opts.MemoryLimit, Classes: Classes()}
	type job struct {
		c codec.Codec
		w *workload.Workload
	}
	var jobs []job
	for _, w := range ws {
		for _, c := range codecs {
			if c.Info().Reference == "" {
				jobs = append(jobs, job{c, w})
			}
		}
	}
	m.Rows = make([]result.RobustRow, len(jobs))
	pool := workerproc.NewPool(opts.Workers)
	var mu sync.Mutex
	done := 0
	for i, j := range jobs {
		m.Rows[i] = result.RobustRow{Codec: j.c.Info().Name, Workload: j.w.Name, Note: interrupted}
		pool.Go(ctx, func() {
			m.Rows[i] = computeRow(ctx, j.c, j.w, opts)
			if opts.Progress != nil {
				mu.Lock()
				done++
				opts.Progress(done, len(jobs), m.Rows[i])
				mu.Unlock()
			}
		})
	}
	pool.Wait()
	if err := context.Cause(ctx); err != nil {
		return m, err
	}
	return m, nil
}

// The Notes of a row that Compute's context did not let start, and of
// one it stopped.
const (
	interrupted = result.RobustInterrupted
	stopped     = result.RobustStopped
)

func withDefaults(opts Options) Options {
	if len(opts.Workloads) == 0 {
		opts.Workloads = DefaultWorkloads
	}
	if opts.Seed == 0 {
		opts.Seed = DefaultSeed
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Messages <= 0 {
		opts.Messages = DefaultMessages
	}
	workerproc.Defaults(&opts.TimeLimit, DefaultTimeLimit, &opts.MemoryLimit, DefaultMemoryLimit, &opts.Workers)
	opts.Warn = workerproc.Warner(opts.Warn)
	return opts
}

// messages returns the encodings of the first n values of w by c, or why
// there are none.
func messages(c codec.Codec, w *workload.Workload, n int) ([][]byte, string) {
	info := c.Info()
	if why := info.Expected(w.Name, codec.ExpectUnsupported); why != "" {
		return nil, "unsupported: " + why
	}
	var inst codec.Instance
	if err := codec.Call("bind", func() (e error) { inst, e = c.Bind(w.Target()); return }); err != nil {
		return nil, "bind: " + short(err.Error())
	}
	var msgs [][]byte
	for i, v := range w.Values(workload.Options{Count: n}) {
		var prepared any
		var data []byte
		err := codec.Call("encode", func() (e error) {
			if prepared, e = inst.Prepare(v); e != nil {
				return e
			}
			data, e = inst.Encode(prepared)
			return e
		})
		if err != nil {
			return nil, fmt.Sprintf("encode value %d: %s", i, short(err.Error()))
		}
		msgs = append(msgs, append([]byte(nil), data...))
	}
	if len(msgs) == 0 {
		return nil, "the workload has no values"
	}
	return msgs, ""
}

// outcome is what one decode did.
type outcome struct {
	Out    string `json:"out"` // error, panic, accepted; crash and hang come from the parent
	Detail string `json:"detail,omitempty"`
	Alloc  int64  `json:"alloc,omitempty"`
}

// control is the class of the valid messages, decoded before the
// mutations.
const control = "control"

// The outcomes of a decode.
const (
	outError    = "error"
	outPanic    = "panic"
	outAccepted = "accepted"
	outCrash    = "crash"
	outHang     = "hang"
)

// decodeOne binds a new instance of c to t, decodes data with it and
// converts the result to the canonical type, and says what happened and
// how many bytes the decode allocated (the binding is not counted). Each
// input gets an instance of its own, so that what one input does to a
// decoder's state (a gob stream's types, a pool) cannot change what the
// next one gets, and an input reproduces alone.
func decodeOne(c codec.Codec, t codec.Target, data []byte) outcome {
	var inst codec.Instance
	if err := codec.Call("bind", func() (e error) { inst, e = c.Bind(t); return }); err != nil {
		return outcome{Out: outError, Detail: short("bind: " + err.Error())}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	err := codec.Call("decode", func() error {
		v, err := inst.Decode(data)
		if err != nil {
			return err
		}
		_, err = inst.Canonical(v)
		return err
	})
	runtime.ReadMemStats(&ms)
	o := outcome{Alloc: int64(ms.TotalAlloc - before)}
	var p *codec.PanicError
	switch {
	case err == nil:
		o.Out = outAccepted
	case errors.As(err, &p):
		o.Out, o.Detail = outPanic, short(fmt.Sprint(p.Value))
	default:
		o.Out, o.Detail = outError, short(err.Error())
	}
	return o
}

// computeRow computes the row of c on w.
func computeRow(ctx context.Context, c codec.Codec, w *workload.Workload, opts Options) result.RobustRow {
	info := c.Info()
	row := result.RobustRow{Codec: info.Name, Workload: w.Name}
	// The messages come from where they are decoded: a worker process
	// (whose gob type IDs, say, are its own) or this one.
	var first *workerConn
	var msgs [][]byte
	var note string
	if opts.InProcess {
		msgs, note = messages(c, w, opts.Messages)
	} else {
		var err error
		if first, msgs, err = startWorker(ctx, info.Name, w.Name, opts); err != nil {
			note = err.Error()
			if ctx.Err() != nil {
				note = interrupted
			}
		}
	}
	if note != "" {
		row.Note = note
		return row
	}
	row.Messages = len(msgs)
	row.MessageBytes = result.MessageSizes(msgs)
	// The valid messages go first, as controls: each must decode without
	// an error, or the row's outcomes would say nothing of the mutations.
	var inputs []Input
	for i, m := range msgs {
		inputs = append(inputs, Input{Class: control, Desc: fmt.Sprintf("value %d (%d bytes), unchanged", i, len(m)), Data: m})
	}
	budget := rowBudget(opts.Budget, msgs)
	if budget < opts.Budget {
		row.Note = fmt.Sprintf("at most %d inputs a class, not %d: the codec's messages of up to %d bytes would make more than the %d MiB of inputs a row may hold",
			budget, opts.Budget, row.MessageBytes[1], MaxInputBytes>>20)
	}
	inputs = append(inputs, Inputs(info.Format, msgs, opts.Seed, budget)...)
	classes := Classes()
	row.Cells = make([]result.RobustCell, len(classes))
	index := map[string]int{}
	for i, cl := range classes {
		row.Cells[i].Class = cl.Name
		index[cl.Name] = i
	}
	for _, in := range inputs[len(msgs):] {
		row.Cells[index[in.Class]].Inputs++
	}
	if row.Cells[index[Bomb]].Inputs == 0 {
		row.Cells[index[Bomb]].NA = fmt.Sprintf("%s declares no lengths", info.Format)
	}
	if row.Cells[index[Deep]].Inputs == 0 {
		row.Cells[index[Deep]].NA = fmt.Sprintf("serbench writes no nesting of %s", info.Format)
	}
	deaths := map[string]int{}
	controlFailed := ""
	record := func(pos int, o outcome) {
		in := inputs[pos]
		if in.Class == control {
			if o.Out != outAccepted && controlFailed == "" {
				controlFailed = fmt.Sprintf("the codec does not decode its own valid message (%s): %s: %s", in.Desc, o.Out, o.Detail)
			}
			return
		}
		cell := &row.Cells[index[in.Class]]
		kept := func() *result.RobustInput {
			r := &result.RobustInput{Pos: pos, Desc: in.Desc, Outcome: o.Out, Detail: o.Detail, Size: len(in.Data), Alloc: o.Alloc}
			r.Ratio = result.Amplification(o.Alloc, len(in.Data))
			if len(in.Data) <= result.RobustKeepBytes {
				r.Data = in.Data
			}
			return r
		}
		switch o.Out {
		case outError:
			cell.Errors++
		case outPanic:
			cell.Panics++
		case outAccepted:
			cell.Accepted++
		case outCrash:
			cell.Crashes++
			deaths[in.Class]++
		case outHang:
			cell.Hangs++
			deaths[in.Class]++
		}
		if cell.Example == nil && (o.Out == outPanic || o.Out == outCrash || o.Out == outHang) {
			cell.Example = kept()
		}
		if o.Out != outCrash && o.Out != outHang {
			if r := result.Amplification(o.Alloc, len(in.Data)); cell.Worst == nil || r > cell.Worst.Ratio {
				cell.Worst = kept()
			}
		}
	}
	skip := func(pos int) bool {
		if controlFailed != "" {
			return true
		}
		if deaths[inputs[pos].Class] < result.RobustMaxDeaths {
			return false
		}
		row.Cells[index[inputs[pos].Class]].NotRun++
		return true
	}
	var stop int
	var err error
	if opts.InProcess {
		stop, err = runInProcess(ctx, c, w, inputs, record, skip)
	} else {
		stop, err = runWorkers(ctx, first, msgs, info.Name, w.Name, inputs, opts, record, skip)
	}
	if err != nil {
		why := err.Error()
		if ctx.Err() != nil {
			why = stopped
		}
		row.Note = strings.TrimPrefix(row.Note+"; "+why, "; ")
		for _, in := range inputs[max(stop, len(msgs)):] {
			row.Cells[index[in.Class]].NotRun++
		}
	}
	if controlFailed != "" {
		row.Note, row.Cells = controlFailed, nil
		return row
	}
	if opts.SaveDir != "" {
		if err := save(opts.SaveDir, &row, inputs); err != nil {
			row.Note = strings.TrimPrefix(row.Note+"; "+err.Error(), "; ")
		}
	}
	return row
}

// MaxInputBytes bounds the bytes of a row's inputs, all of which serbench
// holds while it computes the row: a codec whose messages are so large
// that Options.Budget inputs a class would pass it gets fewer (rowBudget),
// and its row says so, rather than serbench running out of memory.
var MaxInputBytes = 256 << 20

// rowBudget returns the budget of a row whose valid messages are msgs:
// budget, or less when the inputs of the classes it limits (up to the
// longest message each for truncate, bitflip and bomb, and twice that for
// random) would pass MaxInputBytes; at least 1.
func rowBudget(budget int, msgs [][]byte) int {
	longest := 1
	for _, m := range msgs {
		longest = max(longest, len(m))
	}
	return max(1, min(budget, MaxInputBytes/(5*longest)))
}

// runInProcess decodes the inputs in the calling process.
// It returns the position it stopped at, as runWorkers does.
func runInProcess(ctx context.Context, c codec.Codec, w *workload.Workload, inputs []Input, record func(int, outcome), skip func(int) bool) (int, error) {
	for pos, in := range inputs {
		if err := context.Cause(ctx); err != nil {
			return pos, err
		}
		if !skip(pos) {
			record(pos, decodeOne(c, w.Target(), in.Data))
		}
	}
	return len(inputs), nil
}

// save writes the inputs the row reports into dir and names their files.
func save(dir string, row *result.RobustRow, inputs []Input) error {
	sub := filepath.Join(row.Workload, row.Codec)
	for i := range row.Cells {
		cell := &row.Cells[i]
		for _, x := range []struct {
			in   *result.RobustInput
			what string
		}{{cell.Example, ""}, {cell.Worst, "worst"}} {
			if x.in == nil {
				continue
			}
			what := x.what
			if what == "" {
				what = x.in.Outcome
			}
			name := filepath.Join(sub, cell.Class+"-"+what+"-"+strconv.Itoa(x.in.Pos)+".bin")
			if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
				return fmt.Errorf("save inputs: %w", err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), inputs[x.in.Pos].Data, 0o644); err != nil {
				return fmt.Errorf("save inputs: %w", err)
			}
			x.in.File = filepath.ToSlash(name)
		}
	}
	return nil
}

// short cuts a message to one line of at most 200 bytes.
func short(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}
