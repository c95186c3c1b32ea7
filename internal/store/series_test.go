package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/result"
)

// testRunsWithCells checks that RunsWithCells reads every run as Run
// does, with only the selected cells, their verifications, and no
// workloads, warnings or arguments.
func testRunsWithCells(t *testing.T, newDB newDB) {
	ctx := context.Background()
	d := open(t, newDB(t))
	for i, id := range []string{"r2", "r1", "r3"} {
		r := engineRun(id)
		r.Start = r.Start.Add(time.Duration(i) * time.Minute)
		r.Warnings = []string{"a warning"}
		write(t, d, r)
	}
	for _, c := range []struct {
		name string
		keep func(result.Key) bool
	}{
		{"json", func(k result.Key) bool { return k.Codec == "json" }},
		{"decode", func(k result.Key) bool { return k.Op == result.OpDecode }},
		{"all", func(result.Key) bool { return true }},
		{"none", func(result.Key) bool { return false }},
	} {
		got, err := d.RunsWithCells(ctx, c.keep)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range got {
			ids = append(ids, r.ID)
		}
		if want := []string{"r2", "r1", "r3"}; !cmp.Equal(ids, want) {
			t.Fatalf("%s: runs %q, want %q", c.name, ids, want)
		}
		for _, r := range got {
			want, err := d.Run(ctx, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			want.Args, want.Workloads, want.Warnings = nil, nil, nil
			var cells []result.Cell
			verified := map[[2]string]bool{}
			for _, cell := range want.Cells {
				if c.keep(cell.Key()) {
					cells = append(cells, cell)
					verified[[2]string{cell.Workload, cell.Codec}] = true
				}
			}
			var vs []result.Verification
			for _, v := range want.Verifications {
				if verified[[2]string{v.Workload, v.Codec}] {
					vs = append(vs, v)
				}
			}
			want.Cells, want.Verifications = cells, vs
			if diff := cmp.Diff(want, r, sortedRun); diff != "" {
				t.Errorf("%s: run %s (-Run +RunsWithCells):\n%s", c.name, r.ID, diff)
			}
		}
	}
}
