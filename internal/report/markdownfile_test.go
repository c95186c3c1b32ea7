package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

func renderMarkdownFile(t *testing.T, runs []*result.Run, opts Options) (string, []Chart) {
	t.Helper()
	var b bytes.Buffer
	charts, err := MarkdownFile(&b, runs, opts, "report")
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), charts
}

func TestMarkdownFileGolden(t *testing.T) {
	md, charts := renderMarkdownFile(t, fixtureRuns(1), Options{})
	golden.Check(t, "markdownfile.golden", []byte(md))
	// The charts are SVG files beside the document; they are golden too,
	// and the HTML report embeds the same images.
	for _, c := range charts {
		golden.Check(t, "markdownfile-"+c.Name+".svg.golden", c.SVG)
	}
	md2, _ := renderMarkdownFile(t, fixtureRuns(2), Options{})
	golden.Check(t, "markdownfile-runs.golden", []byte(md2))
}

func TestMarkdownFileLinks(t *testing.T) {
	for _, runs := range [][]*result.Run{fixtureRuns(1), fixtureRuns(3)} {
		md, charts := renderMarkdownFile(t, runs, Options{})
		links := regexp.MustCompile(`!\[[^\]]*\]\(([^)]+)\)`).FindAllStringSubmatch(md, -1)
		if len(links) != len(charts) || len(charts) == 0 {
			t.Fatalf("%d image links for %d charts", len(links), len(charts))
		}
		names := map[string]bool{}
		for i, c := range charts {
			file := ChartFile("report", c)
			if links[i][1] != file {
				t.Errorf("link %d is %q, want %q", i, links[i][1], file)
			}
			if names[file] {
				t.Errorf("two charts named %s", file)
			}
			names[file] = true
			if !regexp.MustCompile(`^report-[a-z0-9-]+\.svg$`).MatchString(file) {
				t.Errorf("chart file name %q", file)
			}
			if !bytes.HasPrefix(c.SVG, []byte("<?xml")) || !bytes.Contains(c.SVG, []byte("</svg>")) {
				t.Errorf("%s is not an SVG document", file)
			}
		}
		// Compact tables: six columns, the tier first.
		headers := 0
		for _, line := range strings.Split(md, "\n") {
			if strings.Contains(line, "| codec | encode |") {
				headers++
				if line != "| tier | codec | encode | decode | bytes | check |" {
					t.Errorf("table header %q", line)
				}
			}
		}
		if headers != len(runs) {
			t.Errorf("%d encode/decode tables in %d runs", headers, len(runs))
		}
	}
	// Several runs: one section per run and the history charts.
	md, _ := renderMarkdownFile(t, fixtureRuns(3), Options{})
	wantIn(t, "the Markdown file", md, "# serbench: 3 runs", "## serbench run 20261123-093000-cdef01", "## History across these runs", "report-history-person-encode.svg")
}

func TestMarkdownFileEscapes(t *testing.T) {
	md, charts := renderMarkdownFile(t, []*result.Run{hostileRun()}, Options{})
	if strings.Contains(md, "<script") || strings.Contains(md, "<img") || strings.Contains(md, "<b>") {
		t.Errorf("raw markup in the Markdown:\n%s", md)
	}
	// A base name with spaces and parentheses is escaped in links.
	var b bytes.Buffer
	if _, err := MarkdownFile(&b, fixtureRuns(1), Options{}, "my report (v2)"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "](my%20report%20%28v2%29-person-encode.svg)") {
		t.Errorf("link of a base name with spaces is not escaped:\n%s", b.String())
	}
	for _, c := range charts {
		if bytes.Contains(c.SVG, []byte("<script")) {
			t.Errorf("raw <script in chart %s", c.Name)
		}
	}
}
