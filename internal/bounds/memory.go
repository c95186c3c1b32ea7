// Package bounds checks, before anything starts, what a command's options
// ask of this machine: that the values of the selected workloads fit in
// the memory of the process that builds them (a worker of serbench run,
// or serbench's own process), and that a sample time is long enough for
// this machine's clock. It also watches serbench's own memory while a
// command builds values in it, stopping it with a message before the Go
// runtime's out-of-memory crash.
package bounds

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/workload"
)

// Memory is the memory in which the values of the selected workloads
// must fit, in the process that builds them: a worker of serbench run
// (its --memory-limit) or serbench itself (onepass, bigfloat: the
// machine's memory). Options whose values would not fit are refused
// before anything starts (Check), with the estimated size and the
// largest value that fits, rather than ending in an out-of-memory crash
// minutes later.
type Memory struct {
	// limit is the memory available, in bytes (0: unknown, no bound).
	limit int64
	// copies is how many times a workload's Footprint the process holds
	// at its peak; runnerCopies the same for a workload with a Runner
	// (floats), whose Footprint counts its job's copies already.
	copies, runnerCopies float64
	// holder and why say who holds the copies and what they are: "a
	// worker", "(its values, the copy it verifies against, ...)";
	// runnerWhy is why for a workload with a Runner.
	holder, why, runnerWhy string
	// of names the limit: "its --memory-limit of 1GiB".
	of string
	// flag, when set, is the flag that raises the limit.
	flag string
}

// The copies of a workload's values a process holds at its peak.
const (
	// workerCopies: a worker of a codec job holds the codec's values,
	// the pristine copy it verifies against, the prepared inputs, the
	// encoded messages and, during verification, the decoded values;
	// a worker's GOMEMLIMIT is its --memory-limit, so the collector
	// keeps little garbage beyond them.
	workerCopies = 5
	// InProcessCopies: the same in serbench's own process, where the
	// collector lets the heap grow to twice what is live (GOGC=100).
	InProcessCopies = 8
	// runnerCopies: a workload with a Runner declares what its job
	// holds; half again for the collector.
	runnerCopies = 1.5
	runnerWhy    = "(what its job holds, as the workload declares it, and the collector's headroom)"
)

// Worker is the bound of a worker process of serbench run whose memory
// limit is limit bytes, limitText as given (0: none, then machine, the
// machine's memory in bytes).
func Worker(limit int64, limitText string, machine int64) Memory {
	b := Memory{limit: limit, copies: workerCopies, runnerCopies: runnerCopies, holder: "a worker",
		why:       "(the values, the copy it verifies against, the inputs, the messages and the decoded values)",
		runnerWhy: runnerWhy, of: "its --memory-limit of " + limitText, flag: "--memory-limit"}
	if limit <= 0 {
		b.limit = machine
		b.of = "this machine's " + SizeText(float64(b.limit)) + " of memory (--memory-limit is 0)"
		b.flag = ""
	}
	return b
}

// Process is the bound of serbench's own process on a machine with
// machine bytes of memory, which builds the values of a command that
// runs in it (onepass, run --isolation none), holding copies copies of
// them at its peak, as why says.
func Process(machine int64, copies float64, why string) Memory {
	return Memory{limit: machine, copies: copies, runnerCopies: 2 * runnerCopies, holder: "this process",
		why: why, runnerWhy: runnerWhy, of: "this machine's " + SizeText(float64(machine)) + " of memory"}
}

// Check refuses options opts whose values of workload w would not fit in
// b; opts must pass w.Check. The error gives the estimated size and, for
// each of the options given that shapes the values (--values, --depth,
// --precision), the largest that fits.
func (b Memory) Check(w *workload.Workload, opts workload.Options) error {
	copies, why := b.copies, b.why
	if w.Runner != "" {
		copies, why = b.runnerCopies, b.runnerWhy
	}
	need := func(o workload.Options) float64 { return copies * w.Footprint(o) }
	size := w.Footprint(opts)
	if b.limit <= 0 || size <= 0 || need(opts) <= float64(b.limit) {
		return nil
	}
	knobs := knobsOf(w, opts)
	var given, fits []string
	for _, k := range knobs {
		given = append(given, fmt.Sprintf("--%s %d", k.name, k.value))
		v, ok := largest(k.min, k.value, func(v int64) bool {
			o := k.with(opts, v)
			return w.Check(o) == nil && need(o) <= float64(b.limit)
		})
		if ok {
			fits = append(fits, fmt.Sprintf("--%s %d", k.name, roundDown(v)))
		}
	}
	amount := "about " + SizeText(size)
	if math.IsInf(size, 1) || size > math.MaxFloat64/16 {
		amount = "more than 1e+308 bytes"
	}
	what := "its values take " + amount
	if len(given) > 0 {
		what = strings.Join(given, " ") + " would build values of " + amount
	}
	msg := fmt.Sprintf("%s: %s; %s holds about %g times that at once %s, more than %s",
		w.Name, what, b.holder, copies, why, b.of)
	var alt []string
	if len(fits) > 0 {
		alt = append(alt, "at most "+strings.Join(fits, " or ")+" fits")
	}
	if b.flag != "" && !strings.HasPrefix(amount, "more") {
		alt = append(alt, fmt.Sprintf("a %s of at least %s", b.flag, SizeText(need(opts))))
	}
	if len(alt) > 0 {
		msg += ": " + strings.Join(alt, ", or ")
	}
	return errors.New(msg)
}

// BigfloatWrite is the bound of serbench bigfloat --write in encoding
// enc, on a machine with machine bytes of memory: the process holds the
// values and the whole file before it writes it, and the collector lets
// the heap grow to twice that; a text record at high precision takes
// about 2.4 times the value's mantissa (0.3 decimal digits a bit).
func BigfloatWrite(machine int64, enc string) Memory {
	if enc == "text" {
		return Process(machine, 7, "(the values, the file's text, which takes up to 2.5 times as much, and the collector's headroom)")
	}
	return Process(machine, 4, "(the values, the file's bytes and the collector's headroom)")
}

// CheckRun refuses the options of run plan p whose values would not fit
// in a worker whose memory limit is limit bytes (limitText as given; 0:
// none), or with --isolation none in serbench's own process, on a
// machine with machine bytes of memory.
func CheckRun(p *runner.Plan, isolation string, limit int64, limitText string, machine int64) error {
	b := Worker(limit, limitText, machine)
	if isolation == harness.IsolationNone {
		b = Process(machine, InProcessCopies, "(with --isolation none: the values, the copy it verifies against, the inputs, the messages, the decoded values and the collector's headroom)")
	}
	seen := map[string]bool{}
	for _, s := range p.Specs {
		if seen[s.Workload] {
			continue
		}
		seen[s.Workload] = true
		w, err := workload.Lookup(s.Workload)
		if err != nil {
			continue
		}
		if err := b.Check(w, s.Options); err != nil {
			return err
		}
	}
	return nil
}

// knob is an option given on the command line that scales a workload's
// values: --values, or a numeric param (--depth, --precision).
type knob struct {
	name       string
	value, min int64
	with       func(o workload.Options, v int64) workload.Options
}

// knobsOf returns the knobs of w that opts give.
func knobsOf(w *workload.Workload, opts workload.Options) []knob {
	var out []knob
	if opts.Count > 0 {
		out = append(out, knob{name: "values", value: int64(opts.Count), min: 1,
			with: func(o workload.Options, v int64) workload.Options { o.Count = int(v); return o }})
	}
	for _, p := range w.Params {
		s, ok := opts.Params[p.Name]
		if !ok {
			continue
		}
		var min int64
		switch p.Default.(type) {
		case int:
		case uint:
			min = 1 // 0 is the default
		default:
			continue
		}
		v, err := strconv.ParseInt(s, 0, 64)
		if err != nil || v <= min {
			continue
		}
		name := p.Name
		out = append(out, knob{name: name, value: v, min: min, with: func(o workload.Options, v int64) workload.Options {
			params := make(map[string]string, len(o.Params))
			for k, x := range o.Params {
				params[k] = x
			}
			params[name] = strconv.FormatInt(v, 10)
			o.Params = params
			return o
		}})
	}
	return out
}

// largest returns the largest v in [lo, hi] for which fits is true,
// fits being true up to some value and false above it; false when it is
// false at lo.
func largest(lo, hi int64, fits func(int64) bool) (int64, bool) {
	if !fits(lo) {
		return 0, false
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo, true
}

// roundDown rounds v down to two significant digits from 1,000 on
// (48,318,382 to 48,000,000), so that a suggestion reads easily.
func roundDown(v int64) int64 {
	if v < 1000 {
		return v
	}
	p := int64(1)
	for v/p >= 100 {
		p *= 10
	}
	return v / p * p
}

// SizeText writes a number of bytes with three significant digits in
// the largest binary unit below it: 688MiB, 11.9GiB.
func SizeText(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for b >= 1024 && i < len(units)-1 {
		b /= 1024
		i++
	}
	switch {
	case i == 0:
		return fmt.Sprintf("%.0f bytes", b)
	case b >= 100:
		return fmt.Sprintf("%.0f%s", b, units[i])
	case b >= 10:
		return fmt.Sprintf("%.1f%s", b, units[i])
	}
	return fmt.Sprintf("%.2f%s", b, units[i])
}

// PhysicalMemory reads MemTotal from /proc/meminfo (Linux): the physical
// memory of this machine in bytes; 0 elsewhere, or when unknown (then
// commands that build values in their own process are not bounded).
func PhysicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
