package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/golden"
)

// TestCLIGolden runs every testdata/cli/NAME.args script and compares what
// the command printed with testdata/cli/NAME.stdout and NAME.stderr (go
// test -update rewrites them).
//
// A script is one serbench invocation per line, its words separated by
// spaces; blank lines and lines starting with # are skipped. $DIR is a
// fresh temporary directory shared by the script's lines (for databases),
// $TESTDATA the directory of the scripts (for input files). Each
// invocation's output is preceded in both golden files by "$ serbench
// ARGS" and followed by its exit status. What varies between runs is
// replaced, keeping the width so that columns stay aligned: the temporary
// directory by $DIR, run IDs by 00000000-000000-000001, ...-000002 in
// order of appearance, dates by YYYY-MM-DD and times of day by hh:mm:ss
// or hh:mm.
func TestCLIGolden(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join(pkgDir, "testdata", "cli", "*.args"))
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) == 0 {
		t.Fatal("no testdata/cli/*.args scripts")
	}
	sort.Strings(scripts)
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
	var out, errb strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var args []string
		for _, w := range strings.Fields(line) {
			w = strings.ReplaceAll(w, "$DIR", dir)
			w = strings.ReplaceAll(w, "$TESTDATA", testdata)
			args = append(args, w)
		}
		o, e, code := cli(t, args...)
		for _, b := range []*strings.Builder{&out, &errb} {
			fmt.Fprintf(b, "$ serbench %s\n", line)
		}
		out.WriteString(o)
		errb.WriteString(e)
		for _, b := range []*strings.Builder{&out, &errb} {
			fmt.Fprintf(b, "[exit %d]\n\n", code)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	n := newNormalizer(dir, testdata)
	return n.apply(out.String()), n.apply(errb.String())
}

var (
	runIDRE = regexp.MustCompile(`\b\d{8}-\d{6}-[0-9a-f]{6}\b`)
	dateRE  = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)
	timeRE  = regexp.MustCompile(`\b\d{2}:\d{2}(:\d{2})?\b`)
)

// normalizer replaces what varies between runs of the same script; run IDs
// keep their identity (the same ID becomes the same replacement in stdout
// and stderr).
type normalizer struct {
	dir, testdata string
	ids           map[string]string
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
		r := fmt.Sprintf("00000000-000000-%06d", len(n.ids)+1)
		n.ids[id] = r
		return r
	})
	s = dateRE.ReplaceAllString(s, "YYYY-MM-DD")
	return timeRE.ReplaceAllStringFunc(s, func(t string) string {
		if len(t) == len("hh:mm") {
			return "hh:mm"
		}
		return "hh:mm:ss"
	})
}

// TestManualListsEveryCommand keeps the README's Commands section, the
// manual, in step with the command table: every command has a line
// "serbench NAME" there, and every such line names a command.
func TestManualListsEveryCommand(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(pkgDir, "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
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
