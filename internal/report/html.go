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
	return HTMLWithMatrices(w, runs, opts, Matrices{}) // fidelity.go
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
	// Dashboard holds the sections of a history dashboard
	// (DashboardHTML), which has no Runs.
	Dashboard []*htmlSection
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
	// Robust is the run's decoder robustness matrix section (robust.go),
	// or "".
	Robust template.HTML
	// Interop is the run's cross-library interoperability matrices
	// section (interop.go), or "".
	Interop template.HTML
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
	// Key names the numbered points (Chart.Key), or is "".
	Key string
	Src template.URL
	// Width and Height are the image's size in CSS pixels.
	Width, Height int
}

// htmlWorkload is one set of a workload's sections as HTML shows them
// (FormatHTML): blocks of charts, tables, lines and notes.
type htmlWorkload struct {
	Class  string
	Blocks []*htmlBlock
}

// htmlBlock is a block of a workload: exactly one of Charts, Table,
// Notes and Text is set. Consecutive chart sections share one block.
type htmlBlock struct {
	Charts []htmlChart
	Table  *htmlTable
	Notes  []string
	// Text is a line, with a class that names its section ("floor").
	Class, Text string
}

// htmlTable is a SectionTable with the columns and rows HTML shows.
type htmlTable struct {
	Title, Caption string
	// Class names the table's section ("codecs"), for styles, scripts
	// and tests.
	Class string
	Head  []htmlHead
	Rows  []htmlRow
}

type htmlHead struct {
	Text string
	Left bool
}

type htmlRow struct {
	Failed bool
	Cells  []htmlCell
}

// htmlCell is a cell of an htmlTable: its text, left aligned in a column
// of names (Minor: muted); or a correctness mark of class Mark
// (markKind); or a number with its sort key (empty: sorts last) and a
// small note (the interval).
type htmlCell struct {
	Text, Small, Key string
	// Href links a left-aligned cell (a run's page), or is "".
	Href        string
	Left, Minor bool
	Mark        string
}

// htmlClass names the sections that styles, scripts and tests look for;
// the tables and lines of other kinds have no class.
var htmlClass = map[SectionKind]string{SectionMain: "codecs", SectionBandwidth: "bandwidth", SectionFloor: "floor", SectionPrecision: "precision"}

// num is the sort key of v, or "" when v is not a finite number.
func num(v float64) string {
	if !finiteNum(v) {
		return ""
	}
	// Six significant digits, without an exponent.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	return strconv.FormatFloat(r, 'f', -1, 64)
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

// htmlChartOf is chart c as an image whose id is idPrefix + c.Name.
func htmlChartOf(c Chart, idPrefix string) htmlChart {
	w, h := svgSize(c.SVG)
	return htmlChart{ID: idPrefix + c.Name, Title: c.Title, Key: c.Key, Src: dataURI(c.SVG), Width: w, Height: h}
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
		// The sections are made with the first set; the other set adds
		// its content to the section of the same anchor.
		for k, rep := range sets {
			prefix := fmt.Sprintf("r%d-", i+1)
			if classes[k] != "" {
				prefix += strings.TrimPrefix(classes[k], "set-") + "-"
			}
			// The summary comes first; every set has one when the
			// plain set has (the variants only add options to it).
			summary := findSection(hr.Workloads, fmt.Sprintf("r%d-summary", i+1))
			if tables := rep.SummaryTables(); len(tables) > 0 && (k == 0 || summary != nil) {
				if k == 0 {
					summary = &htmlSection{Name: "What to pick", Anchor: fmt.Sprintf("r%d-summary", i+1)}
					hr.Workloads = append(hr.Workloads, summary)
				}
				hw := &htmlWorkload{Class: classes[k]}
				sw := &htmlWriter{hw: hw, prefix: prefix}
				sw.line("", capitalize(summaryIntro))
				for _, t := range tables {
					sw.table(t)
				}
				summary.Sets = append(summary.Sets, hw)
			}
			// A family of workloads gets a section of its own before its
			// members: one table of every member and codec.
			names := make([]string, len(rep.Workloads))
			for j, wl := range rep.Workloads {
				names[j] = wl.Name
			}
			fam := familyOf(names)
			var members []*Workload
			for j, wl := range rep.Workloads {
				if f := fam[wl.Name]; f != "" && (j == 0 || fam[rep.Workloads[j-1].Name] != f) {
					members = members[:0]
					for _, m := range rep.Workloads[j:] {
						if fam[m.Name] == f {
							members = append(members, m)
						}
					}
					anchor := fmt.Sprintf("r%d-%s-family", i+1, fileSafe(f))
					sec := findSection(hr.Workloads, anchor)
					if sec == nil && k == 0 {
						sec = &htmlSection{Name: f + "-*", Anchor: anchor}
						hr.Workloads = append(hr.Workloads, sec)
					}
					if sec != nil {
						hw := &htmlWorkload{Class: classes[k]}
						sw := &htmlWriter{hw: hw, prefix: prefix}
						t, notes := familyTable(f, members)
						t.HTMLTitle = fmt.Sprintf("%d workloads, one row per workload and codec", len(members))
						sw.table(t)
						sw.list(notes)
						sec.Sets = append(sec.Sets, hw)
					}
				}
				anchor := fmt.Sprintf("r%d-%s", i+1, fileSafe(wl.Name))
				if k == 0 {
					hr.Workloads = append(hr.Workloads, &htmlSection{Name: wl.Name, Anchor: anchor})
				}
				hw, err := buildWorkload(wl, classes[k], prefix)
				if err != nil {
					return nil, err
				}
				if sec := findSection(hr.Workloads, anchor); sec != nil {
					sec.Sets = append(sec.Sets, hw)
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
		// A family of workloads (familyOf) is one link, to its own
		// section ("bsontypes-*"), not one per member.
		var names []string
		for _, wl := range hr.Workloads {
			names = append(names, wl.Name)
		}
		fam := familyOf(names)
		for _, wl := range hr.Workloads {
			if f := fam[wl.Name]; f != "" && wl.Name != f+"-*" {
				continue
			}
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
			set := &htmlChartSet{Class: class}
			for _, c := range cs {
				set.Charts = append(set.Charts, htmlChartOf(c, prefix))
			}
			page.History = append(page.History, set)
		}
		page.Nav = append(page.Nav, htmlLink{Href: "#history", Text: "history"})
	}
	return page, nil
}

// buildWorkload is the model of one workload's sections; chart ids
// start with prefix.
func buildWorkload(wl *Workload, class, prefix string) (*htmlWorkload, error) {
	chartOf, err := chartFinder(wl, "")
	if err != nil {
		return nil, err
	}
	hw := &htmlWorkload{Class: class}
	writeWorkload(&htmlWriter{hw: hw, prefix: prefix}, FormatHTML, wl, chartOf)
	return hw, nil
}

// htmlWriter writes the sections of a workload as the blocks of hw.
type htmlWriter struct {
	hw *htmlWorkload
	// prefix starts the ids of charts.
	prefix string
	// kind is the kind of the section being written.
	kind SectionKind
}

func (w *htmlWriter) add(b *htmlBlock) { w.hw.Blocks = append(w.hw.Blocks, b) }

func (*htmlWriter) workload(string) {}

func (w *htmlWriter) section(k SectionKind) { w.kind = k }

// table adds t with the columns and rows HTML shows: a heading and a
// caption (HTMLTitle and HTMLCaption, else Title and Caption, else
// "Description; Intro" or the Intro alone), and cells with their sort
// keys, intervals and notes.
func (w *htmlWriter) table(t *SectionTable) {
	ht := &htmlTable{Title: capitalize(t.Title), Class: htmlClass[w.kind]}
	if t.HTMLClass != "" {
		ht.Class = t.HTMLClass
	}
	switch {
	case t.HTMLCaption != "":
		ht.Caption = t.HTMLCaption
	case t.Caption != "":
		ht.Caption = capitalize(t.Caption) + "."
	case t.Description != "":
		ht.Caption = t.Description + "; " + t.Intro
	default:
		ht.Caption = t.Intro
	}
	if t.HTMLTitle != "" {
		ht.Title = t.HTMLTitle
	}
	for _, c := range t.Cols {
		if shows(c.In, FormatHTML) {
			ht.Head = append(ht.Head, htmlHead{Text: c.Head, Left: c.Left || c.Check})
		}
	}
	for _, r := range t.Rows {
		if !shows(r.In, FormatHTML) {
			continue
		}
		hr := htmlRow{Failed: r.Failed}
		for i, c := range t.Cols {
			if shows(c.In, FormatHTML) {
				hr.Cells = append(hr.Cells, htmlCellOf(c, r.Cells[i]))
			}
		}
		ht.Rows = append(ht.Rows, hr)
	}
	w.add(&htmlBlock{Table: ht})
}

// htmlCellOf is cell x of column c as HTML shows it; "–" for none.
func htmlCellOf(c Column, x Cell) htmlCell {
	text := x.V
	if x.HTML != "" {
		text = x.HTML
	}
	switch {
	case x.None:
		return htmlCell{Text: "–", Left: c.Left || c.Check}
	case c.Check:
		return htmlCell{Text: text, Left: true, Mark: markKind(text)}
	case c.Left:
		return htmlCell{Text: text, Left: true, Minor: c.Minor}
	}
	small := x.CI
	if x.Note != "" {
		small = strings.TrimSpace(small + " " + x.Note)
	}
	return htmlCell{Text: text, Small: small, Key: x.Key}
}

// line adds a line: "Label: text." with a label, else the text.
func (w *htmlWriter) line(label, text string) {
	if label != "" {
		text = capitalize(label) + ": " + text + "."
	}
	w.add(&htmlBlock{Class: htmlClass[w.kind], Text: text})
}

// list adds notes, which point to the page's checkbox rather than to
// the flag that shows the variants.
func (w *htmlWriter) list(lines []string) {
	notes := slices.Clone(lines)
	for i, n := range notes {
		notes[i] = strings.Replace(n, "show them with --variants all", "show them with the checkbox at the top", 1)
	}
	w.add(&htmlBlock{Notes: notes})
}

func (w *htmlWriter) chart(c Chart) {
	if n := len(w.hw.Blocks); n > 0 && w.hw.Blocks[n-1].Charts != nil {
		b := w.hw.Blocks[n-1]
		b.Charts = append(b.Charts, htmlChartOf(c, w.prefix))
		return
	}
	w.add(&htmlBlock{Charts: []htmlChart{htmlChartOf(c, w.prefix)}})
}

func (*htmlWriter) endWorkload() {}

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

// findSection returns the section of ss with anchor, or nil.
func findSection(ss []*htmlSection, anchor string) *htmlSection {
	for _, s := range ss {
		if s.Anchor == anchor {
			return s
		}
	}
	return nil
}
