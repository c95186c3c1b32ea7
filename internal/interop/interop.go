// Package interop computes serbench's cross-library interoperability
// matrix: for every format that more than one Go implementation writes,
// which implementation reads correctly the bytes which other one wrote. A
// format is a promise that bytes written by one implementation are read
// correctly by another; the rest of serbench round-trips every codec
// through itself only.
//
// The participants (Participants) are the registered codecs with no
// variant flag (codec.Flags.Plain: no buffer reuse, no unsafe strings, not
// stopping at generated types) and no reference role, grouped by
// codec.Info.Format; a format with at least two is a matrix. That keeps
// one writer and reader per library API and configuration: the "-reuse"
// and "-pooled" variants write the same bytes as their plain codec, and a
// code-generated library's "gen-types" row writes the same bytes as its
// "+convert" row, which takes and returns the user's Go value as the
// reflection codecs do, so the "+convert" row stands for the library.
// Configurations of one library that write differently (jsoniter and
// jsoniter-fastest, fxcbor and fxcbor-rfc3339nano, gob-stream and
// gob-message, sonic and sonic-default) are participants of their own.
//
// For each format and workload (Options.Workloads: person and nested by
// default), each participant (the writer) binds the workload and encodes
// its first Options.Values values (default 100, from the workload's
// documented seed); a participant that cannot bind it is left out of that
// matrix, with why. Then each participant (the reader) binds the workload
// once and reads every writer's messages in order (Decode, then
// Canonical: the whole read a user makes), and each value it returns is
// compared with a pristine copy of the value written (package verify):
// strictly, to name the classes of the differences, and with the declared
// losses of the writer and the reader together, to judge them. A pair is
// exact, lossy (only differences one of the two declares), FAIL (a silent
// change neither declares: the field, and the value wanted and got), error
// or panic (the reader's first message), n/a, or crash or hang. The
// diagonal is each codec's own round trip, the reference for its row.
//
// Encoding and reading run in worker processes of the running binary (see
// MaybeWorker), one per format and workload for the writers and one per
// reader and workload for the readers, each with a time limit and a
// memory limit: a reader that crashes, hangs or eats memory on one
// writer's bytes kills its worker only; that pair is marked, and the
// reader's other pairs go on in a new worker. A worker that hangs is
// first asked for its goroutines' stacks (SIGQUIT, on Linux), an excerpt
// of which follows the line of the pair's detail: the hang says where it
// hung.
//
// Read judges, the same way and in the same workers, the Go codecs'
// reading of messages another implementation wrote: package internal/peers
// joins the Python and Node libraries to the matrices with it.
//
// The matrix is a result.Interop: store keeps it with a run and report
// renders it. The package times nothing and does not decide what a loss
// is (package verify classifies every difference); it judges only by the
// losses the codecs declare.
package interop

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// Options configure Compute.
type Options struct {
	// Format, when set, selects the formats (codec.Info.Format) whose
	// matrices are computed; nil means every format with two or more
	// participants.
	Format *regexp.Regexp
	// Workloads are the workloads of the matrices; nil means
	// DefaultWorkloads.
	Workloads []string
	// Values is the number of values each writer encodes: the workload's
	// first ones. Zero means DefaultValues.
	Values int
	// TimeLimit bounds one writer's encoding of the values, or one
	// reader's reading of one writer's messages, and a worker's start;
	// zero means DefaultTimeLimit.
	TimeLimit time.Duration
	// MemoryLimit is each worker's memory limit in bytes (GOMEMLIMIT, and
	// a kill a quarter above it); zero means DefaultMemoryLimit, negative
	// none.
	MemoryLimit int64
	// Workers is the number of workers at once; zero means GOMAXPROCS.
	Workers int
	// InProcess encodes and reads in the calling process, without
	// workers (tests, and serbench run --isolation none): a codec that
	// crashes or hangs takes the caller with it.
	InProcess bool
	// Command is the worker's command line; nil means this binary with
	// WorkerArg.
	Command []string
	// Joined are formats that other implementations join (the
	// cross-language peers of package internal/peers): their matrices are
	// computed with one Go participant too, if opts.Format selects them.
	Joined []string
	// Progress, when set, is called after each reader's column of a
	// matrix, with the number of columns done and in all.
	Progress func(done, total int)
	// Warn is given, one message at a time, what went wrong without
	// costing a cell: a worker that did not exit after its requests
	// ended was killed (workerproc.Conn.Close), naming the codecs it
	// served (their cells are kept). Nil means a line "serbench: MSG" on
	// standard error.
	Warn func(msg string)
}

// The defaults of Options.
const (
	DefaultValues      = 100
	DefaultTimeLimit   = 20 * time.Second
	DefaultMemoryLimit = 1 << 30
)

// DefaultWorkloads are the workloads of the matrices unless told
// otherwise: a flat record and a recursive one.
var DefaultWorkloads = []string{"person", "nested"}

// Format is one format and its participants.
type Format struct {
	// Name is the format (codec.Info.Format).
	Name string
	// Codecs are the participants, in name order.
	Codecs []codec.Codec
}

// Participants returns the formats of codecs that have two or more
// participants, in name order: codecs with no variant flag
// (codec.Flags.Plain) and no reference role, grouped by format.
func Participants(codecs []codec.Codec) []Format {
	var out []Format
	for _, f := range Implementations(codecs) {
		if len(f.Codecs) >= 2 {
			out = append(out, f)
		}
	}
	return out
}

// Implementations returns every format of codecs with its participants, in
// name order, however many it has: codecs with no variant flag
// (codec.Flags.Plain), no reference role and not parse-only (codec.Parse),
// grouped by format. It is the
// one choice of a format's Go codecs: Participants keeps the formats with
// two or more, and package internal/peers checks these against other
// languages.
func Implementations(codecs []codec.Codec) []Format {
	by := map[string][]codec.Codec{}
	for _, c := range codecs {
		info := c.Info()
		if info.Reference != "" || !info.Flags.Plain() || info.API == codec.Parse {
			// A parse-only codec (codec.Parse) writes nothing of its
			// own: its Encode is another library's.
			continue
		}
		by[info.Format] = append(by[info.Format], c)
	}
	var out []Format
	for name, cs := range by {
		slices.SortFunc(cs, func(a, b codec.Codec) int { return cmp.Compare(a.Info().Name, b.Info().Name) })
		out = append(out, Format{Name: name, Codecs: cs})
	}
	slices.SortFunc(out, func(a, b Format) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// Interrupted is the status of a pair that was not measured because
// Compute's context was done first (Ctrl-C): its writer's encoding or
// its reader's reading was not run (result.InteropInterrupted). It
// appears only in the matrices that Compute returns with ctx's error,
// never in finished ones.
const Interrupted = result.InteropInterrupted

// Compute returns the matrices of the formats of codecs (nil: every
// registered codec) with two or more participants, or one and listed in
// opts.Joined, that opts.Format selects, on opts.Workloads, in format
// then workload order. It returns an error when a workload is unknown or
// has no values of its own, when no format is selected, or when a worker
// cannot be started. When ctx is done it starts no more workers and
// returns the matrices so far with ctx's error: every pair measured is
// kept, the others are Interrupted (a codec whose encoding was not run
// is in its matrix, its row Interrupted). The cells alone say it: the
// renderers (package report) count them in one note of their own.
func Compute(ctx context.Context, codecs []codec.Codec, opts Options) (*result.Interop, error) {
	opts = withDefaults(opts)
	var err error
	if opts.Command, err = workerproc.Command(opts.Command, opts.InProcess, WorkerArg); err != nil {
		return nil, fmt.Errorf("interoperability matrix: %w", err)
	}
	if codecs == nil {
		codecs = codec.All()
	}
	ws, err := workload.LookupValues(opts.Workloads, "encode")
	if err != nil {
		return nil, err
	}
	var formats []Format
	for _, f := range Implementations(codecs) {
		if len(f.Codecs) < 2 && !slices.Contains(opts.Joined, f.Name) {
			continue
		}
		if opts.Format == nil || opts.Format.MatchString(f.Name) {
			formats = append(formats, f)
		}
	}
	if len(formats) == 0 {
		return nil, fmt.Errorf("no format with two or more implementations matches %v", opts.Format)
	}
	x := &result.Interop{Values: opts.Values, TimeLimit: opts.TimeLimit, MemoryLimit: opts.MemoryLimit}
	type job struct {
		f Format
		w *workload.Workload
	}
	var jobs []job
	for _, f := range formats {
		for _, w := range ws {
			jobs = append(jobs, job{f, w})
		}
	}
	x.Matrices = make([]result.InteropMatrix, len(jobs))
	writes := make([][]reply, len(jobs))
	g := newGroup(opts.Workers)
	// The writers: each matrix's encodings in one worker.
	for i, j := range jobs {
		g.do(ctx, func() error {
			var reqs []request
			for _, c := range j.f.Codecs {
				reqs = append(reqs, request{Op: "encode", Codec: c.Info().Name})
			}
			var err error
			writes[i], err = run(ctx, j.w, reqs, opts)
			return err
		})
	}
	werr := g.wait()
	if werr != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("interoperability matrix: %w", werr)
	}
	// The readers: each reader of each matrix in a worker of its own
	// (none once ctx is done: the pairs not measured are Interrupted).
	rows := make([][]row, len(jobs))
	cols := make([][][]reply, len(jobs))
	total := 0
	for i, j := range jobs {
		m := &x.Matrices[i]
		m.Format, m.Workload = j.f.Name, j.w.Name
		var rs []row // one per codec of the matrix
		for k, c := range j.f.Codecs {
			info := c.Info()
			ic := result.InteropCodec{Name: info.Name, Module: info.Module, Losses: lossKinds(info.Losses)}
			if k >= len(writes[i]) {
				// Interrupted before its encoding: its row is not
				// measured.
				rs = append(rs, row{})
				m.Codecs = append(m.Codecs, ic)
				continue
			}
			rp := writes[i][k]
			switch {
			case rp.Died != "":
				ic.Note = fmt.Sprintf("the worker encoding its values: %s: %s", rp.Died, rp.Detail)
				m.Left = append(m.Left, ic)
				continue
			case rp.Written.Unbound != "":
				ic.Note = rp.Written.Unbound
				m.Left = append(m.Left, ic)
				continue
			}
			ic.Note = rp.Written.Failed
			if ic.Note == "" {
				ic.MessageBytes = result.MessageSizes(rp.Written.Messages)
				rs = append(rs, row{encoded: true, msgs: rp.Written.Messages})
			} else {
				rs = append(rs, row{})
			}
			m.Codecs = append(m.Codecs, ic)
		}
		rows[i] = rs
		cols[i] = make([][]reply, len(m.Codecs))
		total += len(m.Codecs)
		if werr != nil {
			continue
		}
		for r, reader := range m.Codecs {
			g.do(ctx, func() error {
				var reqs []request
				for k, writer := range m.Codecs {
					if rs[k].encoded {
						reqs = append(reqs, request{Op: "read", Writer: writer.Name, Codec: reader.Name, Messages: rs[k].msgs})
					}
				}
				var err error
				cols[i][r], err = run(ctx, j.w, reqs, opts)
				if err == nil && opts.Progress != nil {
					g.mu.Lock()
					g.done++
					opts.Progress(g.done, total)
					g.mu.Unlock()
				}
				return err
			})
		}
	}
	err = cmp.Or(werr, g.wait())
	if err != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("interoperability matrix: %w", err)
	}
	for i := range jobs {
		m := &x.Matrices[i]
		n := len(m.Codecs)
		m.Cells = make([]result.InteropCell, n*n)
		for r, reader := range m.Codecs {
			replies := cols[i][r] // one per writer with messages, in order; fewer when interrupted
			for k, writer := range m.Codecs {
				cell := &m.Cells[k*n+r]
				switch {
				case writer.Note != "":
					*cell = result.InteropCell{Writer: writer.Name, Reader: reader.Name, Status: result.InteropError, Detail: "the writer: " + writer.Note}
				case !rows[i][k].encoded:
					*cell = result.InteropCell{Writer: writer.Name, Reader: reader.Name, Status: Interrupted, Detail: "not measured: interrupted before the writer encoded its values"}
				case len(replies) == 0:
					*cell = result.InteropCell{Writer: writer.Name, Reader: reader.Name, Status: Interrupted, Detail: "not measured: interrupted before the reader read these messages"}
				default:
					*cell = replies[0].cell(writer.Name, reader.Name)
					replies = replies[1:]
				}
			}
		}
	}
	if err != nil {
		return x, fmt.Errorf("interoperability matrix: %w", err)
	}
	return x, nil
}

// row is what a codec of a matrix wrote, as its readers read it.
type row struct {
	// encoded says the writer encoded its values: they are msgs, which
	// may be empty or nil messages (a format's encoding of an empty
	// value may be no bytes). A writer that failed (its
	// result.InteropCodec.Note says why) or was interrupted before its
	// encoding has none.
	encoded bool
	msgs    [][]byte
}

// group runs functions at once, as many as its pool allows, and keeps
// the first error.
type group struct {
	pool *workerproc.Pool
	mu   sync.Mutex
	err  error
	done int
}

func newGroup(workers int) *group { return &group{pool: workerproc.NewPool(workers)} }

// do runs f in the group's pool, unless an earlier function failed. When
// ctx is done first it does not wait for a place nor run f, and keeps
// ctx's error (workerproc.Pool.Go): no worker starts after an
// interruption, and wait says the group's work was not all done.
func (g *group) do(ctx context.Context, f func() error) {
	started := g.pool.Go(ctx, func() {
		g.mu.Lock()
		failed := g.err != nil
		g.mu.Unlock()
		if !failed {
			g.fail(f())
		}
	})
	if !started {
		g.fail(context.Cause(ctx))
	}
}

// fail keeps err when it is the group's first.
func (g *group) fail(err error) {
	if err == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		g.err = err
	}
}

func (g *group) wait() error {
	g.pool.Wait()
	return g.err
}

func withDefaults(opts Options) Options {
	if len(opts.Workloads) == 0 {
		opts.Workloads = DefaultWorkloads
	}
	if opts.Values <= 0 {
		opts.Values = DefaultValues
	}
	workerproc.Defaults(&opts.TimeLimit, DefaultTimeLimit, &opts.MemoryLimit, DefaultMemoryLimit, &opts.Workers)
	opts.Warn = workerproc.Warner(opts.Warn)
	return opts
}

// lossKinds returns the kinds of losses, sorted, each once.
func lossKinds(ls []codec.Loss) []string {
	var out []string
	for _, l := range ls {
		if !slices.Contains(out, string(l.Kind)) {
			out = append(out, string(l.Kind))
		}
	}
	slices.Sort(out)
	return out
}

// Reading is one Go codec's reading of messages that another
// implementation wrote: a cross-language peer (package internal/peers).
type Reading struct {
	// Writer names the writer in the cell; it need not be a codec (a
	// codec's declared losses are accepted when it is one).
	Writer string
	// Reader is the registered name of the Go codec that reads.
	Reader string
	// Messages are the messages; Index the workload value each encodes
	// (nil: message i is value i).
	Messages [][]byte
	Index    []int
	// Accept are losses accepted beyond the writer's and the reader's
	// declared ones: a peer library's documented mapping.
	Accept []codec.Loss
}

// Read has each reading's Go codec read its messages of workload wname
// and judges them as Compute judges a pair: in worker processes (or in
// this process with opts.InProcess), one per reader, so that a reader
// that crashes or hangs on the messages is a CRASH or HANG cell, not the
// caller's end; a worker that hangs is first asked for its goroutines,
// whose excerpt follows the line of the HANG cell's detail
// (workerproc.WithStacks), as in Compute's cells. opts.Values is ignored: the values are those of the
// readings' indexes. It returns a cell per reading, in order, or an error
// when the workload is unknown, a reader is not a registered codec, or a
// worker cannot be started. When ctx is done it starts no more workers
// and returns the cells with ctx's error: those read before, and the
// others Interrupted.
func Read(ctx context.Context, wname string, rs []Reading, opts Options) ([]result.InteropCell, error) {
	w, err := workload.Lookup(wname)
	if err != nil {
		return nil, err
	}
	opts = withDefaults(opts)
	opts.Values = 1
	for _, r := range rs {
		if _, ok := codec.Lookup(r.Reader); !ok {
			return nil, fmt.Errorf("interop: no codec %q", r.Reader)
		}
		for _, k := range r.Index {
			opts.Values = max(opts.Values, k+1)
		}
		opts.Values = max(opts.Values, len(r.Messages))
	}
	if opts.Command, err = workerproc.Command(opts.Command, opts.InProcess, WorkerArg); err != nil {
		return nil, fmt.Errorf("interop: %w", err)
	}
	byReader := map[string][]int{}
	var readers []string
	for i, r := range rs {
		if byReader[r.Reader] == nil {
			readers = append(readers, r.Reader)
		}
		byReader[r.Reader] = append(byReader[r.Reader], i)
	}
	out := make([]result.InteropCell, len(rs))
	g := newGroup(opts.Workers)
	for _, reader := range readers {
		g.do(ctx, func() error {
			var reqs []request
			for _, i := range byReader[reader] {
				r := rs[i]
				reqs = append(reqs, request{Op: "read", Writer: r.Writer, Codec: r.Reader, Messages: r.Messages, Index: r.Index, Accept: r.Accept})
			}
			// A hung reader's goroutines follow the line of its cell's
			// detail, as Compute's do: the peers' tables and notes show
			// the line (package internal/peers), JSON the stacks too.
			replies, err := run(ctx, w, reqs, opts)
			for k, i := range byReader[reader] {
				if k < len(replies) {
					out[i] = replies[k].cell(rs[i].Writer, reader)
				}
			}
			return err
		})
	}
	if err := g.wait(); err != nil {
		if ctx.Err() == nil {
			return nil, fmt.Errorf("interop: %w", err)
		}
		for i, c := range out {
			if c.Status == "" {
				out[i] = result.InteropCell{Writer: rs[i].Writer, Reader: rs[i].Reader, Status: Interrupted, Detail: "not measured: interrupted before the reader read these messages"}
			}
		}
		return out, fmt.Errorf("interop: %w", err)
	}
	return out, nil
}
