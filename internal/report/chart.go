package report

import (
	"fmt"
	"image/color"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/report/internal/svgplot"
	"github.com/serbench/serbench/result"
)

// Chart is one chart of a report, rendered with gonum.org/v1/plot as an
// SVG image. Rendering is deterministic: the same report gives the same
// bytes.
type Chart struct {
	// Name identifies the chart within a report and is safe in a file
	// name: "person-encode", "history-person-decode".
	Name string
	// Title describes the chart; it is the image's alternative text.
	Title string
	// SVG is the image.
	SVG []byte
	// Key names the points a chart drew with a number where their name
	// had no room ("numbered points: 3 json, 7 goccy-json"), or is "".
	Key string
}

// Colours of the correctness mark of a codec in charts.
var (
	colorOK    = color.RGBA{R: 0x2f, G: 0x6f, B: 0xb3, A: 0xff}
	colorLossy = color.RGBA{R: 0xd9, G: 0x8a, B: 0x00, A: 0xff}
	colorFail  = color.RGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}
	colorOther = color.RGBA{R: 0x7a, G: 0x7a, B: 0x7a, A: 0xff}
)

// palette colours series (compression algorithms, codecs across runs).
var palette = svgplot.Palette

// markKind groups a correctness mark (Row.Mark) into ok, lossy, fail
// (undeclared loss) and other (errors, timeouts, unverified).
func markKind(mark string) string {
	switch mark {
	case "ok", "lossy":
		return mark
	case "FAIL":
		return "fail"
	}
	return "other"
}

func markColor(mark string) color.Color {
	switch markKind(mark) {
	case "ok":
		return colorOK
	case "lossy":
		return colorLossy
	case "fail":
		return colorFail
	}
	return colorOther
}

// markedName is a codec's name with its mark appended unless it is ok:
// "bson (lossy)", "x (FAIL)".
func markedName(name, mark string) string {
	if mark == "ok" {
		return name
	}
	return name + " (" + mark + ")"
}

// chartFinder renders the charts of wl (ChartsOf, with names prefixed
// by prefix) and returns how to find one by the suffix of its name
// ("encode"), as writeWorkload takes it.
func chartFinder(wl *Workload, prefix string) (func(suffix string) (Chart, bool), error) {
	cs, err := ChartsOf(wl, prefix)
	if err != nil {
		return nil, err
	}
	bySuffix := map[string]Chart{}
	for _, c := range cs {
		bySuffix[strings.TrimPrefix(c.Name, prefix+fileSafe(wl.Name)+"-")] = c
	}
	return func(suffix string) (Chart, bool) {
		c, ok := bySuffix[suffix]
		return c, ok
	}, nil
}

// ChartsOf renders the charts of workload wl, with names prefixed by
// prefix: encode and decode times, encoded size, size versus speed and,
// when measured, compressed sizes. A workload without timed codecs has
// no charts.
func ChartsOf(wl *Workload, prefix string) ([]Chart, error) {
	if len(wl.Rows) == 0 {
		return nil, nil
	}
	name := prefix + fileSafe(wl.Name)
	var out []Chart
	add := func(suffix, title string, svg []byte, err error) error {
		if err != nil {
			return err
		}
		out = append(out, Chart{Name: name + "-" + suffix, Title: title, SVG: svg})
		return nil
	}
	for _, op := range []string{result.OpEncode, result.OpDecode} {
		title := fmt.Sprintf("%s: %s time", wl.Name, op)
		svg, err := timeChart(wl, op, title)
		if err := add(op, title, svg, err); err != nil {
			return nil, err
		}
	}
	sized := false
	for _, r := range wl.Rows {
		sized = sized || r.Verify.MeanSize > 0
	}
	if sized { // imported results may have no sizes
		title := fmt.Sprintf("%s: encoded size", wl.Name)
		svg, err := sizeChart(wl, title)
		if err := add("size", title, svg, err); err != nil {
			return nil, err
		}
		title = fmt.Sprintf("%s: size versus speed", wl.Name)
		svg, key, err := scatterChart(wl, title)
		if err := add("scatter", title, svg, err); err != nil {
			return nil, err
		}
		out[len(out)-1].Key = key
	}
	if len(wl.SizeRows()) > 0 {
		title := fmt.Sprintf("%s: compressed size", wl.Name)
		svg, err := compressedChart(wl, title)
		if err := add("compressed", title, svg, err); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// opOf returns the encode or decode summary of r.
func opOf(r *Row, op string) *Op { return r.OpOf(op) }

// timeChart: one bar per timed codec, fastest on top, median with its
// 95% confidence interval.
func timeChart(wl *Workload, op, title string) ([]byte, error) {
	rows := append([]*Row(nil), wl.Rows...)
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := opOf(rows[i], op).NsOp.Center, opOf(rows[j], op).NsOp.Center
		if a != b {
			return a > b // slowest at the bottom (row 0)
		}
		return rows[i].Codec.Name > rows[j].Codec.Name
	})
	var labels []string
	var hr []svgplot.HRow
	for _, r := range rows {
		s := opOf(r, op).NsOp
		labels = append(labels, markedName(r.Label(), r.Mark()))
		hr = append(hr, svgplot.HRow{Bars: []svgplot.Bar{{V: s.Center, Lo: s.Lo, Hi: s.Hi, Color: markColor(r.Mark())}}, Text: format.Ns(s.Center)})
	}
	return svgplot.BarChart(title, op+" time per operation, median with 95% CI", labels, hr, format.Ns, true, markLegend(rows))
}

// sizeChart: the mean encoded size of every timed codec, smallest on top.
func sizeChart(wl *Workload, title string) ([]byte, error) {
	rows := append([]*Row(nil), wl.Rows...)
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i].Verify.MeanSize, rows[j].Verify.MeanSize
		if a != b {
			return a > b
		}
		return rows[i].Codec.Name > rows[j].Codec.Name
	})
	var labels []string
	var hr []svgplot.HRow
	for _, r := range rows {
		labels = append(labels, markedName(r.Label(), r.Mark()))
		hr = append(hr, svgplot.HRow{Bars: []svgplot.Bar{{V: r.Verify.MeanSize, Lo: math.NaN(), Hi: math.NaN(), Color: markColor(r.Mark())}}, Text: format.Bytes(r.Verify.MeanSize)})
	}
	return svgplot.BarChart(title, "mean encoded size in bytes", labels, hr, format.Bytes, false, markLegend(rows))
}

// compressionAlgos are the compressors of Verification.Compressed, in
// the order of the tables.
var compressionAlgos = []string{"zstd", "gzip", "s2", "lz4"}

// compressedChart: per codec, the raw size and the size compressed by
// each algorithm, smallest zstd size on top.
func compressedChart(wl *Workload, title string) ([]byte, error) {
	rows := wl.SizeRows()
	var labels []string
	var hr []svgplot.HRow
	for i := len(rows) - 1; i >= 0; i-- {
		r := rows[i]
		labels = append(labels, markedName(r.Label(), r.Mark()))
		bs := []svgplot.Bar{{V: r.Verify.MeanSize, Lo: math.NaN(), Hi: math.NaN(), Color: palette[9]}}
		for k, a := range compressionAlgos {
			bs = append(bs, svgplot.Bar{V: r.Verify.Compressed[a], Lo: math.NaN(), Hi: math.NaN(), Color: palette[k]})
		}
		hr = append(hr, svgplot.HRow{Bars: bs})
	}
	l := svgplot.NewLegend(vg.Points(10))
	l.Add("raw", svgplot.Swatch{Color: palette[9]})
	for k, a := range compressionAlgos {
		l.Add(a, svgplot.Swatch{Color: palette[k]})
	}
	return svgplot.BarChart(title, "mean bytes of one message compressed alone", labels, hr, format.Bytes, false, l)
}

// markLegend is the legend of the correctness colours present in rows,
// or nil when every row is ok.
func markLegend(rows []*Row) *svgplot.Legend {
	seen := map[string]bool{}
	for _, r := range rows {
		seen[markKind(r.Mark())] = true
	}
	if len(seen) == 1 && seen["ok"] {
		return nil
	}
	l := svgplot.NewLegend(vg.Points(10))
	for _, k := range []struct{ kind, text string }{{"ok", "ok"}, {"lossy", "lossy"}, {"fail", "FAIL"}, {"other", "other"}} {
		if seen[k.kind] {
			c := map[string]color.Color{"ok": colorOK, "lossy": colorLossy, "fail": colorFail, "other": colorOther}[k.kind]
			l.Add(k.text, svgplot.Swatch{Color: c})
		}
	}
	return l
}

// scatterChart: the mean encoded size against encode+decode time, one
// labelled point per timed codec; closer to the origin is better.
//
// A point whose name has no room is drawn with its number (its place in
// wl.Rows, from 1), and key names those numbers.
func scatterChart(wl *Workload, title string) (svg []byte, key string, err error) {
	ps := &svgplot.Points{Font: svgplot.TextStyle(svgplot.Font, 9, svgplot.ColorText)}
	var xs, ys []float64
	for i, r := range wl.Rows {
		ps.Pts = append(ps.Pts, svgplot.Point{X: r.Verify.MeanSize, Y: r.Total(), Label: markedName(r.Label(), r.Mark()), Color: markColor(r.Mark()),
			Short: strconv.Itoa(i + 1)})
		xs = append(xs, r.Verify.MeanSize)
		ys = append(ys, r.Total())
	}
	// The codecs that no other codec beats on both size and time are
	// always labelled.
	byX := make([]int, len(ps.Pts))
	for i := range byX {
		byX[i] = i
	}
	sort.SliceStable(byX, func(i, j int) bool {
		a, b := ps.Pts[byX[i]], ps.Pts[byX[j]]
		if a.X != b.X {
			return a.X < b.X
		}
		return a.Y < b.Y
	})
	best := math.Inf(1)
	for _, i := range byX {
		if ps.Pts[i].Y < best {
			ps.Pts[i].Must = true
			best = ps.Pts[i].Y
		}
	}
	// So are the codecs that lose data without declaring it.
	for i, r := range wl.Rows {
		if k := markKind(r.Mark()); k != "ok" && k != "lossy" {
			ps.Pts[i].Must = true
		}
	}
	p := svgplot.New(title, "mean encoded size (bytes)")
	// A short label on the y axis: gonum pads a log axis for its label
	// as if the label were centred on the arithmetic middle of the range.
	p.Y.Label.Text = "encode + decode"
	p.Add(svgplot.Grid(), ps)
	logX := svgplot.WideRange(xs)
	p.X.Tick.Marker = svgplot.Ticks{Log: logX, Format: format.Bytes}
	// Start linear axes at 0 so that distances from the origin compare;
	// leave room around the data on log axes.
	if logX {
		p.X.Scale = plot.LogScale{}
		p.X.Min /= 1.5
		p.X.Max *= 1.2
		p.X.Label.Text = "mean encoded size (bytes, log scale)"
	} else {
		p.X.Min = 0
		p.X.Max *= 1.05
	}
	if p.X.Max <= p.X.Min {
		p.X.Max = p.X.Min + 1
	}
	timeAxis(p, svgplot.WideRange(ys), 1.4)
	svg, err = svgplot.Render(p, nil, vg.Points(420), vg.Points(300))
	if err != nil || len(ps.Shorted) == 0 {
		return svg, "", err
	}
	var names []string
	for _, i := range ps.Shorted {
		names = append(names, ps.Pts[i].Short+" "+wl.Rows[i].Label())
	}
	return svg, "numbered points: " + strings.Join(names, ", "), nil
}

// HistoryCharts renders, for every workload and for encode and decode,
// a line chart of the median time of every codec across runs (oldest
// first, one point per run), from series as History returns them. keep
// selects the codecs shown; nil keeps all. Reference measurements (the
// floor, bandwidth references) are never shown. Names are
// "history-WORKLOAD-OP".
func HistoryCharts(series []*Series, keep func(codec string) bool) ([]Chart, error) {
	type key struct{ workload, op string }
	groups := map[key][]*Series{}
	var keys []key
	runs := map[string]*Point{}
	for _, s := range series {
		if s.Key.Goroutines != 1 || (s.Key.Op != result.OpEncode && s.Key.Op != result.OpDecode) {
			continue
		}
		if s.Reference != "" || (keep != nil && !keep(s.Key.Codec)) {
			continue
		}
		k := key{s.Key.Workload, s.Key.Op}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], s)
		for _, p := range s.Points {
			runs[p.RunID] = p
		}
	}
	// The runs in time order give the x positions.
	order := make([]*Point, 0, len(runs))
	for _, p := range runs {
		order = append(order, p)
	}
	sort.Slice(order, func(i, j int) bool {
		if !order[i].Start.Equal(order[j].Start) {
			return order[i].Start.Before(order[j].Start)
		}
		return order[i].RunID < order[j].RunID
	})
	xOf := map[string]float64{}
	var xticks []plot.Tick
	for i, p := range order {
		xOf[p.RunID] = float64(i)
		xticks = append(xticks, plot.Tick{Value: float64(i), Label: p.Start.UTC().Format("2006-01-02") + "\n" + shortRunID(p.RunID)})
	}
	var out []Chart
	for _, k := range keys {
		title := fmt.Sprintf("%s: %s time across runs", k.workload, k.op)
		svg, err := historyChart(title, groups[k], xOf, xticks)
		if err != nil {
			return nil, err
		}
		out = append(out, Chart{Name: "history-" + fileSafe(k.workload) + "-" + k.op, Title: title, SVG: svg})
	}
	return out, nil
}

// shortRunID shortens a run ID for an axis label: the random suffix of
// serbench's IDs (20261121-093000-abcdef) is left out.
var serbenchRunID = regexp.MustCompile(`^\d{8}-(\d{6})-[0-9a-f]{6}$`)

func shortRunID(id string) string {
	if m := serbenchRunID.FindStringSubmatch(id); m != nil {
		return m[1][:2] + ":" + m[1][2:4]
	}
	if len(id) > 14 {
		return id[:13] + "…"
	}
	return id
}

func historyChart(title string, series []*Series, xOf map[string]float64, xticks []plot.Tick) ([]byte, error) {
	p := svgplot.New(title, "run")
	p.Y.Label.Text = "median time"
	p.Add(svgplot.Grid())
	var ys []float64
	for _, s := range series {
		for _, pt := range s.Points {
			ys = append(ys, pt.NsOp.Center)
		}
	}
	logY := svgplot.WideRange(ys)
	l := svgplot.NewLegend(vg.Points(16))
	for i, s := range series {
		var xy plotter.XYs
		for _, pt := range s.Points {
			xy = append(xy, plotter.XY{X: xOf[pt.RunID], Y: pt.NsOp.Center})
		}
		line, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", title, s.Key.Codec, err)
		}
		c := palette[i%len(palette)]
		line.Color = c
		line.Width = vg.Points(1.4)
		if i >= len(palette) {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		pts.Color = c
		pts.Radius = vg.Points(2.2)
		pts.Shape = draw.CircleGlyph{}
		p.Add(line, pts)
		last := s.Points[len(s.Points)-1]
		name := markedName(s.Key.Codec, last.Check)
		l.Add(name, line, pts)
	}
	p.X.Tick.Marker = plot.ConstantTicks(xticks)
	p.X.Min, p.X.Max = -0.3, float64(len(xticks))-0.7
	if len(xticks) == 1 {
		p.X.Min, p.X.Max = -1, 1
	}
	timeAxis(p, logY, 1.3)
	h := max(vg.Points(300), vg.Points(float64(len(series))*12+60))
	return svgplot.Render(p, l, vg.Points(400)+l.Width(), h)
}

// timeAxis makes the y axis of p a time axis: on a log scale when log
// is set, with room below the data and headroom (a factor) above it, and
// the x axis's label saying so; else linear from 0 with 8% room above.
// An empty range gets a width of 1.
func timeAxis(p *plot.Plot, log bool, headroom float64) {
	p.Y.Tick.Marker = svgplot.Ticks{Log: log, Format: format.Ns}
	if log {
		p.Y.Scale = plot.LogScale{}
		p.Y.Min /= 1.5
		p.Y.Max *= headroom
		p.X.Label.Text += " · time axis: log scale"
	} else {
		p.Y.Min = 0
		p.Y.Max *= 1.08
	}
	if p.Y.Max <= p.Y.Min {
		p.Y.Max = p.Y.Min + 1
	}
}

var unsafeName = regexp.MustCompile(`[^a-z0-9]+`)

// fileSafe turns s into lower-case letters, digits and dashes, for file
// names and HTML ids.
func fileSafe(s string) string {
	s = strings.Trim(unsafeName.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if s == "" {
		return "x"
	}
	return s
}
