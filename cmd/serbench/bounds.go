package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/workload"
)

// memoryBound is the memory in which the values of the selected workloads
// must fit, in the process that builds them: a worker of serbench run
// (its --memory-limit) or serbench itself (onepass, bigfloat: the
// machine's memory). Options whose values would not fit are refused
// before anything starts (check), with the estimated size and the
// largest value that fits, rather than ending in an out-of-memory crash
// minutes later.
type memoryBound struct {
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
	// inProcessCopies: the same in serbench's own process, where the
	// collector lets the heap grow to twice what is live (GOGC=100).
	inProcessCopies = 8
	// runnerCopies: a workload with a Runner declares what its job
	// holds; half again for the collector.
	runnerCopies = 1.5
	runnerWhy    = "(what its job holds, as the workload declares it, and the collector's headroom)"
)

// workerBound is the bound of a worker process of serbench run whose
// memory limit is limit bytes (0: none, then the machine's memory).
func workerBound(limit int64, limitText string) memoryBound {
	b := memoryBound{limit: limit, copies: workerCopies, runnerCopies: runnerCopies, holder: "a worker",
		why:       "(the values, the copy it verifies against, the inputs, the messages and the decoded values)",
		runnerWhy: runnerWhy, of: "its --memory-limit of " + limitText, flag: "--memory-limit"}
	if limit <= 0 {
		b.limit = machineMemory()
		b.of = "this machine's " + sizeText(float64(b.limit)) + " of memory (--memory-limit is 0)"
		b.flag = ""
	}
	return b
}

// processBound is the bound of serbench's own process, which builds the
// values of a command that runs in it (onepass, run --isolation none),
// holding copies copies of them at its peak, as why says.
func processBound(copies float64, why string) memoryBound {
	mem := machineMemory()
	return memoryBound{limit: mem, copies: copies, runnerCopies: 2 * runnerCopies, holder: "this process",
		why: why, runnerWhy: runnerWhy, of: "this machine's " + sizeText(float64(mem)) + " of memory"}
}

// check refuses, as bad usage, options opts whose values of workload w
// would not fit in b; opts must pass w.Check. The message gives the
// estimated size and, for each of the options given that shapes the
// values (--values, --depth, --precision), the largest that fits.
func (b memoryBound) check(w *workload.Workload, opts workload.Options) error {
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
	amount := "about " + sizeText(size)
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
		alt = append(alt, fmt.Sprintf("a %s of at least %s", b.flag, sizeText(need(opts))))
	}
	if len(alt) > 0 {
		msg += ": " + strings.Join(alt, ", or ")
	}
	return usagef("%s", msg)
}

// checkRunMemory refuses, as bad usage, the options of run plan p whose
// values would not fit in a worker whose memory limit is limit bytes
// (limitText as given; 0: none), or with --isolation none in serbench's
// own process.
func checkRunMemory(p *runner.Plan, isolation string, limit int64, limitText string) error {
	b := workerBound(limit, limitText)
	if isolation == harness.IsolationNone {
		b = processBound(inProcessCopies, "(with --isolation none: the values, the copy it verifies against, the inputs, the messages, the decoded values and the collector's headroom)")
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
		if err := b.check(w, s.Options); err != nil {
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

// sizeText writes a number of bytes with three significant digits in
// the largest binary unit below it: 688MiB, 11.9GiB.
func sizeText(b float64) string {
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

// machineMemory returns the physical memory of this machine in bytes (0
// when unknown: then commands that build values in their own process
// are not bounded); tests replace it.
var machineMemory = physicalMemory

// physicalMemory reads MemTotal from /proc/meminfo (Linux); 0 elsewhere.
func physicalMemory() int64 {
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

// memoryShare is the share of the machine's memory past which a command
// that builds values in serbench's own process is stopped (watchMemory).
const memoryShare = 0.9

// watchMemory watches the memory of serbench's own process while a
// command builds and round-trips values in it (onepass, bigfloat), in case
// they take more than their bound estimated: past memoryShare of the
// machine's memory, it says so on stderr and calls exit with status 1, a
// failure at run time, before the Go runtime's own out-of-memory crash,
// whose status, 2, is that of bad usage. It also sets the runtime's soft
// memory limit there, so that the collector works harder first. stop
// ends the watch.
func watchMemory(stderr io.Writer, exit func(int)) (stop func()) {
	mem := machineMemory()
	if mem <= 0 {
		return func() {}
	}
	return watchMemoryAt(int64(memoryShare*float64(mem)), fmt.Sprintf("%.0f%% of this machine's %s of memory", 100*memoryShare, sizeText(float64(mem))), stderr, exit)
}

// watchMemoryAt is watchMemory with a limit of limit bytes, described as of.
func watchMemoryAt(limit int64, of string, stderr io.Writer, exit func(int)) (stop func()) {
	prev := debug.SetMemoryLimit(limit)
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			if used := processMemory(); used > uint64(limit) {
				fmt.Fprintf(stderr, "serbench: out of memory: this process holds %s, more than %s (the values took more than estimated); stopped\n", sizeText(float64(used)), of)
				exit(1)
				return
			}
		}
	}()
	return func() {
		once.Do(func() {
			close(done)
			debug.SetMemoryLimit(prev)
		})
	}
}

// processMemory is the memory the Go runtime holds from the system and
// has not released: its heap, stacks and the rest.
func processMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// minSampleTime is the shortest --time serbench run accepts, however
// fine the clock: before every sample the worker collects garbage, which
// leaves the caches cold, and below about a millisecond that and the
// clock's steps weigh on the time (on a 2-core amd64 machine, person's
// JSON decode measured 4.6µs at --time 1ms and 10ms, 6.8µs at 100µs,
// 33µs at 1ns).
const minSampleTime = time.Millisecond

// clockSteps is how many of its steps the clock may take in the shortest
// sample: 1,000, so that its resolution costs at most 0.1%.
const clockSteps = 1000

// shortestSample returns the shortest sample time this machine can time
// (minSampleTime, or clockSteps steps of a coarse clock) and the clock's
// resolution.
func shortestSample() (shortest, resolution time.Duration) {
	resolution = clockResolution()
	return max(minSampleTime, clockSteps*resolution), resolution
}

// clockResolution is the smallest step of the monotonic clock that
// successive readings show: over 10,000 of them, or 20ms (0 when the
// clock did not move).
func clockResolution() time.Duration {
	var step time.Duration
	start := time.Now()
	prev := start
	for i := 0; (i < 10_000 || step == 0) && prev.Sub(start) < 20*time.Millisecond; i++ {
		now := time.Now()
		if d := now.Sub(prev); d > 0 && (step == 0 || d < step) {
			step = d
		}
		prev = now
	}
	return step
}

// checkSampleTime refuses, as bad usage, a --time shorter than this
// machine can time (shortestSample).
func checkSampleTime(d time.Duration) error {
	shortest, resolution := shortestSample()
	if d >= shortest {
		return nil
	}
	if shortest > minSampleTime {
		return usagef("--time %s: too short to time; want at least %s, %d steps of this machine's clock (it resolves %s)", d, shortest, clockSteps, resolution)
	}
	return usagef("--time %s: too short to time; want at least %s (in shorter samples the collection before each sample and the clock's steps weigh on the time, which comes out several times too slow)", d, shortest)
}
