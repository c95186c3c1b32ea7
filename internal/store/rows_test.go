package store

import (
	"slices"
	"testing"
)

// TestDeletedWords checks how what DeleteRun removed is said: the run
// first, tables without rows left out, a table without a name by its own.
func TestDeletedWords(t *testing.T) {
	deleted := []TableRows{{"samples", 40}, {"cells", 1}, {"warnings", 0}, {"robust_matrices", 2}, {"run_env", 3}, {"runs", 1}}
	want := []string{"1 run", "40 samples", "1 cell", "2 rows of robust_matrices", "3 environment entries"}
	if got := DeletedWords(deleted, true); !slices.Equal(got, want) {
		t.Errorf("DeletedWords(with the run) = %q, want %q", got, want)
	}
	if got := DeletedWords(deleted, false); !slices.Equal(got, want[1:]) {
		t.Errorf("DeletedWords(without the run) = %q, want %q", got, want[1:])
	}
}
