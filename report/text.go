package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/serbench/serbench/internal/format"
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
// cores · linux/amd64 · go1.26.8 · GOMAXPROCS 2 · serbench v1.0.0", with
// the parts r does not record (an imported run has only some) left out.
func machineLine(r *result.Run) string {
	var parts []string
	add := func(format, key string) {
		if v := r.EnvValue(key); v != "" {
			parts = append(parts, fmt.Sprintf(format, v))
		}
	}
	add("%s", "cpu")
	add("%s cores", "cores")
	if os, arch := r.EnvValue("goos"), r.EnvValue("goarch"); os != "" || arch != "" {
		parts = append(parts, os+"/"+arch)
	}
	add("%s", "go")
	add("GOMAXPROCS %s", "gomaxprocs")
	add("serbench %s", "serbench")
	if len(parts) == 0 {
		return "machine not recorded"
	}
	return strings.Join(parts, " · ")
}

// machineOf is the machine of run r as history and the HTML list of runs
// name it: CPU, cores and GOMAXPROCS, without the parts r does not record.
func machineOf(r *result.Run) string {
	var parts []string
	if v := r.EnvValue("cpu"); v != "" {
		parts = append(parts, v)
	}
	if v := r.EnvValue("cores"); v != "" {
		parts = append(parts, v+" cores")
	}
	if v := r.EnvValue("gomaxprocs"); v != "" {
		parts = append(parts, "GOMAXPROCS "+v)
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
	line := fmt.Sprintf("%s samples per cell of ~%s in %s %s", r.EnvValue("count"), r.EnvValue("sample-time"), forks, procs)
	if r.EnvValue("ci-target") != "" {
		line += ", then forks for precision"
		if b := r.EnvValue("budget"); b != "" {
			line += " within a " + b + " budget"
		}
	}
	return line + "; medians with 95% intervals over processes and samples" + rep.targetNote()
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
	for _, l := range rep.Header() {
		b.WriteString(l + "\n")
	}
	for _, wl := range rep.Workloads {
		fmt.Fprintf(&b, "\nworkload %s\n", wl.Name)
		if wl.Generic() {
			tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "tier\tcodec\tformat\tencode\t±\tdecode\t±\tops/s e/d\tbytes\tallocs e/d\tB/op e/d\tMB/s e/d\tGC/1k e/d\tGC% e/d\tvs best\tcheck\t")
			for _, r := range wl.Rows {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s/%s\t%s\t%s/%s\t%s/%s\t%s/%s\t%s/%s\t%s/%s\t%s\t%s\t\n",
					r.Rank.TierText(), r.Label(), r.Codec.Format,
					format.Ns(r.Encode.NsOp.Center), wl.CI(r.Encode),
					format.Ns(r.Decode.NsOp.Center), wl.CI(r.Decode),
					format.Rate(1e9/r.Encode.NsOp.Center), format.Rate(1e9/r.Decode.NsOp.Center),
					format.Count(r.Verify.MeanSize),
					format.Count(r.Encode.Allocs.Center), format.Count(r.Decode.Allocs.Center),
					format.Count(r.Encode.BOp.Center), format.Count(r.Decode.BOp.Center),
					format.Count(r.Encode.MBps), format.Count(r.Decode.MBps),
					r.Encode.GC.Per1kText(), r.Decode.GC.Per1kText(),
					r.Encode.GC.ShareText(), r.Decode.GC.ShareText(),
					r.VsBest("x"), r.Mark())
			}
			tw.Flush()
		}
		if wl.Bandwidth != nil {
			bandwidthTable(&b, wl)
		}
		if f := wl.FloorLine(); f != "" {
			b.WriteString("  " + f + "\n")
		}
		if p := wl.Precision; p != nil {
			b.WriteString("  precision: " + p.Line() + "\n")
		}
		for _, n := range wl.Notes() {
			b.WriteString("  " + n + "\n")
		}
		accessTable(&b, wl)
		sizeTable(&b, wl)
		scalingTable(&b, wl)
	}
	if len(rep.Warnings) > 0 {
		b.WriteString("\nwarnings:\n")
		for _, wn := range rep.Warnings {
			b.WriteString("  " + wn + "\n")
		}
	}
	b.WriteString(rep.legend())
	_, err := io.WriteString(w, b.String())
	return err
}

// bandwidthTable writes the Bandwidth table of wl: the references, the
// timed cells fastest first and the cells that were not timed, each with
// its time, its throughput of the raw data and its percentage of every
// reference.
func bandwidthTable(b *strings.Builder, wl *Workload) {
	bw := wl.Bandwidth
	if d := description(wl); d != "" {
		b.WriteString("  " + d + "\n")
	}
	b.WriteString("  " + bw.Intro() + "\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "tier\tname\t"
	if bw.MultiOp {
		head += "op\t"
	}
	head += "role\ttime\t±\tMB/s\t±\t"
	for _, h := range bw.RefHeads() {
		head += h + "\t"
	}
	fmt.Fprintln(tw, head+"size\tB/op\tallocs/op\tGC/1k\tGC%\tn\tcheck\t")
	for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
		for _, r := range rows {
			tier := ""
			if r.Rank.Tier > 0 {
				tier = r.Rank.TierText()
			}
			line := tier + "\t" + r.Name() + "\t"
			if bw.MultiOp {
				line += r.OpName() + "\t"
			}
			line += r.Row.Reference + "\t"
			if r.Op == nil {
				line += "-\t\t-\t\t"
				for range bw.Refs {
					line += "-\t"
				}
				line += fmt.Sprintf("%s\t-\t-\t-\t-\t%d\t%s\t", format.Bytes(r.Size()), r.Samples(), r.Mark())
			} else {
				line += fmt.Sprintf("%s\t%s\t%s\t%s\t", format.Ns(r.Op.NsOp.Center), wl.CI(r.Op), format.Sig3(r.MBps.Center), format.CI(r.MBps))
				for i := range r.Percent {
					line += r.percentText(i) + "\t"
				}
				line += fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%d\t%s\t", format.Bytes(r.Size()), format.Bytes(r.Op.BOp.Center), format.Count(r.Op.Allocs.Center),
					r.Op.GC.Per1kText(), r.Op.GC.ShareText(), r.Samples(), r.Mark())
			}
			fmt.Fprintln(tw, line)
		}
	}
	tw.Flush()
}

// percentText formats the i-th percentage of r with the digits its
// interval supports (format.Ratio), "~" in front when r is tied with the
// row above; "-" when there is none. A reference's percentage of itself
// is exactly "100%".
func (r *BandwidthRow) percentText(i int) string {
	p := r.Percent[i]
	if math.IsNaN(p) || math.IsInf(p, 0) {
		return "-"
	}
	if r.PercentHW[i] == 0 && p == 100 {
		return "100%"
	}
	return ratioText(p, r.PercentHW[i], "%", r.Rank.Tied())
}

// accessTable writes the access operation of the zero-copy codecs of wl,
// if any: the time to read the workload's access fields from the encoded
// bytes, and how many times faster that is than the full decode.
func accessTable(b *strings.Builder, wl *Workload) {
	rows := wl.AccessRows()
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "\n  access (read %s from the encoded bytes without a full decode)\n", accessFields(wl))
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  tier\tcodec\taccess\t±\tops/s\tallocs\tdecode\tdecode/access\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.AccessRank.TierText(), r.Label(),
			format.Ns(r.Access.NsOp.Center), wl.CI(r.Access), format.Rate(1e9/r.Access.NsOp.Center),
			format.Count(r.Access.Allocs.Center), format.Ns(r.Decode.NsOp.Center), r.decodePerAccess("x"))
	}
	tw.Flush()
}

// sizeTable writes the compressed sizes of the codecs of wl and the time
// zstd takes to compress one of their messages.
func sizeTable(b *strings.Builder, wl *Workload) {
	rows := wl.SizeRows()
	if len(rows) == 0 {
		return
	}
	b.WriteString("\n  compressed size (mean bytes of one message compressed alone; zstd time per message)\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  codec\tbytes\tzstd\tgzip\ts2\tlz4\tzstd time\t±\tcheck\t")
	for _, r := range rows {
		c := r.Verify.Compressed
		zt, zci := "-", ""
		if r.Zstd != nil {
			zt, zci = format.Ns(r.Zstd.NsOp.Center), wl.CI(r.Zstd)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Label(), format.Count(r.Verify.MeanSize),
			format.Count(c["zstd"]), format.Count(c["gzip"]), format.Count(c["s2"]), format.Count(c["lz4"]), zt, zci, r.Mark())
	}
	tw.Flush()
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
t-test of the fork medians when forks differ), so a tier's rows are within noise of its first.
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
	for _, wl := range rep.Workloads {
		fmt.Fprintf(&b, "\n### %s\n\n", mdEscape(wl.Name))
		if wl.Generic() {
			b.WriteString("| tier | codec | encode | decode | bytes | allocs e/d | GC/1k e/d | GC% e/d | vs best | check |\n")
			b.WriteString("|--:|:--|--:|--:|--:|--:|--:|--:|--:|:--|\n")
			for _, r := range wl.Rows {
				fmt.Fprintf(&b, "| %s | %s | %s %s | %s %s | %s | %s/%s | %s/%s | %s/%s | %s | %s |\n",
					r.Rank.TierText(), mdEscape(r.Label()),
					format.Ns(r.Encode.NsOp.Center), wl.CI(r.Encode),
					format.Ns(r.Decode.NsOp.Center), wl.CI(r.Decode),
					format.Count(r.Verify.MeanSize),
					format.Count(r.Encode.Allocs.Center), format.Count(r.Decode.Allocs.Center),
					r.Encode.GC.Per1kText(), r.Decode.GC.Per1kText(),
					r.Encode.GC.ShareText(), r.Decode.GC.ShareText(),
					r.VsBest("x"), r.Mark())
			}
		}
		if wl.Bandwidth != nil {
			if wl.Generic() {
				b.WriteString("\n")
			}
			mdBandwidth(&b, wl, false)
		}
		if f := wl.FloorLine(); f != "" {
			b.WriteString("\n" + mdEscape(f) + "\n")
		}
		if p := wl.Precision; p != nil {
			b.WriteString("\nPrecision: " + mdEscape(p.Line()) + ".\n")
		}
		if notes := wl.Notes(); len(notes) > 0 {
			b.WriteString("\n")
			for _, n := range notes {
				b.WriteString("- " + mdEscape(n) + "\n")
			}
		}
		if rows := wl.SizeRows(); len(rows) > 0 {
			b.WriteString("\nCompressed size: mean bytes of one message compressed alone.\n\n")
			b.WriteString("| codec | bytes | zstd | gzip | s2 | lz4 | zstd time |\n|:--|--:|--:|--:|--:|--:|--:|\n")
			for _, r := range rows {
				c := r.Verify.Compressed
				zt := "-"
				if r.Zstd != nil {
					zt = format.Ns(r.Zstd.NsOp.Center) + " " + wl.CI(r.Zstd)
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", mdEscape(r.Label()), format.Count(r.Verify.MeanSize),
					format.Count(c["zstd"]), format.Count(c["gzip"]), format.Count(c["s2"]), format.Count(c["lz4"]), zt)
			}
		}
		if rows := wl.AccessRows(); len(rows) > 0 {
			fmt.Fprintf(&b, "\nAccess: read %s from the encoded bytes without a full decode.\n\n", accessFields(wl))
			b.WriteString("| tier | codec | access | decode | decode/access |\n|--:|:--|--:|--:|--:|\n")
			for _, r := range rows {
				fmt.Fprintf(&b, "| %s | %s | %s %s | %s | %s |\n", r.AccessRank.TierText(), mdEscape(r.Label()),
					format.Ns(r.Access.NsOp.Center), wl.CI(r.Access), format.Ns(r.Decode.NsOp.Center), r.decodePerAccess("x"))
			}
		}
	}
	if len(rep.Warnings) > 0 {
		b.WriteString("\n**Warnings**\n\n")
		for _, wn := range rep.Warnings {
			b.WriteString("- " + mdEscape(wn) + "\n")
		}
	}
	mdLegendText := legendRank + legendGC
	if rep.precision() != nil {
		mdLegendText += legendPrecision
	}
	b.WriteString("\n" + mdEscape(strings.TrimSpace(mdLegendText)) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// mdBandwidth writes the Bandwidth table of wl in Markdown: all columns,
// or, compact, name, time, MB/s, the percentages and check.
func mdBandwidth(b *strings.Builder, wl *Workload, compact bool) {
	bw := wl.Bandwidth
	intro := bw.Intro()
	if d := description(wl); d != "" {
		intro = d + ". " + strings.ToUpper(intro[:1]) + intro[1:]
	} else {
		intro = strings.ToUpper(intro[:1]) + intro[1:]
	}
	b.WriteString(mdEscape(intro) + ".\n\n")
	head, align := "| tier | name |", "|--:|:--|"
	if bw.MultiOp {
		head, align = head+" op |", align+":--|"
	}
	head, align = head+" role | time | MB/s |", align+":--|--:|--:|"
	for _, h := range bw.RefHeads() {
		head, align = head+" "+mdEscape(h)+" |", align+"--:|"
	}
	if !compact {
		head, align = head+" size | allocs/op | GC/1k | GC% | n |", align+"--:|--:|--:|--:|--:|"
	}
	b.WriteString(head + " check |\n" + align + ":--|\n")
	for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
		for _, r := range rows {
			tier := ""
			if r.Rank.Tier > 0 {
				tier = r.Rank.TierText()
			}
			line := "| " + tier + " | " + mdEscape(r.Name()) + " |"
			if bw.MultiOp {
				line += " " + mdEscape(r.OpName()) + " |"
			}
			line += " " + mdEscape(r.Row.Reference) + " |"
			allocs, gc1k, gcShare := "–", "–", "–"
			if r.Op == nil {
				line += " – | – |"
				for range bw.Refs {
					line += " – |"
				}
			} else {
				line += fmt.Sprintf(" %s %s | %s %s |", format.Ns(r.Op.NsOp.Center), wl.CI(r.Op), format.Sig3(r.MBps.Center), format.CI(r.MBps))
				for i := range r.Percent {
					line += " " + mdEscape(r.percentText(i)) + " |"
				}
				allocs, gc1k, gcShare = format.Count(r.Op.Allocs.Center), r.Op.GC.Per1kText(), r.Op.GC.ShareText()
			}
			if !compact {
				size := "–"
				if s := r.Size(); finiteNum(s) {
					size = format.Bytes(s)
				}
				line += fmt.Sprintf(" %s | %s | %s | %s | %d |", size, allocs, gc1k, gcShare, r.Samples())
			}
			mark := r.Mark()
			if compact {
				mark = mdMark(mark)
			} else {
				mark = mdEscape(mark)
			}
			b.WriteString(line + " " + mark + " |\n")
		}
	}
}

var mdEscaper = strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", ">", "&gt;", "[", `\[`, "]", `\]`)

func mdEscape(s string) string { return mdEscaper.Replace(s) }
