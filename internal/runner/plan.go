// Package runner is what serbench run does between parsing its flags and
// printing the stored run: it turns a selection and settings into a Plan
// (the jobs, this shard's share of them, the harness's configuration and
// the run's record), and executes a plan into a store (the fidelity matrix
// of its codecs, the measurements, the run's end), holding the run's lock.
package runner

import (
	"crypto/rand"
	"encoding/hex"
	"runtime"
	"strconv"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
)

// Options are the selection and settings of a run, checked by the caller
// (serbench run checks its flags).
type Options struct {
	// Selection selects the jobs; its Options.Seed is the run's seed.
	Selection suite.Selection
	// Count, SampleTime, Timeout, Forks, Workers, Isolation, Target and
	// Budget are harness.Config's.
	Count               int
	SampleTime, Timeout time.Duration
	Forks, Workers      int
	Isolation           string
	Target              float64
	Budget              time.Duration
	// MemoryLimit is each worker's memory limit in bytes (0: none); the
	// run records it in the largest unit that divides it ("1GiB").
	MemoryLimit int64
	// Parallel also runs every cell on 2..GOMAXPROCS goroutines; Zstd
	// also times zstd compression of every codec's messages.
	Parallel, Zstd bool
	// Suite is recorded with the run ("default" or "full"); Selection.Full
	// is what selects.
	Suite string
	// Group, when set, makes the run shard Shard of a group of sharded
	// runs of that name: it measures only the shard's jobs.
	Group string
	Shard suite.Shard
	// Robust also computes the decoder robustness matrix of the run's
	// codecs (internal/robust, its default workloads and settings) and
	// stores it with the run.
	Robust bool
	// Interop also computes the cross-library interoperability matrices
	// (internal/interop, its default formats, workloads and settings) and
	// stores them with the run.
	Interop bool
}

// Plan is what a run measures and how.
type Plan struct {
	// Specs are the jobs, only this shard's for a sharded run.
	Specs []harness.Spec
	// Config is the harness's configuration (Stored and Progress unset).
	Config harness.Config
	// Settings are what the run records of its settings.
	Settings suite.Settings
	// Codecs are the records of the codecs of Specs, in their order.
	Codecs []result.Codec
	// Group and Shard are Options'; Group is "" for a run of its own.
	Group string
	Shard suite.Shard
	// Robust is Options'.
	Robust bool
	// Interop is Options'.
	Interop bool
}

// New plans a run. A selection that selects nothing, or that workloads
// cannot generate values for, is an error for which
// suite.IsSelectionError is true.
func New(o Options) (*Plan, error) {
	goroutines := []int{1}
	if o.Parallel {
		for g := 2; g <= runtime.GOMAXPROCS(0); g++ {
			goroutines = append(goroutines, g)
		}
	}
	specs, err := suite.Specs(o.Selection, goroutines, o.Zstd)
	if err != nil {
		return nil, err
	}
	mem := o.MemoryLimit
	if mem == 0 {
		mem = -1 // harness.Config: negative is none
	}
	p := &Plan{Group: o.Group, Shard: o.Shard, Robust: o.Robust, Interop: o.Interop}
	p.Specs = p.shardOf(specs)
	p.Settings = suite.Settings{Count: o.Count, SampleTime: o.SampleTime, Timeout: o.Timeout, Seed: o.Selection.Options.Seed,
		Goroutines: goroutines, Options: o.Selection.Options, Forks: o.Forks, Isolation: o.Isolation,
		MemoryLimit: memoryText(o.MemoryLimit), Target: o.Target, Budget: o.Budget, Suite: o.Suite}
	p.Config = harness.Config{Count: o.Count, Forks: o.Forks, Workers: o.Workers, SampleTime: o.SampleTime, Timeout: o.Timeout,
		MemoryLimit: mem, Isolation: o.Isolation, Target: o.Target, Budget: o.Budget}
	seen := map[string]bool{}
	for _, s := range p.Specs {
		if c, ok := codec.Lookup(s.Name); ok && !seen[s.Name] {
			seen[s.Name] = true
			p.Codecs = append(p.Codecs, suite.CodecRecord(c))
		}
	}
	return p, nil
}

// Sharded reports whether the run belongs to a group of sharded runs.
func (p *Plan) Sharded() bool { return p.Group != "" }

// shardOf keeps the jobs of this shard.
func (p *Plan) shardOf(specs []harness.Spec) []harness.Spec {
	if !p.Sharded() {
		return specs
	}
	var units []string
	for _, s := range specs {
		units = append(units, s.String())
	}
	mine := p.Shard.Select(units)
	var kept []harness.Spec
	for _, s := range specs {
		if mine[s.String()] {
			kept = append(kept, s)
		}
	}
	return kept
}

// Record returns the record of a new run of p, started now, with a new
// ID: command is its command line and args its arguments, which
// serbench run --resume parses again.
func (p *Plan) Record(command string, args []string) *result.Run {
	now := time.Now()
	return &result.Run{
		ID:        NewRunID(now),
		Start:     now,
		Command:   command,
		Env:       p.env(suite.Env(p.Settings)),
		Codecs:    p.Codecs,
		Workloads: suite.WorkloadRecords(p.Specs),
		Args:      append([]string{}, args...),
	}
}

// env adds the group and shard to a run's environment.
func (p *Plan) env(env []result.Config) []result.Config {
	if !p.Sharded() {
		return env
	}
	return append(env, result.Config{Key: "group", Value: p.Group}, result.Config{Key: "shard", Value: p.Shard.String()})
}

// meta is what the store records of the shard.
func (p *Plan) meta() store.RunMeta {
	if !p.Sharded() {
		return store.RunMeta{}
	}
	return store.RunMeta{Group: p.Group, Shard: p.Shard.String()}
}

// memoryText writes a memory limit of n bytes as serbench run's
// --memory-limit takes it, in the largest unit that divides n: 1GiB,
// 512MiB, 2GB, 0 for none.
func memoryText(n int64) string {
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"TiB", 1 << 40}, {"TB", 1e12}, {"GiB", 1 << 30}, {"GB", 1e9}, {"MiB", 1 << 20}, {"MB", 1e6}, {"KiB", 1 << 10}, {"KB", 1e3}} {
		if n > 0 && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// NewRunID returns a sortable, unique run ID: UTC time and random bits.
func NewRunID(t time.Time) string {
	var b [3]byte
	rand.Read(b[:])
	return t.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}
