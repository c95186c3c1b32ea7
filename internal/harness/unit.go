package harness

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// Unit is one measurable timed loop: a codec's encode, decode, access or
// zstd cell, a floats strategy, or a reference measurement. The scheduler
// calibrates and samples every unit alike.
type Unit struct {
	// Cell identifies the unit (Workload, Codec, Op, Goroutines) and
	// carries its MeanSize and Reference role; Status, Error, SampleTime
	// and Samples are filled in by the scheduler.
	Cell result.Cell
	// Loop runs n iterations and returns their wall time. It is the whole
	// timed code: nothing but the measured operation.
	Loop Loop
	// Ops is the number of operations one iteration makes (the goroutines
	// of a parallel cell); 0 means 1.
	Ops int
}

// Bound is a job set up in the process that measures it: its verification
// and its units.
type Bound struct {
	// Verification is the job's verification record; nil for jobs that
	// have nothing to verify (reference measurements). A verification
	// whose status is error or unsupported has no units.
	Verification *result.Verification
	// Units are the timed loops of the job.
	Units []Unit
	// Close, if set, releases what the job holds (temporary files).
	Close func()
}

func (b *Bound) close() {
	if b != nil && b.Close != nil {
		b.Close()
	}
}

// SetupBound sets up codec job j in a Kind's Build for spec s: Setup
// without a timeout (the coordinator's kills a worker that runs past it),
// then the units of s's goroutine counts and zstd cell. A job that cannot
// be timed gives a Bound with only its verification, which says why.
func SetupBound(ctx context.Context, j Job, s Spec) (*Bound, error) {
	p, v, err := Setup(ctx, j, 0)
	b := &Bound{Verification: &v}
	if err != nil {
		return b, nil // the verification says why
	}
	if b.Units, err = p.Units(s.Goroutines, s.Zstd); err != nil {
		return nil, err
	}
	return b, nil
}

// Spec names a job so that a worker process can rebuild it from plain
// data: it is what the coordinator sends to a worker. Specs are JSON.
type Spec struct {
	// Kind names the registered Kind that builds the job.
	Kind string `json:"kind"`
	// Workload is the workload's name.
	Workload string `json:"workload"`
	// Name is the codec's, strategy's or reference's name.
	Name string `json:"name"`
	// Options tune the workload's values.
	Options workload.Options `json:"options"`
	// Goroutines lists the goroutine counts of the cells (default 1).
	Goroutines []int `json:"goroutines,omitempty"`
	// Zstd adds a zstd cell to codec jobs.
	Zstd bool `json:"zstd,omitempty"`
	// Verified is set by the scheduler for the later workers of a job
	// whose first worker verified it in this run (the same binary, values
	// from the same seed): a kind may then skip the comparisons whose
	// result the run already holds, and prepare its inputs only.
	Verified bool `json:"verified,omitempty"`
}

// String returns "workload/name".
func (s Spec) String() string { return s.Workload + "/" + s.Name }

// Kind makes and sets up jobs of one kind. Packages register their kinds
// in init functions; the coordinator and its worker processes are the same
// binary, so both know the same kinds.
type Kind struct {
	// Build sets up the job named by s in the calling process: it binds,
	// verifies and prepares, all outside any timed loop, and returns the
	// job's units. An error is a failure of the kind itself (an unknown
	// name); problems of the measured code belong in the verification.
	Build func(ctx context.Context, s Spec) (*Bound, error)
	// Jobs, for a kind that runs whole workloads of its own (a
	// workload.Workload whose Runner names the kind), returns the specs of
	// that workload's jobs: its references and every strategy or codec
	// that selected accepts. selected is called with strategy names and
	// with codec names (the caller applies the variant rules to codecs).
	Jobs func(workloadName string, opts workload.Options, selected func(name string) bool) []Spec
}

var (
	kindsMu sync.RWMutex
	kinds   = map[string]Kind{}
)

// RegisterKind registers a kind of job under name. It panics if the name
// is taken or Build is nil.
func RegisterKind(name string, k Kind) {
	kindsMu.Lock()
	defer kindsMu.Unlock()
	if k.Build == nil {
		panic("harness: RegisterKind " + name + " without Build")
	}
	if _, dup := kinds[name]; dup {
		panic("harness: kind " + name + " registered twice")
	}
	kinds[name] = k
}

// LookupKind returns the kind registered under name.
func LookupKind(name string) (Kind, bool) {
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	k, ok := kinds[name]
	return k, ok
}

// KindNames returns the registered kinds' names, sorted.
func KindNames() []string {
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	var out []string
	for n := range kinds {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Build sets up the job named by s with its registered kind.
func Build(ctx context.Context, s Spec) (*Bound, error) {
	k, ok := LookupKind(s.Kind)
	if !ok {
		return nil, fmt.Errorf("job %s: no kind %q is registered (known: %v)", s, s.Kind, KindNames())
	}
	return k.Build(ctx, s)
}
