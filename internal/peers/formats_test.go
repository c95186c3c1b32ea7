package peers

import (
	"regexp"
	"slices"
	"testing"
)

// TestParse checks the lists of peers serbench interop's --peers takes.
func TestParse(t *testing.T) {
	for list, want := range map[string][]string{
		"none":               {},
		"python":             {"python"},
		"node, python,node":  {"node", "python"},
		"python,node,python": {"python", "node"},
	} {
		got, err := Parse(list)
		if err != nil || !slices.Equal(got, want) || got == nil {
			t.Errorf("Parse(%q) = %q, %v; want %q", list, got, err, want)
		}
	}
	for _, list := range []string{"", "ruby", "python,,node"} {
		if _, err := Parse(list); err == nil || err.Error() != `"`+list+`": want python, node, python,node or none` {
			t.Errorf("Parse(%q): %v; want it refused", list, err)
		}
	}
}

// TestFormatsCountPeers: the formats with two or more implementations
// include those with two Go codecs whatever the peers, and the peers'
// libraries only add formats.
func TestFormatsCountPeers(t *testing.T) {
	goOnly, all := Formats([]string{}), Formats(AllPeers)
	if !slices.Contains(goOnly, "json") {
		t.Errorf("Formats without peers = %q, want json among them", goOnly)
	}
	for _, f := range goOnly {
		if !slices.Contains(all, f) {
			t.Errorf("format %s has two implementations without peers, not with them", f)
		}
	}
	if !HasFormat(regexp.MustCompile("^json$"), nil) || HasFormat(regexp.MustCompile("^no-such$"), AllPeers) {
		t.Error("HasFormat does not follow Formats")
	}
}
