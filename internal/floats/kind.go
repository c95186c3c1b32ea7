package floats

import (
	"context"
	"fmt"
	"strings"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/workload"
)

// KindName is the name of the harness kind this package registers: the
// Runner of the floats workload (package workload) names it, and every
// floats job's harness.Spec has it as Kind.
const KindName = "floats"

// Names of the reference jobs (Spec.Name and Cell.Codec). They run beside
// the strategies, have no verification, and are marked with their role in
// result.Cell.Reference, so that reports can show every strategy as a
// percentage of them.
const (
	// RefRead is a read-only pass over the N values already in memory as
	// a []float32: Sum, checked against the expected sum. It is the
	// bandwidth limit of any strategy, which must at least read and sum
	// the values.
	RefRead = "ref.read"
	// RefMemcpy is copy() of the 4N-byte little-endian file image into
	// another buffer.
	RefMemcpy = "ref.memcpy"
)

// Roles of the reference jobs (result.Cell.Reference).
const (
	// RoleRead is the role of RefRead.
	RoleRead = "read"
	// RoleMemcpy is the role of RefMemcpy.
	RoleMemcpy = "memcpy"
)

func init() {
	harness.RegisterKind(KindName, harness.Kind{Build: build, Jobs: jobs})
}

// job holds the parameters of a job: its workload name, the number of
// values and their seed, defaults filled in.
type job struct {
	workload string
	n        int
	seed     uint64
}

func jobOf(s harness.Spec) job {
	j := job{workload: s.Workload, n: s.Options.Count, seed: s.Options.Seed}
	if j.workload == "" {
		j.workload = Workload
	}
	if j.n <= 0 {
		j.n = DefaultN
	}
	if j.seed == 0 {
		j.seed = DefaultSeed
	}
	return j
}

// jobs is the Jobs of the kind: the two references first, then every
// strategy of Defaults that selected accepts (a nil selected accepts all).
func jobs(workloadName string, opts workload.Options, selected func(name string) bool) []harness.Spec {
	spec := func(name string) harness.Spec {
		return harness.Spec{Kind: KindName, Workload: workloadName, Name: name, Options: opts}
	}
	out := []harness.Spec{spec(RefRead), spec(RefMemcpy)}
	for _, s := range Defaults() {
		if selected == nil || selected(s.Name) {
			out = append(out, spec(s.Name))
		}
	}
	return out
}

// build is the Build of the kind. spec.Goroutines and spec.Zstd do not
// apply to floats jobs and are ignored.
func build(ctx context.Context, s harness.Spec) (*harness.Bound, error) {
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	j := jobOf(s)
	switch s.Name {
	case RefRead:
		return buildRead(j), nil
	case RefMemcpy:
		return buildMemcpy(j), nil
	}
	st, ok := lookup(s.Name)
	if !ok {
		return nil, fmt.Errorf("floats: job %s: no strategy or reference named %q; valid names: %s",
			s, s.Name, strings.Join(validNames(), ", "))
	}
	return buildStrategy(ctx, j, st)
}

// lookup returns the strategy of Defaults named name.
func lookup(name string) (Strategy, bool) {
	for _, s := range Defaults() {
		if s.Name == name {
			return s, true
		}
	}
	return Strategy{}, false
}

// validNames returns the names Build accepts, in the order of jobs.
func validNames() []string {
	names := []string{RefRead, RefMemcpy}
	for _, s := range Defaults() {
		names = append(names, s.Name)
	}
	return names
}
