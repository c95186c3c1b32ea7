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
		// A row that had a note of its own (a lowered budget) before it
		// was stopped.
		{Codec: "e", Workload: "person", Note: "fewer inputs a class; " + RobustStopped, Cells: []RobustCell{{Class: "truncate", Inputs: 3, NotRun: 3}}},
	}}
	if n := m.Interrupted(); n != 3 {
		t.Errorf("Interrupted() = %d, want 3", n)
	}
}

// TestRobustMarkNotRun: inputs not run after crashes or hangs follow
// them; not run without one (a row stopped) are "+N" last, never "ok".
func TestRobustMarkNotRun(t *testing.T) {
	for _, tc := range []struct {
		c    RobustCell
		want string
	}{
		{RobustCell{Inputs: 100, Errors: 7, Crashes: 3, NotRun: 90}, "C3+90"},
		{RobustCell{Inputs: 400, NotRun: 400}, "+400"},
		{RobustCell{Inputs: 100, Errors: 20, Accepted: 5, NotRun: 75}, "A5 +75"},
		{RobustCell{Inputs: 100, Errors: 100}, "ok"},
		// One crash, then the row was stopped: the inputs not run are
		// not the ones skipped after RobustMaxDeaths deaths.
		{RobustCell{Inputs: 100, Errors: 9, Crashes: 1, NotRun: 90}, "C1 +90"},
		{RobustCell{Inputs: 100, Errors: 8, Crashes: 1, Hangs: 1, Panics: 2, NotRun: 88}, "C1H1 P2 +88"},
	} {
		if got := tc.c.Mark(); got != tc.want {
			t.Errorf("%+v: mark %q, want %q", tc.c, got, tc.want)
		}
	}
}
