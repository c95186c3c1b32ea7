package result_test

import (
	"slices"
	"testing"

	"github.com/serbench/serbench/result"
)

func TestForkGroups(t *testing.T) {
	ss := []result.Sample{{NsPerOp: 1, Fork: 2}, {NsPerOp: 2, Fork: 1}, {NsPerOp: 3}, {NsPerOp: 4, Fork: 2}, {NsPerOp: 5}}
	got := result.ForkGroups(ss, result.NsPerOp)
	// Ascending forks, the unknown fork 0 a group of its own; samples in
	// the order taken.
	want := [][]float64{{3, 5}, {2}, {1, 4}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("ForkGroups = %v, want %v", got, want)
	}
	ids, by := result.ForkValues(ss, func(s result.Sample) float64 { return 2 * s.NsPerOp })
	if !slices.Equal(ids, []int{0, 1, 2}) || !slices.Equal(by[2], []float64{2, 8}) {
		t.Errorf("ForkValues = %v %v, want forks [0 1 2] and fork 2 [2 8]", ids, by)
	}
}

func TestLegacyGeneratedTypes(t *testing.T) {
	codecs := []result.Codec{
		{Name: "protobuf", API: "codegen"},
		{Name: "protobuf+convert", API: "codegen", Flags: []string{"convert"}},
		{Name: "vtprotobuf", API: "codegen"},
		{Name: "vtprotobuf+convert", API: "codegen", Flags: []string{"convert"}},
		{Name: "vtprotobuf-reuse", API: "codegen", Flags: []string{"reuse"}},
		{Name: "flatbuffers", API: "codegen"},
		{Name: "flatbuffers-reuse", API: "codegen", Flags: []string{"reuse"}},
		{Name: "stdjson", API: "reflection"},
	}
	if !result.LegacyGeneratedTypes(codecs) {
		t.Fatal("nothing changed")
	}
	want := map[string]bool{"protobuf": false, "protobuf+convert": true, "vtprotobuf": false, "vtprotobuf+convert": true,
		"vtprotobuf-reuse": false, "flatbuffers": true, "flatbuffers-reuse": false, "stdjson": true}
	for _, c := range codecs {
		if c.Plain() != want[c.Name] {
			t.Errorf("%s: flags %v, plain %v; want plain %v", c.Name, c.Flags, c.Plain(), want[c.Name])
		}
	}
	if !codecs[4].Has(result.FlagGeneratedTypes) || codecs[6].Has(result.FlagGeneratedTypes) {
		t.Errorf("reuse variants: vtprotobuf-reuse %v, flatbuffers-reuse %v", codecs[4].Flags, codecs[6].Flags)
	}
	if result.LegacyGeneratedTypes(codecs) {
		t.Error("a second pass changed something")
	}
}
