package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/store"
)

// storeFixtures stores fixture runs with the given IDs, a day apart, in a
// new database and returns its path.
func storeFixtures(t *testing.T, ids ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.db")
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
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

func TestReport(t *testing.T) {
	const a, b = "20261121-093000-aaaaaa", "20261122-093000-bbbbbb"
	db := storeFixtures(t, a, b)
	dir := t.TempDir()

	// Default: the latest run.
	page := filepath.Join(dir, "latest.html")
	out := mustCLI(t, "report", "--db", db, "--html", page)
	if !strings.Contains(out, "wrote "+page) {
		t.Errorf("stdout: %s", out)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
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
	mustCLI(t, "report", a, "--html", page, b, "--db", db, "--markdown", md, "--variants", "all")
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
	if !strings.Contains(string(text), "| reuse |") {
		t.Error("--variants all left out the reuse variant")
	}
}

func TestReportErrors(t *testing.T) {
	db := storeFixtures(t, "r1")
	dir := t.TempDir()
	out := filepath.Join(dir, "r.html")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report", "--db", db}, 2, "needs --html FILE or --markdown FILE"},
		{[]string{"report", "--db", db, "--html", out, "--variants", "some"}, 2, `--variants "some"`},
		{[]string{"report", "--db", db, "--html", out, "--markdown", out}, 2, "same file"},
		{[]string{"report", "--db", db, "--html", out, "r1", "r1"}, 2, "named twice"},
		{[]string{"report", "--db", db, "--html", out, "--bogus"}, 2, "flag provided but not defined"},
		{[]string{"report", "--db", db, "--html", out, "nosuch"}, 1, `run "nosuch"`},
		{[]string{"report", "--db", filepath.Join(dir, "missing.db"), "--html", out}, 1, "missing.db"},
		{[]string{"report", "--db", db, "--html", filepath.Join(dir, "no", "such", "dir", "r.html")}, 1, "does not exist"},
	} {
		_, stderr, code := cli(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args[3:], code, stderr, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed report left a file behind")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	// "--" ends the flags.
	if _, stderr, code := cli(t, "report", "--db", db, "--html", out, "--", "--html"); code != 1 || !strings.Contains(stderr, `run "--html"`) {
		t.Errorf(`"--": exit %d, %s`, code, stderr)
	}
	if _, stderr, code := cli(t, "report", "--help"); code != 0 || !strings.Contains(stderr, "Usage: serbench report") {
		t.Errorf("--help: exit %d, %s", code, stderr)
	}
}
