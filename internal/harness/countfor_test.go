package harness

import (
	"testing"
	"time"
)

// TestCountForKeepsASamplePerFork: a cell whose samples are too slow for
// Count of them within CellBudget gets fewer, but never fewer than
// MinCount, nor than Forks, so that each of the first forks takes one.
func TestCountForKeepsASamplePerFork(t *testing.T) {
	for _, tc := range []struct {
		count, forks int
		per          time.Duration
		want         int
	}{
		{count: 10, forks: 2, per: 100 * time.Millisecond, want: 10}, // within the budget
		{count: 10, forks: 2, per: time.Second, want: 5},             // the budget's 5 samples
		{count: 10, forks: 2, per: 2 * time.Second, want: 3},         // MinCount
		{count: 10, forks: 5, per: 2 * time.Second, want: 5},         // one a fork
		{count: 10, forks: 8, per: 4 * time.Second, want: 8},
		{count: 4, forks: 4, per: 4 * time.Second, want: 4},
	} {
		s := &scheduler{cfg: Config{Count: tc.count, Forks: tc.forks, CellBudget: 5 * time.Second}.WithDefaults()}
		if got := s.countFor(tc.per); got != tc.want {
			t.Errorf("Count %d, Forks %d, a sample of %s: %d samples, want %d", tc.count, tc.forks, tc.per, got, tc.want)
		}
	}
}
