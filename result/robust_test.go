package result

import "testing"

// TestRobustInterrupted: Interrupted counts the rows not computed or
// stopped, not the rows with another note.
func TestRobustInterrupted(t *testing.T) {
	m := &Robust{Rows: []RobustRow{
		{Codec: "a", Workload: "person", Cells: []RobustCell{{Class: "truncate", Inputs: 3, Errors: 3}}},
		{Codec: "b", Workload: "person", Note: "unsupported: no maps"},
		{Codec: "c", Workload: "person", Note: RobustStopped, Cells: []RobustCell{{Class: "truncate", Inputs: 3, Errors: 1, NotRun: 2}}},
		{Codec: "d", Workload: "person", Note: RobustInterrupted},
	}}
	if n := m.Interrupted(); n != 2 {
		t.Errorf("Interrupted() = %d, want 2", n)
	}
}
