package report

import (
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/result"
)

// HTML writes one self-contained HTML page of runs: for each run its date,
// environment and, per workload, charts (encode and decode times with
// confidence intervals, encoded size, size versus speed, compressed
// sizes) and sortable tables; with several runs also the history of every
// codec across them. The page loads nothing from anywhere: styles and
// scripts are inline and charts are SVG data URIs. Plain codecs are shown
// first and a checkbox shows the variants too (opts.AllVariants checks it
// from the start). Every string from the runs is escaped.
func HTML(w io.Writer, runs []*result.Run, opts Options) error {
	return HTMLWithFidelity(w, runs, opts, nil) // fidelity.go
}

// htmlPage is the model of the HTML template.
type htmlPage struct {
	Title string
	// Subtitle is the date and state of a single run.
	Subtitle string
	Runs     []*htmlRun
	// Toggle is true when some run has variant codecs, so the plain and
	// all sets differ; ShowAll checks the toggle from the start.
	Toggle, ShowAll bool
	// Nav links the sections.
	Nav []htmlLink
	// History holds the charts across runs (several runs only).
	History []*htmlChartSet
}

type htmlLink struct{ Href, Text string }

type htmlRun struct {
	ID, Anchor string
	Date       string
	State      string
	Duration   string
	Command    string
	Env        []result.Config
	Machine    string
	Go         string
	Commit     string
	Workloads  []*htmlSection
	Warnings   []htmlWarnings
	// Fidelity is the run's fidelity matrix section (fidelity.go), or "".
	Fidelity template.HTML
}

// htmlSection is one workload of a run: its tables and charts for plain
// codecs only (class "set-plain") and with the variants ("set-all"), or
// one set with no class when the runs have no variants.
type htmlSection struct {
	Name, Anchor string
	Sets         []*htmlWorkload
}

type htmlWarnings struct {
	Class    string
	Warnings []string
}

type htmlChartSet struct {
	Class  string
	Charts []htmlChart
}

type htmlChart struct {
	ID, Title string
	Src       template.URL
	// Width and Height are the image's size in CSS pixels.
	Width, Height int
}

type htmlWorkload struct {
	Class string
	// Generic is true when the workload has the encode/decode table
	// (Workload.Generic).
	Generic bool
	Charts  []htmlChart
	Rows    []htmlRow
	// Bandwidth is the table of a workload with bandwidth references.
	Bandwidth *htmlBandwidth
	// Floor is the workload's floor line (Workload.FloorLine).
	Floor        string
	Notes        []string
	Sizes        []htmlSizeRow
	Access       []htmlAccessRow
	AccessFields string
	ScalingHead  []string
	Scaling      []htmlScalingRow
	// Precision is the workload's precision line (Precision.Line), or "".
	Precision string
	// Tables are the tables of the sections that the template has no
	// markup of its own for (htmlBuiltIn), after the others.
	Tables []*htmlTable
}

// htmlTable is a table of a section as the section gives it: a heading,
// its caption and the columns HTML shows.
type htmlTable struct {
	Title, Caption string
	Head           []htmlHead
	Rows           [][]htmlCell
}

type htmlHead struct {
	Text string
	Left bool
}

// htmlCell is a cell of an htmlTable: a value, aligned left in a column
// of names.
type htmlCell struct {
	htmlVal
	Left bool
}

// htmlVal is a table cell: text, an optional small note (the interval)
// and the sort key (empty: sorts last).
type htmlVal struct {
	Text, Small, Key string
}

type htmlRow struct {
	Tier                               htmlVal
	Codec, Library, Format, API, Flags string
	Mark, MarkClass                    string
	Failed                             bool
	Vals                               []htmlVal
}

// htmlBandwidth is the model of a Bandwidth table.
type htmlBandwidth struct {
	Intro   string
	MultiOp bool
	// RefHeads are the headings of the percentage columns.
	RefHeads []string
	Rows     []htmlBandwidthRow
}

type htmlBandwidthRow struct {
	Tier            htmlVal
	Name, Op, Role  string
	Mark, MarkClass string
	Failed          bool
	Vals            []htmlVal
}

type htmlSizeRow struct {
	Codec, Mark, MarkClass string
	Vals                   []htmlVal
}

type htmlAccessRow struct {
	Tier  htmlVal
	Codec string
	Vals  []htmlVal
}

type htmlScalingRow struct {
	Codec, Op string
	Vals      []htmlVal
}

// num is the sort key of v, or "" when v is not a finite number.
func num(v float64) string {
	if !finiteNum(v) {
		return ""
	}
	// Six significant digits, without an exponent.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func nsVal(op *Op) htmlVal {
	if op == nil {
		return htmlVal{Text: "–"}
	}
	return htmlVal{Text: format.Ns(op.NsOp.Center), Small: format.CI(op.NsOp), Key: num(op.NsOp.Center)}
}

// nsValOf is nsVal with the interval as the tables of w show it (with
// the precision target, if any: Workload.CI).
func nsValOf(w *Workload, op *Op) htmlVal {
	v := nsVal(op)
	if op != nil {
		v.Small = w.CI(op)
	}
	return v
}

// tierVal is the tier of a rank, empty when not ranked.
func tierVal(k Rank) htmlVal {
	if k.Tier == 0 {
		return htmlVal{}
	}
	return htmlVal{Text: k.TierText(), Key: num(float64(k.Tier))}
}

// gcVal is a GC figure v shown as text ("-" when unknown).
func gcVal(v float64, text string) htmlVal {
	if text == "-" {
		return htmlVal{Text: "–"}
	}
	return htmlVal{Text: text, Key: num(v)}
}

func pairVal(a, b float64, f func(float64) string) htmlVal {
	return htmlVal{Text: f(a) + " / " + f(b), Key: num(a + b)}
}

func dataURI(svg []byte) template.URL {
	return template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))
}

var svgWH = regexp.MustCompile(`<svg width="([0-9.]+)pt" height="([0-9.]+)pt"`)

// svgSize reads the width and height in points of a vgsvg image and
// returns them in CSS pixels.
func svgSize(svg []byte) (w, h int) {
	m := svgWH.FindSubmatch(svg)
	if m == nil {
		return 0, 0
	}
	wp, _ := strconv.ParseFloat(string(m[1]), 64)
	hp, _ := strconv.ParseFloat(string(m[2]), 64)
	return int(wp*4/3 + 0.5), int(hp*4/3 + 0.5)
}

func toHTMLCharts(cs []Chart, idPrefix string) []htmlChart {
	var out []htmlChart
	for _, c := range cs {
		w, h := svgSize(c.SVG)
		out = append(out, htmlChart{ID: idPrefix + c.Name, Title: c.Title, Src: dataURI(c.SVG), Width: w, Height: h})
	}
	return out
}

func hasVariants(reps []*Report) bool {
	for _, rep := range reps {
		for _, wl := range rep.Workloads {
			if wl.Hidden > 0 {
				return true
			}
		}
	}
	return false
}

func buildPage(runs []*result.Run, opts Options) (*htmlPage, error) {
	page := &htmlPage{ShowAll: opts.AllVariants}
	var plain []*Report
	for _, r := range runs {
		plain = append(plain, Build(r, Options{}))
	}
	page.Toggle = hasVariants(plain)
	if len(runs) == 1 {
		page.Title = "serbench run " + runs[0].ID
	} else {
		page.Title = fmt.Sprintf("serbench: %d runs", len(runs))
	}
	for i, r := range runs {
		hr := &htmlRun{
			ID: r.ID, Anchor: fmt.Sprintf("run-%d", i+1), Date: r.Start.UTC().Format("2006-01-02 15:04:05 UTC"),
			State: "complete", Command: r.Command, Env: r.Env,
			Machine: machineOf(r),
			Go:      r.EnvValue("go"), Commit: r.EnvValue("commit"),
		}
		if !r.Complete {
			hr.State = "INCOMPLETE"
		}
		if !r.End.IsZero() {
			hr.Duration = r.End.Sub(r.Start).Round(100 * time.Millisecond).String()
		}
		sets := []*Report{plain[i]}
		classes := []string{""}
		if page.Toggle {
			sets = append(sets, Build(r, Options{AllVariants: true}))
			classes = []string{"set-plain", "set-all"}
		}
		for k, rep := range sets {
			prefix := fmt.Sprintf("r%d-", i+1)
			if classes[k] != "" {
				prefix += strings.TrimPrefix(classes[k], "set-") + "-"
			}
			for j, wl := range rep.Workloads {
				if k == 0 {
					hr.Workloads = append(hr.Workloads, &htmlSection{Name: wl.Name, Anchor: fmt.Sprintf("r%d-%s", i+1, fileSafe(wl.Name))})
				}
				hw, err := buildWorkload(wl, classes[k], prefix)
				if err != nil {
					return nil, err
				}
				if j < len(hr.Workloads) && hr.Workloads[j].Name == wl.Name {
					hr.Workloads[j].Sets = append(hr.Workloads[j].Sets, hw)
				}
			}
			if len(rep.Warnings) > 0 {
				hr.Warnings = append(hr.Warnings, htmlWarnings{Class: classes[k], Warnings: rep.Warnings})
			}
		}
		page.Runs = append(page.Runs, hr)
	}
	if len(runs) == 1 {
		hr := page.Runs[0]
		page.Subtitle = hr.Date + " · " + hr.State
		if hr.Duration != "" {
			page.Subtitle += " · took " + hr.Duration
		}
		for _, wl := range hr.Workloads {
			page.Nav = append(page.Nav, htmlLink{Href: "#" + wl.Anchor, Text: wl.Name})
		}
		page.Nav = append(page.Nav, htmlLink{Href: "#" + hr.Anchor + "-env", Text: "environment"})
	} else {
		for _, hr := range page.Runs {
			page.Nav = append(page.Nav, htmlLink{Href: "#" + hr.Anchor, Text: hr.ID})
		}
		series, err := History(runs, HistoryFilter{})
		if err != nil {
			return nil, err
		}
		plainCodec := map[string]bool{}
		for _, r := range runs {
			for _, c := range r.Codecs {
				if c.Plain() {
					plainCodec[c.Name] = true
				}
			}
		}
		keepPlain := func(codec string) bool { return plainCodec[codec] }
		classes := []string{""}
		if page.Toggle {
			classes = []string{"set-plain", "set-all"}
		}
		for _, class := range classes {
			keep := keepPlain
			if class == "set-all" {
				keep = nil
			}
			cs, err := HistoryCharts(series, keep)
			if err != nil {
				return nil, err
			}
			prefix := "h-"
			if class != "" {
				prefix += strings.TrimPrefix(class, "set-") + "-"
			}
			page.History = append(page.History, &htmlChartSet{Class: class, Charts: toHTMLCharts(cs, prefix)})
		}
		page.Nav = append(page.Nav, htmlLink{Href: "#history", Text: "history"})
	}
	return page, nil
}

// buildWorkload is the model of one workload's tables and charts; chart
// ids start with prefix.
func buildWorkload(wl *Workload, class, prefix string) (*htmlWorkload, error) {
	hw := &htmlWorkload{Class: class, Generic: wl.Generic(), Floor: wl.FloorLine(), Notes: wl.Notes(), AccessFields: accessFields(wl)}
	for i, n := range hw.Notes {
		hw.Notes[i] = strings.Replace(n, "show them with --variants all", "show them with the checkbox at the top", 1)
	}
	cs, err := ChartsOf(wl, "")
	if err != nil {
		return nil, err
	}
	hw.Charts = toHTMLCharts(cs, prefix)
	for _, rows := range [][]*Row{wl.Rows, wl.Failed} {
		for _, r := range rows {
			hw.Rows = append(hw.Rows, htmlMainRow(wl, r))
		}
	}
	if wl.Precision != nil {
		hw.Precision = wl.Precision.Line()
	}
	if wl.Bandwidth != nil {
		hw.Bandwidth = htmlBandwidthOf(wl)
	}
	for _, r := range wl.SizeRows() {
		c := r.Verify.Compressed
		sr := htmlSizeRow{Codec: r.Label(), Mark: r.Mark(), MarkClass: markKind(r.Mark())}
		sr.Vals = append(sr.Vals, htmlVal{Text: format.Count(r.Verify.MeanSize), Key: num(r.Verify.MeanSize)})
		for _, a := range compressionAlgos {
			v, ok := c[a]
			if !ok {
				sr.Vals = append(sr.Vals, htmlVal{Text: "–"})
				continue
			}
			sr.Vals = append(sr.Vals, htmlVal{Text: format.Count(v), Small: pct(v, r.Verify.MeanSize), Key: num(v)})
		}
		sr.Vals = append(sr.Vals, nsValOf(wl, r.Zstd))
		hw.Sizes = append(hw.Sizes, sr)
	}
	for _, r := range wl.AccessRows() {
		ratio := r.Decode.NsOp.Center / r.Access.NsOp.Center
		hw.Access = append(hw.Access, htmlAccessRow{Tier: tierVal(r.AccessRank), Codec: r.Label(), Vals: []htmlVal{
			nsValOf(wl, r.Access),
			{Text: format.Rate(1e9 / r.Access.NsOp.Center), Key: num(1e9 / r.Access.NsOp.Center)},
			{Text: format.Count(r.Access.Allocs.Center), Key: num(r.Access.Allocs.Center)},
			nsValOf(wl, r.Decode),
			{Text: r.decodePerAccess("×"), Key: num(ratio)},
		}})
	}
	hw.ScalingHead, hw.Scaling = htmlScaling(wl)
	for _, s := range wl.Sections {
		if s.Table != nil && !htmlBuiltIn(s.Kind) {
			hw.Tables = append(hw.Tables, htmlTableOf(s.Table))
		}
	}
	return hw, nil
}

// htmlBuiltIn reports whether the template shows sections of kind k with
// markup of its own; buildWorkload shows the tables of other kinds with
// htmlTableOf, so that a new kind of section appears in HTML too.
func htmlBuiltIn(k SectionKind) bool {
	switch k {
	case SectionTimeCharts, SectionMain, SectionBandwidth, SectionFloor, SectionPrecision, SectionNotes,
		SectionSizeCharts, SectionSizes, SectionAccess, SectionScaling:
		return true
	}
	return false
}

// htmlTableOf is the model of table t with the columns HTML shows: a
// value, its interval in small type and its sort key; "–" for none.
func htmlTableOf(t *SectionTable) *htmlTable {
	ht := &htmlTable{Title: capitalize(t.Title)}
	switch {
	case t.Caption != "":
		ht.Caption = capitalize(t.Caption) + "."
	case t.Intro != "" && t.Description != "":
		ht.Caption = t.Description + "; " + t.Intro
	case t.Intro != "":
		ht.Caption = capitalize(t.Intro) + "."
	}
	for _, c := range t.Cols {
		if shows(c.In, FormatHTML) {
			ht.Head = append(ht.Head, htmlHead{Text: c.Head, Left: c.Left})
		}
	}
	for _, r := range t.Rows {
		if !shows(r.In, FormatHTML) {
			continue
		}
		var vals []htmlCell
		for i, c := range t.Cols {
			if !shows(c.In, FormatHTML) {
				continue
			}
			x := r.Cells[i]
			v := htmlCell{htmlVal{Text: x.V, Key: x.Key}, c.Left}
			switch {
			case x.None:
				v.htmlVal = htmlVal{Text: "–"}
			case c.CI:
				v.Small = x.CI
			}
			vals = append(vals, v)
		}
		ht.Rows = append(ht.Rows, vals)
	}
	return ht
}

// htmlBandwidthOf is the model of wl's Bandwidth table: per row time,
// MB/s, the percentages of the references, size, B/op, allocs/op and
// samples.
func htmlBandwidthOf(wl *Workload) *htmlBandwidth {
	bw := wl.Bandwidth
	intro := bw.Intro()
	if d := description(wl); d != "" {
		intro = d + "; " + intro
	}
	hb := &htmlBandwidth{Intro: intro, MultiOp: bw.MultiOp, RefHeads: bw.RefHeads()}
	dash := htmlVal{Text: "–"}
	for _, rows := range [][]*BandwidthRow{bw.Refs, bw.Rows, bw.Failed} {
		for _, r := range rows {
			hr := htmlBandwidthRow{Tier: tierVal(r.Rank), Name: r.Name(), Op: r.OpName(), Role: r.Row.Reference, Mark: r.Mark(), MarkClass: markKind(r.Mark()), Failed: r.Op == nil}
			size := dash
			if s := r.Size(); finiteNum(s) {
				size = htmlVal{Text: format.Bytes(s), Key: num(s)}
			}
			n := htmlVal{Text: strconv.Itoa(r.Samples()), Key: num(float64(r.Samples()))}
			if r.Op == nil {
				hr.Vals = append(hr.Vals, dash, dash)
				for range bw.Refs {
					hr.Vals = append(hr.Vals, dash)
				}
				hr.Vals = append(hr.Vals, size, dash, dash, dash, dash, n)
			} else {
				hr.Vals = append(hr.Vals, nsValOf(wl, r.Op),
					htmlVal{Text: format.Sig3(r.MBps.Center), Small: format.CI(r.MBps), Key: num(r.MBps.Center)})
				for i, p := range r.Percent {
					hr.Vals = append(hr.Vals, htmlVal{Text: r.percentText(i), Key: num(p)})
				}
				hr.Vals = append(hr.Vals, size,
					htmlVal{Text: format.Bytes(r.Op.BOp.Center), Key: num(r.Op.BOp.Center)},
					htmlVal{Text: format.Count(r.Op.Allocs.Center), Key: num(r.Op.Allocs.Center)},
					gcVal(r.Op.GC.Per1k, r.Op.GC.Per1kText()), gcVal(r.Op.GC.Share, r.Op.GC.ShareText()), n)
			}
			hb.Rows = append(hb.Rows, hr)
		}
	}
	return hb
}

// pct is v as a percentage of the raw size.
func pct(v, raw float64) string {
	if !(raw > 0) {
		return ""
	}
	return fmt.Sprintf("%.0f%%", 100*v/raw)
}

func htmlMainRow(wl *Workload, r *Row) htmlRow {
	c := r.Codec
	flags := slices.Clone(c.Flags)
	if r.Verify != nil {
		for _, f := range r.Verify.Flags {
			if !slices.Contains(flags, f) {
				flags = append(flags, f+" (found)")
			}
		}
	}
	hr := htmlRow{Tier: tierVal(r.Rank), Codec: r.Label(), Format: c.Format, API: c.API, Flags: strings.Join(flags, ", "), Mark: r.Mark(), MarkClass: markKind(r.Mark())}
	hr.Library = c.Module
	if c.Version != "" {
		hr.Library += " " + c.Version
	}
	if r.Encode == nil || r.Decode == nil || r.Verify.Failed() {
		hr.Failed = true
		hr.Vals = []htmlVal{nsValOf(wl, r.Encode), nsValOf(wl, r.Decode), {Text: "–"}, {Text: "–"}, {Text: "–"}, {Text: "–"}, {Text: "–"}, {Text: "–"}, {Text: "–"}}
		if r.Verify.MeanSize > 0 {
			hr.Vals[2] = htmlVal{Text: format.Count(r.Verify.MeanSize), Key: num(r.Verify.MeanSize)}
		}
		return hr
	}
	gc1k, gcShare := htmlVal{Text: "–"}, htmlVal{Text: "–"}
	if e, d := r.Encode.GC, r.Decode.GC; e.Known || d.Known {
		gc1k = htmlVal{Text: e.Per1kText() + " / " + d.Per1kText(), Key: num(e.Per1k + d.Per1k)}
		gcShare = htmlVal{Text: e.ShareText() + " / " + d.ShareText(), Key: num(e.Share + d.Share)}
	}
	hr.Vals = []htmlVal{
		nsValOf(wl, r.Encode), nsValOf(wl, r.Decode),
		{Text: format.Count(r.Verify.MeanSize), Key: num(r.Verify.MeanSize)},
		pairVal(r.Encode.Allocs.Center, r.Decode.Allocs.Center, format.Count),
		pairVal(r.Encode.BOp.Center, r.Decode.BOp.Center, format.Count),
		pairVal(r.Encode.MBps, r.Decode.MBps, format.Count),
		gc1k, gcShare,
		{Text: r.VsBest("×"), Key: num(r.Relative)},
	}
	return hr
}

// htmlScaling is the parallel throughput table of wl: a column per
// goroutine count, with efficiency.
func htmlScaling(wl *Workload) ([]string, []htmlScalingRow) {
	if len(wl.Scaling) == 0 {
		return nil, nil
	}
	gs := goroutineCounts(wl)
	var head []string
	for _, g := range gs {
		head = append(head, fmt.Sprintf("×%d", g))
		if g > 1 {
			head = append(head, fmt.Sprintf("efficiency ×%d", g))
		}
	}
	var rows []htmlScalingRow
	for _, r := range wl.Scaling {
		sr := htmlScalingRow{Codec: r.Codec, Op: r.Op}
		byG := map[int]ScalePoint{}
		for _, p := range r.Points {
			byG[p.G] = p
		}
		for _, g := range gs {
			p, ok := byG[g]
			if ok {
				sr.Vals = append(sr.Vals, htmlVal{Text: format.Rate(p.OpsPerSec), Small: wl.CI(p.Op), Key: num(p.OpsPerSec)})
			} else {
				sr.Vals = append(sr.Vals, htmlVal{Text: "–"})
			}
			if g > 1 {
				if ok && p.Efficiency > 0 {
					sr.Vals = append(sr.Vals, htmlVal{Text: fmt.Sprintf("%.0f%%", 100*p.Efficiency), Key: num(p.Efficiency)})
				} else {
					sr.Vals = append(sr.Vals, htmlVal{Text: "–"})
				}
			}
		}
		rows = append(rows, sr)
	}
	return head, rows
}

// pageHTML is the template of the HTML report (html/template: every value
// is escaped for its context). Styles and scripts are inline so that the
// page works from a file, offline.
//
// The first script records script errors in the attribute data-js-errors
// of the html element; the last one makes tables sortable, switches the
// variant codecs on and off, counts the charts that were drawn
// (data-charts-ok of data-charts-total) and, when the page is opened with
// #selftest, exercises sorting and the toggle and writes the outcome to
// data-selftest. Tests read these attributes from a headless browser.
//
//go:embed page.html.tmpl
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))
