package harness

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
)

// ProtocolVersion is the version of the protocol between the coordinator
// and its worker processes. A worker refuses a coordinator that speaks
// another version, so a stale binary is found at once.
//
// The protocol is one JSON object per line in each direction, over two
// pipes that are not the worker's standard output or error (a codec that
// prints cannot corrupt it): the coordinator writes requests to the
// worker's file descriptor 3 and reads responses from its descriptor 4.
// Each request gets exactly one response, in order:
//
//	hello      {version}                → {version, pid}
//	setup      {spec}                   → {verification, cells}
//	calibrate  {unit, target}           → {iters, per_sample}
//	sample     {unit, iters}            → {sample}
//	quit                                → (the worker exits)
//
// A response with "error" set reports a failure of the measured code (an
// error or a recovered panic); the worker stays usable. A worker whose
// requests pipe closes (its coordinator died, even by SIGKILL) exits at
// once, whatever it is doing.
const ProtocolVersion = 1

// WorkerArg is the hidden subcommand that makes the serbench binary (or
// a test binary that calls MaybeWorker) a worker process.
const WorkerArg = "__serbench_worker"

type request struct {
	Op      string        `json:"op"`
	Version int           `json:"version,omitempty"`
	Spec    *Spec         `json:"spec,omitempty"`
	Unit    int           `json:"unit,omitempty"`
	Target  time.Duration `json:"target,omitempty"`
	Iters   int           `json:"iters,omitempty"`
}

type response struct {
	Error        string               `json:"error,omitempty"`
	Version      int                  `json:"version,omitempty"`
	PID          int                  `json:"pid,omitempty"`
	Verification *result.Verification `json:"verification,omitempty"`
	Cells        []result.Cell        `json:"cells,omitempty"`
	Iters        int                  `json:"iters,omitempty"`
	PerSample    time.Duration        `json:"per_sample,omitempty"`
	Sample       *result.Sample       `json:"sample,omitempty"`
}

// handler holds a worker's job and answers requests for it. The process
// worker serves it over pipes; the in-process worker calls it directly.
type handler struct {
	bound *Bound
	// build sets up jobs; nil means Build (tests set their own).
	build func(context.Context, Spec) (*Bound, error)
}

func (h *handler) setup(ctx context.Context, s Spec) (*result.Verification, []result.Cell, error) {
	h.bound.close()
	h.bound = nil
	var b *Bound
	build := h.build
	if build == nil {
		build = Build
	}
	err := codec.Call("setup", func() (e error) { b, e = build(ctx, s); return })
	if err != nil {
		return nil, nil, err
	}
	h.bound = b
	cells := make([]result.Cell, len(b.Units))
	for i, u := range b.Units {
		cells[i] = u.Cell
	}
	return b.Verification, cells, nil
}

func (h *handler) unit(i int) (*Unit, error) {
	if h.bound == nil {
		return nil, errors.New("no job is set up")
	}
	if i < 0 || i >= len(h.bound.Units) {
		return nil, fmt.Errorf("unit %d: the job has %d units", i, len(h.bound.Units))
	}
	return &h.bound.Units[i], nil
}

func (h *handler) calibrate(i int, target time.Duration) (int, time.Duration, error) {
	u, err := h.unit(i)
	if err != nil {
		return 0, 0, err
	}
	var n int
	var per time.Duration
	err = codec.Call(u.Cell.Op, func() (e error) { n, per, e = CalibrateGC(u.Loop, target, max(u.Ops, 1)); return })
	return n, per, err
}

// sample takes one sample of unit i: a tenth of its iterations first,
// untimed, then the timed ones. Samples of different cells take turns, so
// each sample starts after other code ran (often in another process); the
// untimed run brings caches, branch predictors and the collector's pacing
// back to this loop, as the runs testing.B makes while it sizes b.N do
// right before its timed one. After the sample the worker collects its
// garbage before it answers, so that no work of its own runs beside the
// next sample.
func (h *handler) sample(i, iters int) (result.Sample, error) {
	u, err := h.unit(i)
	if err != nil {
		return result.Sample{}, err
	}
	// Measure divides by the iterations: none would give NaN, which no
	// response can carry, and too many would overflow iterations × ops.
	if ops := max(u.Ops, 1); iters < 1 || iters > math.MaxInt/ops {
		return result.Sample{}, fmt.Errorf("sample of %d iterations: want 1 to %d", iters, math.MaxInt/ops)
	}
	var s result.Sample
	err = codec.Call(u.Cell.Op, func() (e error) {
		if _, e = u.Loop(max(iters/10, 1)); e != nil {
			return e
		}
		s, e = Measure(u.Loop, iters, max(u.Ops, 1))
		return
	})
	// Finish the collection the sample's garbage started before answering:
	// the next sample, often another worker's, must not run beside this
	// process's leftover marking and sweeping.
	runtime.GC()
	return s, err
}

// Serve answers the coordinator's requests read from in, writing responses
// to out, until a quit request or the end of in. It returns nil after quit
// and io.EOF when in ended first: the coordinator is gone. Requests are
// read on their own goroutine, so gone is called as soon as in ends, even
// while a request is still being handled; a worker process passes a gone
// that exits at once.
func Serve(ctx context.Context, in io.Reader, out io.Writer, gone func()) error {
	return serve(ctx, in, out, gone, &handler{})
}

// serve is Serve with the handler h.
func serve(ctx context.Context, in io.Reader, out io.Writer, gone func(), h *handler) error {
	reqs := make(chan request)
	readErr := make(chan error, 1)
	done := make(chan struct{})
	defer close(done) // after quit, the reader stops at its next request
	go func() {
		dec := json.NewDecoder(bufio.NewReader(in))
		for {
			var r request
			if err := dec.Decode(&r); err != nil {
				if errors.Is(err, io.EOF) {
					err = io.EOF
				}
				readErr <- err
				close(reqs)
				if gone != nil {
					gone()
				}
				return
			}
			select {
			case reqs <- r:
			case <-done:
				return
			}
			if r.Op == "quit" {
				// The coordinator closes the requests after quit: that
				// end is no coordinator gone, and gone would exit
				// before the job's Close (its temporary files) ran.
				return
			}
		}
	}()
	enc := json.NewEncoder(out)
	defer func() { h.bound.close() }()
	for r := range reqs {
		var resp response
		var err error
		switch r.Op {
		case "hello":
			if r.Version != ProtocolVersion {
				err = fmt.Errorf("worker speaks protocol version %d, coordinator %d: use one serbench binary for both", ProtocolVersion, r.Version)
			}
			resp.Version, resp.PID = ProtocolVersion, os.Getpid()
		case "setup":
			if r.Spec == nil {
				err = errors.New("setup without a spec")
				break
			}
			resp.Verification, resp.Cells, err = h.setup(ctx, *r.Spec)
		case "calibrate":
			resp.Iters, resp.PerSample, err = h.calibrate(r.Unit, r.Target)
		case "sample":
			var s result.Sample
			if s, err = h.sample(r.Unit, r.Iters); err == nil {
				resp.Sample = &s
			}
		case "quit":
			return nil
		default:
			err = fmt.Errorf("unknown request %q", r.Op)
		}
		if err != nil {
			resp.Error = err.Error()
		}
		if err := enc.Encode(resp); err != nil {
			return fmt.Errorf("write response: %w", err)
		}
	}
	return <-readErr
}

// MaybeWorker makes the process a worker when its first argument is
// WorkerArg: it serves the coordinator on file descriptors 4 (requests)
// and 3 (responses), as every worker workerproc.Dial starts, and exits.
// Otherwise it returns at once. The serbench command calls it first thing;
// so do test binaries that run the scheduler with process isolation (from
// TestMain).
func MaybeWorker() {
	if len(os.Args) < 2 || os.Args[1] != WorkerArg {
		return
	}
	out, in, err := workerproc.Files("requests")
	if err != nil {
		fmt.Fprintln(os.Stderr, "serbench worker:", err)
		os.Exit(2)
	}
	err = Serve(context.Background(), in, out, func() { os.Exit(0) })
	if err != nil && !errors.Is(err, io.EOF) {
		fmt.Fprintln(os.Stderr, "serbench worker:", err)
		os.Exit(2)
	}
	os.Exit(0)
}
