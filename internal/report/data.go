package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// CSV writes one line per cell, with its summary, codec metadata and
// correctness check (of the cell: a cell that failed has its status), and
// one line per codec that has no cell. ns_op_lo and ns_op_hi bound the
// interval over forks (Op.NsOp), made as ci_method says ("pooled" or
// "two-level"). The columns after mb_s are the cell's reference role
// (empty for codecs), its target sample time, the number of worker
// processes (forks) its samples came from, the garbage collections and
// collector CPU time of all its samples together, the collections per
// 1,000 operations and the collector's share of the wall time (a
// fraction; both empty when the samples recorded no GC), the tier of the
// ranking the cell is in (Rank.Tier: of the codec's encode+decode time for
// encode and decode cells, else of the cell's own operation; empty when
// not ranked), the precision target (relative half-width; empty without
// one), whether the interval met it, and why not (Cell.Missed).
func CSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"run", "workload", "codec", "format", "module", "version", "api", "flags", "op", "goroutines",
		"status", "check", "samples", "ns_op", "ns_op_lo", "ns_op_hi", "b_op", "allocs_op", "mean_bytes", "mb_s",
		"reference", "sample_time_ns", "forks", "gc_cycles", "gc_cpu_ns", "gc_per_1k_ops", "gc_share", "ci_method",
		"tier", "target", "met_target", "missed"})
	f := func(v float64) string {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	for _, wl := range rep.Workloads {
		ranks := wl.cellRanks()
		for _, r := range wl.AllRows() {
			c := r.Codec
			base := []string{rep.Run.ID, wl.Name, c.Name, c.Format, c.Module, c.Version, c.API, strings.Join(c.Flags, ",")}
			if len(r.Cells) == 0 {
				status, size := "", math.NaN()
				if r.Verify != nil {
					status, size = r.Verify.Status, r.Verify.MeanSize
				}
				cw.Write(append(base, "", "", status, r.Mark(), "0", "", "", "", "", "", f(size), "", r.Reference, "", "", "", "",
					"", "", "", "", "", "", ""))
			}
			for _, cell := range r.Cells {
				op := summarize(cell, rep.pool)
				line := append(base, cell.Op, strconv.Itoa(cell.Goroutines), cell.Status, cellMark(r, cell), strconv.Itoa(len(cell.Samples)))
				if op == nil {
					line = append(line, "", "", "", "", "", f(cell.MeanSize), "")
				} else {
					line = append(line, f(op.NsOp.Center), f(op.NsOp.Lo), f(op.NsOp.Hi), f(op.BOp.Center), f(op.Allocs.Center), f(cell.MeanSize), f(op.MBps))
				}
				st := ""
				if cell.SampleTime > 0 {
					st = strconv.FormatInt(cell.SampleTime.Nanoseconds(), 10)
				}
				line = append(line, cell.Reference, st)
				if len(cell.Samples) == 0 {
					line = append(line, "", "", "", "", "")
				} else {
					g := gcOf(cell)
					line = append(line, strconv.Itoa(g.forks), strconv.Itoa(g.cycles), strconv.FormatInt(g.cpu.Nanoseconds(), 10))
					gc := gcFigures(cell.Samples)
					if gc.Known {
						line = append(line, f(gc.Per1k), f(gc.Share))
					} else {
						line = append(line, "", "")
					}
				}
				method, tier, target, met := "", "", "", ""
				if op != nil {
					method = op.NsOp.Method
				}
				if k := ranks[cell]; k.Tier > 0 {
					tier = strconv.Itoa(k.Tier)
				}
				if cell.Target > 0 {
					target = f(cell.Target)
					if op != nil {
						met = strconv.FormatBool(!op.MissedTarget())
					}
				}
				line = append(line, method, tier, target, met, cell.Missed)
				cw.Write(line)
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// gcStats are the fork and garbage-collection figures of a cell's samples.
type gcStats struct {
	// forks counts the distinct worker processes (Sample.Fork > 0).
	forks int
	// cycles and cpu are the sums of GCCycles and GCCPU.
	cycles int
	cpu    time.Duration
}

func gcOf(c *result.Cell) gcStats {
	var g gcStats
	forks := map[int]bool{}
	for _, s := range c.Samples {
		if s.Fork > 0 {
			forks[s.Fork] = true
		}
		g.cycles += s.GCCycles
		g.cpu += s.GCCPU
	}
	g.forks = len(forks)
	return g
}

// jsonReport is the JSON form of a report.
type jsonReport struct {
	Run       jsonRun        `json:"run"`
	Workloads []jsonWorkload `json:"workloads"`
	Warnings  []string       `json:"warnings"`
}

type jsonRun struct {
	ID       string            `json:"id"`
	Start    time.Time         `json:"start"`
	End      *time.Time        `json:"end,omitempty"`
	Complete bool              `json:"complete"`
	Command  string            `json:"command"`
	Env      map[string]string `json:"env"`
}

type jsonWorkload struct {
	Name string `json:"name"`
	// RawBytes is the raw data size of a workload with bandwidth
	// references (Bandwidth.Raw).
	RawBytes *float64  `json:"raw_bytes,omitempty"`
	Rows     []jsonRow `json:"codecs"`
}

type jsonRow struct {
	Codec result.Codec `json:"codec"`
	// Verify is nil for bandwidth references, which have none.
	Verify    *result.Verification `json:"verification,omitempty"`
	Reference string               `json:"reference,omitempty"`
	Check     string               `json:"check"`
	Relative  *float64             `json:"relative,omitempty"`
	// RelativeHalfWidth is the relative half-width of Relative's interval
	// (Row.RelativeHW).
	RelativeHalfWidth *float64 `json:"relative_half_width,omitempty"`
	// Tier and TiedWithAbove are the row's Rank by encode+decode time;
	// absent for rows not ranked.
	Tier          *int    `json:"tier,omitempty"`
	TiedWithAbove *bool   `json:"tied_with_above,omitempty"`
	Encode        *jsonOp `json:"encode,omitempty"`
	Decode        *jsonOp `json:"decode,omitempty"`
	Access        *jsonOp `json:"access,omitempty"`
	Zstd          *jsonOp `json:"zstd,omitempty"`
	// Other holds the cells that are not one of the above on one
	// goroutine: other operations, and cells on several goroutines.
	Other []*jsonOp `json:"other,omitempty"`
}

type jsonOp struct {
	Op           string       `json:"op"`
	Goroutines   int          `json:"goroutines"`
	Status       string       `json:"status"`
	Error        string       `json:"error,omitempty"`
	Reference    string       `json:"reference,omitempty"`
	SampleTimeNs *int64       `json:"sample_time_ns,omitempty"`
	MeanBytes    float64      `json:"mean_bytes"`
	NsOp         *jsonSummary `json:"ns_op,omitempty"`
	BOp          *float64     `json:"b_op,omitempty"`
	Allocs       *float64     `json:"allocs_op,omitempty"`
	MBps         *float64     `json:"mb_s,omitempty"`
	// RawMBps and Percent are set in workloads with bandwidth references:
	// MB/s of the raw data, and the percentage of each reference (by
	// name), as Bandwidth has them.
	RawMBps *float64           `json:"raw_mb_s,omitempty"`
	Percent map[string]float64 `json:"percent_of_references,omitempty"`
	// GCPer1k and GCShare are the cell's GC figures (GC.Per1k, GC.Share
	// as a fraction); absent when its samples recorded no GC.
	GCPer1k *float64 `json:"gc_per_1k_ops,omitempty"`
	GCShare *float64 `json:"gc_share,omitempty"`
	// Tier is the cell's tier among the cells of its operation, for cells
	// ranked on their own (access, and the cells of a table with
	// bandwidth references); encode and decode cells are ranked by row.
	Tier *int `json:"tier,omitempty"`
	// Target is the cell's precision target, MetTarget whether its
	// interval met it and Missed why not (result.Cell.Missed); absent
	// without a target.
	Target    *float64     `json:"target,omitempty"`
	MetTarget *bool        `json:"met_target,omitempty"`
	Missed    string       `json:"missed,omitempty"`
	Samples   []jsonSample `json:"samples"`
}

type jsonSample struct {
	Iters       int     `json:"iters"`
	NsPerOp     float64 `json:"ns_op"`
	BytesPerOp  float64 `json:"b_op"`
	AllocsPerOp float64 `json:"allocs_op"`
	Fork        int     `json:"fork"`
	GCCycles    int     `json:"gc_cycles"`
	GCCPUNs     int64   `json:"gc_cpu_ns"`
}

type jsonSummary struct {
	Median float64  `json:"median"`
	Lo     *float64 `json:"ci_lo"`
	Hi     *float64 `json:"ci_hi"`
	// Forks and Method say how the interval was made (stats.Summary):
	// over how many worker processes, "pooled" or "two-level".
	Forks  int    `json:"forks"`
	Method string `json:"ci_method"`
}

func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// toJSONOp is the JSON form of cell c; bw, when not nil, is the
// Bandwidth row of the cell.
func toJSONOp(c *result.Cell, pool stats.Pool, bw *BandwidthRow, refs []*BandwidthRow, rank Rank) *jsonOp {
	j := &jsonOp{Op: c.Op, Goroutines: c.Goroutines, Status: c.Status, Error: c.Error, Reference: c.Reference,
		MeanBytes: c.MeanSize, Samples: []jsonSample{}}
	if c.SampleTime > 0 {
		ns := c.SampleTime.Nanoseconds()
		j.SampleTimeNs = &ns
	}
	for _, s := range c.Samples {
		j.Samples = append(j.Samples, jsonSample{Iters: s.Iters, NsPerOp: s.NsPerOp, BytesPerOp: s.BytesPerOp, AllocsPerOp: s.AllocsPerOp,
			Fork: s.Fork, GCCycles: s.GCCycles, GCCPUNs: s.GCCPU.Nanoseconds()})
	}
	op := summarize(c, pool)
	if op != nil {
		j.NsOp = &jsonSummary{Median: op.NsOp.Center, Lo: finite(op.NsOp.Lo), Hi: finite(op.NsOp.Hi), Forks: op.NsOp.Forks, Method: op.NsOp.Method}
		j.BOp, j.Allocs, j.MBps = finite(op.BOp.Center), finite(op.Allocs.Center), finite(op.MBps)
	}
	if gc := gcFigures(c.Samples); gc.Known {
		j.GCPer1k, j.GCShare = finite(gc.Per1k), finite(gc.Share)
	}
	if rank.Tier > 0 && (bw != nil || c.Op != result.OpEncode && c.Op != result.OpDecode) {
		t := rank.Tier
		j.Tier = &t
	}
	if c.Target > 0 {
		j.Target = finite(c.Target)
		j.Missed = c.Missed
		if op != nil {
			met := !op.MissedTarget()
			j.MetTarget = &met
		}
	}
	if bw != nil {
		j.RawMBps = finite(bw.MBps.Center)
		for i, ref := range refs {
			if p := finite(bw.Percent[i]); p != nil {
				if j.Percent == nil {
					j.Percent = map[string]float64{}
				}
				j.Percent[ref.Name()] = *p
			}
		}
	}
	return j
}

// JSON writes rep as one indented JSON document: the run, and per workload
// every codec, strategy and reference with its verification, summaries and
// raw samples (with the fork and garbage collections of each); errors are
// given in full.
func JSON(w io.Writer, rep *Report) error {
	out := jsonReport{Warnings: rep.Warnings}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	r := rep.Run
	out.Run = jsonRun{ID: r.ID, Start: r.Start.UTC(), Complete: r.Complete, Command: r.Command, Env: map[string]string{}}
	if !r.End.IsZero() {
		e := r.End.UTC()
		out.Run.End = &e
	}
	for _, c := range r.Env {
		out.Run.Env[c.Key] = c.Value
	}
	for _, wl := range rep.Workloads {
		jw := jsonWorkload{Name: wl.Name, Rows: []jsonRow{}}
		bwRows := map[*result.Cell]*BandwidthRow{}
		var refs []*BandwidthRow
		if bw := wl.Bandwidth; bw != nil {
			jw.RawBytes = finite(bw.Raw)
			refs = bw.Refs
			for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
				for _, b := range rows {
					if b.Cell != nil {
						bwRows[b.Cell] = b
					}
				}
			}
		}
		ranks := wl.cellRanks()
		for _, row := range wl.AllRows() {
			jr := jsonRow{Codec: *row.Codec, Verify: row.Verify, Reference: row.Reference, Check: row.Mark()}
			if row.Relative > 0 {
				jr.Relative = finite(row.Relative)
				jr.RelativeHalfWidth = finite(row.RelativeHW)
			}
			if row.Rank.Tier > 0 {
				t, tied := row.Rank.Tier, row.Rank.Tied()
				jr.Tier, jr.TiedWithAbove = &t, &tied
			}
			for _, c := range row.Cells {
				op := toJSONOp(c, row.pool, bwRows[c], refs, ranks[c])
				slot := map[string]**jsonOp{result.OpEncode: &jr.Encode, result.OpDecode: &jr.Decode, result.OpAccess: &jr.Access, result.OpZstd: &jr.Zstd}[c.Op]
				if c.Goroutines == 1 && slot != nil && *slot == nil {
					*slot = op
				} else {
					jr.Other = append(jr.Other, op)
				}
			}
			jw.Rows = append(jw.Rows, jr)
		}
		out.Workloads = append(out.Workloads, jw)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// cellRanks maps each ranked cell of w to its Rank: the encode and decode
// cells of Rows to their row's, access cells to AccessRank, and the timed
// cells of a Bandwidth table to theirs.
func (w *Workload) cellRanks() map[*result.Cell]Rank {
	out := map[*result.Cell]Rank{}
	for _, r := range w.Rows {
		for _, op := range []*Op{r.Encode, r.Decode} {
			if op != nil && r.Rank.Tier > 0 {
				out[op.Cell] = r.Rank
			}
		}
		if r.Access != nil && r.AccessRank.Tier > 0 {
			out[r.Access.Cell] = r.AccessRank
		}
	}
	if bw := w.Bandwidth; bw != nil {
		for _, b := range bw.Rows {
			if b.Rank.Tier > 0 {
				out[b.Cell] = b.Rank
			}
		}
	}
	return out
}
