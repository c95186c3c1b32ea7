package interop

import (
	"regexp"

	"github.com/serbench/serbench/workload"
)

// Workloads returns the names of the workloads re selects that have
// values of their own (no Runner), which the matrices can be built of.
func Workloads(re *regexp.Regexp) []string {
	var out []string
	for _, w := range workload.All() {
		if w.Runner == "" && re.MatchString(w.Name) {
			out = append(out, w.Name)
		}
	}
	return out
}
