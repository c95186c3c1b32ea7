package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/serbench/serbench/internal/badcodec" // codecs that misbehave, in this test binary only
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

// TestMisbehavingCodecsDoNotEndARun runs the codecs of internal/badcodec,
// which panic on another goroutine, recurse forever, allocate without
// bound, block, spin and call os.Exit once verified, beside json: the run
// completes, each bad cell has its status and message, and json's cells
// have every sample.
func TestMisbehavingCodecsDoNotEndARun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a worker process per job; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the memory watchdog reads /proc")
	}
	// Misbehave after the setup's 2,000 encodes and a little of the
	// calibration; the workers inherit this.
	t.Setenv("SERBENCH_BADCODEC_GOODCALLS", "2500")
	db := filepath.Join(t.TempDir(), "bad.db")
	out, stderr, code := cli(t, "run", "--workload", "^person$", "--codec", "^(bad-.*|json)$", "--count", "4", "--time", "5ms", "--ci", "0",
		"--timeout", "3s", "--memory-limit", "256MiB", "--zstd=false", "--db", db, "--quiet")
	if code != 0 {
		t.Fatalf("run: exit %d\n%s\n%s", code, stderr, out)
	}
	r := storedRun(t, db)
	want := map[string]string{
		"bad-panic-goroutine": result.CellCrash,
		"bad-recurse":         result.CellCrash,
		"bad-exit":            result.CellCrash,
		"bad-alloc":           result.CellMemory,
		"bad-block":           result.CellTimeout,
		"bad-spin":            result.CellTimeout,
	}
	texts := map[string]string{
		"bad-panic-goroutine": "panic: ",
		"bad-recurse":         "stack",
		"bad-exit":            "exit status 3",
		"bad-alloc":           "memory",
		"bad-block":           "timeout",
		"bad-spin":            "timeout",
	}
	for name, status := range want {
		c := r.Cell(result.Key{Workload: "person", Codec: name, Op: result.OpEncode, Goroutines: 1})
		if c == nil || c.Status != status || !strings.Contains(c.Error, texts[name]) {
			t.Errorf("%s encode: %+v; want status %s with %q", name, c, status, texts[name])
		}
		// Their decode works: it goes on in a new worker, complete.
		d := r.Cell(result.Key{Workload: "person", Codec: name, Op: result.OpDecode, Goroutines: 1})
		if d == nil || d.Status != result.CellOK || len(d.Samples) != 4 {
			t.Errorf("%s decode: %+v; want ok with 4 samples", name, d)
		}
	}
	for _, op := range []string{result.OpEncode, result.OpDecode} {
		c := r.Cell(result.Key{Workload: "person", Codec: "json", Op: op, Goroutines: 1})
		if c == nil || c.Status != result.CellOK || len(c.Samples) != 4 {
			t.Errorf("json %s: %+v; want ok with 4 samples", op, c)
		}
	}
	// The run printed the stored run, these cells with their statuses.
	var table bytes.Buffer
	if err := (&outputFlags{format: "table", variants: "plain"}).render(&table, r); err != nil {
		t.Fatal(err)
	}
	if out != table.String() {
		t.Errorf("the run printed:\n%s\nwant the stored run:\n%s", out, table.String())
	}
	if got := r.EnvValue("memory-limit"); got != "256MiB" {
		t.Errorf("stored memory-limit %q, want 256MiB", got)
	}
}

func storedRun(t *testing.T, db string) *result.Run {
	t.Helper()
	d := mustOpen(t, db)
	defer d.Close()
	id, err := d.Latest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.Run(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// serbenchBinary builds the command once for the tests that need a real
// process, in the tests' directory (testDir), which TestMain removes.
func serbenchBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp(testDir, "bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "serbench")
		build := exec.Command("go", "build", "-o", binPath, ".")
		build.Dir = pkgDir
		if out, err := build.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// shape is a run's cells with their sample counts per fork, and whether
// any cell holds two samples with one sequence number.
func shape(t *testing.T, r *result.Run) string {
	t.Helper()
	var lines []string
	for _, c := range r.Cells {
		forks := map[int]int{}
		for _, s := range c.Samples {
			forks[s.Fork]++
		}
		var fs []string
		for f, n := range forks {
			fs = append(fs, fmt.Sprintf("fork%d=%d", f, n))
		}
		sort.Strings(fs)
		lines = append(lines, fmt.Sprintf("%s/%s %s %s %s", c.Workload, c.Codec, c.Op, c.Status, strings.Join(fs, ",")))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestKilledRunResumes SIGKILLs a real serbench run while it measures,
// checks that its workers die with it, resumes the run, and compares the
// stored run with an uninterrupted one: the same cells, the same sample
// counts per fork, no sample twice.
func TestKilledRunResumes(t *testing.T) {
	bin := signalBinary(t)
	dir := t.TempDir()
	args := []string{"run", "--workload", "^person$", "--codec", "^(json|msgp|goccy-json|vmihailenco-msgpack|fxcbor|protobuf)$",
		"--count", "6", "--forks", "2", "--workers", "3", "--time", "20ms", "--ci", "0", "--quiet"}
	full := filepath.Join(dir, "full.db")
	if out, err := exec.Command(bin, append(args, "--db", full)...).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	want := shape(t, storedRun(t, full))

	killed := filepath.Join(dir, "killed.db")
	cmd := exec.Command(bin, append(args, "--db", killed)...)
	// A coordinator killed by SIGKILL cannot remove its workers'
	// temporary directory: it goes with the test's.
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once some samples, but not all, are stored.
	waitForSamples(t, cmd, killed, 20)
	workers := childrenOf(cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if len(workers) == 0 {
		t.Error("the run had no worker processes when it was killed")
	}
	for _, pid := range workers {
		if !gone(pid, 3*time.Second) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("worker %d outlived its killed coordinator", pid)
		}
	}
	before := storedRun(t, killed)
	if before.Complete {
		t.Fatal("the killed run is marked complete")
	}
	if shape(t, before) == want {
		t.Fatal("the run was killed after it had measured everything")
	}
	out, err := exec.Command(bin, "run", "--resume", "--db", killed, "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	after := storedRun(t, killed)
	if !after.Complete {
		t.Error("the resumed run is not marked complete")
	}
	if got := shape(t, after); got != want {
		t.Errorf("resumed run:\n%s\nuninterrupted run:\n%s", got, want)
	}
	// What was stored before the kill is still there, unchanged.
	for _, c := range before.Cells {
		a := after.Cell(c.Key())
		if a == nil || len(a.Samples) < len(c.Samples) {
			t.Errorf("%v lost samples on resume", c.Key())
			continue
		}
	}
	// A complete run cannot be resumed, and a second resume says so.
	out, err = exec.Command(bin, "run", "--resume", after.ID, "--db", killed).CombinedOutput()
	if want := fmt.Sprintf("serbench: run %s in %s is complete: nothing to resume\n", after.ID, killed); err == nil || string(out) != want {
		t.Errorf("resume of a complete run: %v, printed %q; want %q", err, out, want)
	}
}

// storedSamples counts the samples stored in a database being written.
func storedSamples(db string) int {
	if _, err := os.Stat(db); err != nil {
		return 0
	}
	d, err := store.Open(context.Background(), db)
	if err != nil {
		return 0
	}
	defer d.Close()
	id, err := d.Latest(context.Background())
	if err != nil {
		return 0
	}
	counts, err := d.SampleCounts(context.Background(), id)
	if err != nil {
		return 0
	}
	n := 0
	for _, forks := range counts {
		for _, c := range forks {
			n += c
		}
	}
	return n
}

// childrenOf lists the processes whose parent is pid.
func childrenOf(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		var child int
		if _, err := fmt.Sscan(e.Name(), &child); err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(st)
		f := strings.Fields(s[strings.LastIndex(s, ")")+1:])
		var ppid int
		if len(f) > 1 {
			fmt.Sscan(f[1], &ppid)
		}
		if ppid == pid {
			out = append(out, child)
		}
	}
	return out
}

// gone waits until process pid has exited (a zombie counts as exited).
func gone(pid int, within time.Duration) bool {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || strings.Contains(string(st), ") Z ") {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

func TestSameVersions(t *testing.T) {
	stored := []result.Codec{{Name: "json", Module: "std", Version: "go1.26.8"}, {Name: "msgp", Module: "github.com/tinylib/msgp", Version: "v1.6.5"}}
	if err := sameVersions(stored, stored); err != nil {
		t.Errorf("same codecs: %v", err)
	}
	now := []result.Codec{{Name: "json", Module: "std", Version: "go1.27.0"}}
	err := sameVersions(stored, now)
	if err == nil || !strings.Contains(err.Error(), "json was std@go1.26.8, is std@go1.27.0") || !strings.Contains(err.Error(), "msgp is not in this binary") {
		t.Errorf("differing codecs: %v", err)
	}
}

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "512MiB": 512 << 20, "1GiB": 1 << 30, "1.5GiB": 3 << 29, "2GB": 2e9, "100": 100, " 64 MiB ": 64 << 20, "1e-9GiB": 1, "8388607TiB": 8388607 << 40} {
		if got, err := parseBytes(in); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "lots", "-1GiB", "1XB", "NaN", "NaNGiB", "Inf", "8EiB", "9999999TiB", "9223372036854775808", "0.5", "0.5B"} {
		if _, err := parseBytes(in); err == nil {
			t.Errorf("parseBytes(%q): no error", in)
		}
	}
}

// TestPrecisionTarget: a run with --ci records the target on every cell
// and in its settings; a cell whose interval is still wider than the
// target says why (budget or noise); cells that met it have more than
// the first forks only when they needed them.
func TestPrecisionTarget(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	_, stderr, code := cli(t, "run", "--workload", "^person$", "--codec", "^(json|msgp)$", "--count", "4", "--time", "2ms",
		"--ci", "2.5%", "--budget", "20s", "--db", db, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := storedRun(t, db)
	if got := r.EnvValue("ci-target"); got != "2.5%" {
		t.Errorf("ci-target %q, want 2.5%%", got)
	}
	if got := r.EnvValue("budget"); got != "20s" {
		t.Errorf("budget %q, want 20s", got)
	}
	if got := r.EnvValue("memory-limit"); got != "1GiB" {
		t.Errorf("memory-limit %q, want the default, 1GiB", got)
	}
	// The scheduler judges a cell by the run's pooled fork variation, and
	// forks are numbered per job: a cell that met the target early has no
	// samples in the job's later forks, so its fork numbers may have gaps.
	pool := report.RunPool(r)
	for _, c := range r.Cells {
		if c.Target != 0.025 {
			t.Errorf("%s/%s %s: target %v, want 0.025", c.Workload, c.Codec, c.Op, c.Target)
		}
		forks, _ := result.ForkValues(c.Samples, result.NsPerOp)
		if len(forks) < 2 || forks[0] != 1 || forks[1] != 2 {
			t.Errorf("%s/%s %s: forks %v, want the first two forks of its job at least", c.Workload, c.Codec, c.Op, forks)
		}
		w := pool.Summarize(result.ForkGroups(c.Samples, result.NsPerOp)).RelHalfWidth()
		switch {
		case w > c.Target && c.Missed != result.MissedBudget && c.Missed != result.MissedNoise:
			t.Errorf("%s/%s %s: ±%.1f%% misses the target, but missed is %q", c.Workload, c.Codec, c.Op, 100*w, c.Missed)
		case w <= c.Target && c.Missed != "":
			t.Errorf("%s/%s %s: ±%.1f%% meets the target, but missed is %q", c.Workload, c.Codec, c.Op, 100*w, c.Missed)
		}
	}
}

// TestSuiteFlag: the default suite times no zstd cells and --suite full
// does (unless --zstd=false); the stored settings say which suite ran.
func TestSuiteFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		zstd bool
	}{
		{nil, false},
		{[]string{"--suite", "full"}, true},
		{[]string{"--suite", "full", "--zstd=false"}, false},
		{[]string{"--zstd"}, true},
	} {
		db := filepath.Join(t.TempDir(), "s.db")
		args := append([]string{"run", "--workload", "^person$", "--codec", "^json$", "--count", "2", "--time", "1ms", "--ci", "0",
			"--db", db, "--quiet"}, tc.args...)
		if _, stderr, code := cli(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		r := storedRun(t, db)
		zstd := false
		for _, c := range r.Cells {
			zstd = zstd || c.Op == result.OpZstd
		}
		if zstd != tc.zstd {
			t.Errorf("%v: zstd cells %v, want %v", tc.args, zstd, tc.zstd)
		}
		want := "default"
		if len(tc.args) > 1 && tc.args[0] == "--suite" {
			want = tc.args[1]
		}
		if got := r.EnvValue("suite"); got != want {
			t.Errorf("%v: stored suite %q, want %q", tc.args, got, want)
		}
	}
}

// TestStoredSettings: a resume takes the settings whose defaults changed
// from the stored run: a run from before precision targets and suites
// resumes with none and with the full suite (zstd timed), a newer one
// with its own.
func TestStoredSettings(t *testing.T) {
	env := func(kv ...string) *result.Run {
		r := &result.Run{}
		for i := 0; i < len(kv); i += 2 {
			r.Env = append(r.Env, result.Config{Key: kv[i], Value: kv[i+1]})
		}
		return r
	}
	for _, tc := range []struct {
		run  *result.Run
		want string
		zstd bool
	}{
		{env("count", "10", "sample-time", "5ms"), "count 10 time 5ms ci 0 budget 0s suite full", true},
		{env("count", "6", "sample-time", "10ms", "ci-target", "2.5%", "budget", "1m0s", "suite", "default"), "count 6 time 10ms ci 2.5% budget 1m0s suite default", false},
	} {
		g := newRunFlags(io.Discard)
		if err := parse(g.fs, nil); err != nil {
			t.Fatal(err)
		}
		storedSettings(g, tc.run)
		got := fmt.Sprintf("count %d time %s ci %s budget %s suite %s", *g.count, *g.sampleTime, *g.ci, *g.budget, *g.suite)
		if got != tc.want {
			t.Errorf("settings %s, want %s", got, tc.want)
		}
		p, err := g.plan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		zstd := false
		for _, s := range p.Specs {
			zstd = zstd || s.Zstd
		}
		if zstd != tc.zstd {
			t.Errorf("%s: zstd %v, want %v", tc.want, zstd, tc.zstd)
		}
	}
}

// TestInterruptedRunSaysSoOnce sends SIGINT to a real run while it
// measures: the run stops, prints what it measured, exits 130, and says
// once that it was interrupted and after how many samples; no warning repeats per
// cell, and no advice asks for the --count the run already had.
func TestInterruptedRunSaysSoOnce(t *testing.T) {
	bin := signalBinary(t)
	db := filepath.Join(t.TempDir(), "int.db")
	cmd := exec.Command(bin, "run", "--workload", "^person$", "--codec", "^(json|msgp|goccy-json|vmihailenco-msgpack|fxcbor|protobuf)$",
		"--count", "10", "--forks", "2", "--workers", "2", "--time", "20ms", "--ci", "0", "--db", db)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForSamples(t, cmd, db, 20)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if code := exitStatusOf(t, err); code != 130 {
		t.Fatalf("an interrupted run exited %d, want 130 (128 + SIGINT)", code)
	}
	errText := stderr.String()
	if n := strings.Count(errText, "interrupted after "); n != 1 {
		t.Errorf("stderr says %d times that the run was interrupted, want once:\n%s", n, errText)
	}
	out := stdout.String()
	if !strings.Contains(out, "INCOMPLETE") || !strings.Contains(out, "is incomplete") {
		t.Errorf("the printed run does not say it is incomplete:\n%s", out)
	}
	if strings.Contains(out, "use --count") {
		t.Errorf("the run asked for 10 samples, yet a warning asks for --count:\n%s", out)
	}
	if n := strings.Count(out, "samples, too few"); n > 1 {
		t.Errorf("%d few-samples warnings, want at most one:\n%s", n, out)
	}
	if lines := strings.Count(out, "\n"); lines > 150 {
		t.Errorf("an interrupted run printed %d lines", lines)
	}
}

// signalBinary returns the built serbench for a test that signals it and
// reads /proc: skipped with -short and off Linux.
func signalBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("sends signals and reads /proc: Linux only")
	}
	return serbenchBinary(t)
}

// waitForSamples waits until the run of cmd has stored n samples in db,
// and kills it and fails the test when that takes over a minute.
func waitForSamples(t *testing.T, cmd *exec.Cmd, db string, n int) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for storedSamples(db) < n {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("only %d samples stored after 60s", storedSamples(db))
		}
		time.Sleep(20 * time.Millisecond)
	}
}
