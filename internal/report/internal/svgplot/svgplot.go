// Package svgplot draws charts as SVG images with gonum.org/v1/plot, in
// one look: fonts (Liberation Sans, with metric-compatible fallbacks in
// the SVG), colours, axes and legends beside the plot. It adds to gonum
// the plotters report's charts need (horizontal bars with confidence
// whiskers and value labels, labelled points that keep their labels
// apart), tick marks that label a log axis at 1, 2 and 5 times the
// powers of ten, and a bar chart sized to its labels. It knows nothing of
// serbench: what the bars and points mean, and their colours, are the
// caller's.
package svgplot

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"sort"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Colours of grid lines and text, and a palette for series.
var (
	ColorGrid = color.RGBA{R: 0xe3, G: 0xe6, B: 0xea, A: 0xff}
	ColorText = color.RGBA{R: 0x22, G: 0x26, B: 0x2b, A: 0xff}

	Palette = []color.Color{
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

// Fonts of the charts. The SVG names them "Liberation Sans", which
// Render widens to metric-compatible fallbacks (Arial, Helvetica).
var (
	Font     = font.Font{Typeface: "Liberation", Variant: "Sans"}
	FontBold = font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}
)

// TextStyle is a text style of font f at size in colour c.
func TextStyle(f font.Font, size vg.Length, c color.Color) text.Style {
	return text.Style{Color: c, Font: font.From(f, size), Handler: plot.DefaultTextHandler}
}

// New returns a plot with the package's fonts and colours, titled title,
// with xlabel under its x axis.
func New(title, xlabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(FontBold, 12)
	p.Title.TextStyle.Color = ColorText
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(Font, 10)
		a.Label.TextStyle.Color = ColorText
		a.Tick.Label.Font = font.From(Font, 10)
		a.Tick.Label.Color = ColorText
		a.Color = color.RGBA{R: 0x9a, G: 0xa0, B: 0xa6, A: 0xff}
		a.Tick.Color = a.Color
	}
	p.X.Label.Text = xlabel
	p.Legend.TextStyle.Font = font.From(Font, 9)
	p.Legend.TextStyle.Color = ColorText
	return p
}

// svgFamily is how vgsvg names the chart font; Render adds fallbacks
// so that a browser without Liberation Sans uses a font of the same
// metrics rather than its default serif.
const (
	svgFamily    = "font-family:Liberation Sans;"
	svgFamilyAlt = "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"
)

// Render draws p as SVG on a white canvas of w by h, with the legend l
// beside it on the right unless l is nil. A panic of gonum (on degenerate
// input, such as a log axis at 0) is returned as an error. Rendering is
// deterministic: the same plot gives the same bytes.
func Render(p *plot.Plot, l *Legend, w, h vg.Length) ([]byte, error) {
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

// Bar is one bar of an HBars row: a value V with an interval from Lo to
// Hi, drawn as a whisker (NaN for none), filled with Color.
type Bar struct {
	V, Lo, Hi float64
	Color     color.Color
}

// HRow is one row of an HBars chart: one bar, or several side by side,
// and a value label Text drawn after the longest ("" for none).
type HRow struct {
	Bars []Bar
	Text string
}

// HBars draws horizontal bars, row 0 at the bottom, with confidence
// interval whiskers where Lo < Hi, and a value label after each row in
// Font. On a log axis (Log) bars start at the axis minimum, otherwise at
// 0. It is a plot.Plotter and a plot.GlyphBoxer.
type HBars struct {
	Rows []HRow
	Log  bool
	Font text.Style
}

// Finite reports whether v is neither NaN nor infinite.
func Finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// end is the right end of row r: its longest bar or whisker.
func (r HRow) end() float64 {
	e := 0.0
	for _, b := range r.Bars {
		e = math.Max(e, b.V)
		if Finite(b.Hi) {
			e = math.Max(e, b.Hi)
		}
	}
	return e
}

// DataRange implements plot.DataRanger.
func (h *HBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), 0
	for _, r := range h.Rows {
		for _, b := range r.Bars {
			xmin = math.Min(xmin, b.V)
			if Finite(b.Lo) && b.Lo > 0 {
				xmin = math.Min(xmin, b.Lo)
			}
		}
		xmax = math.Max(xmax, r.end())
	}
	if h.Log {
		// Start below the smallest value so the shortest bar shows.
		xmin /= 2
	} else {
		xmin = 0
	}
	if xmax <= xmin {
		xmax = xmin + 1
	}
	return xmin, xmax, -0.5, float64(len(h.Rows)) - 0.5
}

// Plot implements plot.Plotter.
func (h *HBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	base := 0.0
	if h.Log {
		base = p.X.Min
	}
	rowH := trY(1) - trY(0)
	if len(h.Rows) == 1 {
		rowH = (c.Max.Y - c.Min.Y) * 0.8
	}
	whisker := draw.LineStyle{Color: ColorText, Width: vg.Points(0.8)}
	for i, r := range h.Rows {
		y := trY(float64(i))
		full := rowH * 0.74
		each := full / vg.Length(len(r.Bars))
		top := y + full/2
		for j, b := range r.Bars {
			y1 := top - each*vg.Length(j)
			y0 := y1 - each
			if len(r.Bars) > 1 {
				y0 += vg.Points(0.4)
			}
			x0, x1 := trX(base), trX(b.V)
			c.FillPolygon(b.Color, c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
			if Finite(b.Lo) && Finite(b.Hi) && b.Lo < b.Hi && (!h.Log || b.Lo > 0) {
				mid := (y0 + y1) / 2
				cap := min(each*0.3, vg.Points(4))
				lo, hi := trX(b.Lo), trX(b.Hi)
				c.StrokeLines(whisker, c.ClipLinesXY([]vg.Point{{X: lo, Y: mid}, {X: hi, Y: mid}})...)
				c.StrokeLines(whisker, c.ClipLinesXY([]vg.Point{{X: lo, Y: mid - cap}, {X: lo, Y: mid + cap}})...)
				c.StrokeLines(whisker, c.ClipLinesXY([]vg.Point{{X: hi, Y: mid - cap}, {X: hi, Y: mid + cap}})...)
			}
		}
		if r.Text != "" {
			sty := h.Font
			sty.YAlign = draw.YCenter
			c.FillText(sty, vg.Point{X: trX(r.end()) + vg.Points(4), Y: y}, r.Text)
		}
	}
}

// GlyphBoxes makes room for the value labels on the right.
func (h *HBars) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	var boxes []plot.GlyphBox
	for i, r := range h.Rows {
		if r.Text == "" {
			continue
		}
		w := h.Font.Width(r.Text)
		boxes = append(boxes, plot.GlyphBox{
			X: p.X.Norm(r.end()), Y: p.Y.Norm(float64(i)),
			Rectangle: vg.Rectangle{Min: vg.Point{X: vg.Points(4), Y: -vg.Points(4)}, Max: vg.Point{X: vg.Points(6) + w, Y: vg.Points(4)}},
		})
	}
	return boxes
}

// Legend is a plot legend that Render draws beside the plot; it keeps
// count of its entries and of the width they need.
type Legend struct {
	plot.Legend
	n     int
	width vg.Length
}

// NewLegend returns an empty legend in the package's font, with
// thumbnails thumb wide.
func NewLegend(thumb vg.Length) *Legend {
	l := &Legend{Legend: plot.NewLegend()}
	l.TextStyle = TextStyle(Font, 9, ColorText)
	l.Top, l.Left = true, true
	l.ThumbnailWidth = thumb
	l.Padding = vg.Points(2.5)
	l.width = vg.Points(40)
	return l
}

// Add adds an entry and widens the legend to fit it.
func (l *Legend) Add(name string, thumbs ...plot.Thumbnailer) {
	l.Legend.Add(name, thumbs...)
	l.n++
	l.width = max(l.width, l.TextStyle.Width(name)+l.ThumbnailWidth+vg.Points(14))
}

// Width is the width the legend needs beside the plot.
func (l *Legend) Width() vg.Length { return l.width }

// Swatch is a legend thumbnail: a square filled with Color.
type Swatch struct{ Color color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s Swatch) Thumbnail(c *draw.Canvas) {
	side := min(c.Max.Y-c.Min.Y, vg.Points(8))
	x0 := c.Min.X + (c.Max.X-c.Min.X-side)/2
	y0 := c.Min.Y + (c.Max.Y-c.Min.Y-side)/2
	c.FillPolygon(s.Color, []vg.Point{{X: x0, Y: y0}, {X: x0 + side, Y: y0}, {X: x0 + side, Y: y0 + side}, {X: x0, Y: y0 + side}})
}

// Ticks labels an axis with the value formatter Format, on a linear axis
// at gonum's default positions (all of them when gonum labels fewer than
// four) and on a log axis (Log) at 1, 2 and 5
// times the powers of ten (only the powers of ten when the range is
// wide).
type Ticks struct {
	Log    bool
	Format func(float64) string
}

// Ticks implements plot.Ticker.
func (t Ticks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	if !t.Log {
		out = plot.DefaultTicks{}.Ticks(lo, hi)
		// gonum may label as few as two ticks (0 and 250 B); then the
		// minor ticks between them are labelled too, when few enough
		// to be read.
		labelled := 0
		for _, tk := range out {
			if tk.Label != "" {
				labelled++
			}
		}
		all := labelled < 4 && len(out) <= 11
		for i := range out {
			if out[i].Label != "" || all {
				out[i].Label = t.Format(out[i].Value)
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
				tk.Label = t.Format(v)
				labelled++
			}
			out = append(out, tk)
		}
	}
	if labelled < 2 {
		out = append(out, plot.Tick{Value: lo, Label: t.Format(lo)}, plot.Tick{Value: hi, Label: t.Format(hi)})
	}
	return out
}

// WideRange reports whether values spread over more than a factor of 30,
// which a log axis shows better.
func WideRange(vs []float64) bool {
	lo, hi := math.Inf(1), 0.0
	for _, v := range vs {
		if v > 0 && Finite(v) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return hi > 30*lo
}

// XGrid is a grid of vertical lines only, to draw behind horizontal bars.
func XGrid() *plotter.Grid {
	g := plotter.NewGrid()
	g.Horizontal.Color = nil
	g.Vertical.Color = ColorGrid
	g.Vertical.Width = vg.Points(0.6)
	return g
}

// BarChart renders labelled rows of horizontal bars (labels[i] is the
// label of rows[i], row 0 at the bottom) with a value axis formatted by
// fmtV; allowLog lets a wide range use a log axis. The legend l, unless
// nil, is drawn beside the plot. The image is as high as the rows need
// and as wide as the labels need.
func BarChart(title, xlabel string, labels []string, rows []HRow, fmtV func(float64) string, allowLog bool, l *Legend) ([]byte, error) {
	var vs []float64
	for _, r := range rows {
		for _, b := range r.Bars {
			vs = append(vs, b.V)
		}
	}
	log := allowLog && WideRange(vs)
	p := New(title, xlabel)
	hb := &HBars{Rows: rows, Log: log, Font: TextStyle(Font, 9.5, ColorText)}
	p.Add(XGrid(), hb)
	p.NominalY(labels...)
	p.Y.Padding = 0
	p.X.Tick.Marker = Ticks{Log: log, Format: fmtV}
	if log {
		p.X.Scale = plot.LogScale{}
		p.X.Label.Text += " (log scale)"
	}
	perRow := 19.0
	if len(rows) > 0 {
		perRow = math.Max(19, 7*float64(len(rows[0].Bars))+6)
	}
	// Wide enough for the bars beside long labels.
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
	return Render(p, l, w, h)
}

// Point is a labelled point of a scatter chart.
type Point struct {
	X, Y  float64
	Label string
	Color color.Color
	// Must labels the point even where labels crowd; other points are
	// labelled only where there is room.
	Must bool
	// Short, when set, is drawn instead of Label where Label has no
	// room, even where labels crowd (a number that a key beside the
	// chart resolves), so that every point is identifiable.
	Short string
}

// Points draws labelled points, their labels in Font (coloured as their
// points). It is a plot.Plotter and a plot.GlyphBoxer.
type Points struct {
	Pts  []Point
	Font text.Style
	// Shorted lists, after Plot, the points drawn with their Short
	// label, in order.
	Shorted []int
}

// DataRange implements plot.DataRanger.
func (ps *Points) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, p := range ps.Pts {
		xmin, xmax = math.Min(xmin, p.X), math.Max(xmax, p.X)
		ymin, ymax = math.Min(ymin, p.Y), math.Max(ymax, p.Y)
	}
	return
}

// Plot draws the points, then their labels: those that must be labelled
// first, each to the right of, left of, above or below its point, or else
// moved up or down as little as needed; then the others where one of the
// four places is free of points and labels.
func (ps *Points) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	const r = 3.2
	var taken []vg.Rectangle
	for _, pt := range ps.Pts {
		at := vg.Point{X: trX(pt.X), Y: trY(pt.Y)}
		c.DrawGlyph(draw.GlyphStyle{Color: pt.Color, Radius: vg.Points(r), Shape: draw.CircleGlyph{}}, at)
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
	lineH := ps.Font.Height("Xg")
	order := make([]int, len(ps.Pts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return ps.Pts[order[i]].Must && !ps.Pts[order[j]].Must })
	for _, i := range order {
		pt := ps.Pts[i]
		at := vg.Point{X: trX(pt.X), Y: trY(pt.Y)}
		w := ps.Font.Width(pt.Label)
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
			if free(b) && (pt.Must || inside(b)) {
				box, ok = b, true
				break
			}
		}
		label := pt.Label
		if !ok && !pt.Must && pt.Short != "" {
			label, pt.Must = pt.Short, true
			w = ps.Font.Width(label)
			cands = []vg.Rectangle{
				{Min: vg.Point{X: at.X + gap, Y: at.Y - lineH/2}, Max: vg.Point{X: at.X + gap + w, Y: at.Y + lineH/2}},
				{Min: vg.Point{X: at.X - gap - w, Y: at.Y - lineH/2}, Max: vg.Point{X: at.X - gap, Y: at.Y + lineH/2}},
				{Min: vg.Point{X: at.X - w/2, Y: at.Y + gap}, Max: vg.Point{X: at.X + w/2, Y: at.Y + gap + lineH}},
				{Min: vg.Point{X: at.X - w/2, Y: at.Y - gap - lineH}, Max: vg.Point{X: at.X + w/2, Y: at.Y - gap}},
			}
			for _, b := range cands {
				if free(b) {
					box, ok = b, true
					break
				}
			}
			ps.Shorted = append(ps.Shorted, i)
		}
		if !ok && pt.Must {
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
		sty := ps.Font
		sty.Color = pt.Color
		sty.YAlign = draw.YBottom
		c.FillText(sty, vg.Point{X: box.Min.X, Y: box.Min.Y + ps.Font.FontExtents().Descent}, label)
	}
}

// GlyphBoxes makes room for the labels that must be drawn, to the right
// of their points.
func (ps *Points) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	var boxes []plot.GlyphBox
	for _, pt := range ps.Pts {
		if !pt.Must {
			continue
		}
		w := ps.Font.Width(pt.Label)
		boxes = append(boxes, plot.GlyphBox{
			X: p.X.Norm(pt.X), Y: p.Y.Norm(pt.Y),
			Rectangle: vg.Rectangle{Min: vg.Point{X: -vg.Points(4), Y: -vg.Points(5)}, Max: vg.Point{X: vg.Points(6) + w, Y: vg.Points(5)}},
		})
	}
	return boxes
}

// Grid is a grid of horizontal and vertical lines.
func Grid() *plotter.Grid {
	g := plotter.NewGrid()
	g.Horizontal.Color, g.Vertical.Color = ColorGrid, ColorGrid
	return g
}
