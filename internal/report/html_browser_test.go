package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/result"
)

// chromium returns the path of a headless-capable Chromium. Without one
// the test is skipped, except under CI (CI=true), where
// scripts/install-test-deps.sh must have installed it.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found; scripts/install-test-deps.sh installs it (apt-get install chromium)")
	}
	t.Skip("chromium not found (apt-get install chromium, or run scripts/install-test-deps.sh)")
	return ""
}

// selfTest loads url in Chromium with the page's self test (#selftest)
// and checks the DOM it dumps: images charts, all drawn, the self test
// passed, and no script or console error.
func selfTest(t *testing.T, bin, url string, images int) {
	t.Helper()
	dom, log := runChromium(t, bin, url+"#selftest", "--virtual-time-budget=5000", "--dump-dom")
	if !strings.Contains(dom, "</html>") {
		t.Fatalf("no DOM dumped; stderr:\n%s", log)
	}
	total, _ := htmlAttr(dom, "data-charts-total")
	ok, _ := htmlAttr(dom, "data-charts-ok")
	if n, _ := strconv.Atoi(total); n != images || images == 0 {
		t.Errorf("the page counted %q charts, the HTML has %d", total, images)
	}
	if ok != total {
		t.Errorf("%s of %s charts drawn", ok, total)
	}
	if st, _ := htmlAttr(dom, "data-selftest"); st != "ok" {
		t.Errorf("self test: %q", st)
	}
	if errs, found := htmlAttr(dom, "data-js-errors"); found {
		t.Errorf("script errors: %s", errs)
	}
	if p := consoleProblems(log); len(p) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(p, "\n"))
	}
}

// artifactDir is where screenshots are kept: $SERBENCH_ARTIFACTS if set,
// else a temporary directory of the test.
func artifactDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SERBENCH_ARTIFACTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runChromium runs headless Chromium on url with extra flags and returns
// its standard output and standard error.
func runChromium(t *testing.T, bin, url string, extra ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0",
	}
	args = append(append(args, extra...), url)
	cmd := exec.CommandContext(ctx, bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstderr:\n%s", bin, strings.Join(extra, " "), err, errb.String())
	}
	return out.String(), errb.String()
}

// consoleProblems returns the lines of Chromium's log that report a
// script error or console message of the page (the page writes none).
func consoleProblems(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, ":CONSOLE") || strings.Contains(l, "Uncaught") {
			out = append(out, l)
		}
	}
	return out
}

// htmlAttr returns the value of attribute name of the html element in a
// dumped DOM, and whether it is there.
func htmlAttr(dom, name string) (string, bool) {
	tag := regexp.MustCompile(`(?s)<html[^>]*>`).FindString(dom)
	m := regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// TestHTMLInBrowser opens reports of the fixture in headless Chromium:
// every chart must be drawn, sorting and the variants toggle must work
// (the page's #selftest), and the page must log no error. Screenshots are
// kept in $SERBENCH_ARTIFACTS (or the test's temporary directory).
func TestHTMLInBrowser(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	art := artifactDir(t)
	for _, tc := range []struct {
		name string
		runs []*result.Run
		opts Options
	}{
		{"report", fixtureRuns(1), Options{}},
		{"report-runs", fixtureRuns(3), Options{AllVariants: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := renderHTML(t, tc.runs, tc.opts)
			path := filepath.Join(dir, tc.name+".html")
			if err := os.WriteFile(path, page, 0o644); err != nil {
				t.Fatal(err)
			}
			url := "file://" + path
			images := strings.Count(string(page), `<img class="chart"`)

			selfTest(t, bin, url, images)

			for _, shot := range []struct{ suffix, size string }{{"", "1280,2000"}, {"-phone", "390,1600"}} {
				png := filepath.Join(art, tc.name+shot.suffix+".png")
				os.Remove(png)
				_, log := runChromium(t, bin, url, "--screenshot="+png, "--window-size="+shot.size)
				st, err := os.Stat(png)
				if err != nil {
					t.Fatalf("no screenshot: %v\nstderr:\n%s", err, log)
				}
				if st.Size() < 20000 {
					t.Errorf("screenshot %s is only %d bytes: blank page?", png, st.Size())
				}
				if p := consoleProblems(log); len(p) > 0 {
					t.Errorf("console errors:\n%s", strings.Join(p, "\n"))
				}
				t.Log(fmt.Sprintf("screenshot: %s", png))
			}
		})
	}
}
