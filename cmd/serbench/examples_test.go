package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// example is a command line of the manual or the README.
type example struct{ source, line string }

// TestManualExamples runs every example of the manual and of the README:
// the lines under "Examples:" in serbench help and in serbench help
// COMMAND (in that order, the commands in the order of the table), and the
// lines of README.md that invoke serbench ("serbench ..." or "go run
// ./cmd/serbench ...") in its shell code blocks (```sh) or after a "$ "
// prompt in any code block. An example fails when it exits with a status
// other than 0 or prints an error ("serbench: ..."), and when a shell
// would not run it as written (words: quoting, one "> FILE").
//
// The examples run with the built binary (go run ./cmd/serbench builds the
// same), in a temporary directory, the manual's in one and the README's in
// another, each in order, as a reader would type them: serbench.db there
// is the database of the examples that follow, and a file that one writes
// (> new.txt) is there for the next. An example that measures (serbench,
// serbench run) would take minutes with its settings (6 samples of 10ms a
// cell in 2 processes, then up to 2m30s for a ±3% target), so it runs
// with --count 2 --forks 1 --time 1ms --ci 0 appended; and one that
// selects more than maxExampleJobs jobs would still take a minute (each
// job is set up and verified in worker processes of its own), so it also
// gets --shard 1/K --group examples, which plans the whole selection but
// measures K times fewer jobs. Nothing else is changed.
func TestManualExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the examples; skipped with -short")
	}
	bin := serbenchBinary(t)
	manual, readme := manualExamples(t), readmeExamples(t)
	if len(manual) == 0 || len(readme) == 0 {
		t.Fatalf("found %d examples in the manual and %d in README.md: the extraction is broken", len(manual), len(readme))
	}
	for _, set := range [][]example{manual, readme} {
		dir := t.TempDir()
		for _, ex := range set {
			t.Run(ex.source, func(t *testing.T) { runExample(t, bin, dir, ex) })
		}
	}
}

// maxExampleJobs is the most jobs an example that measures is run with.
const maxExampleJobs = 4

// manualExamples returns the examples of serbench help and of serbench
// help COMMAND for every command.
func manualExamples(t *testing.T) []example {
	t.Helper()
	out, _, code := cli(t, "help")
	if code != 0 {
		t.Fatalf("serbench help: exit %d", code)
	}
	exs := examplesOf("serbench help", out)
	for _, c := range commands {
		_, usage, code := cli(t, "help", c.name)
		if code != 0 {
			t.Fatalf("serbench help %s: exit %d", c.name, code)
		}
		exs = append(exs, examplesOf("serbench help "+c.name, usage)...)
	}
	return exs
}

// examplesOf returns the indented lines that follow a line "Examples:" in
// usage, up to the first line that is not indented.
func examplesOf(source, usage string) []example {
	var exs []example
	in := false
	for _, line := range strings.Split(usage, "\n") {
		switch {
		case line == "Examples:":
			in = true
		case in && strings.HasPrefix(line, "  "):
			exs = append(exs, example{source, strings.TrimSpace(line)})
		default:
			in = false
		}
	}
	return exs
}

// readmeExamples returns the lines of README.md that invoke serbench in a
// shell code block or after a "$ " prompt.
func readmeExamples(t *testing.T) []example {
	t.Helper()
	b := readREADME(t)
	var exs []example
	block, shell := false, false
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if fence, ok := strings.CutPrefix(strings.TrimSpace(line), "```"); ok {
			block, shell = !block, slices.Contains([]string{"sh", "shell", "bash", "console"}, fence)
			continue
		}
		cmd, prompt := strings.CutPrefix(strings.TrimSpace(line), "$ ")
		if !block || !shell && !prompt {
			continue
		}
		if strings.HasPrefix(cmd, "serbench ") || cmd == "serbench" || strings.HasPrefix(cmd, "go run ./cmd/serbench") {
			exs = append(exs, example{fmt.Sprintf("README.md:%d", n), cmd})
		}
	}
	return exs
}

// runExample runs one example with the binary bin in dir.
func runExample(t *testing.T, bin, dir string, ex example) {
	args, out, err := words(ex.line, true)
	if err != nil {
		t.Fatalf("%s: %v", ex.line, err)
	}
	switch {
	case len(args) > 0 && args[0] == "serbench":
		args = args[1:]
	case len(args) > 2 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/serbench":
		args = args[3:]
	default:
		t.Fatalf("%s: not a serbench command", ex.line)
	}
	args = append(args, exampleOverrides(t, args)...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if out != "" {
		f, err := os.Create(filepath.Join(dir, out))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdout = f
	}
	start := time.Now()
	err = cmd.Run()
	t.Logf("%s\n(run as serbench %s: %s)", ex.line, strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Errorf("%s: %v\n%s%s", ex.line, err, stdout.String(), stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "serbench: ") {
			t.Errorf("%s printed an error: %s", ex.line, l)
		}
	}
}

// exampleOverrides returns what TestManualExamples appends to an example
// (its arguments args): for one that measures, short settings, and a
// shard when it selects more than maxExampleJobs jobs; for a robustness
// matrix, fewer inputs.
func exampleOverrides(t *testing.T, args []string) []string {
	if len(args) > 0 && args[0] == "robust" && !slices.Contains(args, "--run") {
		// Fewer inputs: the matrix of the default settings takes minutes.
		return []string{"--budget", "10", "--messages", "2"}
	}
	if len(args) > 0 && args[0] == "interop" && !slices.Contains(args, "--run") {
		// Fewer values: the matrices of every format take a while.
		return []string{"--values", "5"}
	}
	runArgs, measures := args, len(args) == 0 || strings.HasPrefix(args[0], "-")
	if len(args) > 0 && args[0] == "run" {
		runArgs, measures = args[1:], true
	}
	if !measures || slices.Contains(runArgs, "--resume") {
		return nil
	}
	short := []string{"--count", "2", "--forks", "1", "--time", "1ms", "--ci", "0"}
	// Plan the run as the binary will, to count its jobs (this test
	// binary's test codecs make the count a little larger).
	f := newRunFlags(io.Discard)
	if err := parse(f.fs, append(slices.Clone(runArgs), short...)); err != nil {
		return short // the binary says what is wrong
	}
	p, err := f.plan(context.Background())
	if err != nil || len(p.Specs) <= maxExampleJobs {
		return short
	}
	k := (len(p.Specs) + maxExampleJobs - 1) / maxExampleJobs
	return append(short, "--shard", fmt.Sprintf("1/%d", k), "--group", "examples")
}
