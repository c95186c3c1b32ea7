package result

import "slices"

// neutralSettings are the environment keys of a run that do not change
// what its medians estimate: how many samples or forks for precision it
// took (count, ci-target, budget), how long a call may take before it
// fails (timeout), how much memory a worker may use, which suite named
// the selection, and the shard bookkeeping.
var neutralSettings = []string{"count", "timeout", "ci-target", "budget", "suite", "memory-limit", "group", "shard"}

// SettingDiff is one environment key whose values differ between two
// runs; a value is "" when that run does not record the key.
type SettingDiff struct {
	Key      string
	Old, New string
}

// SettingsDiff returns the environment keys of old and new that differ
// and that change the numbers a run measures: the machine (cpu, cores,
// goos, goarch, gomaxprocs), Go and serbench (go, serbench, commit), the
// measurement (sample-time, forks, isolation, goroutines) and the data
// (seed, values, workload parameters). Keys of old come first, in its
// order, then keys only new has. Comparing the medians of such runs
// mixes the change one wants to see with the change of settings.
func SettingsDiff(old, new *Run) []SettingDiff {
	var out []SettingDiff
	seen := map[string]bool{}
	check := func(key string) {
		if seen[key] || slices.Contains(neutralSettings, key) {
			return
		}
		seen[key] = true
		if o, n := old.EnvValue(key), new.EnvValue(key); o != n {
			out = append(out, SettingDiff{Key: key, Old: o, New: n})
		}
	}
	for _, c := range old.Env {
		check(c.Key)
	}
	for _, c := range new.Env {
		check(c.Key)
	}
	return out
}
