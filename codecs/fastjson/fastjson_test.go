package fastjson

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/valyala/fastjson"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "fastjson", "fastjson-reuse") }

func TestTruncatedFails(t *testing.T) { codectest.TruncatedFails(t, "fastjson", "fastjson-reuse") }

// TestCategory checks what makes both codecs the parse category: API
// parse, Decode returning fastjson's tree (not the canonical value), the
// reuse variant flagged, and Access on person and nested only.
func TestCategory(t *testing.T) {
	for _, name := range []string{"fastjson", "fastjson-reuse"} {
		info := codectest.Lookup(t, name).Info()
		if info.API != codec.Parse {
			t.Errorf("%s: API %q, want %q", name, info.API, codec.Parse)
		}
		if reuse := name == "fastjson-reuse"; info.Flags.BufferReuse != reuse || info.Flags.GeneratedTypes || info.Flags.UnsafeStrings {
			t.Errorf("%s: flags %s", name, info.Flags)
		}
		for _, wname := range []string{"person", "nested", "twitter"} {
			inst, values := codectest.BindValues(t, name, wname, &workload.Options{Count: 1})
			v := values[0]
			data, err := inst.Encode(v)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(v)
			if !bytes.Equal(data, want) {
				t.Errorf("%s on %s: the input is not encoding/json's document", name, wname)
			}
			tree, err := inst.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := tree.(*fastjson.Value); !ok {
				t.Errorf("%s on %s: Decode returned %T, want *fastjson.Value", name, wname, tree)
			}
			_, access := inst.(codec.Accessor)
			if access != (wname != "twitter") {
				t.Errorf("%s on %s: Accessor %v", name, wname, access)
			}
		}
	}
}

// TestReuseTreeIsOverwritten documents why fastjson-reuse is a BufferReuse
// variant: its tree is the Parser's, and the next parse overwrites it.
func TestReuseTreeIsOverwritten(t *testing.T) {
	inst := codectest.Bind(t, "fastjson-reuse", "person")
	first, err := inst.Decode([]byte(`{"Name":"first"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inst.Decode([]byte(`{"Name":"second"}`)); err != nil {
		t.Fatal(err)
	}
	if got := string(first.(*fastjson.Value).GetStringBytes("Name")); got != "second" {
		t.Errorf("the first tree's Name is %q after a second parse; the reuse variant's flag would be wrong", got)
	}
	plain := codectest.Bind(t, "fastjson", "person")
	first, _ = plain.Decode([]byte(`{"Name":"first"}`))
	if _, err := plain.Decode([]byte(`{"Name":"second"}`)); err != nil {
		t.Fatal(err)
	}
	if got := string(first.(*fastjson.Value).GetStringBytes("Name")); got != "first" {
		t.Errorf("fastjson's tree changed after another parse: %q", got)
	}
}

// TestCanonicalReadsTheTree checks that verification reads values through
// the tree: a tree whose number or string differs from the document's
// original gives a value that differs from the original.
func TestCanonicalReadsTheTree(t *testing.T) {
	inst := codectest.Bind(t, "fastjson", "person")
	p := &workload.Person{Name: "Zoë \"q\"\n", Siblings: -3, Money: 0.1, Aliases: []string{"a"}}
	tree, err := inst.Decode(codectest.Encode(t, inst, p))
	if err != nil {
		t.Fatal(err)
	}
	got, err := inst.Canonical(tree)
	if err != nil {
		t.Fatal(err)
	}
	if diffs := verify.Compare(p, got, nil); len(diffs) > 0 {
		t.Fatalf("round trip: %v", diffs)
	}
	// Change the tree, not the document: the canonical value follows.
	tree.(*fastjson.Value).Set("Siblings", fastjson.MustParse("4"))
	got, err = inst.Canonical(tree)
	if err != nil {
		t.Fatal(err)
	}
	if got.(*workload.Person).Siblings != 4 {
		t.Errorf("Canonical did not read the tree: Siblings %d", got.(*workload.Person).Siblings)
	}
}

// TestGenericNumbers checks that numbers are read with fastjson's parsers
// and written back as the same number.
func TestGenericNumbers(t *testing.T) {
	for _, c := range []struct {
		in   string
		want any
	}{
		{`-9223372036854775808`, int64(math.MinInt64)},
		{`18446744073709551615`, uint64(math.MaxUint64)},
		{`-0`, math.Copysign(0, -1)},
		{`0.1`, 0.1},
		{`1e+21`, 1e21},
		{`123456789012345678901234567890`, 1.2345678901234568e29},
		{`4.9406564584124654e-324`, math.SmallestNonzeroFloat64},
		{`1.7976931348623157e308`, math.MaxFloat64},
	} {
		g, err := Generic(fastjson.MustParse(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		n := g.(json.Number)
		var got any
		switch c.want.(type) {
		case int64:
			got, err = n.Int64()
		case uint64:
			var v uint64
			err = json.Unmarshal([]byte(n), &v)
			got = v
		default:
			got, err = n.Float64()
		}
		if err != nil || !reflect.DeepEqual(got, c.want) || (c.in == "-0" && !math.Signbit(got.(float64))) {
			t.Errorf("%s: %v (%v), want %v", c.in, got, err, c.want)
		}
	}
}
