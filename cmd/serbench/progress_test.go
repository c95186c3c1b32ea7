package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/harness"
)

// TestProgressLine: the estimate says when forks for precision may
// follow, and while they are taken it gives the budget's bound.
func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		p    harness.Progress
		want string
	}{
		{harness.Progress{Phase: "measure", Cell: "c", Done: 1, Total: 10, Remaining: 20 * time.Second}, "measure 1/10 c · about 20s left"},
		{harness.Progress{Phase: "measure", Cell: "c", Done: 1, Total: 10, Remaining: 20 * time.Second, Bound: 90 * time.Second},
			"measure 1/10 c · about 20s left, at most 1m30s with forks for precision"},
		{harness.Progress{Phase: "refine", Cell: "c", Done: 12, Total: 14, Remaining: 2 * time.Second, Bound: 40 * time.Second, Adaptive: true},
			"refine 12/14 c · at most 40s left (budget)"},
	} {
		var b bytes.Buffer
		(&progressLine{w: &b}).update(tc.p)
		if got := strings.TrimPrefix(b.String(), "\r\033[K"); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.p, got, tc.want)
		}
	}
}
