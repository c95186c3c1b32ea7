package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// slowRun is the fixture run with json a hundred times slower, so that
// the time charts need a log axis.
func slowRun() *result.Run {
	r := fixture.Run("r1")
	for i := range r.Cells {
		if r.Cells[i].Codec == "json" {
			for k := range r.Cells[i].Samples {
				r.Cells[i].Samples[k].NsPerOp *= 100
			}
		}
	}
	return r
}

func chartNamed(t *testing.T, cs []Chart, name string) Chart {
	t.Helper()
	for _, c := range cs {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no chart %s", name)
	return Chart{}
}

func TestChartsLogScale(t *testing.T) {
	wl := Build(slowRun(), Options{}).Workloads[0]
	cs, err := ChartsOf(wl, "x-")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "x-person-encode x-person-decode x-person-size x-person-scatter x-person-compressed" {
		t.Errorf("charts %s", got)
	}
	enc := string(chartNamed(t, cs, "x-person-encode").SVG)
	if !strings.Contains(enc, "(log scale)") || !strings.Contains(enc, ">120ns<") || !strings.Contains(enc, ">broken (FAIL)<") {
		t.Errorf("encode chart: no log scale, value label or marked codec:\n%s", enc)
	}
	if sc := string(chartNamed(t, cs, "x-person-scatter").SVG); !strings.Contains(sc, "time axis: log scale") {
		t.Error("scatter chart: no log time axis")
	}
	// The normal fixture needs none.
	plain, err := ChartsOf(Build(fixture.Run("r1"), Options{}).Workloads[0], "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(chartNamed(t, plain, "person-encode").SVG), "log scale") {
		t.Error("log scale for a narrow range")
	}
	// Deterministic.
	again, _ := ChartsOf(Build(slowRun(), Options{}).Workloads[0], "x-")
	for i := range cs {
		if !bytes.Equal(cs[i].SVG, again[i].SVG) {
			t.Errorf("%s differs between two renderings", cs[i].Name)
		}
	}
}

func TestHistoryChartsLogScale(t *testing.T) {
	a, b := fixture.Run("a"), slowRun()
	b.ID, b.Start = "b", b.Start.Add(86400e9)
	series, err := History([]*result.Run{a, b}, HistoryFilter{})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := HistoryCharts(series, func(c string) bool { return c != "reuse" })
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Name != "history-person-encode" || cs[1].Name != "history-person-decode" {
		t.Fatalf("history charts: %+v", cs)
	}
	svg := string(cs[0].SVG)
	wantIn(t, "the history chart", svg, "time axis: log scale", ">lossy-bson (lossy)<", ">json<")
	if strings.Contains(svg, ">reuse<") {
		t.Error("history chart shows a codec left out")
	}
}

func TestChartsEdgeCases(t *testing.T) {
	// No timed codec: no chart.
	if cs, err := ChartsOf(&Workload{Name: "w"}, ""); err != nil || len(cs) != 0 {
		t.Errorf("empty workload: %d charts, %v", len(cs), err)
	}
	// One codec only.
	r := fixture.Run("r1")
	var vs []result.Verification
	for _, v := range r.Verifications {
		if v.Codec == "fast" {
			vs = append(vs, v)
		}
	}
	r.Verifications = vs
	cs, err := ChartsOf(Build(r, Options{}).Workloads[0], "")
	if err != nil || len(cs) != 5 {
		t.Errorf("one codec: %d charts, %v", len(cs), err)
	}
}

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{"person": "person", "bsontypes-int32": "bsontypes-int32", "A b/<c>": "a-b-c", "…": "x"} {
		if got := fileSafe(in); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", in, got, want)
		}
	}
	if got := shortRunID("20261121-093000-abcdef"); got != "09:30" {
		t.Errorf("shortRunID: %s", got)
	}
}
