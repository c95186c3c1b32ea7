package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/result"
)

// CSV writes one line per cell, with its summary, codec metadata and
// correctness check (of the cell: a cell that failed has its status), and
// one line per codec that has no cell. The last
// columns are the cell's reference role (empty for codecs), its target
// sample time, the number of worker processes (forks) its samples came
// from, and the garbage collections and collector CPU time of all its
// samples together.
func CSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"run", "workload", "codec", "format", "module", "version", "api", "flags", "op", "goroutines",
		"status", "check", "samples", "ns_op", "ns_op_lo", "ns_op_hi", "b_op", "allocs_op", "mean_bytes", "mb_s",
		"reference", "sample_time_ns", "forks", "gc_cycles", "gc_cpu_ns"})
	f := func(v float64) string {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	for _, wl := range rep.Workloads {
		for _, r := range wl.AllRows() {
			c := r.Codec
			base := []string{rep.Run.ID, wl.Name, c.Name, c.Format, c.Module, c.Version, c.API, strings.Join(c.Flags, ",")}
			if len(r.Cells) == 0 {
				status, size := "", math.NaN()
				if r.Verify != nil {
					status, size = r.Verify.Status, r.Verify.MeanSize
				}
				cw.Write(append(base, "", "", status, r.Mark(), "0", "", "", "", "", "", f(size), "", r.Reference, "", "", "", ""))
			}
			for _, cell := range r.Cells {
				op := summarize(cell)
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
					line = append(line, "", "", "")
				} else {
					g := gcOf(cell)
					line = append(line, strconv.Itoa(g.forks), strconv.Itoa(g.cycles), strconv.FormatInt(g.cpu.Nanoseconds(), 10))
				}
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
	Encode    *jsonOp              `json:"encode,omitempty"`
	Decode    *jsonOp              `json:"decode,omitempty"`
	Access    *jsonOp              `json:"access,omitempty"`
	Zstd      *jsonOp              `json:"zstd,omitempty"`
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
	Samples []jsonSample       `json:"samples"`
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
}

func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// toJSONOp is the JSON form of cell c; bw, when not nil, is the
// Bandwidth row of the cell.
func toJSONOp(c *result.Cell, bw *BandwidthRow, refs []*BandwidthRow) *jsonOp {
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
	if op := summarize(c); op != nil {
		j.NsOp = &jsonSummary{Median: op.NsOp.Center, Lo: finite(op.NsOp.Lo), Hi: finite(op.NsOp.Hi)}
		j.BOp, j.Allocs, j.MBps = finite(op.BOp.Center), finite(op.Allocs.Center), finite(op.MBps)
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
		for _, row := range wl.AllRows() {
			jr := jsonRow{Codec: *row.Codec, Verify: row.Verify, Reference: row.Reference, Check: row.Mark()}
			if row.Relative > 0 {
				jr.Relative = finite(row.Relative)
			}
			for _, c := range row.Cells {
				op := toJSONOp(c, bwRows[c], refs)
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
