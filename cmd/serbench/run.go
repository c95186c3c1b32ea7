package main

import (
	"context"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/bounds"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/suite"
)

const runUsage = `Usage: serbench run [flags]
       serbench run --resume [RUN-ID|latest] [--db DB]

Verifies every selected codec on every selected workload with a full round
trip of every value, then times encode and decode, interleaving the samples
of all codecs. Every job runs in worker processes of its own (--forks of
them, at most --workers alive at once); a worker that crashes, hangs or
eats memory is killed and its cell marked, and the run goes on. Every
sample is stored as it is taken; --resume finishes an interrupted run:
the latest incomplete one, RUN-ID, or with latest the run that started
last (refused, naming it, when it is complete).

Examples:
  serbench run --codec '^json$'                                       # encoding/json everywhere
  serbench run --workload nested --depth 0 --codec '^(json|jsonv2)$'  # flat values, no children
  serbench run --workload person --ci 1 --budget 10m                  # a tighter target, more time

serbench run --data FILE runs the values of your own file as the workload
data:NAME (NAME: the file's base name without its extension, characters
other than letters, digits, '.', '-' and '_' replaced by '_'): JSON (one
document, or an array whose elements are the values), NDJSON (one value
per line), a MessagePack stream or a CBOR sequence, detected from the
content (--data-format forces it). The values are generic (maps, arrays,
strings, numbers, ...; integers stay integers), in file order; every codec
that can represent them runs, the others are listed unsupported with the
reason. It runs alone unless --workload selects more. The tables name the
file, its size and SHA-256 digest. Files above 64MiB need --data-limit; a
file that cannot be read or decoded is bad input (exit status 2), its
error says where (line and column, or byte offset) and what is wrong.
`

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
	if err := emptyDB(*f.dbPath); err != nil {
		return err
	}
	p, err := f.plan(ctx)
	if err != nil {
		return err
	}
	db, err := openToWrite(ctx, *f.dbPath)
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

// plan checks the flags and plans the run they ask for; ctx ends the
// read of a --data file (loadData).
func (f *runFlags) plan(ctx context.Context) (*runner.Plan, error) {
	if err := f.out.check(); err != nil {
		return nil, err
	}
	if err := firstError(emptyGroup(f.fs), f.shards.check()); err != nil {
		return nil, err
	}
	if *f.count < 1 {
		return nil, usagef("--count %d: want at least 1", *f.count)
	}
	if err := firstError(positive("time", *f.sampleTime), positive("timeout", *f.timeout)); err != nil {
		return nil, err
	}
	if err := bounds.CheckSampleTime(*f.sampleTime); err != nil {
		return nil, usagef("--time %s: %v", *f.sampleTime, err)
	}
	if *f.sampleTime >= *f.timeout {
		// Every sample would be killed at --timeout: the run could never
		// take one (a --time of hours would wait at setup until killed).
		how := "longer than"
		if *f.sampleTime == *f.timeout {
			how = "as long as"
		}
		return nil, usagef("--time %s is %s --timeout %s, which bounds each sample: give a shorter --time or a longer --timeout", *f.sampleTime, how, *f.timeout)
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
	if err := bounds.CheckForks(*f.forks, *f.count); err != nil {
		return nil, usagef("--forks %d with --count %d%s: %v", *f.forks, *f.count, defaultNote(f.fs, "count"), err)
	}
	if *f.isolation != harness.IsolationProcess && *f.isolation != harness.IsolationNone {
		return nil, usagef("--isolation %q: want %s or %s", *f.isolation, harness.IsolationProcess, harness.IsolationNone)
	}
	mem, err := parseBytes(*f.memoryLimit)
	if err != nil {
		return nil, usagef("--memory-limit %q: %v", *f.memoryLimit, err)
	}
	opts := f.wopts.options()
	data, err := f.loadData(ctx, &opts)
	if err != nil {
		return nil, err
	}
	p, err := runner.New(runner.Options{
		Selection: suite.Selection{Workload: *f.workloadRE, Codec: *f.codecRE, Options: opts, AllVariants: f.out.variants == "all", Full: full, Data: data},
		Count:     *f.count, SampleTime: *f.sampleTime, Timeout: *f.timeout, Forks: *f.forks, Workers: *f.workers,
		Isolation: *f.isolation, Target: target, Budget: *f.budget, MemoryLimit: mem,
		Parallel: *f.parallel, Zstd: zstd, Suite: *f.suite, Group: f.shards.group, Shard: f.shards.s,
		Robust: *f.robust, Interop: *f.interop,
	})
	if err != nil {
		return p, selectionUsage(err)
	}
	if err := bounds.CheckRun(p, *f.isolation, mem, strings.TrimSpace(*f.memoryLimit), machineMemory()); err != nil {
		return p, usageError{err}
	}
	return p, nil
}
