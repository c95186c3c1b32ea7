package verify

import (
	"reflect"
	"slices"
	"testing"

	"github.com/serbench/serbench/codec"
)

func TestSkipTags(t *testing.T) {
	for tag, want := range map[reflect.StructTag]string{
		`json:"-"`:                        `json:"-"`,
		`json:"-" msgpack:"-"`:            `json:"-" msgpack:"-"`,
		`json:"name" cbor:"-"`:            `cbor:"-"`,
		`json:"-,"`:                       "", // encoding/json: a field named "-"
		`json:"-,omitempty"`:              "",
		`json:"x,omitempty"`:              "",
		`json:"\x2d"`:                     `json:"-"`, // any Go string literal
		`json:"a\"b" yaml:"-"`:            `yaml:"-"`,
		``:                                "",
		`-`:                               "",
		`json:"-`:                         "", // malformed: no closing quote
		`db:"x"   validate:"-" json:"id"`: `validate:"-"`,
	} {
		if got := SkipTags(tag); got != want {
			t.Errorf("SkipTags(%q) = %q, want %q", tag, got, want)
		}
	}
}

type cacheInner struct{ A, B int }

type cached struct {
	ID     int
	Cache  string      `json:"-"`
	Inner  *cacheInner `msgpack:"-"`
	Nested cacheInner  `cbor:"-"`
	Named  string      `json:"-,"`
	Items  []cached
}

var skipLoss = codec.Loss{Kind: codec.SkippedField, Detail: "test"}

// TestSkippedField checks the rule of codec.SkippedField: a field tagged
// "-" that comes back as its zero value is a skipped-field difference,
// reported once at the field, and accepted only when the loss is
// declared; such a field that comes back as another value, and a field
// without a "-" tag that comes back zero, are differences the loss does
// not accept.
func TestSkippedField(t *testing.T) {
	orig := func() cached {
		return cached{ID: 1, Cache: "c", Inner: &cacheInner{1, 2}, Nested: cacheInner{3, 4}, Named: "n",
			Items: []cached{{ID: 2, Cache: "d"}}}
	}
	for _, tc := range []struct {
		name     string
		mangle   func(*cached)
		path     string
		class    Class
		accepted bool // by the SkippedField loss
	}{
		{"string", func(c *cached) { c.Cache = "" }, ".Cache", ClassSkippedField, true},
		{"pointer", func(c *cached) { c.Inner = nil }, ".Inner", ClassSkippedField, true},
		{"struct", func(c *cached) { c.Nested = cacheInner{} }, ".Nested", ClassSkippedField, true},
		{"in a slice", func(c *cached) { c.Items[0].Cache = "" }, ".Items[0].Cache", ClassSkippedField, true},
		{"another value", func(c *cached) { c.Cache = "x" }, ".Cache", ClassOther, false},
		{"pointer to a changed value", func(c *cached) { c.Inner = &cacheInner{B: 2} }, ".Inner.A", ClassMissingField, false},
		{"part of a struct", func(c *cached) { c.Nested.A = 0 }, ".Nested.A", ClassMissingField, false},
		{"dash comma", func(c *cached) { c.Named = "" }, ".Named", ClassMissingField, false},
		{"untagged", func(c *cached) { c.ID = 0 }, ".ID", ClassMissingField, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := orig(), orig()
			tc.mangle(&got)
			diffs := Compare(&want, &got, nil)
			if len(diffs) != 1 || diffs[0].Path != tc.path || diffs[0].Class != tc.class {
				t.Fatalf("strict: %v, want one %s at %s", diffs, tc.class, tc.path)
			}
			var tally Tally
			all := tally.Add(&want, &got, []codec.Loss{skipLoss})
			if len(all) != 1 || all[0] != diffs[0] {
				t.Errorf("Tally.Add: %v, want %v", all, diffs)
			}
			accepted := len(Compare(&want, &got, []codec.Loss{skipLoss})) == 0
			if accepted != tc.accepted {
				t.Errorf("with the SkippedField loss: accepted %v, want %v", accepted, tc.accepted)
			}
			if got := len(tally.Extents([]codec.Loss{skipLoss})) > 0; got != tc.accepted {
				t.Errorf("extents: %v, want one only when accepted", tally.Extents([]codec.Loss{skipLoss}))
			}
		})
	}
}

// TestSkippedExtents checks that a Tally names the fields a SkippedField
// loss accepted, by their path in the type, with their tags and counts.
func TestSkippedExtents(t *testing.T) {
	want := cached{Cache: "c", Inner: &cacheInner{1, 2}, Items: []cached{{Cache: "a"}, {Cache: "b"}}}
	got := cached{Items: []cached{{}, {}}}
	var tally Tally
	losses := []codec.Loss{skipLoss, skipLoss}
	for range 2 {
		tally.Add(&want, &got, losses)
	}
	var s []string
	for _, e := range tally.Extents(losses) {
		if e.Loose {
			t.Errorf("%v: loose", e)
		}
		s = append(s, e.String())
	}
	wantS := []string{
		`skipped-field: .Cache not carried (tagged json:"-"), 2 times`,
		`skipped-field: .Inner not carried (tagged msgpack:"-"), 2 times`,
		`skipped-field: .Items[].Cache not carried (tagged json:"-"), 4 times`,
	}
	if !slices.Equal(s, wantS) {
		t.Errorf("extents:\n%q\nwant\n%q", s, wantS)
	}
	if e := (&Tally{}).Extents(losses); len(e) != 0 {
		t.Errorf("nothing skipped: extents %v, want none", e)
	}
}
