package main

import (
	"fmt"
	"io"
	"time"

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

func cmdOnepass(args []string, stdout, stderr io.Writer) error {
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
	opts := wopts.options()
	jobs, err := suite.Jobs(suite.Selection{Workload: *workloadRE, Codec: *codecRE, Options: opts})
	if err != nil {
		return selectionUsage(err)
	}
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
	for _, j := range jobs {
		if j.Workload != current {
			if err := flush(); err != nil {
				return err
			}
			current = j.Workload
		}
		rows = append(rows, harness.OnePass(j, *timeout))
	}
	if err := flush(); err != nil {
		return err
	}
	if len(jobs) == 0 {
		fmt.Fprintln(stderr, "no workload with per-value codecs selected")
	}
	return nil
}
