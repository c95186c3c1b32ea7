package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// resumeRun finishes an interrupted run: the stored arguments give the
// selection and settings, the stored samples what is missing.
func resumeRun(ctx context.Context, f *runFlags, stdout, stderr io.Writer) error {
	id := f.fs.Arg(0)
	if err := emptyArgs(f.fs.Args()[:min(f.fs.NArg(), 1)], []string{"RUN-ID"}, "a RUN-ID, or latest (or none: the latest incomplete run)"); err != nil {
		return err
	}
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
	for _, name := range flagNames(f.fs.Visit) {
		switch name {
		case "resume", "db", "quiet", "workers", "format":
		default:
			other = append(other, "--"+name)
		}
	}
	if len(other) > 0 {
		return usagef("run --resume takes its selection and settings from the stored run; %s cannot change them (only --db, --workers, --quiet and --format may be given)", strings.Join(other, ", "))
	}
	db, err := openExistingToWrite(ctx, *f.dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	// No RUN-ID: the latest incomplete run; latest: the run that started
	// last, whatever its state, named in what is printed.
	note := ""
	if id == "" {
		if id, err = db.LatestIncomplete(ctx); err != nil {
			return err
		}
	} else if id, note, err = resolveRun(ctx, db, "--resume", id); err != nil {
		return err
	}
	r, prev, err := runner.Resume(ctx, db, id)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w (serbench runs lists the runs stored; serbench run --resume without a RUN-ID finishes the latest incomplete one)", err)
	}
	if err != nil {
		return err
	}
	fail := func(err error) error { return errors.Join(err, r.Release()) }
	if prev.Complete {
		if note != "" {
			return fail(fmt.Errorf("--resume latest: the latest run, %s in %s, is complete: nothing to resume (serbench run --resume without a RUN-ID finishes the latest incomplete run)", id, db.Name()))
		}
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
	p, err := g.plan(ctx)
	if err != nil {
		return fail(fmt.Errorf("run %s: %w", id, err))
	}
	if err := sameVersions(prev.Codecs, p.Codecs); err != nil {
		return fail(fmt.Errorf("run %s cannot be resumed by this binary: %w", id, err))
	}
	if was, now := prev.EnvValue(workload.ParamDataSHA256), p.Settings.Options.Params[workload.ParamDataSHA256]; was != now {
		return fail(fmt.Errorf("run %s cannot be resumed: its --data file changed (SHA-256 %s, the run's %s)", id, now, was))
	}
	fmt.Fprintf(stderr, "resuming run %s%s (%s)\n", id, note, prev.Command)
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
