package result

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// BenchName returns the Go benchmark name of a cell:
// "BenchmarkEncode/workload=person/codec=json" (Decode, Access and Zstd for
// the other operations), with "/goroutines=N" added for parallel cells.
func BenchName(c *Cell) string {
	op := c.Op
	if op != "" {
		op = strings.ToUpper(op[:1]) + op[1:]
	}
	name := fmt.Sprintf("Benchmark%s/workload=%s/codec=%s", op, c.Workload, c.Codec)
	if c.Goroutines > 1 {
		name += fmt.Sprintf("/goroutines=%d", c.Goroutines)
	}
	return name
}

// configKey makes s usable as a benchmark-format configuration key.
func configKey(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == ':' || r == '\t' {
			return '-'
		}
		return r
	}, s)
}

// WriteGoBench writes every sample of run in the Go benchmark text format,
// one line per sample (as go test -count does), preceded by the run's
// environment as configuration lines. benchstat reads it as it is.
func WriteGoBench(w io.Writer, run *Run) error {
	bw := benchfmt.NewWriter(w)
	var cfg []benchfmt.Config
	add := func(k, v string) {
		if v == "" {
			return
		}
		cfg = append(cfg, benchfmt.Config{Key: configKey(k), Value: []byte(strings.ReplaceAll(v, "\n", " ")), File: true})
	}
	add("serbench-run", run.ID)
	for _, c := range run.Env {
		add(c.Key, c.Value)
	}
	// Correctness marks travel with the numbers: every codec whose round
	// trip was not exact gets a configuration line saying why.
	for _, v := range run.Verifications {
		if v.Status == VerifyExact {
			continue
		}
		detail := v.Error
		switch v.Status {
		case VerifyLossy:
			detail = "declared loss seen: " + strings.Join(v.Observed, ", ")
		case VerifyMismatch:
			detail = fmt.Sprintf("UNDECLARED LOSS in %d of %d values", v.DiffValues, v.Values)
			if len(v.Diffs) > 0 {
				detail += "; " + v.Diffs[0]
			}
		}
		add("check-"+v.Workload+"-"+v.Codec, v.Status+": "+detail)
	}
	// go test appends -GOMAXPROCS to names when it is not 1; so do we,
	// so that serbench's lines and go test's compare in benchstat. A
	// gomaxprocs that is not a number (an imported file's configuration
	// line) is not appended: ReadGoBench would take it for part of the
	// name.
	procs := ""
	if n, err := strconv.Atoi(run.EnvValue("gomaxprocs")); err == nil && n > 1 {
		procs = "-" + strconv.Itoa(n)
	}
	for i := range run.Cells {
		c := &run.Cells[i]
		for _, s := range c.Samples {
			res := &benchfmt.Result{
				Config: cfg,
				Name:   benchfmt.Name(strings.TrimPrefix(BenchName(c), "Benchmark") + procs),
				Iters:  s.Iters,
				Values: []benchfmt.Value{
					{Value: round6(s.NsPerOp), Unit: "ns/op"},
					{Value: round6(s.BytesPerOp), Unit: "B/op"},
					{Value: round6(s.AllocsPerOp), Unit: "allocs/op"},
				},
			}
			if c.MeanSize > 0 && s.NsPerOp > 0 {
				res.Values = append(res.Values, benchfmt.Value{Value: round6(c.MeanSize / s.NsPerOp * 1e3), Unit: "MB/s"})
			}
			if err := bw.Write(res); err != nil {
				return err
			}
		}
	}
	return nil
}

// round6 rounds v to six significant digits, more than any benchmark
// measures, so lines stay readable.
func round6(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	return r
}
