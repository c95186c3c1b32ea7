package main

import (
	"context"
	"flag"
	"io"
	"maps"
	"time"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/workload"
)

// runFlags are the flags of serbench run that shape a run; --resume reads
// them back from the stored arguments.
type runFlags struct {
	fs          *flag.FlagSet
	out         outputFlags
	workloadRE  *string
	codecRE     *string
	count       *int
	sampleTime  *time.Duration
	timeout     *time.Duration
	wopts       *workloadOptions
	dbPath      *string
	quiet       *bool
	parallel    *bool
	zstd        *bool
	forks       *int
	workers     *int
	isolation   *string
	memoryLimit *string
	resume      *bool
	ci          *string
	budget      *time.Duration
	suite       *string
	shards      *shardFlags
	robust      *bool
	interop     *bool
	data        *string
	dataFormat  *string
	dataLimit   *string
}

func newRunFlags(stderr io.Writer) *runFlags {
	fs := newFlags("run", runUsage, stderr)
	f := &runFlags{fs: fs,
		workloadRE:  fs.String("workload", "", "regular expression selecting workloads (default all)"),
		codecRE:     fs.String("codec", "", "regular expression selecting codecs (default all plain variants, and the noop floor)"),
		count:       fs.Int("count", defaultCount, "samples per cell in the first --forks forks, over all of them (the minimum; --ci may add forks)"),
		sampleTime:  fs.Duration("time", defaultSampleTime, "target duration of one sample of every cell"),
		timeout:     fs.Duration("timeout", 30*time.Second, "limit for one setup, calibration or sample; a worker past it is killed and its cell marked timeout"),
		dbPath:      dbFlag(fs, "store the run in"),
		quiet:       fs.Bool("quiet", false, "no progress display"),
		parallel:    fs.Bool("parallel", false, "also run every cell on 2..GOMAXPROCS goroutines at once and report aggregate throughput and scaling efficiency"),
		zstd:        fs.Bool("zstd", false, "also time zstd compression of every codec's messages (default with --suite full; compressed sizes are always measured)"),
		forks:       fs.Int("forks", 2, "worker processes each job is measured in; a cell's samples are split among them"),
		workers:     fs.Int("workers", 4, "worker processes alive at once (bounds memory; samples are interleaved across them)"),
		isolation:   fs.String("isolation", harness.IsolationProcess, "process: every job in worker processes of its own; none: all in this process (for debugging only: shared heap, a crash ends the run)"),
		memoryLimit: fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it): e.g. 512MiB, 2GiB; 0 for none"),
		ci:          fs.String("ci", defaultCI, "precision target: the largest half-width of a cell's 95% interval, in percent of its median (e.g. 3 or 3%); cells that miss it after the first forks get more forks and samples within --budget; 0: none"),
		budget:      fs.Duration("budget", defaultBudget, "wall time the run may take to reach --ci (the first --forks forks are always taken); 0: no limit"),
		suite:       fs.String("suite", "default", "default: on each workload the codecs or strategies that answer its question (the workload names them; where it names none, every plain codec and the noop floor), no zstd timing; full: every codec on every workload, zstd timed (a --codec pattern selects regardless)"),
		robust:      fs.Bool("robust", false, "also compute the decoder robustness matrix of the run's codecs on person and nested (serbench robust) and store it with the run"),
		interop:     fs.Bool("interop", false, "also compute the cross-library interoperability matrices of every format with two or more implementations on person and nested (serbench interop) and store them with the run"),
		resume:      fs.Bool("resume", false, "finish an interrupted run (the latest incomplete one, RUN-ID, or latest: the run that started last): same selection and settings, only the missing samples"),
		data:        fs.String("data", "", "a file of your own values, run as the workload data:NAME (its base name): JSON (a document, or an array of values), NDJSON, a MessagePack stream or a CBOR sequence; alone unless --workload selects more"),
		dataFormat:  fs.String("data-format", "", "the format of --data: json, ndjson, msgpack or cbor (default: detected from the content)"),
		dataLimit:   fs.String("data-limit", "64MiB", "the largest --data file read, e.g. 256MiB"),
	}
	f.wopts = workloadFlags(fs, nil)
	f.shards = registerShardFlags(fs)
	f.out.register(fs)
	return f
}

// The defaults of serbench run, chosen so that the default suite takes
// about three minutes on a 2-core machine (README, "Precision and time"):
// 6 samples of 10ms per cell over its first 2 forks, then forks for
// precision until every cell's interval is within ±3% or 2m30s are spent.
const (
	defaultCount      = 6
	defaultSampleTime = 10 * time.Millisecond
	defaultCI         = "3%"
	defaultBudget     = 150 * time.Second
)

// loadData loads the --data file, if any, registers its workload and
// adds the params that bring it to the worker processes to opts. A file
// that cannot be read or decoded is bad input: a usage error. The file is
// read before anything is measured or stored, and a first SIGINT or
// SIGTERM ends the read (readInterruptible), one that blocks too (a named
// pipe that no one writes).
func (f *runFlags) loadData(ctx context.Context, opts *workload.Options) (*workload.Workload, error) {
	if *f.data == "" {
		for _, name := range []string{"data-format", "data-limit"} {
			if isSet(f.fs, name) {
				return nil, usagef("--%s without --data", name)
			}
		}
		return nil, nil
	}
	limit, err := parseBytes(*f.dataLimit)
	if err != nil || limit == 0 {
		return nil, usagef("--data-limit %q: want a positive size such as 64MiB or 1GiB", *f.dataLimit)
	}
	type loaded struct {
		w *workload.Workload
		d *workload.Data
	}
	l, err := readInterruptible(ctx, "the --data file", *f.data, "nothing was measured", func() (loaded, error) {
		w, d, err := workload.LoadData(workload.DataSource{Path: *f.data, Format: *f.dataFormat, Limit: limit})
		return loaded{w, d}, err
	})
	if ctx.Err() != nil && err != nil {
		return nil, err
	}
	if err != nil {
		return nil, usageError{err}
	}
	w, d := l.w, l.d
	workload.RegisterData(w)
	if opts.Params == nil {
		opts.Params = map[string]string{}
	}
	maps.Copy(opts.Params, d.Params())
	return w, nil
}
