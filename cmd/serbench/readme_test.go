package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readREADME returns the repository's README.md, which the tests of this
// file and of the examples and the manual keep true.
func readREADME(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(pkgDir, "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestREADMECodecCount keeps the README's count of codecs and modules
// true: "serbench list shows the N codecs (variants included) of M
// modules" must match what the built binary's list prints.
func TestREADMECodecCount(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	readme := readREADME(t)
	m := regexp.MustCompile("`serbench list` shows the (\\d+) codecs \\(variants included\\) of (\\d+)\\s+modules").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md does not say how many codecs and modules serbench list shows")
	}
	out, err := exec.Command(serbenchBinary(t), "list").Output()
	if err != nil {
		t.Fatal(err)
	}
	codecs, modules := 0, map[string]bool{}
	lines := strings.Split(string(out), "\n")
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" || regexp.MustCompile(`^\d+ codecs`).MatchString(l) {
			break
		}
		f := strings.Fields(l)
		if len(f) < 3 {
			t.Fatalf("list line %q has fewer than 3 columns", l)
		}
		codecs++
		mod, _, _ := strings.Cut(f[2], "@")
		modules[mod] = true
	}
	if got := strconv.Itoa(codecs); got != string(m[1]) {
		t.Errorf("README says %s codecs, serbench list shows %s", m[1], got)
	}
	if got := strconv.Itoa(len(modules)); got != string(m[2]) {
		t.Errorf("README says %s modules, serbench list shows %s", m[2], got)
	}
}
