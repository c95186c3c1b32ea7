package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/floats"
	"github.com/serbench/serbench/harness"
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

Verifies every selected codec on every selected workload with a full round
trip of every value, then times encode and decode, interleaving the samples
of all codecs. Every sample is stored as it is taken.

Flags:
`

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("run", runUsage, stderr)
	var (
		out        outputFlags
		workloadRE = fs.String("workload", "", "regular expression selecting workloads (default all)")
		codecRE    = fs.String("codec", "", "regular expression selecting codecs (default all)")
		count      = fs.Int("count", 10, "samples per cell")
		sampleTime = fs.Duration("time", 0, "target duration of one sample (default: 50ms, shortened to fit the cells into a measuring budget of "+measureBudget.String()+", never below 5ms)")
		timeout    = fs.Duration("timeout", 30*time.Second, "limit for one verification, calibration or sample of a codec")
		seed       = fs.Uint64("seed", 0, "seed for the workloads' values (default: each workload's documented seed)")
		wopts      = workloadFlags(fs)
		dbPath     = fs.String("db", defaultDB, "database to store the run in (a SQLite file, or a postgres:// URL)")
		quiet      = fs.Bool("quiet", false, "no progress display")
		parallel   = fs.Bool("parallel", false, "also run every cell on 2..GOMAXPROCS goroutines at once and report aggregate throughput and scaling efficiency")
		zstd       = fs.Bool("zstd", true, "also time zstd compression of every codec's messages (compressed sizes are always measured)")
		shards     = registerShardFlags(fs)
	)
	out.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("run takes no arguments, got %q", fs.Args())
	}
	if err := out.check(); err != nil {
		return err
	}
	if err := shards.check(); err != nil {
		return err
	}
	if *count < 1 {
		return usagef("--count %d: want at least 1", *count)
	}
	if *sampleTime < 0 || *timeout <= 0 {
		return usagef("--time and --timeout must be positive")
	}
	opts := *wopts
	opts.Seed = *seed
	opts.Depth = depthOption(fs, opts.Depth)
	sel := suite.Selection{Workload: *workloadRE, Codec: *codecRE, Options: opts, AllVariants: out.variants == "all"}
	jobs, err := suite.Jobs(sel)
	if err != nil {
		if suite.IsSelectionError(err) {
			return usageError{err}
		}
		return err
	}
	// floats has its own runner: strategies that read files, and the
	// codecs selected as for every other workload.
	var floatStrategies []floats.Strategy
	if suite.Selected(sel, floats.Workload) {
		re := regexp.MustCompile(*codecRE) // compiled by suite.Jobs already
		for _, st := range floats.Defaults() {
			selected := re.MatchString(st.Name)
			if c, ok := codec.Lookup(st.Name); ok {
				selected = suite.CodecSelected(sel, c)
			}
			if selected {
				floatStrategies = append(floatStrategies, st)
			}
		}
	}
	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()

	goroutines := []int{1}
	if *parallel {
		for g := 2; g <= runtime.GOMAXPROCS(0); g++ {
			goroutines = append(goroutines, g)
		}
	}
	if *sampleTime == 0 {
		ops := 2
		if *zstd {
			ops = 3
		}
		*sampleTime = autoSampleTime(len(jobs)*ops*len(goroutines), *count)
	}
	// Every shard samples as long as the whole selection would.
	jobs, floatStrategies = shards.apply(jobs, floatStrategies)
	settings := suite.Settings{Count: *count, SampleTime: *sampleTime, Timeout: *timeout, Seed: *seed, Goroutines: goroutines, Options: opts}
	r := &result.Run{
		ID:      newRunID(time.Now()),
		Start:   time.Now(),
		Command: strings.Join(append([]string{"serbench", "run"}, args...), " "),
		Env:     shards.env(suite.Env(settings)),
	}
	seen := map[string]bool{}
	addCodec := func(c codec.Codec) {
		if name := c.Info().Name; !seen[name] {
			seen[name] = true
			r.Codecs = append(r.Codecs, suite.CodecRecord(c))
		}
	}
	for _, j := range jobs {
		addCodec(j.Codec)
	}
	for _, st := range floatStrategies {
		if c, ok := codec.Lookup(st.Name); ok {
			addCodec(c)
		}
	}
	w, err := db.BeginRun(ctx, r, shards.meta())
	if err != nil {
		return err
	}
	cfg := harness.Config{Count: *count, SampleTime: *sampleTime, Timeout: *timeout, Goroutines: goroutines, Zstd: *zstd}
	var prog *progressLine
	if !*quiet && isTerminal(stderr) {
		prog = &progressLine{w: stderr}
		cfg.Progress = prog.update
	}
	runErr := harness.Run(ctx, cfg, jobs, w)
	if runErr == nil && len(floatStrategies) > 0 {
		fcfg := floats.Config{Count: *count, Timeout: *timeout, Sink: w}
		// A floats operation reads 4 MB: samples of 25ms hold several
		// operations of every fast strategy, and slow ones take one.
		fcfg.SampleTime = 25 * time.Millisecond
		if isSet(fs, "time") {
			fcfg.SampleTime = *sampleTime
		}
		if prog != nil {
			fcfg.Progress = prog.update
		}
		var fres *floats.Result
		fres, runErr = floats.Run(ctx, fcfg, floatStrategies)
		if fres != nil {
			for _, m := range fres.Warnings {
				if err := w.Warning(m); err != nil {
					runErr = errors.Join(runErr, err)
				}
			}
		}
	}
	prog.clear()
	complete := runErr == nil
	if err := w.Finish(time.Now(), complete); err != nil {
		return errors.Join(runErr, err)
	}
	stored, err := db.Run(context.WithoutCancel(ctx), r.ID)
	if err != nil {
		return errors.Join(runErr, err)
	}
	if err := out.render(stdout, stored); err != nil {
		return errors.Join(runErr, err)
	}
	if runErr != nil {
		if errors.Is(runErr, context.Canceled) {
			return fmt.Errorf("interrupted: what was measured is stored in %s as run %s, marked incomplete", db.Name(), r.ID)
		}
		return fmt.Errorf("run %s stopped: %w (what was measured is stored in %s)", r.ID, runErr, db.Name())
	}
	shards.stored(stderr, r.ID, db.Name())
	return nil
}

// measureBudget is the time the default sample time aims to spend
// measuring the generic harness's cells of one run.
const measureBudget = 55 * time.Second

// autoSampleTime returns the default sample time for cells×count samples:
// 50ms, or less so that they fit in measureBudget, but at least 5ms.
func autoSampleTime(cells, count int) time.Duration {
	if cells == 0 {
		return 50 * time.Millisecond
	}
	t := measureBudget / time.Duration(cells*count)
	return min(max(t, 5*time.Millisecond), 50*time.Millisecond).Round(time.Millisecond)
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

// newRunID returns a sortable, unique run ID: UTC time and random bits.
func newRunID(t time.Time) string {
	var b [3]byte
	rand.Read(b[:])
	return t.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
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
// commands that only read.
func openExisting(ctx context.Context, path string) (*store.DB, error) {
	if store.IsPostgres(path) {
		return store.Open(ctx, path)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("database %s: %w (run serbench run first, or pass --db)", path, err)
	}
	return store.Open(ctx, path)
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
