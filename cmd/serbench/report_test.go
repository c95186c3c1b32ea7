package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
)

// storeFixtures stores fixture runs with the given IDs, a day apart, in a
// new database and returns its path.
func storeFixtures(t *testing.T, ids ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.db")
	ctx := context.Background()
	db := mustOpen(t, path)
	defer db.Close()
	for i, id := range ids {
		r := fixture.Run(id)
		r.Start = r.Start.Add(time.Duration(i) * 24 * time.Hour)
		r.End = r.End.Add(time.Duration(i) * 24 * time.Hour)
		if err := storeRun(ctx, db, r); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestReport writes reports of fixture runs and checks the files: the
// latest run by default, two runs with HTML and Markdown at once, the
// Markdown's charts beside it. Each invocation prints what it wrote and
// nothing else (testdata/cli/report.args has reports of imported runs).
func TestReport(t *testing.T) {
	const a, b = "20261121-093000-aaaaaa", "20261122-093000-bbbbbb"
	db := storeFixtures(t, a, b)
	dir := t.TempDir()

	// Default: the latest run.
	page := filepath.Join(dir, "latest.html")
	out := mustCLI(t, "report", "--db", db, "--html", page)
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("wrote %s (1 run, %s)\n", page, sizeOf(len(html))); out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if !strings.Contains(string(html), "<title>serbench run "+b+"</title>") || strings.Contains(string(html), a) {
		t.Errorf("the default report is not of the latest run %s", b)
	}

	// Two runs, flags between the IDs, HTML and Markdown at once.
	page = filepath.Join(dir, "two.html")
	md := filepath.Join(dir, "docs", "RESULTS.md")
	if err := os.Mkdir(filepath.Dir(md), 0o755); err != nil {
		t.Fatal(err)
	}
	out = mustCLI(t, "report", a, "--html", page, b, "--db", db, "--markdown", md, "--variants", "all")
	html, err = os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"serbench: 2 runs", a, b, `id="history"`, `<body class="show-all">`} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the report of two runs lacks %q", want)
		}
	}
	text, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	links := regexp.MustCompile(`!\[[^\]]*\]\(([^)]+)\)`).FindAllStringSubmatch(string(text), -1)
	if len(links) < 10 {
		t.Errorf("%d chart links in the Markdown", len(links))
	}
	for _, l := range links {
		// Relative paths, beside the document.
		if strings.Contains(l[1], "/") || !strings.HasPrefix(l[1], "RESULTS-") {
			t.Errorf("link %q is not a file beside the document", l[1])
		}
		svg, err := os.ReadFile(filepath.Join(filepath.Dir(md), l[1]))
		if err != nil || !strings.Contains(string(svg), "</svg>") {
			t.Errorf("chart %s: %v", l[1], err)
		}
	}
	charts, _ := filepath.Glob(filepath.Join(filepath.Dir(md), "RESULTS-*.svg"))
	want := fmt.Sprintf("wrote %s (2 runs, %s)\nwrote %s and %d charts beside it (%s-*.svg)\n",
		page, sizeOf(len(html)), md, len(charts), strings.TrimSuffix(md, ".md"))
	if out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if !strings.Contains(string(text), "| reuse |") {
		t.Error("--variants all left out the reuse variant")
	}
}

// TestFailedReportLeavesNoFile: a report that fails, for whatever reason
// (testdata/cli/usage.args, runids.args and report.args say what each
// prints), leaves neither its file nor a temporary file behind.
func TestFailedReportLeavesNoFile(t *testing.T) {
	db := storeFixtures(t, "r1")
	dir := t.TempDir()
	out := filepath.Join(dir, "r.html")
	for _, args := range [][]string{
		{"--db", db},
		{"--db", db, "--html", out, "--variants", "some"},
		{"--db", db, "--html", out, "--markdown", out},
		{"--db", db, "--html", out, "r1", "r1"},
		{"--db", db, "--html", out, "nosuch"},
		{"--db", filepath.Join(dir, "missing.db"), "--html", out},
		{"--db", db, "--html", filepath.Join(dir, "no", "such", "dir", "r.html")},
	} {
		if _, _, code := cli(t, append([]string{"report"}, args...)...); code == 0 {
			t.Errorf("report %q succeeded", args)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("a failed report left %s behind", e.Name())
	}
}

// TestReportToADirectory: a report whose --html or --markdown names a
// directory is refused with an error that says so, before anything is
// written: no chart of the Markdown, no run page of a dashboard, and no
// HTML when only the Markdown's path is a directory.
func TestReportToADirectory(t *testing.T) {
	db := storeFixtures(t, "20261121-093000-aaaaaa", "20261122-093000-bbbbbb")
	dir := t.TempDir()
	target := filepath.Join(dir, "out")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--markdown", target},
		{"--html", target},
		{"--history", "--html", target},
		{"--history", "--markdown", target},
		{"--html", filepath.Join(dir, "ok.html"), "--markdown", target},
		{"--history", "--html", filepath.Join(dir, "ok.html"), "--markdown", target},
	} {
		_, stderr, code := cli(t, append([]string{"report", "--db", db}, args...)...)
		if want := "serbench: writing " + target + ": it is a directory; give the path of a file\n"; stderr != want || code != 1 {
			t.Errorf("report %q: exit %d, stderr %q; want exit 1, %q", args, code, stderr, want)
		}
	}
	for _, d := range []string{dir, target} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if e.Name() != "out" {
				t.Errorf("a report refused for its path left %s behind", filepath.Join(d, e.Name()))
			}
		}
	}
}
