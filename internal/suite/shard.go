package suite

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Shard is slice I of N (1 ≤ I ≤ N) of a run's job units, for spreading
// one benchmark over N machines (serbench run --shard I/N). A job unit is
// a (workload, codec) job, named by harness.Job.Name ("person/json"), or
// a workload with its own runner as a whole (floats), named by the
// workload.
type Shard struct{ I, N int }

// ParseShard parses "I/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || strings.ContainsAny(s, "+ ") {
		return Shard{}, fmt.Errorf("--shard %q: want I/N, two whole numbers such as 1/4", s)
	}
	if n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("--shard %q: want 1 ≤ I ≤ N in I/N, such as 1/%d", s, max(n, 2))
	}
	return Shard{I: i, N: n}, nil
}

// String returns "I/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Select returns the units of units that belong to s: sorted by name, the
// unit at position k (from 0) belongs to shard k mod N + 1. The assignment
// depends only on the set of names, so every machine that runs the same
// selection with the same serbench puts every unit in exactly one shard,
// and the shards differ in size by at most one unit. Duplicate names
// count once.
func (s Shard) Select(units []string) map[string]bool {
	sorted := slices.Clone(units)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	out := map[string]bool{}
	for k, u := range sorted {
		if k%s.N == s.I-1 {
			out[u] = true
		}
	}
	return out
}
