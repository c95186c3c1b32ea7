package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"regexp"
	"sort"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/serbench/serbench/internal/format"
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
}

// Colours of the charts: the correctness mark of a codec, and a palette
// for series (compression algorithms, codecs across runs).
var (
	colorOK    = color.RGBA{R: 0x2f, G: 0x6f, B: 0xb3, A: 0xff}
	colorLossy = color.RGBA{R: 0xd9, G: 0x8a, B: 0x00, A: 0xff}
	colorFail  = color.RGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}
	colorOther = color.RGBA{R: 0x7a, G: 0x7a, B: 0x7a, A: 0xff}
	colorGrid  = color.RGBA{R: 0xe3, G: 0xe6, B: 0xea, A: 0xff}
	colorText  = color.RGBA{R: 0x22, G: 0x26, B: 0x2b, A: 0xff}

	palette = []color.Color{
		color.RGBA{R: 0x4e, G: 0x79, B: 0xa7, A: 0xff},
		color.RGBA{R: 0xf2, G: 0x8e, B: 0x2b, A: 0xff},
		color.RGBA{R: 0x59, G: 0xa1, B: 0x4f, A: 0xff},
		color.RGBA{R: 0xe1, G: 0x57, B: 0x59, A: 0xff},
		color.RGBA{R: 0x76, G: 0xb7, B: 0xb2, A: 0xff},
		color.RGBA{R: 0xed, G: 0xc9, B: 0x48, A: 0xff},
		color.RGBA{R: 0xb0, G: 0x7a, B: 0xa1, A: 0xff},
		color.RGBA{R: 0xff, G: 0x9d, B: 0xa7, A: 0xff},
		color.RGBA{R: 0x9c, G: 0x75, B: 0x5f, A: 0xff},
		color.RGBA{R: 0x79, G: 0x70, B: 0x6e, A: 0xff},
	}
)

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

// Fonts of the charts. The SVG names them "Liberation Sans", which
// renderSVG widens to metric-compatible fallbacks (Arial, Helvetica).
var (
	chartFont     = font.Font{Typeface: "Liberation", Variant: "Sans"}
	chartFontBold = font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}
)

func textStyle(f font.Font, size vg.Length, c color.Color) text.Style {
	return text.Style{Color: c, Font: font.From(f, size), Handler: plot.DefaultTextHandler}
}

// newPlot returns a plot with the report's fonts, colours and title.
func newPlot(title, xlabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(chartFontBold, 12)
	p.Title.TextStyle.Color = colorText
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(chartFont, 10)
		a.Label.TextStyle.Color = colorText
		a.Tick.Label.Font = font.From(chartFont, 10)
		a.Tick.Label.Color = colorText
		a.Color = color.RGBA{R: 0x9a, G: 0xa0, B: 0xa6, A: 0xff}
		a.Tick.Color = a.Color
	}
	p.X.Label.Text = xlabel
	p.Legend.TextStyle.Font = font.From(chartFont, 9)
	p.Legend.TextStyle.Color = colorText
	return p
}

// svgFamily is how vgsvg names the chart font; renderSVG adds fallbacks
// so that a browser without Liberation Sans uses a font of the same
// metrics rather than its default serif.
const (
	svgFamily    = "font-family:Liberation Sans;"
	svgFamilyAlt = "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"
)

// renderSVG draws p, and the legend l beside it on the right when l has
// entries, on a canvas of w by h.
func renderSVG(p *plot.Plot, l *chartLegend, w, h vg.Length) ([]byte, error) {
	c := vgsvg.New(w, h)
	dc := draw.New(c)
	var err error
	func() {
		// gonum panics on degenerate input (e.g. a log axis at 0); turn
		// that into an error rather than crash the whole report.
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("drawing chart %q: %v", p.Title.Text, r)
			}
		}()
		// A margin all round leaves room for text set in a font a
		// little wider than the one gonum measured.
		m := vg.Points(6)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		if l != nil {
			p.Draw(draw.Crop(dc, m, -l.width, m/2, -m))
			l.Draw(draw.Crop(dc, w-l.width+vg.Points(8), 0, 0, -vg.Points(26)))
		} else {
			p.Draw(draw.Crop(dc, m, -m, m/2, -m))
		}
	}()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return bytes.ReplaceAll(b.Bytes(), []byte(svgFamily), []byte(svgFamilyAlt)), nil
}

// bar is one bar of an hbars row: a value with an optional interval.
type bar struct {
	v, lo, hi float64
	color     color.Color
}

// hrow is one row of an hbars chart: one bar, or several side by side,
// and a value label drawn after the longest.
type hrow struct {
	bars []bar
	text string
}

// hbars draws horizontal bars, row 0 at the bottom, with confidence
// interval whiskers where lo < hi, and a value label after each row. On
// a log axis bars start at the axis minimum, otherwise at 0.
type hbars struct {
	rows []hrow
	log  bool
	font text.Style
}

func finiteNum(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// end is the right end of row r: its longest bar or whisker.
func (r hrow) end() float64 {
	e := 0.0
	for _, b := range r.bars {
		e = math.Max(e, b.v)
		if finiteNum(b.hi) {
			e = math.Max(e, b.hi)
		}
	}
	return e
}

func (h *hbars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), 0
	for _, r := range h.rows {
		for _, b := range r.bars {
			xmin = math.Min(xmin, b.v)
			if finiteNum(b.lo) && b.lo > 0 {
				xmin = math.Min(xmin, b.lo)
			}
		}
		xmax = math.Max(xmax, r.end())
	}
	if h.log {
		// Start below the smallest value so the shortest bar shows.
		xmin /= 2
	} else {
		xmin = 0
	}
	if xmax <= xmin {
		xmax = xmin + 1
	}
	return xmin, xmax, -0.5, float64(len(h.rows)) - 0.5
}

func (h *hbars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	base := 0.0
	if h.log {
		base = p.X.Min
	}
	rowH := trY(1) - trY(0)
	if len(h.rows) == 1 {
		rowH = (c.Max.Y - c.Min.Y) * 0.8
	}
	whisker := draw.LineStyle{Color: colorText, Width: vg.Points(0.8)}
	for i, r := range h.rows {
		y := trY(float64(i))
		full := rowH * 0.74
		each := full / vg.Length(len(r.bars))
		top := y + full/2
		for j, b := range r.bars {
			y1 := top - each*vg.Length(j)
			y0 := y1 - each
			if len(r.bars) > 1 {
				y0 += vg.Points(0.4)
			}
			x0, x1 := trX(base), trX(b.v)
			c.FillPolygon(b.color, c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
			if finiteNum(b.lo) && finiteNum(b.hi) && b.lo < b.hi && (!h.log || b.lo > 0) {
				mid := (y0 + y1) / 2
				cap := min(each*0.3, vg.Points(4))
				lo, hi := trX(b.lo), trX(b.hi)
				c.StrokeLines(whisker, c.ClipLinesXY([]vg.Point{{X: lo, Y: mid}, {X: hi, Y: mid}})...)
				c.StrokeLines(whisker, c.ClipLinesXY([]vg.Point{{X: lo, Y: mid - cap}, {X: lo, Y: mid + cap}})...)
				c.StrokeLines(whisker, c.ClipLinesXY([]vg.Point{{X: hi, Y: mid - cap}, {X: hi, Y: mid + cap}})...)
			}
		}
		if r.text != "" {
			sty := h.font
			sty.YAlign = draw.YCenter
			c.FillText(sty, vg.Point{X: trX(r.end()) + vg.Points(4), Y: y}, r.text)
		}
	}
}

// GlyphBoxes makes room for the value labels on the right.
func (h *hbars) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	var boxes []plot.GlyphBox
	for i, r := range h.rows {
		if r.text == "" {
			continue
		}
		w := h.font.Width(r.text)
		boxes = append(boxes, plot.GlyphBox{
			X: p.X.Norm(r.end()), Y: p.Y.Norm(float64(i)),
			Rectangle: vg.Rectangle{Min: vg.Point{X: vg.Points(4), Y: -vg.Points(4)}, Max: vg.Point{X: vg.Points(6) + w, Y: vg.Points(4)}},
		})
	}
	return boxes
}

// chartLegend is a plot legend drawn beside the plot, with its size.
type chartLegend struct {
	plot.Legend
	n     int
	width vg.Length
}

func newLegend(thumb vg.Length) *chartLegend {
	l := &chartLegend{Legend: plot.NewLegend()}
	l.TextStyle = textStyle(chartFont, 9, colorText)
	l.Top, l.Left = true, true
	l.ThumbnailWidth = thumb
	l.Padding = vg.Points(2.5)
	l.width = vg.Points(40)
	return l
}

func (l *chartLegend) add(name string, thumbs ...plot.Thumbnailer) {
	l.Add(name, thumbs...)
	l.n++
	l.width = max(l.width, l.TextStyle.Width(name)+l.ThumbnailWidth+vg.Points(14))
}

// swatch is a legend thumbnail: a filled square.
type swatch struct{ color color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	side := min(c.Max.Y-c.Min.Y, vg.Points(8))
	x0 := c.Min.X + (c.Max.X-c.Min.X-side)/2
	y0 := c.Min.Y + (c.Max.Y-c.Min.Y-side)/2
	c.FillPolygon(s.color, []vg.Point{{X: x0, Y: y0}, {X: x0 + side, Y: y0}, {X: x0 + side, Y: y0 + side}, {X: x0, Y: y0 + side}})
}

// ticks labels an axis with a value formatter, on a linear axis at
// gonum's default positions and on a log axis at 1, 2 and 5 times the
// powers of ten (only the powers of ten when the range is wide).
type ticks struct {
	log    bool
	format func(float64) string
}

func (t ticks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	if !t.log {
		out = plot.DefaultTicks{}.Ticks(lo, hi)
		for i := range out {
			if out[i].Label != "" {
				out[i].Label = t.format(out[i].Value)
			}
		}
		return out
	}
	e0, e1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	few := math.Log10(hi/lo) <= 2 // decades: label 1, 2 and 5 in each
	labelled := 0
	for e := e0; e <= e1; e++ {
		for m := 1; m <= 9; m++ {
			v := float64(m) * math.Pow(10, e)
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			tk := plot.Tick{Value: v}
			if m == 1 || (few && (m == 2 || m == 5)) {
				tk.Label = t.format(v)
				labelled++
			}
			out = append(out, tk)
		}
	}
	if labelled < 2 {
		out = append(out, plot.Tick{Value: lo, Label: t.format(lo)}, plot.Tick{Value: hi, Label: t.format(hi)})
	}
	return out
}

// wideRange reports whether values spread over more than a factor of 30,
// which a log axis shows better.
func wideRange(vs []float64) bool {
	lo, hi := math.Inf(1), 0.0
	for _, v := range vs {
		if v > 0 && finiteNum(v) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return hi > 30*lo
}

// vertical grid lines only, behind horizontal bars.
func xGrid() *plotter.Grid {
	g := plotter.NewGrid()
	g.Horizontal.Color = nil
	g.Vertical.Color = colorGrid
	g.Vertical.Width = vg.Points(0.6)
	return g
}

// barChart renders labelled rows of horizontal bars (labels[i] is the
// label of rows[i], row 0 at the bottom) with a value axis formatted by
// fmtV; allowLog lets a wide range use a log axis.
func barChart(title, xlabel string, labels []string, rows []hrow, fmtV func(float64) string, allowLog bool, l *chartLegend) ([]byte, error) {
	var vs []float64
	for _, r := range rows {
		for _, b := range r.bars {
			vs = append(vs, b.v)
		}
	}
	log := allowLog && wideRange(vs)
	p := newPlot(title, xlabel)
	hb := &hbars{rows: rows, log: log, font: textStyle(chartFont, 9.5, colorText)}
	p.Add(xGrid(), hb)
	p.NominalY(labels...)
	p.Y.Padding = 0
	p.X.Tick.Marker = ticks{log: log, format: fmtV}
	if log {
		p.X.Scale = plot.LogScale{}
		p.X.Label.Text += " (log scale)"
	}
	perRow := 19.0
	if len(rows) > 0 {
		perRow = math.Max(19, 7*float64(len(rows[0].bars))+6)
	}
	// Wide enough for the bars beside long codec names.
	labelW := vg.Length(0)
	for _, l := range labels {
		labelW = max(labelW, p.Y.Tick.Label.Width(l))
	}
	w := max(vg.Points(380), labelW+vg.Points(290))
	h := vg.Points(perRow*float64(len(rows)) + 70)
	if l != nil {
		w += l.width
		h = max(h, vg.Points(float64(l.n)*14+70))
	}
	return renderSVG(p, l, w, h)
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
		svg, err = scatterChart(wl, title)
		if err := add("scatter", title, svg, err); err != nil {
			return nil, err
		}
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
func opOf(r *Row, op string) *Op {
	if op == result.OpEncode {
		return r.Encode
	}
	return r.Decode
}

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
	var hr []hrow
	for _, r := range rows {
		s := opOf(r, op).NsOp
		labels = append(labels, markedName(r.Label(), r.Mark()))
		hr = append(hr, hrow{bars: []bar{{v: s.Center, lo: s.Lo, hi: s.Hi, color: markColor(r.Mark())}}, text: format.Ns(s.Center)})
	}
	return barChart(title, op+" time per operation, median with 95% CI", labels, hr, format.Ns, true, markLegend(rows))
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
	var hr []hrow
	for _, r := range rows {
		labels = append(labels, markedName(r.Label(), r.Mark()))
		hr = append(hr, hrow{bars: []bar{{v: r.Verify.MeanSize, lo: math.NaN(), hi: math.NaN(), color: markColor(r.Mark())}}, text: format.Bytes(r.Verify.MeanSize)})
	}
	return barChart(title, "mean encoded size in bytes", labels, hr, format.Bytes, false, markLegend(rows))
}

// compressionAlgos are the compressors of Verification.Compressed, in
// the order of the tables.
var compressionAlgos = []string{"zstd", "gzip", "s2", "lz4"}

// compressedChart: per codec, the raw size and the size compressed by
// each algorithm, smallest zstd size on top.
func compressedChart(wl *Workload, title string) ([]byte, error) {
	rows := wl.SizeRows()
	var labels []string
	var hr []hrow
	for i := len(rows) - 1; i >= 0; i-- {
		r := rows[i]
		labels = append(labels, markedName(r.Label(), r.Mark()))
		bs := []bar{{v: r.Verify.MeanSize, lo: math.NaN(), hi: math.NaN(), color: palette[9]}}
		for k, a := range compressionAlgos {
			bs = append(bs, bar{v: r.Verify.Compressed[a], lo: math.NaN(), hi: math.NaN(), color: palette[k]})
		}
		hr = append(hr, hrow{bars: bs})
	}
	l := newLegend(vg.Points(10))
	l.add("raw", swatch{palette[9]})
	for k, a := range compressionAlgos {
		l.add(a, swatch{palette[k]})
	}
	return barChart(title, "mean bytes of one message compressed alone", labels, hr, format.Bytes, false, l)
}

// markLegend is the legend of the correctness colours present in rows,
// or nil when every row is ok.
func markLegend(rows []*Row) *chartLegend {
	seen := map[string]bool{}
	for _, r := range rows {
		seen[markKind(r.Mark())] = true
	}
	if len(seen) == 1 && seen["ok"] {
		return nil
	}
	l := newLegend(vg.Points(10))
	for _, k := range []struct{ kind, text string }{{"ok", "ok"}, {"lossy", "lossy"}, {"fail", "FAIL"}, {"other", "other"}} {
		if seen[k.kind] {
			c := map[string]color.Color{"ok": colorOK, "lossy": colorLossy, "fail": colorFail, "other": colorOther}[k.kind]
			l.add(k.text, swatch{c})
		}
	}
	return l
}

// point is a labelled point of a scatter chart.
type point struct {
	x, y  float64
	label string
	color color.Color
	// must labels the point even where labels crowd; other points are
	// labelled only where there is room.
	must bool
}

// points draws labelled points.
type points struct {
	pts  []point
	font text.Style
}

func (ps *points) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, p := range ps.pts {
		xmin, xmax = math.Min(xmin, p.x), math.Max(xmax, p.x)
		ymin, ymax = math.Min(ymin, p.y), math.Max(ymax, p.y)
	}
	return
}

// Plot draws the points, then their labels: those that must be labelled
// first, each to the right of, left of, above or below its point, or else
// moved up or down as little as needed; then the others where one of the
// four places is free of points and labels.
func (ps *points) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	const r = 3.2
	var taken []vg.Rectangle
	for _, pt := range ps.pts {
		at := vg.Point{X: trX(pt.x), Y: trY(pt.y)}
		c.DrawGlyph(draw.GlyphStyle{Color: pt.color, Radius: vg.Points(r), Shape: draw.CircleGlyph{}}, at)
		taken = append(taken, vg.Rectangle{Min: vg.Point{X: at.X - vg.Points(r), Y: at.Y - vg.Points(r)}, Max: vg.Point{X: at.X + vg.Points(r), Y: at.Y + vg.Points(r)}})
	}
	free := func(b vg.Rectangle) bool {
		for _, q := range taken {
			if b.Min.X < q.Max.X && q.Min.X < b.Max.X && b.Min.Y < q.Max.Y && q.Min.Y < b.Max.Y {
				return false
			}
		}
		return true
	}
	inside := func(b vg.Rectangle) bool {
		return b.Min.X >= c.Min.X-vg.Points(2) && b.Max.X <= c.Max.X+vg.Points(2) && b.Min.Y >= c.Min.Y && b.Max.Y <= c.Max.Y+vg.Points(2)
	}
	lineH := ps.font.Height("Xg")
	order := make([]int, len(ps.pts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return ps.pts[order[i]].must && !ps.pts[order[j]].must })
	for _, i := range order {
		pt := ps.pts[i]
		at := vg.Point{X: trX(pt.x), Y: trY(pt.y)}
		w := ps.font.Width(pt.label)
		gap := vg.Points(r + 2)
		// Candidate boxes: right, left, above, below.
		cands := []vg.Rectangle{
			{Min: vg.Point{X: at.X + gap, Y: at.Y - lineH/2}, Max: vg.Point{X: at.X + gap + w, Y: at.Y + lineH/2}},
			{Min: vg.Point{X: at.X - gap - w, Y: at.Y - lineH/2}, Max: vg.Point{X: at.X - gap, Y: at.Y + lineH/2}},
			{Min: vg.Point{X: at.X - w/2, Y: at.Y + gap}, Max: vg.Point{X: at.X + w/2, Y: at.Y + gap + lineH}},
			{Min: vg.Point{X: at.X - w/2, Y: at.Y - gap - lineH}, Max: vg.Point{X: at.X + w/2, Y: at.Y - gap}},
		}
		box, ok := vg.Rectangle{}, false
		for _, b := range cands {
			if free(b) && (pt.must || inside(b)) {
				box, ok = b, true
				break
			}
		}
		if !ok && pt.must {
			// Right of the point, moved up or down by whole lines.
			for k := 1; k <= 40 && !ok; k++ {
				step := vg.Length((k+1)/2) * lineH
				if k%2 == 1 {
					step = -step
				}
				b := cands[0]
				b.Min.Y += step
				b.Max.Y += step
				box, ok = b, free(b)
			}
			if !ok {
				box = cands[0]
			}
			ok = true
		}
		if !ok {
			continue
		}
		taken = append(taken, box)
		sty := ps.font
		sty.Color = pt.color
		sty.YAlign = draw.YBottom
		c.FillText(sty, vg.Point{X: box.Min.X, Y: box.Min.Y + ps.font.FontExtents().Descent}, pt.label)
	}
}

// GlyphBoxes makes room for the labels that must be drawn, to the right
// of their points.
func (ps *points) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	var boxes []plot.GlyphBox
	for _, pt := range ps.pts {
		if !pt.must {
			continue
		}
		w := ps.font.Width(pt.label)
		boxes = append(boxes, plot.GlyphBox{
			X: p.X.Norm(pt.x), Y: p.Y.Norm(pt.y),
			Rectangle: vg.Rectangle{Min: vg.Point{X: -vg.Points(4), Y: -vg.Points(5)}, Max: vg.Point{X: vg.Points(6) + w, Y: vg.Points(5)}},
		})
	}
	return boxes
}

// scatterChart: the mean encoded size against encode+decode time, one
// labelled point per timed codec; closer to the origin is better.
func scatterChart(wl *Workload, title string) ([]byte, error) {
	ps := &points{font: textStyle(chartFont, 9, colorText)}
	var xs, ys []float64
	for _, r := range wl.Rows {
		ps.pts = append(ps.pts, point{x: r.Verify.MeanSize, y: r.Total(), label: markedName(r.Label(), r.Mark()), color: markColor(r.Mark())})
		xs = append(xs, r.Verify.MeanSize)
		ys = append(ys, r.Total())
	}
	// The codecs that no other codec beats on both size and time are
	// always labelled.
	byX := make([]int, len(ps.pts))
	for i := range byX {
		byX[i] = i
	}
	sort.SliceStable(byX, func(i, j int) bool {
		a, b := ps.pts[byX[i]], ps.pts[byX[j]]
		if a.x != b.x {
			return a.x < b.x
		}
		return a.y < b.y
	})
	best := math.Inf(1)
	for _, i := range byX {
		if ps.pts[i].y < best {
			ps.pts[i].must = true
			best = ps.pts[i].y
		}
	}
	// So are the codecs that lose data without declaring it.
	for i, r := range wl.Rows {
		if k := markKind(r.Mark()); k != "ok" && k != "lossy" {
			ps.pts[i].must = true
		}
	}
	p := newPlot(title, "mean encoded size (bytes)")
	// A short label on the y axis: gonum pads a log axis for its label
	// as if the label were centred on the arithmetic middle of the range.
	p.Y.Label.Text = "encode + decode"
	g := plotter.NewGrid()
	g.Horizontal.Color, g.Vertical.Color = colorGrid, colorGrid
	p.Add(g, ps)
	logX, logY := wideRange(xs), wideRange(ys)
	p.X.Tick.Marker = ticks{log: logX, format: format.Bytes}
	p.Y.Tick.Marker = ticks{log: logY, format: format.Ns}
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
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Min /= 1.5
		p.Y.Max *= 1.4
		p.X.Label.Text += " · time axis: log scale"
	} else {
		p.Y.Min = 0
		p.Y.Max *= 1.08
	}
	for _, g := range []*plot.Axis{&p.X, &p.Y} {
		if g.Max <= g.Min {
			g.Max = g.Min + 1
		}
	}
	return renderSVG(p, nil, vg.Points(420), vg.Points(300))
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
	p := newPlot(title, "run")
	p.Y.Label.Text = "median time"
	g := plotter.NewGrid()
	g.Horizontal.Color, g.Vertical.Color = colorGrid, colorGrid
	p.Add(g)
	var ys []float64
	for _, s := range series {
		for _, pt := range s.Points {
			ys = append(ys, pt.NsOp.Center)
		}
	}
	logY := wideRange(ys)
	l := newLegend(vg.Points(16))
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
		l.add(name, line, pts)
	}
	p.X.Tick.Marker = plot.ConstantTicks(xticks)
	p.X.Min, p.X.Max = -0.3, float64(len(xticks))-0.7
	if len(xticks) == 1 {
		p.X.Min, p.X.Max = -1, 1
	}
	p.Y.Tick.Marker = ticks{log: logY, format: format.Ns}
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Min /= 1.5
		p.Y.Max *= 1.3
		p.X.Label.Text += " · time axis: log scale"
	} else {
		p.Y.Min = 0
		p.Y.Max *= 1.08
	}
	if p.Y.Max <= p.Y.Min {
		p.Y.Max = p.Y.Min + 1
	}
	h := max(vg.Points(300), vg.Points(float64(len(series))*12+60))
	return renderSVG(p, l, vg.Points(400)+l.width, h)
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
