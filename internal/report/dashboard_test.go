package report

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// syntheticHistory returns n runs a day apart, from a fixed seed: two
// workloads (person, orders), encode and decode, codecs json, cbor and
// msgpack and a variant json-reuse, each cell in 3 forks of 5 samples
// with 2% noise. json moves from v1.0.0 to v1.1.0 at run n/2 and gets
// 20% faster to encode; cbor decodes 30% slower from run 2n/3.
func syntheticHistory(n int, seed int64) []*result.Run {
	rng := rand.New(rand.NewSource(seed))
	start := time.Date(2026, 9, 1, 9, 30, 0, 0, time.UTC)
	base := map[string]float64{"json": 1200, "cbor": 600, "msgpack": 450, "json-reuse": 1000}
	codecs := []string{"cbor", "json", "json-reuse", "msgpack"}
	var runs []*result.Run
	for i := range n {
		t := start.Add(time.Duration(i) * 24 * time.Hour)
		r := &result.Run{
			ID: fmt.Sprintf("%s-%06d", t.Format("20060102-150405"), i+1), Start: t, End: t.Add(90 * time.Second), Complete: true,
			Env: []result.Config{{Key: "cpu", Value: "Test CPU @ 3.0GHz"}, {Key: "cores", Value: "8"}, {Key: "go", Value: "go1.26.0"},
				{Key: "gomaxprocs", Value: "8"}, {Key: "commit", Value: fmt.Sprintf("%07x", 0xabc000+i)}},
		}
		jsonVersion := "v1.0.0"
		if i >= n/2 {
			jsonVersion = "v1.1.0"
		}
		for _, c := range codecs {
			cd := result.Codec{Name: c, Format: strings.TrimSuffix(c, "-reuse"), Module: "example.com/" + c, Version: "v0.9.0", API: "reflection"}
			if strings.HasPrefix(c, "json") {
				cd.Version = jsonVersion
			}
			if c == "json-reuse" {
				cd.Flags = []string{result.FlagReuse}
			}
			r.Codecs = append(r.Codecs, cd)
		}
		for _, wl := range []string{"orders", "person"} {
			scale := 1.0
			if wl == "orders" {
				scale = 7
			}
			for _, c := range codecs {
				r.Verifications = append(r.Verifications, result.Verification{Workload: wl, Codec: c, Status: result.VerifyExact, Values: 100, MeanSize: 200})
				for _, op := range []string{result.OpEncode, result.OpDecode} {
					ns := base[c] * scale
					if op == result.OpDecode {
						ns *= 1.8
					}
					if strings.HasPrefix(c, "json") && op == result.OpEncode && i >= n/2 {
						ns *= 0.8
					}
					if c == "cbor" && op == result.OpDecode && i >= 2*n/3 {
						ns *= 1.3
					}
					cell := result.Cell{Workload: wl, Codec: c, Op: op, Status: result.CellOK, Goroutines: 1, MeanSize: 200, SampleTime: 50 * time.Millisecond}
					for f := 1; f <= 3; f++ {
						level := ns * (1 + 0.01*rng.NormFloat64())
						for range 5 {
							v := level * (1 + 0.02*rng.NormFloat64())
							cell.Samples = append(cell.Samples, result.Sample{Iters: int(5e7 / v), NsPerOp: v, BytesPerOp: 100, AllocsPerOp: 2, Fork: f})
						}
					}
					r.Cells = append(r.Cells, cell)
				}
			}
		}
		runs = append(runs, r)
	}
	return runs
}

func buildDashboard(t testing.TB, runs []*result.Run, opts DashboardOptions) *Dashboard {
	t.Helper()
	d, err := BuildDashboard(runs, opts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDashboardText: the text and Markdown renderings of a small history,
// the baseline the first run by default or the one named; the changes
// are json's encode (v1.0.0 → v1.1.0, 20% faster) from the 9th run and
// cbor's decode (30% slower) from the 11th, in both workloads.
func TestDashboardText(t *testing.T) {
	runs := syntheticHistory(16, 1)
	// In any order.
	runs[0], runs[15] = runs[15], runs[0]
	d := buildDashboard(t, runs, DashboardOptions{})
	if d.Baseline != "20260901-093000-000001" || d.Latest != "20260916-093000-000016" {
		t.Errorf("baseline %s, latest %s", d.Baseline, d.Latest)
	}
	var b bytes.Buffer
	if err := DashboardText(&b, d); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "dashboard-text.golden", b.Bytes())
	b.Reset()
	if err := DashboardMarkdown(&b, d); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "dashboard-markdown.golden", b.Bytes())
	if strings.Contains(b.String(), "json-reuse") {
		t.Error("a variant codec in the dashboard without AllVariants")
	}

	d = buildDashboard(t, runs, DashboardOptions{Baseline: "20260904-093000-000004", AllVariants: true})
	b.Reset()
	if err := DashboardText(&b, d); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "json-reuse") || !strings.Contains(b.String(), "baseline, run 20260904-093000-000004\n") {
		t.Errorf("baseline or variants not as asked:\n%s", b.String())
	}
	if _, err := BuildDashboard(runs, DashboardOptions{Baseline: "nope"}); err == nil {
		t.Error("an unknown baseline must be an error")
	}
}

// TestDashboardHTML: the page has a trend chart per workload and
// operation, the latest tables, the changes and the runs linked to their
// pages, and no run's report inlined.
func TestDashboardHTML(t *testing.T) {
	runs := syntheticHistory(12, 2)
	d := buildDashboard(t, runs, DashboardOptions{RunLink: func(id string) string { return "runs/" + id + ".html" }})
	var b bytes.Buffer
	if err := DashboardHTML(&b, d); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, `<img class="chart" id="d-trend-`); n != 4 {
		t.Errorf("%d trend charts, want 4 (2 workloads × encode, decode)", n)
	}
	if n := strings.Count(page, `<table class="sortable codecs latest">`); n != 4 {
		t.Errorf("%d latest tables, want 4", n)
	}
	wantIn(t, "the page", page, "<title>serbench history: 12 runs</title>", `<a href="runs/`+runs[0].ID+`.html">`, `<a href="runs/`+runs[11].ID+`.html">`,
		`<table class="sortable changes">`, `<td class="l"><a href="runs/`+runs[6].ID+`.html">`)
	for _, not := range []string{`class="run"`, "Environment", "What to pick", "json-reuse"} {
		if strings.Contains(page, not) {
			t.Errorf("the page has %q: a run's report inlined?", not)
		}
	}
	// The bands: every chart draws filled polygons.
	for _, svg := range chartSVGs(t, b.Bytes()) {
		if !bytes.Contains(svg, []byte("fill-opacity")) && !bytes.Contains(svg, []byte("fill=\"rgba")) {
			t.Errorf("a trend chart without bands")
			break
		}
	}
}

// TestDashboardInBrowser opens a dashboard of 30 runs in headless
// Chromium: every chart drawn, sorting works, no script error. The
// screenshot is kept in $SERBENCH_ARTIFACTS (or the test's temporary
// directory).
func TestDashboardInBrowser(t *testing.T) {
	bin := chromium(t)
	page := dashboardPage(t, 30)
	path := filepath.Join(t.TempDir(), "history.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	checkDashboardInBrowser(t, bin, path, bytes.Count(page, []byte(`<img class="chart"`)))
	png := filepath.Join(artifactDir(t), "history.png")
	os.Remove(png)
	_, log := runChromium(t, bin, "file://"+path, "--screenshot="+png, "--window-size=1280,2400")
	if st, err := os.Stat(png); err != nil || st.Size() < 20000 {
		t.Errorf("no screenshot, or a blank one: %v\nstderr:\n%s", err, log)
	}
	t.Logf("screenshot: %s", png)
}

func dashboardPage(t testing.TB, n int) []byte {
	t.Helper()
	d := buildDashboard(t, syntheticHistory(n, 3), DashboardOptions{RunLink: func(id string) string { return "runs/" + id + ".html" }})
	var b bytes.Buffer
	if err := DashboardHTML(&b, d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// checkDashboardInBrowser loads path and checks it with selfTest, and
// returns how long that took (Chromium's start, load, DOM dump and exit;
// the checks of the DOM take microseconds).
func checkDashboardInBrowser(t *testing.T, bin, path string, images int) time.Duration {
	t.Helper()
	start := time.Now()
	selfTest(t, bin, "file://"+path, images)
	return time.Since(start)
}

// TestDashboardSize measures the page's size, build time and Chromium
// load time for 50, 200 and 1,000 runs. It is slow: it runs only when
// SERBENCH_DASHBOARD_SIZE is set:
//
//	SERBENCH_DASHBOARD_SIZE=1 go test -run TestDashboardSize -v ./internal/report
func TestDashboardSize(t *testing.T) {
	if os.Getenv("SERBENCH_DASHBOARD_SIZE") == "" {
		t.Skip("set SERBENCH_DASHBOARD_SIZE=1 to measure the dashboard's size and load time")
	}
	bin := chromium(t)
	for _, n := range []int{50, 200, 1000} {
		runs := syntheticHistory(n, 3)
		start := time.Now()
		d := buildDashboard(t, runs, DashboardOptions{RunLink: func(id string) string { return "runs/" + id + ".html" }})
		var b bytes.Buffer
		if err := DashboardHTML(&b, d); err != nil {
			t.Fatal(err)
		}
		built := time.Since(start)
		path := filepath.Join(t.TempDir(), "history.html")
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		// An empty page, for Chromium's own start and exit.
		empty := filepath.Join(t.TempDir(), "empty.html")
		if err := os.WriteFile(empty, []byte("<!DOCTYPE html><html><body></body></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
		s := time.Now()
		runChromium(t, bin, "file://"+empty, "--dump-dom")
		idle := time.Since(s)
		took := checkDashboardInBrowser(t, bin, path, bytes.Count(b.Bytes(), []byte(`<img class="chart"`)))
		t.Logf("%5d runs: %8d bytes (%.2f MiB), built in %v, Chromium %v (an empty page %v)",
			n, b.Len(), float64(b.Len())/(1<<20), built.Round(time.Millisecond), took.Round(time.Millisecond), idle.Round(time.Millisecond))
	}
}
