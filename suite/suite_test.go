package suite

import (
	"strings"
	"testing"

	_ "github.com/serbench/serbench/codecs/all"
)

func TestJobs(t *testing.T) {
	jobs, err := Jobs(Selection{Workload: "^person$", Codec: "^(json|bson)$"})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || jobs[0].Codec.Info().Name != "bson" || jobs[1].Codec.Info().Name != "json" || len(jobs[0].Values) != 1000 {
		t.Fatalf("jobs = %v", jobs)
	}
	_, err = Jobs(Selection{Codec: "nosuch"})
	if !IsSelectionError(err) || !strings.Contains(err.Error(), "handwritten") {
		t.Errorf("unknown codec: %v", err)
	}
	_, err = Jobs(Selection{Workload: "["})
	if !IsSelectionError(err) {
		t.Errorf("bad pattern: %v", err)
	}
}

func TestVersionsAndEnv(t *testing.T) {
	// Test binaries carry no module list; cmd/serbench's TestBuiltBinary
	// checks real versions in a built binary.
	if v := ModuleVersion("example.com/not-linked"); v != "unknown" {
		t.Errorf("version of a module not linked = %q", v)
	}
	if v := ModuleVersion("std"); !strings.HasPrefix(v, "go") {
		t.Errorf("std version = %q", v)
	}
	env := Env(Settings{Count: 10, Goroutines: []int{1, 2}})
	keys := map[string]string{}
	for _, c := range env {
		keys[c.Key] = c.Value
	}
	for _, k := range []string{"cpu", "cores", "goos", "goarch", "go", "gomaxprocs", "serbench", "commit", "count", "goroutines"} {
		if keys[k] == "" {
			t.Errorf("env lacks %s", k)
		}
	}
	if keys["goroutines"] != "1 2" {
		t.Errorf("goroutines = %q", keys["goroutines"])
	}
}

func TestVariantsSelection(t *testing.T) {
	count := func(sel Selection) (plain, flagged int) {
		jobs, err := Jobs(sel)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range jobs {
			if j.Codec.Info().Flags.Plain() {
				plain++
			} else {
				flagged++
			}
		}
		return plain, flagged
	}
	if p, f := count(Selection{Workload: "^person$"}); p == 0 || f != 0 {
		t.Errorf("default: %d plain, %d flagged jobs; want only plain ones", p, f)
	}
	if p, f := count(Selection{Workload: "^person$", AllVariants: true}); p == 0 || f == 0 {
		t.Errorf("AllVariants: %d plain, %d flagged jobs; want both", p, f)
	}
	if p, f := count(Selection{Workload: "^person$", Codec: `\+convert$`}); p != 0 || f == 0 {
		t.Errorf("a pattern naming variants: %d plain, %d flagged jobs; want the variants", p, f)
	}
}
