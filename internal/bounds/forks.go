package bounds

import "errors"

// CheckForks refuses forks worker processes for count samples a cell
// when forks > count: each of a job's first forks takes its share of
// count (harness.PerFork), so the forks past count would take no sample
// while a run says it measured in forks processes. The error says why,
// without naming the flags or options that gave the two numbers.
func CheckForks(forks, count int) error {
	if forks > count {
		return errors.New("each of the first forks takes at least one of the samples")
	}
	return nil
}
