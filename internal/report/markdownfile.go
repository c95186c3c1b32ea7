package report

import (
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/serbench/serbench/result"
)

// MarkdownFile writes a Markdown document of runs fit for a README and
// readable on a phone: per run its date and machine, and per workload
// charts and a compact table (codec, encode, decode, bytes, check), the
// notes, compressed sizes and access times; with several runs also the
// history of every codec across them. It returns the charts, which the
// caller writes beside the document: the document links chart c as
// base + "-" + c.Name + ".svg" (base is a file name without directory,
// usually the document's name without its extension).
func MarkdownFile(w io.Writer, runs []*result.Run, opts Options, base string) ([]Chart, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("markdown report: no run")
	}
	var b strings.Builder
	var charts []Chart
	link := func(c Chart) string {
		charts = append(charts, c)
		return url.PathEscape(ChartFile(base, c))
	}
	image := func(c Chart) {
		fmt.Fprintf(&b, "![%s](%s)\n\n", mdEscape(c.Title), link(c))
	}
	if len(runs) > 1 {
		b.WriteString("# serbench: " + fmt.Sprint(len(runs)) + " runs\n\n")
		b.WriteString("| run | date | machine | go |\n|:--|:--|:--|:--|\n")
		for _, r := range runs {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdEscape(r.ID), r.Start.UTC().Format("2006-01-02 15:04"),
				mdEscape(fmt.Sprintf("%s · %s cores", r.EnvValue("cpu"), r.EnvValue("cores"))), mdEscape(r.EnvValue("go")))
		}
		b.WriteString("\n")
	}
	for _, r := range runs {
		rep := Build(r, opts)
		level := "#"
		prefix := ""
		if len(runs) > 1 {
			level = "##"
			prefix = fileSafe(r.ID) + "-"
		}
		fmt.Fprintf(&b, "%s serbench run %s\n\n", level, mdEscape(r.ID))
		for _, l := range rep.Header() {
			b.WriteString("- " + mdEscape(l) + "\n")
		}
		if c := r.EnvValue("commit"); c != "" {
			b.WriteString("- commit " + mdEscape(c) + "\n")
		}
		mw := &mdWriter{b: &b, level: level + "#", link: link}
		mw.summary(rep)
		for _, wl := range rep.Workloads {
			chartOf, err := chartFinder(wl, prefix)
			if err != nil {
				return nil, err
			}
			writeWorkload(mw, FormatCharts, wl, chartOf)
		}
		mw.warnings(rep.Warnings)
		b.WriteString("\n")
	}
	if len(runs) > 1 {
		series, err := History(runs, HistoryFilter{})
		if err != nil {
			return nil, err
		}
		var keep func(string) bool
		if !opts.AllVariants {
			plain := map[string]bool{}
			for _, r := range runs {
				for _, c := range r.Codecs {
					if c.Plain() {
						plain[c.Name] = true
					}
				}
			}
			keep = func(codec string) bool { return plain[codec] }
		}
		cs, err := HistoryCharts(series, keep)
		if err != nil {
			return nil, err
		}
		if len(cs) > 0 {
			b.WriteString("## History across these runs\n\n")
			for _, c := range cs {
				image(c)
			}
		}
	}
	b.WriteString(mdLegend)
	_, err := io.WriteString(w, b.String())
	return charts, err
}

// ChartFile is the file name of chart c of the Markdown document whose
// charts are named after base.
func ChartFile(base string, c Chart) string {
	return base + "-" + c.Name + ".svg"
}

// mdMark is a check mark with the failures in bold (and lossy, which is
// worth noticing too); ok and the mark of references are plain.
func mdMark(m string) string {
	if m == "ok" || m == MarkRef {
		return m
	}
	return "**" + mdEscape(m) + "**"
}

const mdLegend = `check: ok = every value round-trips exactly; lossy = only declared losses seen;
FAIL = undeclared data loss or a changed input (see the notes); error/timeout/crash/memory/unsupported = not
timed; ref = a reference measurement, never ranked (floor: the harness's own overhead per
operation; others: bandwidth limits, with every other row as a percentage of them).
Times are medians per operation on one value with 95% confidence intervals that cover the
variation between worker processes (forks) as well as within one; bytes is the mean encoded size.
tier: rows are ranked fastest first (encode+decode); a row starts a new tier when it is
significantly slower than the first row of the current tier (p ≤ 0.05), so a tier's rows are
within noise of its first. Ratios have only the digits their interval supports.
` + legendLikeForLike
