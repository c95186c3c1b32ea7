package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/internal/store"
)

// TestDashboardRunPages checks the run pages of a history dashboard: all
// written the first time, all kept the second, a page that changed on
// disk written again, the pages of runs left out of the history removed
// while other files stay, and the baseline: the newest run marked with
// serbench runs --baseline unless --baseline names one.
func TestDashboardRunPages(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "h.db")
	db := mustOpen(t, dbPath)
	ids := []string{"run-1", "run-2", "run-3", "run-4"}
	for i, id := range ids {
		r := fixture.Run(id)
		r.Start = r.Start.Add(time.Duration(i) * time.Hour)
		if err := db.SaveRun(ctx, r, store.RunMeta{}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	html := filepath.Join(dir, "h.html")
	pages := filepath.Join(dir, "h-runs")
	report := func(extra ...string) string {
		return mustCLI(t, append([]string{"report", "--html", html, "--markdown", filepath.Join(dir, "h.md"), "--db", dbPath}, extra...)...)
	}
	if out := report("--history"); !strings.Contains(out, "(4 written, 0 unchanged)") {
		t.Errorf("first dashboard: %q, want 4 pages written", out)
	}
	if out := report("--history"); !strings.Contains(out, "(0 written, 4 unchanged)") {
		t.Errorf("second dashboard: %q, want the 4 pages kept", out)
	}
	// A page edited by hand (its size changed) is written again.
	page2 := filepath.Join(pages, "run-2.html")
	if err := os.WriteFile(page2, []byte("<p>edited</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := report("--history"); !strings.Contains(out, "(1 written, 3 unchanged)") {
		t.Errorf("after editing a page: %q, want it written again", out)
	}
	if b, err := os.ReadFile(page2); err != nil || !strings.Contains(string(b), "run-2") {
		t.Errorf("run-2's page after it was written again: %v, want its report", err)
	}
	// Three runs of the four: the fourth's page goes, a file of the
	// user's stays.
	mine := filepath.Join(pages, "notes.html")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := report("run-1", "run-2", "run-3"); !strings.Contains(out, "(0 written, 3 unchanged, 1 page of runs no longer in the history removed)") {
		t.Errorf("three runs: %q, want run-4's page removed", out)
	}
	if _, err := os.Stat(filepath.Join(pages, "run-4.html")); !os.IsNotExist(err) {
		t.Errorf("run-4's page: %v, want it removed", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a file the dashboard did not write was touched: %v", err)
	}

	// The baseline: the first run, then the newest marked one, then the
	// one --baseline names.
	md := func() string {
		b, err := os.ReadFile(filepath.Join(dir, "h.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	report("--history")
	if !strings.Contains(md(), "since the baseline, run run-1 (the first)") {
		t.Errorf("default baseline:\n%s\nwant run-1", md())
	}
	mustCLI(t, "runs", "--baseline", "run-2", "--db", dbPath)
	mustCLI(t, "runs", "--baseline", "run-3", "--db", dbPath)
	report("--history")
	if !strings.Contains(md(), "since the baseline, run run-3 (marked with serbench runs --baseline)") {
		t.Errorf("marked baselines run-2 and run-3:\n%s\nwant run-3, the newest", md())
	}
	report("--history", "--baseline", "run-2")
	if !strings.Contains(md(), "since the baseline, run run-2 (marked with serbench runs --baseline)") {
		t.Errorf("--baseline run-2:\n%s\nwant run-2", md())
	}
	report("--history", "--baseline", "run-4")
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md(), "since the baseline, run run-4.") || strings.Count(string(page), "complete, marked baseline") != 2 {
		t.Errorf("--baseline run-4:\n%s\nwant run-4, and the marked runs said to be", md())
	}
	_, stderr, code := cli(t, "report", "--history", "--baseline", "run-9", "--html", html, "--db", dbPath)
	if code != 2 || !strings.Contains(stderr, "--baseline run-9 is not one of the runs of the history") {
		t.Errorf("--baseline run-9: exit %d, %q; want a usage error naming it", code, stderr)
	}
}
