package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// fixtureRuns returns n runs of referenceRun a day apart whose times
// drift, for reports of several runs.
func fixtureRuns(n int) []*result.Run {
	ids := []string{"20261121-093000-abcdef", "20261122-093000-bcdef0", "20261123-093000-cdef01"}
	var runs []*result.Run
	for i := 0; i < n; i++ {
		r := referenceRun(ids[i])
		r.Start = r.Start.Add(time.Duration(i) * 24 * time.Hour)
		r.End = r.End.Add(time.Duration(i) * 24 * time.Hour)
		for j := range r.Cells {
			for k := range r.Cells[j].Samples {
				r.Cells[j].Samples[k].NsPerOp *= 1 + 0.05*float64(i*(j%3-1))
			}
		}
		runs = append(runs, r)
	}
	return runs
}

func renderHTML(t *testing.T, runs []*result.Run, opts Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := HTML(&b, runs, opts); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// dataSVG matches a chart's data URI as html/template writes it in an
// attribute (with "+" as "&#43;").
var dataSVG = regexp.MustCompile(`data:image/svg(?:\+|&#43;)xml;base64,((?:[A-Za-z0-9/=]|\+|&#43;)+)`)

// chartSVGs returns the decoded charts of page.
func chartSVGs(t *testing.T, page []byte) [][]byte {
	t.Helper()
	var out [][]byte
	for _, m := range dataSVG.FindAllSubmatch(page, -1) {
		svg, err := base64.StdEncoding.DecodeString(html.UnescapeString(string(m[1])))
		if err != nil {
			t.Fatalf("chart data URI: %v", err)
		}
		out = append(out, svg)
	}
	return out
}

// digestCharts replaces the charts' data URIs with a digest of the SVG,
// so that the golden file stays readable; the SVGs themselves are
// checked by TestMarkdownFileGolden.
func digestCharts(page []byte) []byte {
	return dataSVG.ReplaceAllFunc(page, func(m []byte) []byte {
		return []byte(fmt.Sprintf("data:image/svg+xml;sha256=%x", sha256.Sum256(m))[:40])
	})
}

func TestHTMLGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		runs []*result.Run
		opts Options
	}{
		{"html.golden", fixtureRuns(1), Options{}},
		{"html-runs.golden", fixtureRuns(2), Options{AllVariants: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := renderHTML(t, tc.runs, tc.opts)
			golden.Check(t, tc.name, digestCharts(page))
		})
	}
}

// The same runs give the same bytes, charts included.
func TestHTMLDeterministic(t *testing.T) {
	a := renderHTML(t, fixtureRuns(2), Options{})
	b := renderHTML(t, fixtureRuns(2), Options{})
	if !bytes.Equal(a, b) {
		t.Fatal("two renderings of the same runs differ")
	}
	if n := len(dataSVG.FindAll(a, -1)); n < 10 {
		t.Errorf("%d charts, want at least 10", n)
	}
}

// hostileRun is referenceRun with markup in every string that comes from
// data, codec metadata or the command line, the reference roles and the
// error of a crashed worker included.
func hostileRun() *result.Run {
	r := referenceRun(`20261121-093000-abcdef"><script>alert("id")</script>`)
	r.Command = `serbench run --codec '<script>alert("cmd")</script>'`
	r.Env = append(r.Env, result.Config{Key: `<i>key</i>`, Value: `"><img src=x onerror=alert(1)>`})
	r.Warnings = append(r.Warnings, `<script>alert("warning")</script>`)
	for i := range r.Codecs {
		if r.Codecs[i].Name == "json" {
			r.Codecs[i].Format = `<u>json</u>`
			r.Codecs[i].API = `</td></tr></table><h1>api</h1>`
		}
	}
	rename := func(from, to string) {
		for i := range r.Codecs {
			if r.Codecs[i].Name == from {
				r.Codecs[i].Name = to
			}
		}
		for i := range r.Verifications {
			if r.Verifications[i].Codec == from {
				r.Verifications[i].Codec = to
			}
		}
		for i := range r.Cells {
			if r.Cells[i].Codec == from {
				r.Cells[i].Codec = to
			}
		}
	}
	rename("noisy", `<script>alert("codec")</script>`)
	rename("mapped", `<script>alert("strategy")</script>`)
	rename("ref.memcpy", `<script>alert("reference")</script>`)
	rename("noop", `<script>alert("floor")</script>`)
	for i := range r.Verifications {
		if r.Verifications[i].Codec == "panics" {
			r.Verifications[i].Error = `<img src=x onerror=alert("error")>`
		}
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Reference == "memcpy" {
			c.Reference = `<script>alert("role")</script>`
		}
		if c.Status == result.CellCrash {
			c.Error = "<script>alert(\"tail\")</script>\n<img src=x onerror=alert(\"crash\")>"
		}
	}
	return r
}

func TestHTMLEscapes(t *testing.T) {
	page := string(renderHTML(t, []*result.Run{fixture.Run("r1")}, Options{}))
	// The fixture's codec "broken" has the module example.com/<b>roken.
	if strings.Contains(page, "<b>") {
		t.Error(`the raw "<b>" of a module path appears in the HTML`)
	}
	if !strings.Contains(page, "example.com/&lt;b&gt;roken") {
		t.Error("the module example.com/<b>roken is not shown escaped")
	}

	for _, runs := range [][]*result.Run{{hostileRun()}, {hostileRun(), fixture.Run("r2")}} {
		page := string(renderHTML(t, runs, Options{AllVariants: true}))
		for _, raw := range []string{`<script>alert`, `<img src=x`, `<i>key`, `<u>json`, `<h1>api`} {
			if strings.Contains(page, raw) {
				i := strings.Index(page, raw)
				t.Errorf("raw %q in the HTML: …%s…", raw, page[max(0, i-80):min(len(page), i+80)])
			}
		}
		if !strings.Contains(page, "&lt;script&gt;alert(&#34;codec&#34;)&lt;/script&gt;") {
			t.Error("the codec name is not shown escaped")
		}
		// Inside the charts too: vgsvg escapes text.
		for _, svg := range chartSVGs(t, []byte(page)) {
			if bytes.Contains(svg, []byte("<script")) {
				t.Errorf("raw <script in a chart:\n%s", svg)
			}
		}
	}
}

// The page references nothing outside itself: no URL with a scheme or
// protocol-relative, every src a data: URI, every href a fragment.
func TestHTMLOffline(t *testing.T) {
	for _, runs := range [][]*result.Run{fixtureRuns(1), fixtureRuns(3), {hostileRun()}} {
		page := string(renderHTML(t, runs, Options{}))
		for _, bad := range []string{"http://", "https://", "ftp://", `="//`, "url(", "@import", "<link", "<iframe", "<object", "<embed"} {
			if strings.Contains(page, bad) {
				i := strings.Index(page, bad)
				t.Errorf("the page contains %q: …%s…", bad, page[max(0, i-80):min(len(page), i+80)])
			}
		}
		attr := regexp.MustCompile(`\s(src|href|srcset|action|poster|data|xlink:href)=("[^"]*"|'[^']*'|[^\s>]+)`)
		for _, tag := range regexp.MustCompile(`<[a-zA-Z][^>]*>`).FindAllString(page, -1) {
			for _, m := range attr.FindAllStringSubmatch(tag, -1) {
				v := html.UnescapeString(strings.Trim(m[2], `"'`))
				switch {
				case m[1] == "src" && strings.HasPrefix(v, "data:image/svg+xml;base64,"):
				case m[1] == "href" && strings.HasPrefix(v, "#"):
				default:
					t.Errorf("external reference %s=%.80s", m[1], v)
				}
			}
		}
		if n := len(chartSVGs(t, []byte(page))); n == 0 || n != strings.Count(page, "<img ") {
			t.Errorf("%d chart data URIs for %d images", n, strings.Count(page, "<img "))
		}
	}
}

func TestHTMLShape(t *testing.T) {
	page := string(renderHTML(t, fixtureRuns(1), Options{}))
	wantIn(t, "the page", page,
		"2026-11-21 09:30:00 UTC", // the date of the run
		"Test CPU @ 3.00GHz", "0123456789ab", "go1.26.8", "sample-time",
		`id="variants"`, `class="set set-plain"`, `class="set set-all"`,
		`<span class="mark fail">FAIL</span>`, `<span class="mark lossy">lossy</span>`, `<span class="mark other">error</span>`,
		`alt="person: encode time"`, `alt="person: compressed size"`, `alt="person: size versus speed"`,
		"Access without decoding", "Parallel throughput", "example run-level warning",
	)
	if strings.Contains(page, `<body class="show-all">`) {
		t.Error("variants shown by default")
	}
	if all := string(renderHTML(t, fixtureRuns(1), Options{AllVariants: true})); !strings.Contains(all, `<body class="show-all">`) || !strings.Contains(all, `id="variants" checked`) {
		t.Error("--variants all does not start with the variants shown")
	}
	// Lossy and failing codecs are named with their mark in the charts.
	var svgs strings.Builder
	for _, svg := range chartSVGs(t, []byte(page)) {
		svgs.Write(svg)
	}
	wantIn(t, "the charts", svgs.String(), "lossy-bson (lossy)", "broken (FAIL)", "noisy", "zstd", "lz4")
	// Several runs: a table of runs and the history charts.
	many := string(renderHTML(t, fixtureRuns(3), Options{}))
	wantIn(t, "the report of 3 runs", many, "<h2>Runs</h2>", `id="history"`, `alt="person: encode time across runs"`, "20261123-093000-cdef01")
}

// A run without variant codecs has no toggle and one set of charts.
func TestHTMLNoVariants(t *testing.T) {
	r := fixture.Run("r1")
	var vs []result.Verification
	for _, v := range r.Verifications {
		if v.Codec != "reuse" {
			vs = append(vs, v)
		}
	}
	r.Verifications = vs
	var cs []result.Cell
	for _, c := range r.Cells {
		if c.Codec != "reuse" {
			cs = append(cs, c)
		}
	}
	r.Cells = cs
	page := string(renderHTML(t, []*result.Run{r}, Options{}))
	if strings.Contains(page, `id="variants"`) || strings.Contains(page, `class="set set-all"`) {
		t.Error("toggle shown for a run without variants")
	}
	if n := strings.Count(page, `<img class="chart"`); n != 5 {
		t.Errorf("%d charts, want 5", n)
	}
}

// A workload with bandwidth references has its own table: references on
// top, the strategies fastest first with their percentages, then those
// not timed; the floor is a line, not a row, and is in no chart.
func TestHTMLBandwidth(t *testing.T) {
	page := string(renderHTML(t, []*result.Run{referenceRun("r1")}, Options{}))
	if !strings.Contains(page, `<table class="sortable bandwidth">`) {
		t.Fatal("no bandwidth table")
	}
	table := page[strings.Index(page, `<table class="sortable bandwidth">`):]
	table = table[:strings.Index(table, "</table>")]
	var names []string
	for _, m := range regexp.MustCompile(`<tr(?: class="failed")?><td data-v="[0-9]*">[0-9]*</td><td class="l">([^<]*)</td>`).FindAllStringSubmatch(table, -1) {
		names = append(names, m[1])
	}
	if got := strings.Join(names, " "); got != "ref.read ref.memcpy mapped bad loop crashed doc" {
		t.Errorf("bandwidth rows %s", got)
	}
	wantIn(t, "the bandwidth table", table,
		`<th>% read</th><th>% memcpy</th>`,
		`<th>tier</th><th class="l">name</th>`, `<th>GC/1k</th><th>GC%</th>`,
		`<td data-v="1">1</td><td class="l">mapped</td><td class="l"></td><td class="l"><span class="mark ok">ok</span></td><td data-v="1200000">1.20ms<small>±2.0%</small></td><td data-v="3333.33">3333<small>±2.0%</small></td><td data-v="33.3333">33.3%</td><td data-v="83.3333">83%</td>`,
		// 9 collections in 410 iterations; 13.5µs in 0.492s.
		`<td data-v="32">32 B</td><td data-v="1">1</td><td data-v="21.9512">22</td><td data-v="0.000027439">0.0027</td><td data-v="10">10</td>`,
		`<td data-v="2">2</td><td class="l">bad</td><td class="l"></td><td class="l"><span class="mark fail">FAIL</span></td>`,
		`<td data-v=""></td><td class="l">ref.read</td><td class="l">read</td><td class="l"><span class="mark other">ref</span></td>`,
		`<tr class="failed"><td data-v=""></td><td class="l">crashed</td><td class="l"></td><td class="l"><span class="mark other">crash</span></td>`,
	)
	wantIn(t, "the page", page,
		`<p class="sub floor">noop (floor: harness overhead per operation): decode 1.10ns ±2.0%</p>`,
		`<p class="sub floor">noop (floor: harness overhead per operation): encode 1.20ns ±2.0%, decode 1.35ns ±2.0%</p>`,
		"crash crashed: decode: the worker died: exit status 2: panic: runtime error: slice bounds out of range [:5] with capacity 4",
		"memory hog: decode: the worker went past the memory limit and was killed",
	)
	if strings.Contains(page, "goroutine 1 [running]") {
		t.Error("the page shows more than the first line of a crashed worker's output")
	}
	// No codec table for vectors, which has no encode cell, and no row
	// for the floor in the codec tables.
	if n := strings.Count(page, `<table class="sortable codecs">`); n != 2 {
		t.Errorf("%d codec tables, want 2 (person, plain and all)", n)
	}
	if strings.Contains(page, `<td class="l">noop</td>`) {
		t.Error("the floor is a row of a table")
	}
	for _, svg := range chartSVGs(t, []byte(page)) {
		for _, name := range []string{"noop", "ref.read", "mapped", "crashy", "hog"} {
			if bytes.Contains(svg, []byte(name)) {
				t.Errorf("%s is in a chart", name)
			}
		}
	}
	if strings.Contains(page, "floats") {
		t.Error("the page names the floats workload")
	}
}

func TestHTMLNoRun(t *testing.T) {
	if err := HTML(new(bytes.Buffer), nil, Options{}); err == nil {
		t.Error("no error for no run")
	}
}
