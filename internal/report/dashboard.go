package report

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/report/internal/svgplot"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/internal/trend"
	"github.com/serbench/serbench/result"
)

// The history dashboard (serbench report over many runs, or --history):
// per workload and operation, a trend chart of every codec across the
// runs with its intervals as bands, a table of each codec's latest value
// and its change since a baseline run (significance as serbench compare
// judges it: stats.CompareForks, the Mann-Whitney U test or, when forks
// differ, Welch's t-test of the fork medians), the runs where something
// changed (change points) and a table of the runs, each linking to a page
// of its own. No run's report is inlined, so the page grows with the
// number of runs only by the runs table and the (bounded) chart points.

// DashboardOptions are the options of BuildDashboard.
type DashboardOptions struct {
	// Baseline is the run the latest values are compared with; empty:
	// the first (oldest) run.
	Baseline string
	// Marked are the runs marked as baselines in the store (serbench runs
	// --baseline, which serbench prune keeps): the runs table says so.
	Marked map[string]bool
	// AllVariants includes the variant codecs (buffer reuse, unsafe, ...);
	// by default the dashboard shows plain codecs only.
	AllVariants bool
	// RunLink gives the address of a run's own report (a page written
	// beside the dashboard); nil: runs are not linked.
	RunLink func(runID string) string
}

// Dashboard is the history of many runs as a team reads it.
type Dashboard struct {
	// Runs are the runs, oldest first.
	Runs []DashRun
	// Baseline and Latest are the IDs of the baseline and latest runs.
	Baseline, Latest string
	// Groups are the workloads and operations, by workload then
	// operation (encode before decode).
	Groups []*DashGroup
	// Changes are the change points of every series, by run then cell;
	// Detector says how they were found (changePoints).
	Changes  []*DashChange
	Detector string

	runLink func(string) string
}

// DashRun is one run of a dashboard.
type DashRun struct {
	ID                   string
	Start                time.Time
	Machine, Go, Commit  string
	Complete             bool
	Cells, Codecs, Works int
	// Marked is true for a run marked as a baseline in the store.
	Marked bool
}

// DashGroup is one workload and operation: a row per codec.
type DashGroup struct {
	Workload, Op string
	Codecs       []*DashCodec
}

// DashCodec is one codec of a group: its series, its latest point and
// the comparison of that point with the baseline run's.
type DashCodec struct {
	Series *Series
	// Latest is the codec's last point; Base its point in the baseline
	// run, nil when the baseline run did not measure it.
	Latest, Base *Point
	// Test compares the baseline and latest samples (nil without Base,
	// or when Base is Latest); Ratio is latest over baseline median.
	Test  *stats.Comparison
	Ratio float64
	// OtherMachine is true when the baseline ran on another machine.
	OtherMachine bool
}

// DashChange is a change point of one series: the run from which the
// cell's level changed, Before and After its levels, Ratio After/Before
// with its interval [Lo, Hi], and the other series that changed in the
// same run (Coincides).
type DashChange struct {
	Key                          result.Key
	Index                        int
	Run                          string
	Before, After, Ratio, Lo, Hi float64
	Coincides                    []string
}

// BuildDashboard builds the dashboard of runs (in any order).
func BuildDashboard(runs []*result.Run, opts DashboardOptions) (*Dashboard, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("history dashboard: no runs")
	}
	b := NewDashboardBuilder(opts)
	for _, r := range SortRuns(runs) {
		if err := b.Add(r); err != nil {
			return nil, err
		}
	}
	return b.Dashboard()
}

// DashboardBuilder builds a dashboard one run at a time, so that a
// history of a thousand runs is never held whole: each run leaves its
// summary (DashRun), a point per cell, and, for the comparison of the
// latest values with the baseline, the samples of the baseline run and of
// each cell's last run.
type DashboardBuilder struct {
	opts     DashboardOptions
	hist     *HistoryBuilder
	runs     []DashRun
	plain    map[string]bool
	baseline string
	// base and last are the samples (ns/op, by fork) of each cell in the
	// baseline run and in the last run that measured it.
	base, last map[result.Key][][]float64
}

// dashboardOps selects the operations a dashboard shows.
const dashboardOps = "^(" + result.OpEncode + "|" + result.OpDecode + ")$"

// NewDashboardBuilder returns an empty dashboard builder.
func NewDashboardBuilder(opts DashboardOptions) *DashboardBuilder {
	hist, err := NewHistoryBuilder(HistoryFilter{Op: dashboardOps})
	if err != nil {
		panic(err) // a constant expression
	}
	return &DashboardBuilder{opts: opts, hist: hist, plain: map[string]bool{}, baseline: opts.Baseline,
		base: map[result.Key][][]float64{}, last: map[result.Key][][]float64{}}
}

// Add adds run r, oldest first (as HistoryBuilder.Add). r is not kept.
func (b *DashboardBuilder) Add(r *result.Run) error {
	if err := b.hist.Add(r); err != nil {
		return err
	}
	if b.baseline == "" {
		b.baseline = r.ID
	}
	works := map[string]bool{}
	for i := range r.Cells {
		c := &r.Cells[i]
		works[c.Workload] = true
		if len(c.Samples) == 0 || !b.hist.Selects(c.Key()) {
			continue
		}
		forks := result.ForkGroups(c.Samples, result.NsPerOp)
		b.last[c.Key()] = forks
		if r.ID == b.baseline {
			b.base[c.Key()] = forks
		}
	}
	b.runs = append(b.runs, DashRun{ID: r.ID, Start: r.Start, Machine: machineOf(r), Go: r.EnvValue("go"), Commit: r.EnvValue("commit"),
		Complete: r.Complete, Cells: len(r.Cells), Codecs: len(r.Codecs), Works: len(works), Marked: b.opts.Marked[r.ID]})
	for _, c := range r.Codecs {
		if c.Plain() {
			b.plain[c.Name] = true
		}
	}
	return nil
}

// Dashboard returns the dashboard of the runs added: an error without
// any, or when the baseline run is not among them.
func (b *DashboardBuilder) Dashboard() (*Dashboard, error) {
	if len(b.runs) == 0 {
		return nil, fmt.Errorf("history dashboard: no runs")
	}
	d := &Dashboard{Runs: b.runs, Baseline: b.baseline, Latest: b.runs[len(b.runs)-1].ID, runLink: b.opts.RunLink}
	if !slices.ContainsFunc(b.runs, func(r DashRun) bool { return r.ID == d.Baseline }) {
		return nil, fmt.Errorf("baseline run %s is not among the runs of the history", d.Baseline)
	}
	var series []*Series
	for _, s := range b.hist.Series() {
		k := s.Key
		if k.Goroutines != 1 || s.Reference != "" || !b.opts.AllVariants && !b.plain[k.Codec] {
			continue
		}
		series = append(series, s)
	}
	DetectChanges(series, false)
	type gk struct{ workload, op string }
	groups := map[gk]*DashGroup{}
	for _, s := range series {
		k := s.Key
		g := groups[gk{k.Workload, k.Op}]
		if g == nil {
			g = &DashGroup{Workload: k.Workload, Op: k.Op}
			groups[gk{k.Workload, k.Op}] = g
			d.Groups = append(d.Groups, g)
		}
		dc := &DashCodec{Series: s, Latest: s.Points[len(s.Points)-1], Ratio: math.NaN()}
		for _, p := range s.Points {
			if p.RunID == d.Baseline {
				dc.Base = p
			}
		}
		if dc.Base != nil && dc.Base != dc.Latest {
			cmp := stats.CompareForks(b.base[k], b.last[k])
			dc.Test = &cmp
			dc.Ratio = dc.Latest.NsOp.Center / dc.Base.NsOp.Center
			dc.OtherMachine = dc.Base.Machine != dc.Latest.Machine
		}
		g.Codecs = append(g.Codecs, dc)
		for _, c := range s.Changes {
			d.Changes = append(d.Changes, &DashChange{Key: k, Index: c.Index, Run: c.Run, Before: c.Before, After: c.After,
				Ratio: c.Ratio, Lo: c.Lo, Hi: c.Hi, Coincides: c.Coincides})
		}
	}
	sort.SliceStable(d.Groups, func(i, j int) bool {
		a, b := d.Groups[i], d.Groups[j]
		if a.Workload != b.Workload {
			return a.Workload < b.Workload
		}
		return result.OpOrder(a.Op) < result.OpOrder(b.Op)
	})
	d.Detector = changeDetector
	order := map[string]int{}
	for i, r := range d.Runs {
		order[r.ID] = i
	}
	sort.SliceStable(d.Changes, func(i, j int) bool {
		a, b := d.Changes[i], d.Changes[j]
		if order[a.Run] != order[b.Run] {
			return order[a.Run] < order[b.Run]
		}
		return keyLess(a.Key, b.Key)
	})
	return d, nil
}

// changeDetector names the change-point detector of DetectChanges.
var changeDetector = fmt.Sprintf("per-run medians, machine by machine: a rank test by permutation, p ≤ %g, "+
	"a change of %g%% or more, %d runs or more on each side", trend.DefaultAlpha, trend.DefaultMinChange*100, trend.DefaultMinSegment)

// baseName names the baseline run for captions.
func (d *Dashboard) baseName() string {
	for _, r := range d.Runs {
		if r.ID == d.Baseline && r.Marked {
			return "run " + d.Baseline + " (marked with serbench runs --baseline)"
		}
	}
	if d.Baseline == d.Runs[0].ID {
		return "run " + d.Baseline + " (the first)"
	}
	return "run " + d.Baseline
}

// Header is the dashboard's first lines: the runs it covers and the
// baseline.
func (d *Dashboard) Header() []string {
	first, last := d.Runs[0], d.Runs[len(d.Runs)-1]
	return []string{
		fmt.Sprintf("history of %d runs, %s to %s", len(d.Runs), first.Start.UTC().Format("2006-01-02 15:04"), last.Start.UTC().Format("2006-01-02 15:04")),
		fmt.Sprintf("latest run %s; changes are since the baseline, %s", d.Latest, d.baseName()),
	}
}

// latestTable is the table of group g: each codec's latest median, the
// baseline's and the change between them.
func (d *Dashboard) latestTable(g *DashGroup) *SectionTable {
	t := &SectionTable{
		Title:     g.Workload + " " + g.Op,
		Caption:   "median time per operation of each codec in its latest run, and its change since the baseline (~: not significant, p > 0.05)",
		HTMLTitle: fmt.Sprintf("%s: latest and change since the baseline", g.Op),
		HTMLCaption: fmt.Sprintf("Median time per operation in each codec's latest run, with its 95%% interval; "+
			"change since %s, ~ when not significant (p > 0.05).", d.baseName()),
		HTMLClass: "codecs latest",
		Indent:    true,
		Cols: []Column{
			{Head: "codec", Left: true, Escape: true}, {Head: "version", Left: true, Escape: true},
			{Head: "latest", CI: true}, {Head: "baseline", CI: true}, {Head: "change"}, {Head: "p"},
			{Head: "runs"}, {Head: "latest run", Left: true, Minor: true}, {Head: "check", Left: true, Check: true},
		},
	}
	for _, c := range g.Codecs {
		l := c.Latest
		cells := []Cell{
			val(c.Series.Key.Codec), val(l.Version),
			{V: format.Ns(l.NsOp.Center), CI: format.CI(l.NsOp), Key: num(l.NsOp.Center)},
			{None: true}, {None: true}, {None: true},
			numCell(fmt.Sprint(len(c.Series.Points)), float64(len(c.Series.Points))),
			val(l.RunID), val(l.Check),
		}
		if l.RunID == d.Latest {
			cells[7] = val("latest")
		}
		if l.Check == "" {
			cells[8] = Cell{None: true}
		}
		if b := c.Base; b != nil {
			cells[3] = Cell{V: format.Ns(b.NsOp.Center), CI: format.CI(b.NsOp), Key: num(b.NsOp.Center)}
		}
		if c.Test != nil {
			change := c.Test.Delta(c.Base.NsOp.Center, l.NsOp.Center)
			if c.OtherMachine {
				change += " (other machine)"
			}
			cells[4] = Cell{V: change, Key: num(c.Ratio)}
			p := fmt.Sprintf("%.3f", c.Test.P)
			if c.Test.P < 0.001 {
				p = "<0.001"
			}
			cells[5] = numCell(p, c.Test.P)
		}
		t.Rows = append(t.Rows, TableRow{Cells: cells})
	}
	return t
}

// changesTable is the table of change points, or nil without any.
func (d *Dashboard) changesTable() *SectionTable {
	if len(d.Changes) == 0 {
		return nil
	}
	t := &SectionTable{
		Title: "changes", Caption: "the runs from which a cell's median changed (" + d.Detector + ")",
		HTMLTitle: "Runs where something changed", HTMLClass: "changes", Indent: true, TextLeft: true,
		Cols: []Column{
			{Head: "run", Left: true}, {Head: "date", Left: true}, {Head: "cell", Left: true, Escape: true},
			{Head: "before"}, {Head: "after"}, {Head: "ratio"}, {Head: "95% interval"}, {Head: "versions changed", Left: true, Escape: true},
		},
	}
	start := map[string]time.Time{}
	for _, r := range d.Runs {
		start[r.ID] = r.Start
	}
	for _, c := range d.Changes {
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			val(c.Run), val(start[c.Run].UTC().Format("2006-01-02")), val(cellName(c.Key)),
			numCell(format.Ns(c.Before), c.Before), numCell(format.Ns(c.After), c.After),
			numCell(fmt.Sprintf("×%.3g", c.Ratio), c.Ratio), val(fmt.Sprintf("×%.3g–%.3g", c.Lo, c.Hi)),
			val(strings.Join(c.Coincides, ", ")),
		}})
	}
	return t
}

// noChanges says why the dashboard has no table of changes.
func (d *Dashboard) noChanges() string {
	if d.Detector == "" {
		return "change points: not detected (this build has no change-point detector); the tables compare with the baseline only"
	}
	return "change points: none (" + d.Detector + ")"
}

// runsTable lists the runs, newest first.
func (d *Dashboard) runsTable() *SectionTable {
	t := &SectionTable{
		Title: "runs", Caption: "newest first", HTMLTitle: "Runs",
		HTMLCaption: "Newest first; each run's full report is one link away.", HTMLClass: "runs", Indent: true, TextLeft: true,
		Cols: []Column{
			{Head: "run", Left: true}, {Head: "date", Left: true}, {Head: "state", Left: true},
			{Head: "machine", Left: true, Escape: true}, {Head: "go", Left: true}, {Head: "commit", Left: true},
		},
	}
	for i := len(d.Runs) - 1; i >= 0; i-- {
		r := d.Runs[i]
		state := "complete"
		if !r.Complete {
			state = "INCOMPLETE"
		}
		switch {
		case r.ID == d.Baseline:
			state += ", baseline"
		case r.Marked:
			state += ", marked baseline"
		}
		t.Rows = append(t.Rows, TableRow{Cells: []Cell{
			val(r.ID), val(r.Start.UTC().Format("2006-01-02 15:04")), val(state), val(r.Machine), val(r.Go), val(r.Commit),
		}})
	}
	return t
}

// DashboardText writes the dashboard as text: the header, per workload
// and operation the latest table, then the changes.
func DashboardText(w io.Writer, d *Dashboard) error {
	var b strings.Builder
	tw := textHeader(&b, d.Header())
	for _, g := range d.Groups {
		tw.table(d.latestTable(g))
	}
	b.WriteString("\n")
	if t := d.changesTable(); t != nil {
		tw.table(t)
	} else {
		b.WriteString(d.noChanges() + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// DashboardMarkdown writes the dashboard as compact Markdown: the
// header, a table per workload and operation of the latest values and
// their change since the baseline, then the changes.
func DashboardMarkdown(w io.Writer, d *Dashboard) error {
	var b strings.Builder
	b.WriteString("## History\n\n")
	for _, l := range d.Header() {
		b.WriteString(mdEscape(capitalize(l)) + ".  \n")
	}
	mw := &mdWriter{b: &b, level: "###"}
	for _, g := range d.Groups {
		mw.workload(g.Workload + " " + g.Op)
		t := d.latestTable(g)
		t.Title = ""
		t.Intro = t.Caption
		mw.table(t)
	}
	b.WriteString("\n### Changes\n\n")
	if t := d.changesTable(); t != nil {
		mw.started = false
		t.Title, t.Intro = "", t.Caption
		mw.table(t)
	} else {
		b.WriteString(mdEscape(capitalize(d.noChanges())) + ".\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// DashboardHTML writes the dashboard as one self-contained HTML page (the
// report's template, with no run's report inlined): per workload the
// trend charts of its operations and their latest tables, the changes and
// the runs, each linked to its own page by DashboardOptions.RunLink.
func DashboardHTML(w io.Writer, d *Dashboard) error {
	page := &htmlPage{Title: fmt.Sprintf("serbench history: %d runs", len(d.Runs)), Subtitle: strings.Join(d.Header(), " · ")}
	runIndex := map[string]int{}
	for i, r := range d.Runs {
		runIndex[r.ID] = i
	}
	var sections []*htmlSection
	for i := 0; i < len(d.Groups); {
		wl := d.Groups[i].Workload
		sec := &htmlSection{Name: wl, Anchor: "d-" + fileSafe(wl)}
		hw := &htmlWorkload{}
		sw := &htmlWriter{hw: hw, prefix: "d-"}
		var tables []*SectionTable
		for ; i < len(d.Groups) && d.Groups[i].Workload == wl; i++ {
			g := d.Groups[i]
			title := fmt.Sprintf("%s: %s time across runs", g.Workload, g.Op)
			svg, err := trendChart(title, g.Codecs, runIndex, d.Runs, d.Changes)
			if err != nil {
				return err
			}
			sw.chart(Chart{Name: "trend-" + fileSafe(g.Workload) + "-" + g.Op, Title: title, SVG: svg})
			tables = append(tables, d.latestTable(g))
		}
		for _, t := range tables {
			sw.table(t)
		}
		sec.Sets = []*htmlWorkload{hw}
		sections = append(sections, sec)
		page.Nav = append(page.Nav, htmlLink{Href: "#" + sec.Anchor, Text: wl})
	}
	// The changes and the runs, with links to the runs' pages.
	other := &htmlSection{Name: "Changes and runs", Anchor: "d-runs"}
	hw := &htmlWorkload{}
	sw := &htmlWriter{hw: hw}
	if t := d.changesTable(); t != nil {
		sw.table(t)
		d.linkRuns(hw.Blocks[len(hw.Blocks)-1].Table, 0)
	} else {
		sw.line("", capitalize(d.noChanges())+".")
	}
	sw.table(d.runsTable())
	d.linkRuns(hw.Blocks[len(hw.Blocks)-1].Table, 0)
	other.Sets = []*htmlWorkload{hw}
	sections = append(sections, other)
	page.Nav = append(page.Nav, htmlLink{Href: "#d-runs", Text: "changes and runs"})
	page.Dashboard = sections

	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, page); err != nil {
		return fmt.Errorf("html history: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// linkRuns links the run IDs in column col of t to the runs' pages.
func (d *Dashboard) linkRuns(t *htmlTable, col int) {
	if d.runLink == nil {
		return
	}
	for i := range t.Rows {
		c := &t.Rows[i].Cells[col]
		c.Href = d.runLink(c.Text)
	}
}

// maxTrendPoints bounds the points of a trend line: with more runs, each
// of maxTrendPoints equal slices of the runs is drawn as one point (the
// median of its medians) and one band (from the lowest interval bound to
// the highest), so that a chart's size does not grow with the history.
const maxTrendPoints = 100

// trendChart draws the median of every codec of a group across the runs
// (x: the run's place, oldest first; ticks: dates and run IDs), with its
// interval as a band, and a triangle at each change point (at the level
// after the change).
func trendChart(title string, codecs []*DashCodec, runIndex map[string]int, runs []DashRun, changes []*DashChange) ([]byte, error) {
	p := svgplot.New(title, "run")
	p.Y.Label.Text = "median time"
	p.Add(svgplot.Grid())
	n := len(runs)
	var ys []float64
	for _, c := range codecs {
		for _, pt := range c.Series.Points {
			ys = append(ys, pt.NsOp.Center)
		}
	}
	logY := svgplot.WideRange(ys)
	l := svgplot.NewLegend(vg.Points(16))
	for i, c := range codecs {
		type agg struct {
			x, centers, lo, hi []float64
		}
		buckets := map[int]*agg{}
		var order []int
		for _, pt := range c.Series.Points {
			if !svgplot.Finite(pt.NsOp.Center) || pt.NsOp.Center <= 0 {
				continue
			}
			x := runIndex[pt.RunID]
			k := x
			if n > maxTrendPoints {
				k = x * maxTrendPoints / n
			}
			a := buckets[k]
			if a == nil {
				a = &agg{}
				buckets[k] = a
				order = append(order, k)
			}
			a.x = append(a.x, float64(x))
			a.centers = append(a.centers, pt.NsOp.Center)
			lo, hi := pt.NsOp.Lo, pt.NsOp.Hi
			if !svgplot.Finite(lo) || lo <= 0 {
				lo = pt.NsOp.Center
			}
			if !svgplot.Finite(hi) {
				hi = pt.NsOp.Center
			}
			a.lo = append(a.lo, lo)
			a.hi = append(a.hi, hi)
		}
		if len(order) == 0 {
			continue
		}
		sort.Ints(order)
		var line, lows, highs plotter.XYs
		for _, k := range order {
			a := buckets[k]
			x := (slices.Min(a.x) + slices.Max(a.x)) / 2
			line = append(line, plotter.XY{X: x, Y: stats.Median(a.centers)})
			lows = append(lows, plotter.XY{X: x, Y: slices.Min(a.lo)})
			highs = append(highs, plotter.XY{X: x, Y: slices.Max(a.hi)})
		}
		col := palette[i%len(palette)]
		band := append(slices.Clone(lows), reversed(highs)...)
		if len(line) > 1 {
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", title, c.Series.Key.Codec, err)
			}
			r, g, bl, _ := col.RGBA()
			poly.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(bl >> 8), A: 0x38}
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		ln, err := plotter.NewLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", title, c.Series.Key.Codec, err)
		}
		ln.Color = col
		ln.Width = vg.Points(1.4)
		if i >= len(palette) {
			ln.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		p.Add(ln)
		var marks plotter.XYs
		for _, ch := range changes {
			if ch.Key == c.Series.Key {
				marks = append(marks, plotter.XY{X: float64(runIndex[ch.Run]), Y: ch.After})
			}
		}
		if len(marks) > 0 {
			sc, err := plotter.NewScatter(marks)
			if err != nil {
				return nil, err
			}
			sc.Color = col
			sc.Shape = draw.TriangleGlyph{}
			sc.Radius = vg.Points(4)
			p.Add(sc)
		}
		if len(line) == 1 {
			sc, err := plotter.NewScatter(line)
			if err != nil {
				return nil, err
			}
			sc.Color = col
			p.Add(sc)
		}
		name := markedName(c.Series.Key.Codec, c.Latest.Check)
		if c.Latest.Version != "" {
			name += " " + c.Latest.Version
		}
		l.Add(name, ln)
	}
	p.X.Tick.Marker = plot.ConstantTicks(trendTicks(runs))
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	timeAxis(p, logY, 1.3)
	h := max(vg.Points(300), vg.Points(float64(len(codecs))*12+60))
	return svgplot.Render(p, l, vg.Points(460)+l.Width(), h)
}

// trendTicks labels at most six runs, evenly spread from the first to
// the last, with their date and short ID.
func trendTicks(runs []DashRun) []plot.Tick {
	n := len(runs)
	k := min(n, 6)
	var ticks []plot.Tick
	last := -1
	for j := 0; j < k; j++ {
		i := 0
		if k > 1 {
			i = j * (n - 1) / (k - 1)
		}
		if i == last {
			continue
		}
		last = i
		r := runs[i]
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: r.Start.UTC().Format("2006-01-02") + "\n" + shortRunID(r.ID)})
	}
	return ticks
}

func reversed(xy plotter.XYs) plotter.XYs {
	out := slices.Clone(xy)
	slices.Reverse(out)
	return out
}
