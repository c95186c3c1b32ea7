package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/floats"
	"github.com/serbench/serbench/result"
)

// CSV writes one line per measured cell, with its summary, codec metadata
// and correctness check.
func CSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"run", "workload", "codec", "format", "module", "version", "api", "flags", "op", "goroutines",
		"status", "check", "samples", "ns_op", "ns_op_lo", "ns_op_hi", "b_op", "allocs_op", "mean_bytes", "mb_s"})
	f := func(v float64) string {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	for _, wl := range rep.Workloads {
		for _, rows := range [][]*Row{wl.Rows, wl.Failed} {
			for _, r := range rows {
				c := r.Codec
				base := []string{rep.Run.ID, wl.Name, c.Name, c.Format, c.Module, c.Version, c.API, strings.Join(c.Flags, ",")}
				if len(r.Cells) == 0 {
					cw.Write(append(base, "", "", r.Verify.Status, r.Mark(), "0", "", "", "", "", "", f(r.Verify.MeanSize), ""))
				}
				for _, cell := range r.Cells {
					op := summarize(cell)
					line := append(base, cell.Op, strconv.Itoa(cell.Goroutines), cell.Status, r.Mark(), strconv.Itoa(len(cell.Samples)))
					if op == nil {
						line = append(line, "", "", "", "", "", f(cell.MeanSize), "")
					} else {
						line = append(line, f(op.NsOp.Center), f(op.NsOp.Lo), f(op.NsOp.Hi), f(op.BOp.Center), f(op.Allocs.Center), f(cell.MeanSize), f(op.MBps))
					}
					cw.Write(line)
				}
			}
		}
	}
	// floats: one line per strategy cell (decode only) and per strategy
	// that was not timed.
	timed := map[string]bool{}
	for i := range rep.Run.Cells {
		c := &rep.Run.Cells[i]
		if c.Workload != floats.Workload || len(c.Samples) == 0 {
			continue
		}
		timed[c.Codec] = true
		op := summarize(c)
		check := "ok"
		if v := rep.Run.Verification(c.Workload, c.Codec); v != nil && v.Status != result.VerifyExact {
			check = v.Status
		}
		cw.Write([]string{rep.Run.ID, c.Workload, c.Codec, "", "", "", "", "", c.Op, strconv.Itoa(c.Goroutines), c.Status, check,
			strconv.Itoa(len(c.Samples)), f(op.NsOp.Center), f(op.NsOp.Lo), f(op.NsOp.Hi), f(op.BOp.Center), f(op.Allocs.Center), f(c.MeanSize), f(op.MBps)})
	}
	for _, v := range rep.Run.Verifications {
		if v.Workload == floats.Workload && !timed[v.Codec] {
			cw.Write([]string{rep.Run.ID, v.Workload, v.Codec, "", "", "", "", "", "", "", v.Status, v.Status, "0", "", "", "", "", "", f(v.MeanSize), ""})
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonReport is the JSON form of a report.
type jsonReport struct {
	Run       jsonRun        `json:"run"`
	Workloads []jsonWorkload `json:"workloads"`
	Floats    *jsonFloats    `json:"floats,omitempty"`
	Warnings  []string       `json:"warnings"`
}

// jsonFloats holds the floats workload's raw records (strategies and the
// physical-limit cells), which have no encode operation.
type jsonFloats struct {
	Cells         []result.Cell         `json:"cells"`
	Verifications []result.Verification `json:"verifications"`
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
	Name string    `json:"name"`
	Rows []jsonRow `json:"codecs"`
}

type jsonRow struct {
	Codec    result.Codec        `json:"codec"`
	Verify   result.Verification `json:"verification"`
	Check    string              `json:"check"`
	Relative *float64            `json:"relative,omitempty"`
	Encode   *jsonOp             `json:"encode,omitempty"`
	Decode   *jsonOp             `json:"decode,omitempty"`
	Access   *jsonOp             `json:"access,omitempty"`
	Zstd     *jsonOp             `json:"zstd,omitempty"`
}

type jsonOp struct {
	Status  string          `json:"status"`
	Error   string          `json:"error,omitempty"`
	NsOp    jsonSummary     `json:"ns_op"`
	BOp     float64         `json:"b_op"`
	Allocs  float64         `json:"allocs_op"`
	MBps    float64         `json:"mb_s"`
	Samples []result.Sample `json:"samples"`
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

func toJSONOp(op *Op) *jsonOp {
	if op == nil {
		return nil
	}
	return &jsonOp{
		Status: op.Cell.Status, Error: op.Cell.Error,
		NsOp: jsonSummary{Median: op.NsOp.Center, Lo: finite(op.NsOp.Lo), Hi: finite(op.NsOp.Hi)},
		BOp:  op.BOp.Center, Allocs: op.Allocs.Center, MBps: op.MBps, Samples: op.Cell.Samples,
	}
}

// JSON writes rep as one indented JSON document: the run, and per workload
// every codec with its verification, summaries and raw samples.
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
		for _, rows := range [][]*Row{wl.Rows, wl.Failed} {
			for _, row := range rows {
				jr := jsonRow{Codec: *row.Codec, Verify: *row.Verify, Check: row.Mark(), Encode: toJSONOp(row.Encode), Decode: toJSONOp(row.Decode), Access: toJSONOp(row.Access), Zstd: toJSONOp(row.Zstd)}
				if row.Relative > 0 {
					jr.Relative = finite(row.Relative)
				}
				jw.Rows = append(jw.Rows, jr)
			}
		}
		out.Workloads = append(out.Workloads, jw)
	}
	if rep.Floats {
		out.Floats = &jsonFloats{}
		for _, c := range r.Cells {
			if c.Workload == floats.Workload {
				out.Floats.Cells = append(out.Floats.Cells, c)
			}
		}
		for _, v := range r.Verifications {
			if v.Workload == floats.Workload {
				out.Floats.Verifications = append(out.Floats.Verifications, v)
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
