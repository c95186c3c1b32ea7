package workload

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestCorporaTyped: the typed form of each corpus models the whole
// document: it decodes with DisallowUnknownFields (every field of the data
// has a place), and re-encoding it gives the same document as the generic
// form (no value, null or missing field lost or added).
func TestCorporaTyped(t *testing.T) {
	for _, tc := range []struct {
		file string
		doc  any
	}{
		{"twitter.json", &TwitterDocument{}},
		{"citm_catalog.json", &CITMDocument{}},
		{"canada.json", &CanadaDocument{}},
	} {
		data, err := CorpusFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if err := strictDecode(data, tc.doc); err != nil {
			t.Errorf("%s: decoding into %T: %v", tc.file, tc.doc, err)
			continue
		}
		again, err := json.Marshal(tc.doc)
		if err != nil {
			t.Fatal(err)
		}
		var want, got any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(again, &got); err != nil {
			t.Fatal(err)
		}
		if path := firstDiff("$", want, got); path != "" {
			t.Errorf("%s: the typed form re-encoded differs from the document at %s", tc.file, path)
		}
	}
}

// firstDiff returns the path of the first difference between two generic
// JSON values, or "".
func firstDiff(path string, a, b any) string {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			return path
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok {
				return path + "." + k + " (missing)"
			}
			if p := firstDiff(path+"."+k, v, w); p != "" {
				return p
			}
		}
		for k := range bm {
			if _, ok := a[k]; !ok {
				return path + "." + k + " (added)"
			}
		}
		return ""
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return path
		}
		for i := range a {
			if p := firstDiff(path+"[]", a[i], bs[i]); p != "" {
				return p
			}
		}
		return ""
	default:
		if a != b {
			return path
		}
		return ""
	}
}

// TestCorporaRecords: each corpus workload has its registered number of
// records by default, cycles them for a larger Count, and the typed and
// generic workloads hold the same records: each typed value, encoded with
// encoding/json, decodes to the generic value.
func TestCorporaRecords(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    *corpus
	}{{"twitter", twitterCorpus}, {"citm", citmCorpus}, {"canada", canadaCorpus}} {
		typed, err := Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		generic, err := Lookup(tc.name + "-generic")
		if err != nil {
			t.Fatal(err)
		}
		recs := tc.c.recordsOnce()()
		if len(recs) != typed.Count || len(recs) != generic.Count {
			t.Errorf("%s: %d records, registered Count %d and %d", tc.name, len(recs), typed.Count, generic.Count)
		}
		tv, gv := typed.Values(Options{}), generic.Values(Options{})
		if len(tv) != typed.Count || len(gv) != generic.Count {
			t.Fatalf("%s: %d and %d values, want %d", tc.name, len(tv), len(gv), typed.Count)
		}
		for i := range tv {
			b, err := json.Marshal(tv[i])
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			if p := firstDiff("$", *gv[i].(*map[string]any), m); p != "" {
				t.Errorf("%s record %d: typed and generic forms differ at %s", tc.name, i, p)
				break
			}
		}
		more := typed.Values(Options{Count: typed.Count + 2})
		if !reflect.DeepEqual(more[typed.Count+1], tv[1]) || more[typed.Count+1] == tv[1] {
			t.Errorf("%s: value Count+1 is not a fresh copy of record 1", tc.name)
		}
	}
	canada, _ := Lookup("canada")
	positions := 0
	for _, v := range canada.Values(Options{}) {
		f := v.(*CanadaFeature)
		if len(f.Geometry.Coordinates) != 1 || f.Properties.Name != "Canada" || f.Geometry.Type != "Polygon" {
			t.Fatalf("canada record: %d rings, name %q, geometry %q; want 1 ring of Canada's polygon", len(f.Geometry.Coordinates), f.Properties.Name, f.Geometry.Type)
		}
		positions += len(f.Geometry.Coordinates[0])
	}
	if positions != 55563 {
		t.Errorf("canada: %d positions in all records, want the corpus's 55563", positions)
	}
}
