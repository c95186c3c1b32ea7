package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"time"

	"github.com/serbench/serbench/internal/bounds"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

const onepassUsage = `Usage: serbench onepass [--workload RE] [--codec RE] [--depth N]

go-codec-bench's "one-pass" summary: for every codec, the encoded length of
the first value (and the mean over all values), one encode and one decode
time (unscientific: a single call, first use included), and whether the
decoded value matches, with the first difference when it does not.
Nothing is stored.

Examples:
  serbench onepass --codec '^(json|msgp|protobuf)$' --depth 0   # flat values, no children
`

func cmdOnepass(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("onepass", onepassUsage, stderr)
	var (
		workloadRE = fs.String("workload", "^nested$", "regular expression selecting workloads")
		codecRE    = fs.String("codec", "", "regular expression selecting codecs (default all)")
		timeout    = fs.Duration("timeout", 30*time.Second, "limit for one codec")
	)
	wopts := workloadFlags(fs, nil)
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	if err := positive("timeout", *timeout); err != nil {
		return err
	}
	opts := wopts.options()
	specs, err := suite.Specs(suite.Selection{Workload: *workloadRE, Codec: *codecRE, Options: opts}, nil, false)
	if err != nil {
		return selectionUsage(err)
	}
	// The bound applies to one job at a time: each job's values are
	// generated just before its one pass, and dropped after it.
	bound := bounds.Process(machineMemory(), bounds.InProcessCopies, "(the values, the copy it verifies against, the inputs, the messages, the decoded values and the collector's headroom)")
	var jobs []harness.Spec
	for _, s := range specs {
		if s.Kind != suite.CodecKind {
			continue
		}
		if len(jobs) == 0 || jobs[len(jobs)-1].Workload != s.Workload {
			w, err := workload.Lookup(s.Workload)
			if err != nil {
				return err
			}
			if err := bound.Check(w, opts); err != nil {
				return usageError{err}
			}
		}
		jobs = append(jobs, s)
	}
	if len(jobs) == 0 {
		return errors.New("nothing was measured: no workload with per-value codecs selected (onepass times codecs on a workload's values; a workload measured by strategies of its own is timed by serbench run)")
	}
	defer bounds.Watch(machineMemory(), stderr, os.Exit)()
	var rows []result.OnePassRow
	var current string
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		var headline []string // the params that describe every value (nested's depth)
		if w, err := workload.Lookup(current); err == nil {
			headline = w.Headline(opts)
		}
		err := report.OnePassTable(stdout, current, headline, rows)
		rows = nil
		return err
	}
	done, measured := 0, 0
	for _, s := range jobs {
		if s.Workload != current {
			if err := flush(); err != nil {
				return err
			}
			current = s.Workload
		}
		j, err := onePassJob(ctx, s, opts)
		if ctx.Err() != nil {
			break
		}
		if err != nil {
			return err
		}
		row := harness.OnePass(ctx, j, *timeout)
		if ctx.Err() != nil {
			break
		}
		rows = append(rows, row)
		done++
		if !row.Failed() {
			measured++
		}
	}
	if err := flush(); err != nil {
		return err
	}
	switch {
	case ctx.Err() != nil && done == 0:
		return fmt.Errorf("%w before the first of %d codecs was done", context.Cause(ctx), len(jobs))
	case ctx.Err() != nil:
		return fmt.Errorf("%w after %d of %d codecs (the tables above have those)", context.Cause(ctx), done, len(jobs))
	case measured == 0:
		return errors.New("nothing was measured: every codec failed its one pass (the tables above say why)")
	}
	return nil
}

// onePassJob generates the values of job s (with the pristine copy it is
// verified against), in a goroutine abandoned if ctx ends first: the
// values of a deep nested workload take seconds to build.
func onePassJob(ctx context.Context, s harness.Spec, opts workload.Options) (harness.Job, error) {
	out := make(chan harness.Job, 1)
	err := interruptible(ctx, func() error {
		js, err := suite.Jobs(suite.Selection{Workload: "^" + regexp.QuoteMeta(s.Workload) + "$", Codec: "^" + regexp.QuoteMeta(s.Name) + "$", Options: opts})
		if err == nil && len(js) != 1 {
			err = fmt.Errorf("onepass: %s: %d jobs, want one", s, len(js))
		}
		if err != nil {
			return err
		}
		out <- js[0]
		return nil
	})
	if err != nil {
		return harness.Job{}, err
	}
	return <-out, nil
}
