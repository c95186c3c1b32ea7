package verify

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"
)

// SkipTags returns the keys of tag whose value is exactly "-", written as
// in the tag and separated by spaces (`json:"-"`, `json:"-" msgpack:"-"`),
// or "" when it has none. "-" is what encoding/json and the libraries
// that follow its conventions (CBOR, msgpack, BSON, ugorji) read as "do
// not serialize this field"; "-," is not a skip (encoding/json names
// such a field "-"), nor is a malformed tag.
func SkipTags(tag reflect.StructTag) string {
	var keys []string
	s := string(tag)
	for {
		s = strings.TrimLeft(s, " ")
		colon := strings.Index(s, `:"`)
		if colon <= 0 || strings.ContainsAny(s[:colon], " \"") {
			break
		}
		key := s[:colon]
		rest := s[colon+1:]
		// The value is a Go string literal: find its closing quote.
		end := 1
		for end < len(rest) && rest[end] != '"' {
			if rest[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(rest) {
			break
		}
		if v, err := strconv.Unquote(rest[:end+1]); err == nil && v == "-" {
			keys = append(keys, key+`:"-"`)
		}
		s = rest[end+1:]
	}
	return strings.Join(keys, " ")
}

// skipped returns the tags of the struct field that p ends in when the
// field's tag has a key whose value is "-" (SkipTags), the original's
// field is not the zero value of its type and the decoded one is: the
// field was not carried, as its tag tells a library to do. It returns ""
// otherwise.
func skipped(p cmp.Path) string {
	sf, ok := p.Last().(cmp.StructField)
	if !ok || len(p) < 2 {
		return ""
	}
	parent := p.Index(-2).Type()
	if parent == nil || parent.Kind() != reflect.Struct {
		return ""
	}
	tags := SkipTags(parent.Field(sf.Index()).Tag)
	if tags == "" {
		return ""
	}
	vx, vy := sf.Values()
	if !vx.IsValid() || !vy.IsValid() || vx.IsZero() || !vy.IsZero() {
		return ""
	}
	return tags
}

// skippedAt returns the length of the shortest prefix of p that ends in
// a skipped field (see skipped), and its tags: the field a difference
// found inside it belongs to. n is 0 when there is none.
func skippedAt(p cmp.Path) (n int, tags string) {
	for i := 2; i <= len(p); i++ {
		if tags := skipped(p[:i]); tags != "" {
			return i, tags
		}
	}
	return 0, ""
}

// reportSkipped reports the skipped field p ends in (see skipped), once:
// go-cmp reports each difference inside it, and every one belongs to it.
func (r *reporter) reportSkipped(p cmp.Path, tags string) {
	path := formatPath(p)
	if n := len(r.diffs); n > 0 && r.diffs[n-1].Path == path && r.diffs[n-1].Class == ClassSkippedField {
		return
	}
	if r.tally != nil && r.bounds.skipTagged {
		r.tally.skip(typePath(p), tags)
	}
	if len(r.diffs) >= maxDiffs {
		return
	}
	vx, vy := p.Last().Values()
	r.diffs = append(r.diffs, Diff{Path: path, Class: ClassSkippedField, Want: format(vx), Got: format(vy),
		Detail: "decoded as the zero value; tagged " + tags})
}
