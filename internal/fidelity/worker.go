package fidelity

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
)

// WorkerArg is the hidden first argument that makes the serbench binary (or
// a test binary that calls MaybeWorker) compute one row of the matrix:
//
//	BINARY __serbench_fidelity CODEC FROM
//
// computes the cells of CODEC from position FROM on and writes them as
// JSON lines (the carrier, then one line per cell, then a last line that
// says it is done) to file descriptor 3, not to its standard output, which
// a codec may print on.
const WorkerArg = "__serbench_fidelity"

// Options configure Compute.
type Options struct {
	// Timeout bounds each cell (and a worker's start and choice of its
	// carrier): a worker that reports nothing for that long is asked
	// for its goroutines' stacks (workerproc.Process.Hung), killed, and
	// its cell marked timeout, its detail a line and then an excerpt of
	// the stacks (workerproc.WithStacks). Zero means DefaultTimeout.
	Timeout time.Duration
	// MemoryLimit is each worker's memory limit in bytes: GOMEMLIMIT, and
	// a kill when its resident size passes it by a quarter (at least 64
	// MiB), as the harness limits its workers. Zero means
	// DefaultMemoryLimit; negative, none.
	MemoryLimit int64
	// Workers is the number of rows computed at once. Zero means
	// GOMAXPROCS.
	Workers int
	// InProcess computes the rows in the calling process, without worker
	// processes (serbench run --isolation none, and tests): a codec that
	// crashes or hangs then takes the caller with it.
	InProcess bool
	// Command is the worker's command line, before the codec and the
	// position; nil means this binary with WorkerArg.
	Command []string
	// Warn, when set, is given what went wrong without costing a cell: a
	// worker that delivered its cells but did not exit within ExitWait
	// and was killed. It is called one message at a time. Nil means
	// standard error.
	Warn func(msg string)
}

// Interrupted is the status of a cell that was not measured because
// Compute's context was done first: result.FidelityInterrupted. It
// appears only in the matrix that Compute returns with ctx's error, never
// in a finished one.
const Interrupted = result.FidelityInterrupted

// interruptedDetail is the detail of an Interrupted cell.
const interruptedDetail = "not measured: interrupted"

// ExitWait is how long a worker that said it is done has to exit before
// it is killed (and Options.Warn told): a codec's goroutine or a child
// process must not hold the matrix up.
var ExitWait = workerproc.CloseWait

// The defaults of Options.
const (
	DefaultTimeout     = 30 * time.Second
	DefaultMemoryLimit = 1 << 30
)

// Compute returns the matrix of codecs, rows in name order. Reference
// codecs (Info.Reference set) carry no data and are left out. Each row is
// computed in worker processes of its own unless opts.InProcess is set; a
// worker that crashes, hangs or eats memory is killed, the cell it was
// computing is marked, and the row's later cells go on in a new worker.
// When ctx is done, Compute starts no more workers, ends those that run
// and returns ctx's error with the matrix so far: the cells measured
// before, and the others Interrupted.
func Compute(ctx context.Context, codecs []codec.Codec, opts Options) (*result.Fidelity, error) {
	workerproc.Defaults(&opts.Timeout, DefaultTimeout, &opts.MemoryLimit, DefaultMemoryLimit, &opts.Workers)
	var err error
	if opts.Command, err = workerproc.Command(opts.Command, opts.InProcess, WorkerArg); err != nil {
		return nil, fmt.Errorf("fidelity: %w", err)
	}
	opts.Warn = workerproc.Warner(opts.Warn)
	var sel []codec.Codec
	for _, c := range codecs {
		if c.Info().Reference == "" {
			sel = append(sel, c)
		}
	}
	m := &result.Fidelity{Cases: CaseInfos(), Rows: make([]result.FidelityRow, len(sel))}
	pool := workerproc.NewPool(opts.Workers)
	for i, c := range sel {
		m.Rows[i] = interruptedRow(c.Info().Name)
		pool.Go(ctx, func() {
			if opts.InProcess {
				m.Rows[i] = ComputeRow(c)
			} else {
				m.Rows[i] = processRow(ctx, c.Info().Name, opts)
			}
		})
	}
	pool.Wait()
	m.Sort()
	if err := context.Cause(ctx); err != nil {
		return m, err
	}
	return m, nil
}

// interruptedRow is the row of the named codec with every cell
// Interrupted.
func interruptedRow(name string) result.FidelityRow {
	cases := Cases()
	row := result.FidelityRow{Codec: name, Cells: make([]result.FidelityCell, len(cases))}
	for i, c := range cases {
		row.Cells[i] = result.FidelityCell{Case: c.Name, Status: Interrupted, Detail: interruptedDetail}
	}
	return row
}

// processRow computes the row of the named codec in worker processes: one,
// and one more after each cell whose worker died. When ctx is done it
// starts no more, and the cells not measured are Interrupted.
func processRow(ctx context.Context, name string, opts Options) result.FidelityRow {
	cases := Cases()
	row := interruptedRow(name)
	header := false
	for from := 0; from < len(cases); {
		next, f := runWorker(ctx, name, from, opts, func(e event) {
			switch {
			case e.Header && !header:
				header = true
				row.Carrier, row.Note = e.Carrier, e.Note
			case e.Cell != nil && e.Pos >= 0 && e.Pos < len(row.Cells):
				row.Cells[e.Pos] = *e.Cell
				row.Cells[e.Pos].Case = cases[e.Pos].Name
			}
		})
		if f == nil || next >= len(cases) || f.status == Interrupted {
			// Done, or interrupted: the cells not measured stay
			// Interrupted.
			break
		}
		if next < 0 {
			// The worker died before it chose its carrier: every cell
			// it was to compute shares its end, the goroutines of a
			// hung worker kept once, in the first.
			line, _ := workerproc.CutStacks(f.msg)
			for i := from; i < len(cases); i++ {
				row.Cells[i] = result.FidelityCell{Case: cases[i].Name, Status: f.status, Detail: f.msg}
				f.msg = line
			}
			break
		}
		row.Cells[next] = result.FidelityCell{Case: cases[next].Name, Status: f.status, Detail: f.msg}
		from = next + 1
	}
	return row
}

// death is the end of a worker that did not finish: crash, timeout or
// memory, and what happened.
type death struct {
	status result.FidelityStatus
	msg    string
}

// runWorker runs one worker for the cells of the named codec from position
// from on, passing what it reports to got. It returns nil when the worker
// finished, or how it died and the position of the cell it was computing
// (-1 when it died before it reported its carrier); an Interrupted death
// when ctx is done, before it starts a worker or while one runs.
func runWorker(ctx context.Context, name string, from int, opts Options, got func(event)) (next int, d *death) {
	next = -1
	if ctx.Err() != nil {
		return next, &death{Interrupted, interruptedDetail}
	}
	r, w, err := os.Pipe()
	if err != nil {
		return next, &death{result.FidelityCrash, "start worker: " + err.Error()}
	}
	defer r.Close()
	cfg := workerproc.MatrixConfig(opts.MemoryLimit, "exit status 0 without finishing", opts.Command, name, strconv.Itoa(from))
	cfg.ExtraFiles = []*os.File{w}
	p, err := workerproc.Start(cfg)
	if err != nil {
		return next, &death{result.FidelityCrash, err.Error()}
	}
	events := make(chan event)
	var readErr error // why events ended; set before it is closed
	go func() {
		defer close(events)
		er := newEventReader(r, from, len(Cases()))
		for {
			e, err := er.read()
			if err != nil {
				readErr = err
				return
			}
			events <- e
		}
	}()
	end := func(status result.FidelityStatus, why string) *death {
		var mem bool
		var text, stacks string
		if status == result.FidelityTimeout {
			// Its goroutines, asked for before it is killed, say
			// where it hung: after the cell's line, which tables show.
			mem, text, stacks = p.Hung(why)
		} else {
			mem, text = p.Death(why)
		}
		for range events { // drain, so the reader ends
		}
		if mem {
			status = result.FidelityMemory
		}
		return &death{status, workerproc.WithStacks(short(text), stacks)}
	}
	timer := time.NewTimer(opts.Timeout)
	defer timer.Stop()
	for {
		select {
		case e, ok := <-events:
			if !ok {
				why := ""
				if readErr != nil && !errors.Is(readErr, io.EOF) && !errors.Is(readErr, io.ErrUnexpectedEOF) {
					// Not a death: the worker wrote what the
					// protocol does not allow.
					why = "malformed message from the worker: " + readErr.Error()
				}
				return next, end(result.FidelityCrash, why)
			}
			switch {
			case e.Done:
				go func() { // the reader ends when r is closed
					for range events {
					}
				}()
				waitExit(p, name, opts.Warn)
				return next, nil
			case e.Header:
				next = from
			case e.Cell != nil:
				next = e.Pos + 1
			}
			got(e)
			timer.Reset(opts.Timeout) // Go 1.23 timers: no stale value to drain
		case <-timer.C:
			return next, end(result.FidelityTimeout, fmt.Sprintf("no answer within the timeout of %s; the worker was killed", opts.Timeout))
		case <-ctx.Done():
			end(Interrupted, "interrupted")
			return next, &death{Interrupted, interruptedDetail}
		}
	}
}

// waitExit waits for the worker p of the named codec, which delivered its
// cells, to exit: at most ExitWait, then it kills it and says so to warn.
func waitExit(p *workerproc.Process, name string, warn func(string)) {
	if text := p.ExitWithin(ExitWait, "after it delivered its cells"); text != "" {
		warn(fmt.Sprintf("fidelity: the worker of %s: %s (its cells are kept)", name, short(text)))
	}
}

// eventReader decodes a worker's events, JSON objects one a line, and
// checks that they follow the protocol: the header first, then one cell
// for each position from the first asked for to the last case, in order,
// each with a status a worker computes, then done.
type eventReader struct {
	dec  *json.Decoder
	from int // the first position asked for
	n    int // the number of cases
	next int // the position of the next cell; -1 before the header
}

// newEventReader reads the events of a worker asked for the cells from
// position from on, of n cases.
func newEventReader(r io.Reader, from, n int) *eventReader {
	return &eventReader{dec: json.NewDecoder(bufio.NewReader(r)), from: from, n: n, next: -1}
}

// read returns the next event. At the end of the stream it returns io.EOF
// (io.ErrUnexpectedEOF within a line); for what is not an event, or an
// event out of place, another error.
func (er *eventReader) read() (event, error) {
	var e event
	if err := er.dec.Decode(&e); err != nil {
		return event{}, err
	}
	kinds := 0
	for _, is := range []bool{e.Header, e.Cell != nil, e.Done} {
		if is {
			kinds++
		}
	}
	switch {
	case kinds != 1:
		return event{}, fmt.Errorf("an event must be one of header, cell and done, not %d", kinds)
	case e.Header:
		if er.next >= 0 {
			return event{}, errors.New("a second header")
		}
		er.next = er.from
	case e.Cell != nil:
		if er.next < 0 {
			return event{}, errors.New("a cell before the header")
		}
		if e.Pos != er.next || e.Pos >= er.n {
			return event{}, fmt.Errorf("a cell at position %d, want %d (of %d)", e.Pos, er.next, er.n)
		}
		switch e.Cell.Status {
		case result.FidelityExact, result.FidelityLossy, result.FidelityUndeclared, result.FidelityFail, result.FidelityError, result.FidelityNA:
		default:
			return event{}, fmt.Errorf("a cell with status %q", e.Cell.Status)
		}
		er.next++
	case e.Done:
		if er.next != er.n {
			return event{}, fmt.Errorf("done with %d of the cells from %d to %d", max(er.next-er.from, 0), er.from, er.n-1)
		}
	}
	return e, nil
}

// MaybeWorker makes the process a worker when its first argument is
// WorkerArg: it computes the cells it is asked for, writes them to file
// descriptor 3 and exits. Otherwise it returns at once. The serbench
// command calls it first thing; so do test binaries that call Compute
// without InProcess (from TestMain or an init function, after their test
// codecs are registered).
func MaybeWorker() { workerproc.MaybeServe(WorkerArg, worker) }

func worker(args []string) int {
	fail := func(format string, a ...any) int { return workerproc.Fail("fidelity", format, a...) }
	if err := workerproc.Args(args, "CODEC FROM"); err != nil {
		return fail("%v", err)
	}
	from, err := strconv.Atoi(args[1])
	cases := Cases()
	if err != nil || from < 0 || from >= len(cases) {
		return fail("bad position %q", args[1])
	}
	c, ok := codec.Lookup(args[0])
	if !ok {
		return fail("no codec %q", args[0])
	}
	out := workerproc.FD(3, "results")
	if out == nil {
		return fail("file descriptor 3 is not the pipe serbench gives its workers: a worker is started by serbench, not by hand")
	}
	workerproc.SetMaxStack()
	enc := json.NewEncoder(out)
	err = computeRow(c, cases, from, func(e event) error { return enc.Encode(e) })
	if err != nil && !errors.Is(err, os.ErrClosed) {
		return fail("%v", err)
	}
	return 0
}
