package main

import (
	"flag"
	"regexp"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/internal/peers"
)

// interopFlags are the settings of the matrices serbench interop computes
// (serbench run --interop takes interop.Options' defaults).
type interopFlags struct {
	formatRE, workloadRE *string
	values, workers      *int
	timeLimit            *time.Duration
	memoryLimit          *string
	peerList             *string
}

// newInteropFlags registers on fs the flags of the matrices serbench
// interop computes.
func newInteropFlags(fs *flag.FlagSet) interopFlags {
	return interopFlags{
		formatRE:    fs.String("format", "", "regular expression selecting formats (codec FORMAT in serbench list; default every format with two or more implementations)"),
		workloadRE:  fs.String("workload", "^(person|nested)$", "regular expression selecting workloads (any whose values are its own)"),
		values:      fs.Int("values", interop.DefaultValues, "values each writer encodes: the workload's first ones"),
		timeLimit:   fs.Duration("time-limit", interop.DefaultTimeLimit, "limit of one writer's encoding or one reader's reading of one writer's messages; a worker past it is killed and the pair marked HANG"),
		memoryLimit: fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it); 0 for none"),
		workers:     fs.Int("workers", 0, "worker processes at once (default: GOMAXPROCS)"),
		peerList:    fs.String("peers", "python,node", "the other languages' peers that join the matrices: python, node, both (comma-separated) or none; one that is not installed is a note"),
	}
}

// options checks the flags and returns the options of peers.Compute: the
// matrices' and the peers that join them.
func (f interopFlags) options() (interop.Options, []string, error) {
	peerNames, err := peers.Parse(*f.peerList)
	if err != nil {
		return interop.Options{}, nil, usagef("--peers %v", err)
	}
	opts := interop.Options{Values: *f.values, TimeLimit: *f.timeLimit, Workers: *f.workers}
	if *f.formatRE != "" {
		re, err := regexp.Compile(*f.formatRE)
		if err != nil {
			return interop.Options{}, nil, usagef("--format %q: %v", *f.formatRE, err)
		}
		opts.Format = re
	}
	if opts.Workloads, err = interopWorkloads(*f.workloadRE); err != nil {
		return interop.Options{}, nil, err
	}
	if err := firstError(atLeast("values", *f.values, 1), positive("time-limit", *f.timeLimit), workersFlag(*f.workers)); err != nil {
		return interop.Options{}, nil, err
	}
	if opts.MemoryLimit, err = workerMemoryLimit(*f.memoryLimit); err != nil {
		return interop.Options{}, nil, err
	}
	if !peers.HasFormat(opts.Format, peerNames) {
		return interop.Options{}, nil, usagef("--format %q selects no format with two or more implementations (valid: %s)", *f.formatRE, strings.Join(peers.Formats(peerNames), ", "))
	}
	return opts, peerNames, nil
}

// interopWorkloads returns the workloads pattern selects that have values
// of their own.
func interopWorkloads(pattern string) ([]string, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, usagef("--workload %q: %v", pattern, err)
	}
	out := interop.Workloads(re)
	if len(out) == 0 {
		return nil, usagef("--workload %q selects no workload with values of its own", pattern)
	}
	return out, nil
}
