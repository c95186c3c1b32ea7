package suite

import (
	"slices"
	"strings"
	"testing"

	_ "github.com/serbench/serbench/codecs/all"
	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/workload"
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
	if p, f := count(Selection{Workload: "^person$", Codec: `-reuse$`}); p != 0 || f == 0 {
		t.Errorf("a pattern naming variants: %d plain, %d flagged jobs; want the variants", p, f)
	}
	// +convert codecs build the user's struct: they are plain and run by
	// default, while their gen-types bases are a variant.
	jobs, err := Jobs(Selection{Workload: "^person$"})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, j := range jobs {
		seen[j.Codec.Info().Name] = true
	}
	if !seen["protobuf+convert"] || seen["protobuf"] {
		t.Errorf("default person jobs: protobuf+convert %v, protobuf %v; want the +convert codec only", seen["protobuf+convert"], seen["protobuf"])
	}
}

// TestDefaultSuite checks the default suite's per-workload filters: the
// bsontypes workloads get the BSON library only, floats its own
// strategies and references, person every plain codec; --suite full and
// a --codec pattern lift the filters.
func TestDefaultSuite(t *testing.T) {
	names := func(sel Selection) map[string][]string {
		specs, err := Specs(sel, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, s := range specs {
			out[s.Workload] = append(out[s.Workload], s.Name)
		}
		return out
	}
	def := names(Selection{})
	if got := def["bsontypes-int32"]; len(got) != 1 || got[0] != "bson" {
		t.Errorf("default bsontypes-int32: %v, want [bson]", got)
	}
	for _, n := range def["floats"] {
		if n == "json" || n == "protobuf" {
			t.Errorf("default floats has codec %s", n)
		}
	}
	if len(def["floats"]) != 12 { // 10 strategies, 2 references
		t.Errorf("default floats: %d jobs %v, want 12", len(def["floats"]), def["floats"])
	}
	if got := def["twitter"]; len(got) != 2 || got[0] != "goccy-json" || got[1] != "json" {
		t.Errorf("default twitter: %v, want [goccy-json json]", got)
	}
	if got := def["citm-generic"]; len(got) != 1 || got[0] != "goccy-json" {
		t.Errorf("default citm-generic: %v, want [goccy-json]", got)
	}
	full := names(Selection{Full: true})
	if len(full["bsontypes-int32"]) <= 1 || len(full["floats"]) <= len(def["floats"]) {
		t.Errorf("full suite: bsontypes-int32 %d, floats %d jobs; want more than the default's", len(full["bsontypes-int32"]), len(full["floats"]))
	}
	if len(def["person"]) != len(full["person"]) || len(def["person"]) < 30 {
		t.Errorf("person: default %d, full %d codecs; want the same, every plain codec", len(def["person"]), len(full["person"]))
	}
	named := names(Selection{Workload: "^bsontypes-int32$", Codec: "^json$"})
	if got := named["bsontypes-int32"]; len(got) != 1 || got[0] != "json" {
		t.Errorf("--codec json on bsontypes-int32: %v, want [json]", got)
	}
}

// WorkloadRecords records each workload of the specs once, in name order,
// with its description and the fields of its access operation.
func TestWorkloadRecords(t *testing.T) {
	specs, err := Specs(Selection{Workload: "^(person|nested)$", Codec: "^json$"}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	got := WorkloadRecords(append(specs, specs...))
	if len(got) != 2 || got[0].Name != "nested" || got[1].Name != "person" {
		t.Fatalf("records %+v; want nested and person", got)
	}
	for _, r := range got {
		w, err := workload.Lookup(r.Name)
		if err != nil {
			t.Fatal(err)
		}
		if r.Description != w.Description || r.Description == "" {
			t.Errorf("%s: description %q, want the workload's %q", r.Name, r.Description, w.Description)
		}
	}
	// The report goldens' fixture run records person's access fields as
	// serbench run does.
	if want := fixture.Run("x").Workload("person").AccessFields; !slices.Equal(got[1].AccessFields, want) {
		t.Errorf("person's access fields %q, want %q (internal/fixture's)", got[1].AccessFields, want)
	}
}
