package main

import (
	"flag"
	"os"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/robust"
	"github.com/serbench/serbench/workload"
)

// robustFlags are the settings of the matrix serbench robust computes
// (serbench run --robust takes robust.Options' defaults).
type robustFlags struct {
	seed                  *uint64
	budget, messages      *int
	timeLimit             *time.Duration
	memoryLimit, saveDir  *string
	workers               *int
	workloadList, codecRE *string
}

// newRobustFlags registers on fs the flags of the matrix serbench robust
// computes.
func newRobustFlags(fs *flag.FlagSet) robustFlags {
	return robustFlags{
		codecRE:      fs.String("codec", "", "regular expression selecting codecs (default all, variants included; reference codecs never)"),
		workloadList: fs.String("workload", strings.Join(robust.DefaultWorkloads, ","), "comma-separated workloads whose values are mutated"),
		seed:         fs.Uint64("seed", robust.DefaultSeed, "seed of the mutations: the same seed gives the same inputs"),
		budget:       fs.Int("budget", robust.DefaultBudget, "most inputs of a class per codec and workload (sampled from all candidates)"),
		messages:     fs.Int("messages", robust.DefaultMessages, "valid messages mutated per codec and workload: the workload's first values"),
		timeLimit:    fs.Duration("time-limit", robust.DefaultTimeLimit, "limit of one decode; a worker past it is killed and the input counted as a hang"),
		memoryLimit:  fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it); 0 for none"),
		workers:      fs.Int("workers", 0, "rows computed at once, each in worker processes of its own (default: GOMAXPROCS)"),
		saveDir:      fs.String("save", "", "directory to write the inputs the matrix reports into (WORKLOAD/CODEC/CLASS-WHAT-POS.bin)"),
	}
}

// options checks the flags and returns the options of robust.Compute.
func (f robustFlags) options() (robust.Options, error) {
	workloads := *f.workloadList
	if err := firstError(atLeast("budget", *f.budget, 1), atLeast("messages", *f.messages, 1), positive("time-limit", *f.timeLimit), workersFlag(*f.workers)); err != nil {
		return robust.Options{}, err
	}
	if *f.seed == 0 {
		return robust.Options{}, usagef("--seed 0: want a positive seed")
	}
	mem, err := workerMemoryLimit(*f.memoryLimit)
	if err != nil {
		return robust.Options{}, err
	}
	// The directory is made when missing; a file there would fail every
	// row's save, after the matrix is computed.
	if st, err := os.Stat(*f.saveDir); *f.saveDir != "" && err == nil && !st.IsDir() {
		return robust.Options{}, usagef("--save %s: it is a file; want a directory to write the inputs into (made if missing)", *f.saveDir)
	}
	var ws []string
	for _, w := range strings.Split(workloads, ",") {
		if w = strings.TrimSpace(w); w != "" {
			ws = append(ws, w)
		}
	}
	if _, err := workload.LookupValues(ws, "mutate"); err != nil {
		return robust.Options{}, usagef("--workload: %v", err)
	}
	if len(ws) == 0 {
		return robust.Options{}, usagef("--workload %q names no workload", workloads)
	}
	return robust.Options{Workloads: ws, Seed: *f.seed, Budget: *f.budget, Messages: *f.messages, TimeLimit: *f.timeLimit,
		MemoryLimit: mem, Workers: *f.workers, SaveDir: *f.saveDir}, nil
}
