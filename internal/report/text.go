package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/serbench/serbench/result"
)

// Header returns the lines that describe the run: ID, date, machine, Go.
func (rep *Report) Header() []string {
	r := rep.Run
	state := "complete"
	if !r.Complete {
		state = "INCOMPLETE"
	}
	dur := ""
	if !r.End.IsZero() {
		dur = fmt.Sprintf(" · took %s", r.End.Sub(r.Start).Round(100*time.Millisecond))
	}
	return []string{
		fmt.Sprintf("serbench run %s · %s · %s%s", r.ID, r.Start.UTC().Format("2006-01-02 15:04:05 UTC"), state, dur),
		machineLine(r),
		rep.samplingLine(),
	}
}

// machineLine is the machine, Go and serbench of run r, "AMD EPYC · 2
// cores · linux/amd64 · go1.26.8 · GOMAXPROCS 2 · serbench v1.0.0", and
// machineOf the machine alone, "AMD EPYC · 2 cores · GOMAXPROCS 2", as
// history and the HTML list of runs name it. The parts r does not record
// (an imported run has only some) are left out.
func machineLine(r *result.Run) string {
	if s := envParts(r, "%s", "cpu", "%s cores", "cores", "%s", "platform", "%s", "go", "GOMAXPROCS %s", "gomaxprocs", "serbench %s", "serbench"); s != "" {
		return s
	}
	return "machine not recorded"
}

func machineOf(r *result.Run) string {
	return envParts(r, "%s", "cpu", "%s cores", "cores", "GOMAXPROCS %s", "gomaxprocs")
}

// envParts joins with " · " the environment values of r, each formatted
// with the format before its key, that r records; the key "platform" is
// goos/goarch.
func envParts(r *result.Run, formatsAndKeys ...string) string {
	var parts []string
	for i := 0; i+1 < len(formatsAndKeys); i += 2 {
		v := r.EnvValue(formatsAndKeys[i+1])
		if formatsAndKeys[i+1] == "platform" {
			if os, arch := r.EnvValue("goos"), r.EnvValue("goarch"); os != "" || arch != "" {
				v = os + "/" + arch
			}
		}
		if v != "" {
			parts = append(parts, fmt.Sprintf(formatsAndKeys[i], v))
		}
	}
	return strings.Join(parts, " · ")
}

// samplingLine says how the run sampled: samples per cell and their
// length, the forks they were split among, the forks for precision, and
// what the intervals are.
func (rep *Report) samplingLine() string {
	r := rep.Run
	forks := r.EnvValue("forks")
	if forks == "" {
		// Runs before worker processes, and imported ones.
		if r.EnvValue("count") == "" && r.EnvValue("sample-time") == "" {
			return "samples as recorded in the imported file; times are medians with 95% confidence intervals" + rep.targetNote()
		}
		return fmt.Sprintf("%s samples per cell of ~%s each; times are medians with 95%% confidence intervals%s", r.EnvValue("count"), r.EnvValue("sample-time"), rep.targetNote())
	}
	procs := "worker processes"
	if forks == "1" {
		procs = "worker process"
	}
	if r.EnvValue("isolation") == "none" {
		// --isolation none and bench.Run: every fork set up again in the
		// measuring process itself.
		procs = "set-ups in one process (isolation none)"
		if forks == "1" {
			procs = "set-up in one process (isolation none)"
		}
	}
	line := fmt.Sprintf("%s samples per cell of ~%s in %s %s", r.EnvValue("count"), r.EnvValue("sample-time"), forks, procs)
	if r.EnvValue("ci-target") != "" {
		line += ", then forks for precision"
		if b := r.EnvValue("budget"); b != "" {
			line += " within a " + b + " budget"
		}
	}
	over := "processes"
	if r.EnvValue("isolation") == "none" {
		over = "set-ups"
	}
	return line + "; medians with 95% intervals over " + over + " and samples" + rep.targetNote()
}

// targetNote is "; precision target ±3%" when cells of the report have a
// precision target, else "".
func (rep *Report) targetNote() string {
	p := rep.precision()
	if p == nil {
		return ""
	}
	plural := ""
	if len(p.Targets) > 1 {
		plural = "s"
	}
	return fmt.Sprintf("; precision target%s %s", plural, p.targetsText())
}

// precision merges the Precision of every workload; nil when no cell has
// a target.
func (rep *Report) precision() *Precision {
	var out *Precision
	for _, wl := range rep.Workloads {
		p := wl.Precision
		if p == nil {
			continue
		}
		if out == nil {
			out = &Precision{}
		}
		for _, t := range p.Targets {
			if !slices.Contains(out.Targets, t) {
				out.Targets = append(out.Targets, t)
			}
		}
		out.Cells += p.Cells
		out.Met += p.Met
		out.Budget += p.Budget
		out.Noise += p.Noise
		out.Unstated += p.Unstated
		out.Missed = append(out.Missed, p.Missed...)
	}
	if out != nil {
		slices.Sort(out.Targets)
	}
	return out
}

// Table writes rep as aligned plain-text tables, one per workload.
func Table(w io.Writer, rep *Report) error {
	var b strings.Builder
	tw := textHeader(&b, rep.Header())
	writeSummary(&b, tw, rep, 0)
	for _, wl := range rep.Workloads {
		writeWorkload(tw, FormatText, wl, nil)
	}
	tw.warnings(rep.Warnings)
	b.WriteString(rep.legend())
	_, err := io.WriteString(w, b.String())
	return err
}

const legend = `
check: ok = every value round-trips exactly; lossy = only declared losses seen;
FAIL = undeclared data loss or a changed input (see the note above); error/timeout/crash/memory/unsupported = not timed.
Times are per operation on one value, medians with 95% intervals that cover the variation between
worker processes (forks) as well as within one; bytes is the mean encoded size; vs best compares
encode+decode medians with the fastest exact row.
` + legendLikeForLike + legendRank + legendGC

// legendLikeForLike explains the order of rows, the row markers and what
// MB/s is measured against, in every renderer.
const legendLikeForLike = `Like for like: every plain row takes your Go value in and gives it back; code-generated codecs
are shown as +convert, with the conversion between your type and the generated one timed. A row
marked [gen-types] (shown with --variants) stops at the library's generated types: its time leaves
that conversion out. [aliases input]: decoded values changed when their input bytes were overwritten.
Exact rows are ranked first; lossy and FAIL rows follow, unranked, vs the fastest exact row.
MB/s: each codec's own encoded bytes per second (mean encoded size / median time), so a verbose
format scores more MB/s for the same work; compare times across formats, not MB/s.
`

// legendRank explains tiers, "~" and the digits of ratios, in every
// renderer.
const legendRank = `tier: rows are ranked fastest first; a row starts a new tier when it is significantly slower
than the first row of the current tier (p ≤ 0.05: Mann-Whitney U test of the samples, or Welch's
t-test of the fork medians when forks differ, with the fork variances moderated by the run's in a
run of 30 cells or more whose forks differ), so a tier's rows are within noise of its first.
~ before a ratio: not significantly different from the row above, whose order is not established.
Ratios have only the digits their interval supports: they are rounded where the uncertainty of
the ratio begins (2 to 4 significant digits; at most 2 at ±10% or wider, at most 3 at ±1% or wider).
`

// legendGC explains the GC columns.
const legendGC = `GC/1k: garbage collections per 1,000 operations; GC%: the collector's CPU time as a percentage
of the samples' wall time (it runs on several cores, so it can pass 100%); - = not recorded.
`

// legendPrecision explains the precision line of runs with a target.
const legendPrecision = `precision: a cell met its target when the half-width of its interval is within it; a cell
that missed says why: (budget) the run's time budget ran out first (a larger --budget helps),
(noise) more samples and forks stopped narrowing it (quiet the machine); (missed) no reason recorded.
`

const legendFloor = `floor: the median time per operation of a reference codec that does nothing: the harness's
own overhead (timed loop, interface calls), which every time above includes; never ranked.
`

const legendBandwidth = `Tables with references (check ref): a reference is a bandwidth limit measured in the same run
(for example read: one read-only pass over the data in memory; memcpy: a copy of it). MB/s = the
raw bytes / median time per operation (of a reference: its own bytes); % REF = the reference's
median time / the row's; size = the file or encoded size; B/op and allocs/op: Go heap
allocations per operation. References are never ranked and never FAIL.
`

// legend is the explanation at the end of the text tables, with lines on
// the floor and the bandwidth tables when the report has them.
func (rep *Report) legend() string {
	s := legend
	var floor, bandwidth bool
	for _, wl := range rep.Workloads {
		floor = floor || len(wl.Floors) > 0
		bandwidth = bandwidth || wl.Bandwidth != nil && len(wl.Bandwidth.Refs) > 0
	}
	if floor {
		s += legendFloor
	}
	if bandwidth {
		s += legendBandwidth
	}
	if rep.precision() != nil {
		s += legendPrecision
	}
	return s
}

// Markdown writes rep as compact Markdown tables.
func Markdown(w io.Writer, rep *Report) error {
	var b strings.Builder
	h := rep.Header()
	fmt.Fprintf(&b, "## serbench run %s\n\n", rep.Run.ID)
	for _, l := range h {
		b.WriteString("- " + mdEscape(l) + "\n")
	}
	mw := &mdWriter{b: &b, level: "###"}
	mw.summary(rep)
	for _, wl := range rep.Workloads {
		writeWorkload(mw, FormatMarkdown, wl, nil)
	}
	mw.warnings(rep.Warnings)
	mdLegendText := legendRank + legendGC
	if rep.precision() != nil {
		mdLegendText += legendPrecision
	}
	b.WriteString("\n" + mdEscape(strings.TrimSpace(mdLegendText)) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

var mdEscaper = strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", ">", "&gt;", "[", `\[`, "]", `\]`)

func mdEscape(s string) string { return mdEscaper.Replace(s) }
