package report

import (
	"sort"

	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// ScalingRow is the parallel throughput of one codec and operation on
// 1..N goroutines (serbench run --parallel).
type ScalingRow struct {
	Codec  string
	Op     string
	Points []ScalePoint
}

// ScalePoint is the throughput on G goroutines.
type ScalePoint struct {
	G int
	// NsOp is wall time per operation over all goroutines.
	NsOp stats.Summary
	// OpsPerSec is the aggregate throughput, 1e9/median ns/op.
	OpsPerSec float64
	// Efficiency is the speed-up over one goroutine divided by G: 1 is
	// perfect scaling.
	Efficiency float64
	// Op is the summary of the cell on G goroutines.
	Op *Op
}

// scaling builds the scaling rows of one workload from the cells of run
// that ran on more than one goroutine, with their one-goroutine cells.
func scaling(run *result.Run, workload string, codecs map[string]bool, pool stats.Pool) []*ScalingRow {
	type key struct{ codec, op string }
	points := map[key][]ScalePoint{}
	parallel := map[key]bool{}
	for i := range run.Cells {
		c := &run.Cells[i]
		if c.Workload != workload || !codecs[c.Codec] || len(c.Samples) == 0 {
			continue
		}
		k := key{c.Codec, c.Op}
		op := summarize(c, pool)
		if op == nil {
			continue // failed: its samples are not shown
		}
		points[k] = append(points[k], ScalePoint{G: c.Goroutines, NsOp: op.NsOp, OpsPerSec: 1e9 / op.NsOp.Center, Op: op})
		if c.Goroutines > 1 {
			parallel[k] = true
		}
	}
	var rows []*ScalingRow
	for k := range parallel {
		ps := points[k]
		sort.Slice(ps, func(i, j int) bool { return ps[i].G < ps[j].G })
		if ps[0].G == 1 {
			for i := range ps {
				ps[i].Efficiency = ps[i].OpsPerSec / (float64(ps[i].G) * ps[0].OpsPerSec)
			}
		}
		rows = append(rows, &ScalingRow{Codec: k.codec, Op: k.op, Points: ps})
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Codec != rows[j].Codec {
			return rows[i].Codec < rows[j].Codec
		}
		return rows[i].Op > rows[j].Op // encode before decode
	})
	return rows
}

// goroutineCounts are the goroutine counts of the scaling rows of w, in
// increasing order.
func goroutineCounts(w *Workload) []int {
	var gs []int
	seen := map[int]bool{}
	for _, r := range w.Scaling {
		for _, p := range r.Points {
			if !seen[p.G] {
				seen[p.G] = true
				gs = append(gs, p.G)
			}
		}
	}
	sort.Ints(gs)
	return gs
}
