package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/harness"
	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/report"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/store"
	"github.com/serbench/serbench/suite"
	"github.com/serbench/serbench/workload"
)

// defaultDB is the database used when --db is not given.
const defaultDB = "serbench.db"

var formats = []string{"table", "markdown", "json", "csv", "gobench"}

// newFlags returns a flag set that writes its usage to stderr and returns
// errors instead of exiting.
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args and turns flag errors into usage errors.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{err}
	}
	return nil
}

type outputFlags struct {
	format   string
	variants string
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.format, "format", "table", "output format: "+strings.Join(formats, ", "))
	fs.StringVar(&o.variants, "variants", "plain", "codec variants to show: plain (no buffer reuse, unsafe strings or conversion) or all")
}

func (o *outputFlags) check() error {
	ok := false
	for _, f := range formats {
		ok = ok || f == o.format
	}
	if !ok {
		return usagef("--format %q is not a format (valid: %s)", o.format, strings.Join(formats, ", "))
	}
	if o.variants != "plain" && o.variants != "all" {
		return usagef("--variants %q: want plain or all", o.variants)
	}
	return nil
}

func (o *outputFlags) render(w io.Writer, run *result.Run) error {
	if o.format == "gobench" {
		return result.WriteGoBench(w, run)
	}
	rep := report.Build(run, report.Options{AllVariants: o.variants == "all"})
	switch o.format {
	case "markdown":
		return report.Markdown(w, rep)
	case "json":
		return report.JSON(w, rep)
	case "csv":
		return report.CSV(w, rep)
	}
	return report.Table(w, rep)
}

const runUsage = `Usage: serbench run [flags]
       serbench run --resume [RUN-ID] [--db DB]

Verifies every selected codec on every selected workload with a full round
trip of every value, then times encode and decode, interleaving the samples
of all codecs. Every job runs in worker processes of its own (--forks of
them, at most --workers alive at once); a worker that crashes, hangs or
eats memory is killed and its cell marked, and the run goes on. Every
sample is stored as it is taken; --resume finishes an interrupted run.

Flags:
`

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
	seed        *uint64
	wopts       *workload.Options
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
}

func newRunFlags(stderr io.Writer) *runFlags {
	fs := newFlags("run", runUsage, stderr)
	f := &runFlags{fs: fs,
		workloadRE:  fs.String("workload", "", "regular expression selecting workloads (default all)"),
		codecRE:     fs.String("codec", "", "regular expression selecting codecs (default all plain variants, and the noop floor)"),
		count:       fs.Int("count", defaultCount, "samples per cell in the first --forks forks, over all of them (the minimum; --ci may add forks)"),
		sampleTime:  fs.Duration("time", defaultSampleTime, "target duration of one sample of every cell"),
		timeout:     fs.Duration("timeout", 30*time.Second, "limit for one setup, calibration or sample; a worker past it is killed and its cell marked timeout"),
		seed:        fs.Uint64("seed", 0, "seed for the workloads' values (default: each workload's documented seed)"),
		dbPath:      fs.String("db", defaultDB, "database to store the run in (a SQLite file, or a postgres:// URL)"),
		quiet:       fs.Bool("quiet", false, "no progress display"),
		parallel:    fs.Bool("parallel", false, "also run every cell on 2..GOMAXPROCS goroutines at once and report aggregate throughput and scaling efficiency"),
		zstd:        fs.Bool("zstd", false, "also time zstd compression of every codec's messages (default with --suite full; compressed sizes are always measured)"),
		forks:       fs.Int("forks", 2, "worker processes each job is measured in; a cell's samples are split among them"),
		workers:     fs.Int("workers", 4, "worker processes alive at once (bounds memory; samples are interleaved across them)"),
		isolation:   fs.String("isolation", harness.IsolationProcess, "process: every job in worker processes of its own; none: all in this process (for debugging only: shared heap, a crash ends the run)"),
		memoryLimit: fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it): e.g. 512MiB, 2GiB; 0 for none"),
		ci:          fs.String("ci", defaultCI, "precision target: the largest half-width of a cell's 95% interval, in percent of its median (e.g. 3 or 3%); cells that miss it after the first forks get more forks and samples within --budget; 0: none"),
		budget:      fs.Duration("budget", defaultBudget, "wall time the run may take to reach --ci (the first --forks forks are always taken); 0: no limit"),
		suite:       fs.String("suite", "default", "default: on each workload the codecs or strategies that answer its question (bsontypes: bson; floats: its own strategies), no zstd timing; full: every codec on every workload, zstd timed (a --codec pattern selects regardless)"),
		resume:      fs.Bool("resume", false, "finish an interrupted run (the latest incomplete one, or RUN-ID): same selection and settings, only the missing samples"),
	}
	f.wopts = workloadFlags(fs)
	f.shards = registerShardFlags(fs)
	f.out.register(fs)
	return f
}

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newRunFlags(stderr)
	if err := parse(f.fs, args); err != nil {
		return err
	}
	if *f.resume {
		return resumeRun(ctx, f, stdout, stderr)
	}
	if f.fs.NArg() > 0 {
		return usagef("run takes no arguments, got %q (only --resume takes a RUN-ID)", f.fs.Args())
	}
	p, err := f.plan()
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, *f.dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	r, err := runner.Start(ctx, db, p, p.Record(strings.Join(append([]string{"serbench", "run"}, args...), " "), args))
	if err != nil {
		return err
	}
	return f.measure(ctx, db, r, p, stdout, stderr)
}

// plan checks the flags and plans the run they ask for.
func (f *runFlags) plan() (*runner.Plan, error) {
	if err := f.out.check(); err != nil {
		return nil, err
	}
	if err := f.shards.check(); err != nil {
		return nil, err
	}
	if *f.count < 1 {
		return nil, usagef("--count %d: want at least 1", *f.count)
	}
	if *f.sampleTime <= 0 || *f.timeout <= 0 {
		return nil, usagef("--time and --timeout must be positive")
	}
	target, err := parsePercent(*f.ci)
	if err != nil {
		return nil, usagef("--ci %q: %v", *f.ci, err)
	}
	if *f.budget < 0 {
		return nil, usagef("--budget %s: want a positive duration, or 0 for no limit", *f.budget)
	}
	full := false
	switch *f.suite {
	case "default":
	case "full":
		full = true
	default:
		return nil, usagef("--suite %q: want default or full", *f.suite)
	}
	zstd := *f.zstd || full && !isSet(f.fs, "zstd")
	if *f.forks < 1 || *f.workers < 1 {
		return nil, usagef("--forks %d, --workers %d: want at least 1 each", *f.forks, *f.workers)
	}
	if *f.isolation != harness.IsolationProcess && *f.isolation != harness.IsolationNone {
		return nil, usagef("--isolation %q: want %s or %s", *f.isolation, harness.IsolationProcess, harness.IsolationNone)
	}
	mem, err := parseBytes(*f.memoryLimit)
	if err != nil {
		return nil, usagef("--memory-limit %q: %v", *f.memoryLimit, err)
	}
	opts := *f.wopts
	opts.Seed = *f.seed
	opts.Depth = depthOption(f.fs, opts.Depth)
	p, err := runner.New(runner.Options{
		Selection: suite.Selection{Workload: *f.workloadRE, Codec: *f.codecRE, Options: opts, AllVariants: f.out.variants == "all", Full: full},
		Count:     *f.count, SampleTime: *f.sampleTime, Timeout: *f.timeout, Forks: *f.forks, Workers: *f.workers,
		Isolation: *f.isolation, Target: target, Budget: *f.budget, MemoryLimit: *f.memoryLimit, MemoryBytes: mem,
		Parallel: *f.parallel, Zstd: zstd, Suite: *f.suite, Group: f.shards.group, Shard: f.shards.s,
	})
	if err != nil {
		if suite.IsSelectionError(err) {
			return nil, usageError{err}
		}
		return nil, err
	}
	return p, nil
}

// measure executes p into run r, then prints the stored run.
func (f *runFlags) measure(ctx context.Context, db *store.DB, r *runner.Run, p *runner.Plan, stdout, stderr io.Writer) error {
	var h runner.Hooks
	var prog *progressLine
	if !*f.quiet && isTerminal(stderr) {
		prog = &progressLine{w: stderr}
		h.Progress = prog.update
	}
	if !*f.quiet {
		h.Fidelity = func(m *result.Fidelity, took time.Duration) {
			fmt.Fprintf(stderr, "fidelity matrix of %d codecs stored in %s (serbench fidelity --run %s prints it)\n",
				len(m.Rows), took.Round(10*time.Millisecond), r.ID)
		}
	}
	runErr := r.Execute(ctx, p, h)
	prog.clear()
	id := r.ID
	stored2, err := db.Run(context.WithoutCancel(ctx), id)
	if err != nil {
		return errors.Join(runErr, err)
	}
	if err := f.out.render(stdout, stored2); err != nil {
		return errors.Join(runErr, err)
	}
	if runErr != nil {
		if errors.Is(runErr, context.Canceled) {
			return fmt.Errorf("interrupted: what was measured is stored in %s as run %s, marked incomplete; serbench run --resume %s finishes it", db.Name(), id, id)
		}
		return fmt.Errorf("run %s stopped: %w (what was measured is stored in %s; serbench run --resume %s finishes it)", id, runErr, db.Name(), id)
	}
	f.shards.stored(stderr, id, db.Name())
	return nil
}

// resumeRun finishes an interrupted run: the stored arguments give the
// selection and settings, the stored samples what is missing.
func resumeRun(ctx context.Context, f *runFlags, stdout, stderr io.Writer) error {
	id := f.fs.Arg(0)
	if f.fs.NArg() > 1 {
		// Flags after the RUN-ID: serbench run --resume ID --db FILE.
		if err := parse(f.fs, f.fs.Args()[1:]); err != nil {
			return err
		}
		if f.fs.NArg() > 0 {
			return usagef("run --resume takes at most one RUN-ID, got %q and %q", id, f.fs.Args())
		}
	}
	var other []string
	f.fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "resume", "db", "quiet", "workers", "format":
		default:
			other = append(other, "--"+fl.Name)
		}
	})
	if len(other) > 0 {
		return usagef("run --resume takes its selection and settings from the stored run; %s cannot change them (only --db, --workers, --quiet and --format may be given)", strings.Join(other, ", "))
	}
	db, err := openExisting(ctx, *f.dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if id == "" {
		if id, err = db.LatestIncomplete(ctx); err != nil {
			return err
		}
	}
	r, prev, err := runner.Resume(ctx, db, id)
	if err != nil {
		return err
	}
	fail := func(err error) error { return errors.Join(err, r.Release()) }
	if prev.Complete {
		return fail(fmt.Errorf("run %s in %s is complete: nothing to resume", id, db.Name()))
	}
	if len(prev.Args) == 0 && prev.Command != "serbench run" {
		return fail(fmt.Errorf("run %s in %s was stored without its arguments (by an older serbench, or imported): it cannot be resumed", id, db.Name()))
	}
	g := newRunFlags(io.Discard)
	if err := parse(g.fs, prev.Args); err != nil {
		return fail(fmt.Errorf("run %s: its stored arguments %q no longer parse: %w", id, prev.Args, err))
	}
	// What this invocation may change.
	*g.dbPath, *g.quiet = *f.dbPath, *f.quiet
	g.out.format = f.out.format
	if isSet(f.fs, "workers") {
		*g.workers = *f.workers
	}
	storedSettings(g, prev)
	p, err := g.plan()
	if err != nil {
		return fail(fmt.Errorf("run %s: %w", id, err))
	}
	if err := sameVersions(prev.Codecs, p.Codecs); err != nil {
		return fail(fmt.Errorf("run %s cannot be resumed by this binary: %w", id, err))
	}
	fmt.Fprintf(stderr, "resuming run %s (%s)\n", id, prev.Command)
	return g.measure(ctx, db, r, p, stdout, stderr)
}

// storedSettings sets the settings whose defaults may have changed since
// prev was started to what prev was measured with, from its stored
// environment rather than from this binary's defaults: the sample count
// and time, the precision target and budget (none for a run stored before
// them), and the suite (full for a run stored before suites, when every
// codec ran on every workload with zstd timed).
func storedSettings(g *runFlags, prev *result.Run) {
	if n, err := strconv.Atoi(prev.EnvValue("count")); err == nil {
		*g.count = n
	}
	if st, err := time.ParseDuration(prev.EnvValue("sample-time")); err == nil {
		*g.sampleTime = st
	}
	*g.ci = cmp.Or(prev.EnvValue("ci-target"), "0")
	*g.budget = 0
	if b, err := time.ParseDuration(prev.EnvValue("budget")); err == nil {
		*g.budget = b
	}
	if *g.suite = prev.EnvValue("suite"); *g.suite == "" {
		*g.suite = "full"
	}
}

// sameVersions refuses a resume whose codecs' versions differ from the
// stored run's.
func sameVersions(stored, now []result.Codec) error {
	have := map[string]result.Codec{}
	for _, c := range now {
		have[c.Name] = c
	}
	var diffs []string
	for _, c := range stored {
		n, ok := have[c.Name]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s is not in this binary", c.Name))
		case n.Module != c.Module || n.Version != c.Version:
			diffs = append(diffs, fmt.Sprintf("%s was %s@%s, is %s@%s", c.Name, c.Module, c.Version, n.Module, n.Version))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("codec versions differ: %s", strings.Join(diffs, "; "))
	}
	return nil
}

// parseBytes parses a size such as 512MiB, 2GiB, 1GB or a plain number
// of bytes.
func parseBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return 0, errors.New("want a size such as 512MiB, 2GiB or 0")
	}
	return int64(v * float64(mult)), nil
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

// parsePercent parses a precision target given in percent: "3", "3%" or
// "2.5" (0 for none) and returns it as a fraction (0.03).
func parsePercent(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%")), 64)
	if err != nil || v < 0 || v >= 100 || math.IsNaN(v) {
		return 0, errors.New("want a percentage from 0 (no target) to below 100, such as 3 or 2.5%")
	}
	return v / 100, nil
}

// depthOption maps the --depth flag onto workload.Options.Depth, where 0
// means the workload's default and a negative depth means no children:
// an unset flag keeps the default, so runs record only depths asked for.
func depthOption(fs *flag.FlagSet, depth int) int {
	switch {
	case !isSet(fs, "depth"):
		return 0
	case depth <= 0:
		return -1
	}
	return depth
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// workloadFlags registers the flags that tune workloads' values and
// returns the options they fill in.
func workloadFlags(fs *flag.FlagSet) *workload.Options {
	o := &workload.Options{}
	fs.IntVar(&o.Depth, "depth", 1, "nested: how many times the struct contains itself (0: no children)")
	fs.IntVar(&o.Count, "values", 0, "number of distinct values per workload (default: the workload's)")
	fs.UintVar(&o.Precision, "precision", 0, "bigfloat: mantissa precision in bits (default: the workload's)")
	fs.Float64Var(&o.From, "from", 0, "bigfloat: first number of a sequential range")
	fs.Float64Var(&o.To, "to", 0, "bigfloat: end (exclusive) of a sequential range")
	fs.Float64Var(&o.By, "by", 0, "bigfloat: step of a sequential range")
	fs.BoolVar(&o.Random, "random", false, "bigfloat: random numbers from the fixed seed instead of a range")
	return o
}

const listUsage = `Usage: serbench list

Lists every codec (format, module@version, API kind, variant flags, declared
losses) and every workload.
`

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", listUsage, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("list takes no arguments, got %q", fs.Args())
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "CODEC\tFORMAT\tMODULE@VERSION\tAPI\tFLAGS\tDECLARED LOSSES\n")
	all := codec.All()
	for _, c := range all {
		rc := suite.CodecRecord(c)
		flags := strings.Join(rc.Flags, ",")
		if flags == "" {
			flags = "-"
		}
		losses := strings.Join(rc.Losses, "; ")
		if losses == "" {
			losses = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s@%s\t%s\t%s\t%s\n", rc.Name, rc.Format, rc.Module, rc.Version, rc.API, flags, losses)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d codecs\n\n", len(all))
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "WORKLOAD\tVALUES\tSEED\tDESCRIPTION\n")
	for _, w := range workload.All() {
		fmt.Fprintf(tw, "%s\t%d\t%#x\t%s\n", w.Name, w.Count, w.Seed, w.Description)
	}
	return tw.Flush()
}

const showUsage = `Usage: serbench show [flags] [RUN-ID | --group NAME]

Prints a stored run again, computing its statistics from the stored
samples. Without RUN-ID, the latest run. With --group NAME, the shards of
a sharded run (serbench run --shard I/N --group NAME) merged into one.

Flags:
`

func cmdShow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("show", showUsage, stderr)
	var out outputFlags
	out.register(fs)
	dbPath := fs.String("db", defaultDB, "database to read (a SQLite file, or a postgres:// URL)")
	group := fs.String("group", "", "show the runs of this group of shards merged into one")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := out.check(); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("show takes at most one RUN-ID, got %q", fs.Args())
	}
	if err := checkShowGroup(*group, fs.Args()); err != nil {
		return err
	}
	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if *group != "" {
		r, err := db.Group(ctx, *group)
		if err != nil {
			return err
		}
		return out.render(stdout, r)
	}
	id := fs.Arg(0)
	if id == "" {
		if id, err = db.Latest(ctx); err != nil {
			return err
		}
	}
	r, err := db.Run(ctx, id)
	if err != nil {
		return err
	}
	return out.render(stdout, r)
}

// openExisting opens a database that must already exist, for the
// commands that only read (store.OpenExisting), saying how to make one
// when it does not.
func openExisting(ctx context.Context, path string) (*store.DB, error) {
	db, err := store.OpenExisting(ctx, path)
	if me := (*store.MissingError)(nil); errors.As(err, &me) {
		return nil, fmt.Errorf("%w (run serbench run first, or pass --db)", err)
	}
	return db, err
}

const runsUsage = `Usage: serbench runs [flags]

Lists the runs stored in the database, oldest first.

Flags:
`

func cmdRuns(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("runs", runsUsage, stderr)
	dbPath := fs.String("db", defaultDB, "database to read (a SQLite file, or a postgres:// URL)")
	if err := parse(fs, args); err != nil {
		return err
	}
	db, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	runs, err := db.Runs(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "RUN\tSTART (UTC)\tDURATION\tSTATE\tGROUP\tCOMMAND\n")
	for _, ri := range runs {
		state, dur := "complete", "-"
		if !ri.Complete {
			state = "incomplete"
		}
		if !ri.End.IsZero() {
			dur = ri.End.Sub(ri.Start).Round(time.Second).String()
		}
		group := "-"
		if ri.Group != "" {
			group = ri.Group + " " + ri.Shard
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ri.ID, ri.Start.UTC().Format("2006-01-02 15:04:05"), dur, state, group, ri.Command)
	}
	return tw.Flush()
}
