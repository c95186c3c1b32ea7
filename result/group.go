package result

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// GroupMember is a stored run that belongs to a group of sharded runs
// (serbench run --shard I/N --group NAME): its ID, its shard label "I/N"
// and whether it completed.
type GroupMember struct {
	ID       string
	Shard    string
	Complete bool
}

// ShardRun is the run chosen for one shard of a group.
type ShardRun struct {
	// Label is the shard, "I/N" ("" for a run of the group stored without
	// a shard label).
	Label string
	Run   *Run
}

// PlanGroup chooses, from the members of group name (oldest first), the
// run that stands for each shard: its latest complete run, or its latest
// run if none completed, with a warning naming the others. It returns the
// choices (IDs and labels, shards in order 1/N, 2/N, ..., then labels
// that are not I/N), whether every shard of 1..N is present, and warnings
// for the shards run more than once or missing. Shards that disagree on N
// are an error; where names the database in messages.
func PlanGroup(name, where string, members []GroupMember) (picks []GroupMember, complete bool, warnings []string, err error) {
	byShard := map[string][]GroupMember{}
	var labels []string
	for _, m := range members {
		if _, ok := byShard[m.Shard]; !ok {
			labels = append(labels, m.Shard)
		}
		byShard[m.Shard] = append(byShard[m.Shard], m)
	}
	// Shards in order 1/N, 2/N, ...; labels that are not I/N after them.
	slices.SortFunc(labels, func(a, b string) int {
		ia, _, okA := ParseShardLabel(a)
		ib, _, okB := ParseShardLabel(b)
		switch {
		case okA && okB:
			return ia - ib
		case okA:
			return -1
		case okB:
			return 1
		}
		return strings.Compare(a, b)
	})
	n, nFrom := 0, ""
	present := map[int]bool{}
	for _, l := range labels {
		i, ln, ok := ParseShardLabel(l)
		if !ok {
			continue
		}
		if n != 0 && ln != n {
			return nil, false, nil, fmt.Errorf("group %q in %s mixes shard counts: run %s is shard %s, run %s is shard %s; give each sharded run a group of its own",
				name, where, byShard[nFrom][0].ID, nFrom, byShard[l][0].ID, l)
		}
		n, nFrom = ln, l
		present[i] = true
	}
	complete = true
	for i := 1; i <= n; i++ {
		if !present[i] {
			complete = false
			warnings = append(warnings, fmt.Sprintf("group %s: shard %d/%d is missing: no run of it is stored (yet)", name, i, n))
		}
	}

	for _, l := range labels {
		runs := byShard[l] // oldest first
		pick := runs[len(runs)-1]
		for _, m := range slices.Backward(runs) {
			if m.Complete {
				pick = m
				break
			}
		}
		if len(runs) > 1 {
			var others []string
			for _, m := range runs {
				if m.ID != pick.ID {
					others = append(others, m.ID)
				}
			}
			warnings = append(warnings, fmt.Sprintf("group %s: shard %s was run %d times; using run %s, ignoring %s",
				name, shardLabel(l), len(runs), pick.ID, strings.Join(others, ", ")))
		}
		pick.Shard = l
		picks = append(picks, pick)
	}

	return picks, complete, warnings, nil
}

// MergeGroup merges the runs chosen for the shards of group name into one
// run (ID "group NAME"):
//
//   - codecs, verifications, cells (with their samples) and warnings are
//     the union of the shards'; a verification or cell that two shards
//     both measured is an error, since the shards then ran overlapping
//     selections;
//   - workloads are the union of the shards' too, the first shard's
//     description of a workload kept, with a warning when another's
//     differs;
//   - the environment keeps every shard's: a key on which the shards
//     agree keeps its value, one on which they differ lists each shard's
//     value ("1/2: x; 2/2: y"); "group" and "shards" (each shard's run and
//     state) are added;
//   - Start is the earliest start, End the latest end (zero while a shard
//     runs), and the group is Complete when complete is set (every shard
//     present) and every shard's run is complete;
//   - Args are the shards' arguments when they are all the same, else nil
//     (they differ in --shard whenever the shards name themselves).
//
// warnings (PlanGroup's) come first among the run's warnings; where
// names the database in messages.
func MergeGroup(name, where string, shards []ShardRun, complete bool, warnings []string) (*Run, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("group %q in %s has no run", name, where)
	}
	g := &Run{ID: "group " + name, Complete: complete}
	var commands, states []string
	ended := true
	for _, s := range shards {
		r := s.Run
		if g.Start.IsZero() || r.Start.Before(g.Start) {
			g.Start = r.Start
		}
		if r.End.IsZero() {
			ended = false
		} else if r.End.After(g.End) {
			g.End = r.End
		}
		state := "complete"
		if !r.Complete {
			state = "incomplete"
			g.Complete = false
		}
		states = append(states, fmt.Sprintf("%s run %s (%s)", shardLabel(s.Label), r.ID, state))
		commands = append(commands, r.Command)
	}
	if !ended {
		g.End = time.Time{}
	}
	g.Command = strings.Join(commands, "; ")
	// Arguments only when every shard's are the same: shards of one group
	// differ in --shard, so a group has none to resume with.
	g.Args = shards[0].Run.Args
	for _, s := range shards[1:] {
		if !slices.Equal(s.Run.Args, g.Args) {
			g.Args = nil
			break
		}
	}

	// Environment: one entry per key, in the order the keys first appear.
	var keys []string
	values := map[string][]string{} // key -> value per shard ("" when absent)
	for si, s := range shards {
		for _, c := range s.Run.Env {
			if c.Key == "group" || c.Key == "shard" {
				continue
			}
			if _, ok := values[c.Key]; !ok {
				keys = append(keys, c.Key)
				values[c.Key] = make([]string, len(shards))
			}
			values[c.Key][si] = c.Value
		}
	}
	for _, k := range keys {
		vs := values[k]
		v := vs[0]
		if slices.ContainsFunc(vs, func(x string) bool { return x != v }) {
			var parts []string
			for si, x := range vs {
				if x == "" {
					x = "-"
				}
				parts = append(parts, shardLabel(shards[si].Label)+": "+x)
			}
			v = strings.Join(parts, "; ")
		}
		g.Env = append(g.Env, Config{Key: k, Value: v})
	}
	g.Env = append(g.Env, Config{Key: "group", Value: name}, Config{Key: "shards", Value: strings.Join(states, ", ")})

	// Codecs, workloads, verifications, cells and warnings: the union.
	codecFrom := map[string]string{}
	workloadFrom := map[string]string{}
	verifFrom := map[[2]string]string{}
	cellFrom := map[Key]string{}
	for _, s := range shards {
		from := fmt.Sprintf("run %s (shard %s)", s.Run.ID, shardLabel(s.Label))
		for _, c := range s.Run.Codecs {
			if prev := g.Codec(c.Name); prev != nil {
				if prev.Module != c.Module || prev.Version != c.Version {
					warnings = append(warnings, fmt.Sprintf("group %s: codec %s is %s@%s in %s but %s@%s in %s",
						name, c.Name, prev.Module, prev.Version, codecFrom[c.Name], c.Module, c.Version, from))
				}
				continue
			}
			codecFrom[c.Name] = from
			g.Codecs = append(g.Codecs, c)
		}
		for _, wl := range s.Run.Workloads {
			if prev := g.Workload(wl.Name); prev != nil {
				if prev.Description != wl.Description || !slices.Equal(prev.AccessFields, wl.AccessFields) {
					warnings = append(warnings, fmt.Sprintf("group %s: workload %s is described differently in %s and in %s; tables use %s's",
						name, wl.Name, workloadFrom[wl.Name], from, workloadFrom[wl.Name]))
				}
				continue
			}
			workloadFrom[wl.Name] = from
			g.Workloads = append(g.Workloads, wl)
		}
		for _, v := range s.Run.Verifications {
			k := [2]string{v.Workload, v.Codec}
			if prev, dup := verifFrom[k]; dup {
				return nil, fmt.Errorf("group %q in %s: %s/%s was verified by both %s and %s: the shards ran overlapping selections",
					name, where, v.Workload, v.Codec, prev, from)
			}
			verifFrom[k] = from
			g.Verifications = append(g.Verifications, v)
		}
		for _, c := range s.Run.Cells {
			k := c.Key()
			if prev, dup := cellFrom[k]; dup {
				return nil, fmt.Errorf("group %q in %s: cell %s/%s %s (%d goroutines) was measured by both %s and %s: the shards ran overlapping selections",
					name, where, k.Workload, k.Codec, k.Op, k.Goroutines, prev, from)
			}
			cellFrom[k] = from
			g.Cells = append(g.Cells, c)
		}
		for _, m := range s.Run.Warnings {
			g.Warnings = append(g.Warnings, "shard "+shardLabel(s.Label)+": "+m)
		}
	}
	g.Warnings = append(warnings, g.Warnings...)
	return g, nil
}

// ParseShardLabel parses a shard label "I/N" (1 ≤ I ≤ N).
func ParseShardLabel(s string) (i, n int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, false
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || i < 1 || i > n {
		return 0, 0, false
	}
	return i, n, true
}

// shardLabel names a shard in messages; runs of the group stored without
// a shard label are "-".
func shardLabel(l string) string {
	if l == "" {
		return "-"
	}
	return l
}
