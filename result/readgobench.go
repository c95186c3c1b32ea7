package result

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// ReadGoBench reads Go benchmark text format (the output of go test -bench,
// of serbench run --format gobench, or of any other benchmark) into a Run
// with the given ID. Each result line becomes one sample; lines with the
// same name make one cell.
//
// Names of serbench's own shape, "Encode/workload=W/codec=C" (Decode,
// Access, Zstd; "/goroutines=N" and a "-GOMAXPROCS" suffix allowed), keep
// their workload, codec and operation. Any other benchmark "Name/sub-8"
// becomes workload "go-test", codec "Name/sub" and operation "run", which
// WriteGoBench writes as "Run/workload=go-test/codec=Name/sub": that shape
// is read back as the same cell (the codec of a "Run" name is all that
// follows "codec=").
//
// The file's configuration lines (goos, cpu, pkg, ...) become the Run's
// environment, except serbench's "check-W-C" lines, which become the
// verifications they were written from: the status and its detail (the
// per-value details of the original run are not in the file). Every cell
// without such a line gets an "exact" verification only when the file came
// from serbench (it has a serbench-run line: serbench writes a check line for
// every other status); for other files the status is "unverified" (not
// round-trip checked by serbench).
func ReadGoBench(r io.Reader, id string) (*Run, error) {
	run := &Run{ID: id, Complete: true}
	br := benchfmt.NewReader(r, "input")
	seenEnv := map[string]bool{}
	checks := map[string]string{} // "workload-codec" → "status: detail"
	cells := map[Key]*Cell{}
	var order []Key
	fromSerbench := false
	for br.Scan() {
		switch rec := br.Result(); rec := rec.(type) {
		case *benchfmt.SyntaxError:
			return nil, fmt.Errorf("%s", rec.Error())
		case *benchfmt.UnitMetadata:
			continue
		case *benchfmt.Result:
			for _, c := range rec.Config {
				if !c.File || seenEnv[c.Key] {
					continue
				}
				seenEnv[c.Key] = true
				if c.Key == "serbench-run" {
					fromSerbench = true
					continue
				}
				if rest, ok := strings.CutPrefix(c.Key, "check-"); ok {
					checks[rest] = string(c.Value)
					continue
				}
				run.Env = append(run.Env, Config{Key: c.Key, Value: string(c.Value)})
			}
			key, err := cellKey(rec.Name)
			if err != nil {
				_, line := rec.Pos()
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			c := cells[key]
			if c == nil {
				c = &Cell{Workload: key.Workload, Codec: key.Codec, Op: key.Op, Goroutines: key.Goroutines, Status: CellOK}
				cells[key] = c
				order = append(order, key)
			}
			s := Sample{Iters: rec.Iters}
			ns, ok := rec.Value("sec/op")
			if !ok {
				_, line := rec.Pos()
				return nil, fmt.Errorf("line %d: benchmark %s has no ns/op or sec/op value", line, rec.Name)
			}
			s.NsPerOp = ns * 1e9
			s.BytesPerOp, _ = rec.Value("B/op")
			s.AllocsPerOp, _ = rec.Value("allocs/op")
			if err := checkSample(s); err != nil {
				_, line := rec.Pos()
				return nil, fmt.Errorf("line %d: benchmark %s: %w", line, rec.Name, err)
			}
			if bps, ok := rec.Value("B/s"); ok && c.MeanSize == 0 {
				// Bytes per op from throughput; 0 B/s says nothing.
				size := roundSize(bps * ns)
				if !(size >= 0) || math.IsInf(size, 0) {
					_, line := rec.Pos()
					return nil, fmt.Errorf("line %d: benchmark %s: %v MB/s gives no finite size of 0 or more bytes", line, rec.Name, bps/1e6)
				}
				c.MeanSize = size
			}
			c.Samples = append(c.Samples, s)
		}
	}
	if err := br.Err(); err != nil {
		return nil, err
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("no benchmark results in the input")
	}
	if fromSerbench {
		noted := ""
		if len(checks) > 0 {
			noted = "; not exact there: " + checkCounts(checks)
		}
		run.Warnings = append(run.Warnings, fmt.Sprintf(
			"the file comes from a serbench run, whose round-trip checks it names%s; an import verifies nothing, so every imported codec is marked unverified", noted))
	}
	verified := map[[2]string]bool{}
	for _, k := range order {
		c := cells[k]
		run.Cells = append(run.Cells, *c)
		wc := [2]string{k.Workload, k.Codec}
		if verified[wc] {
			continue
		}
		verified[wc] = true
		// Whatever the file says, nothing here was verified: the
		// values are numbers in a text file (the run's own checks are
		// counted in a warning above).
		v := Verification{Workload: k.Workload, Codec: k.Codec, Status: VerifyUnverified, MeanSize: c.MeanSize}
		run.Verifications = append(run.Verifications, v)
		if run.Codec(k.Codec) == nil {
			run.Codecs = append(run.Codecs, Codec{Name: k.Codec})
		}
	}
	return run, nil
}

// roundSize rounds a size derived from MB/s to two decimals.
func roundSize(v float64) float64 { return math.Round(v*100) / 100 }

// opRun is the operation of a benchmark that is not of serbench's shape.
const opRun = "run"

// cellKey parses a benchmark name into a cell key. Serbench's shape is
// exactly what BenchName writes: the operation, "/workload=W", "/codec=C",
// then for operations other than "run" an optional "/goroutines=N" (and
// the "-GOMAXPROCS" suffix, ignored). C is everything between "codec=" and
// the goroutines part, slashes included, so that a codec named "Name/sub"
// (a foreign benchmark's) reads back as itself.
func cellKey(name benchfmt.Name) (Key, error) {
	base, parts := name.Parts()
	full := name.String()
	k := Key{Goroutines: 1}
	op := strings.ToLower(string(base))
	if n := len(parts); n > 0 && parts[n-1][0] == '-' {
		parts = parts[:n-1] // -GOMAXPROCS
	}
	switch op {
	case OpEncode, OpDecode, OpAccess, OpZstd, opRun:
		if len(parts) < 2 {
			break
		}
		w, okW := strings.CutPrefix(string(parts[0]), "/workload=")
		c, okC := strings.CutPrefix(string(parts[1]), "/codec=")
		rest := parts[2:]
		if last := len(rest) - 1; op != opRun && last >= 0 {
			if g, ok := strings.CutPrefix(string(rest[last]), "/goroutines="); ok {
				n, err := strconv.Atoi(g)
				if err != nil || n < 1 {
					return Key{}, fmt.Errorf("benchmark %s: bad goroutines %q", full, rest[last][1:])
				}
				k.Goroutines = n
				rest = rest[:last]
			}
		}
		for _, p := range rest {
			c += string(p)
		}
		if okW && okC && w != "" && c != "" {
			k.Workload, k.Codec, k.Op = w, c, op
			return k, nil
		}
	}
	codec := string(base)
	for _, part := range parts {
		codec += string(part)
	}
	if codec == "" {
		return Key{}, fmt.Errorf("benchmark %q has no name", full)
	}
	return Key{Workload: "go-test", Codec: codec, Op: opRun, Goroutines: 1}, nil
}

// checkSample refuses what no measurement gives: a time per operation
// that is not a positive, finite number, or negative or non-finite
// bytes and allocations.
func checkSample(s Sample) error {
	switch {
	case !(s.NsPerOp > 0) || math.IsInf(s.NsPerOp, 0):
		return fmt.Errorf("time per operation %v ns is not a positive, finite number", s.NsPerOp)
	case !(s.BytesPerOp >= 0) || math.IsInf(s.BytesPerOp, 0):
		return fmt.Errorf("B/op %v is not a finite number of 0 or more", s.BytesPerOp)
	case !(s.AllocsPerOp >= 0) || math.IsInf(s.AllocsPerOp, 0):
		return fmt.Errorf("allocs/op %v is not a finite number of 0 or more", s.AllocsPerOp)
	case s.Iters <= 0:
		return fmt.Errorf("%d iterations: want 1 or more", s.Iters)
	}
	return nil
}

// checkCounts counts the statuses of a file's checks: "exact 4, lossy 1".
func checkCounts(checks map[string]string) string {
	n := map[string]int{}
	for _, d := range checks {
		st, _, _ := strings.Cut(d, ": ")
		n[st]++
	}
	var keys []string
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, n[k]))
	}
	return strings.Join(parts, ", ")
}
