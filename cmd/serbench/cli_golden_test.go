package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/internal/suite"
)

// TestCLIGolden runs every testdata/cli/NAME.args script and compares what
// the command printed with testdata/cli/NAME.stdout and NAME.stderr (go
// test -update rewrites them).
//
// A script is one serbench invocation per line, split into words as a
// shell would (words: blanks separate them, quotes keep blanks in one);
// blank lines and lines starting with # are skipped. $DIR is a
// fresh temporary directory shared by the script's lines (for databases),
// $TESTDATA the directory of the scripts (for input files), and $RUN1,
// $RUN2, ... the run IDs that the script's earlier invocations printed,
// in order of appearance. Each invocation's output is preceded in both
// golden files by "$ serbench ARGS" and followed by its exit status.
//
// What varies between runs is replaced (normalizer), keeping the width
// so that columns stay aligned: the temporary directory by $DIR, run IDs
// by 00000000-000000-000001, ...-000002 in order of appearance, dates by
// YYYY-MM-DD and times of day by hh:mm:ss or hh:mm. A line that starts
// with "~ " is an invocation that measures, or prints what was measured:
// in its standard output every figure becomes # and runs of spaces one
// space (maskMeasured), in its standard error every duration # and no
// progress line (dropProgress), so its golden files hold what it
// printed, not how fast this machine was. The machine's memory is taken
// to be 16GiB (machineMemory).
func TestCLIGolden(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join(pkgDir, "testdata", "cli", "*.args"))
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) == 0 {
		t.Fatal("no testdata/cli/*.args scripts")
	}
	sort.Strings(scripts)
	pinBenchTimes(t, filepath.Dir(scripts[0]))
	// The bounds of commands that build values in serbench's own
	// process follow the machine's memory: 16GiB here.
	mem := machineMemory
	machineMemory = func() int64 { return 16 << 30 }
	t.Cleanup(func() { machineMemory = mem })
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".args")
		t.Run(name, func(t *testing.T) {
			stdout, stderr := runScript(t, script)
			inPackageDir(t)
			golden.Check(t, filepath.Join("cli", name+".stdout"), []byte(stdout))
			golden.Check(t, filepath.Join("cli", name+".stderr"), []byte(stderr))
		})
	}
}

// pinBenchTimes gives the Go benchmark files of dir modification times a
// minute apart in the order of their names: a run imported from a file
// starts when the file was last modified, and runs are listed by start,
// so that imported runs come in the same order after every checkout.
func pinBenchTimes(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.bench"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	base := time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)
	for i, f := range files {
		at := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(f, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

// runScript runs the invocations of one script and returns what they
// printed, normalized.
func runScript(t *testing.T, script string) (stdout, stderr string) {
	t.Helper()
	f, err := os.Open(script)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dir := t.TempDir()
	testdata := filepath.Dir(script)
	n := newNormalizer(dir, testdata)
	var out, errb strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line, measured := strings.CutPrefix(line, "~ ")
		ws, _, err := words(line, false)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var args []string
		for _, w := range ws {
			w = strings.ReplaceAll(w, "$DIR", dir)
			w = strings.ReplaceAll(w, "$TESTDATA", testdata)
			args = append(args, runRE.ReplaceAllStringFunc(w, func(ref string) string { return n.run(t, ref) }))
		}
		o, e, code := cli(t, args...)
		o, e = n.apply(o), n.apply(e)
		if measured {
			o, e = maskMeasured(o), durationRE.ReplaceAllString(dropProgress(e), "#")
		}
		fmt.Fprintf(&out, "$ serbench %s\n%s[exit %d]\n\n", line, o, code)
		fmt.Fprintf(&errb, "$ serbench %s\n%s[exit %d]\n\n", line, e, code)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String()
}

var (
	runIDRE = regexp.MustCompile(`\b\d{8}-\d{6}-[0-9a-f]{6}\b`)
	dateRE  = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)
	// timeRE is a time of day that stands alone (after a space, a
	// parenthesis or a line's start), not part of an RFC 3339 time.
	timeRE = regexp.MustCompile(`(?m)(^|[\s(])(\d{2}:\d{2}:\d{2}|\d{2}:\d{2})\b`)
	runRE  = regexp.MustCompile(`\$RUN\d+`)
)

// normalizer replaces what varies between runs of the same script; run IDs
// keep their identity (the same ID becomes the same replacement wherever
// it appears).
type normalizer struct {
	dir, testdata string
	ids           map[string]string
	order         []string // the IDs in order of appearance
}

func newNormalizer(dir, testdata string) *normalizer {
	return &normalizer{dir: dir, testdata: testdata, ids: map[string]string{}}
}

func (n *normalizer) apply(s string) string {
	s = strings.ReplaceAll(s, n.dir, "$DIR")
	s = strings.ReplaceAll(s, n.testdata, "$TESTDATA")
	s = runIDRE.ReplaceAllStringFunc(s, func(id string) string {
		if r, ok := n.ids[id]; ok {
			return r
		}
		n.order = append(n.order, id)
		r := fmt.Sprintf("00000000-000000-%06d", len(n.order))
		n.ids[id] = r
		return r
	})
	s = dateRE.ReplaceAllString(s, "YYYY-MM-DD")
	return timeRE.ReplaceAllStringFunc(s, func(m string) string {
		clock := strings.TrimLeft(m, " \t\n\f\r(")
		if len(clock) == len("hh:mm") {
			return m[:len(m)-len(clock)] + "hh:mm"
		}
		return m[:len(m)-len(clock)] + "hh:mm:ss"
	})
}

// run returns the run ID that $RUNn stands for: the nth printed so far.
func (n *normalizer) run(t *testing.T, ref string) string {
	t.Helper()
	i, _ := strconv.Atoi(strings.TrimPrefix(ref, "$RUN"))
	if i < 1 || i > len(n.order) {
		t.Fatalf("%s: the script has printed %d run IDs so far", ref, len(n.order))
	}
	return n.order[i-1]
}

var (
	// figureRE is a word with a measured figure in it: a digit, or an
	// interval or ratio marker (±∞, ~).
	figureRE = regexp.MustCompile(`\S*[0-9±~]\S*`)
	// keptRE is what the normalizer already made stable: run IDs.
	keptRE = regexp.MustCompile(`^\W*00000000-000000-\d{6}\W*$`)
	spaces = regexp.MustCompile(`[ \t]+`)
	// durationRE is a time.Duration as it prints (470ms, 1m30s).
	durationRE = regexp.MustCompile(`\b(\d+(\.\d+)?(h|m|s|ms|µs|ns))+\b`)
)

// maskMeasured makes the output of an invocation that measures the same
// on every run and machine: the CPU's model becomes CPU, every word with a
// figure # (run IDs aside), and every run of spaces one space, since the
// widths of the columns follow the figures.
func maskMeasured(s string) string {
	if cpu := strings.TrimSpace(suite.CPUModel()); cpu != "" {
		s = strings.ReplaceAll(s, cpu, "CPU")
	}
	s = figureRE.ReplaceAllStringFunc(s, func(w string) string {
		if keptRE.MatchString(w) {
			return w
		}
		return "#"
	})
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(spaces.ReplaceAllString(l, " "), " ")
	}
	return strings.Join(lines, "\n")
}

// TestManualListsEveryCommand keeps the README's Commands section, the
// manual, in step with the command table: every command has a line
// "serbench NAME" there, and every such line names a command.
func TestManualListsEveryCommand(t *testing.T) {
	b := readREADME(t)
	_, section, ok := strings.Cut(string(b), "\n## Commands\n")
	if !ok {
		t.Fatal("README.md has no Commands section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	known := map[string]bool{"help": true}
	for _, c := range commands {
		known[c.name] = true
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		rest, ok := strings.CutPrefix(line, "serbench ")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
		if !known[name] {
			t.Errorf("README.md's Commands section lists %q, which is no command: %s", name, line)
		}
		listed[name] = true
	}
	for _, c := range commands {
		if !listed[c.name] {
			t.Errorf("README.md's Commands section has no line for serbench %s", c.name)
		}
	}
}

// dropProgress removes the progress lines a run writes to a standard
// error that is not a terminal: how many there are and what they count
// depend on the machine's speed (TestPlainProgress checks them).
func dropProgress(s string) string {
	var keep []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if !strings.HasPrefix(l, "progress: ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}
