package coverage

import (
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/codecs/all" // the codecs of the serbench binary
)

// TestLibrariesTable checks the coverage table: a library is measured or
// says why not, one that has no codec gives a reason of its own, paths
// and codec names are listed once, and every codec of this binary (but
// references and test codecs) belongs to a library of the table.
func TestLibrariesTable(t *testing.T) {
	paths, names := map[string]bool{}, map[string]string{}
	for _, l := range Libraries {
		if l.Path == "" || l.Format == "" || len(l.NamedBy) == 0 {
			t.Errorf("incomplete entry: %+v", l)
		}
		if paths[l.Path] {
			t.Errorf("%s is listed twice", l.Path)
		}
		paths[l.Path] = true
		for _, by := range l.NamedBy {
			if !slices.Contains([]string{byGSB, bySeed2, bySeed4, bySelf}, by) {
				t.Errorf("%s: named by %q", l.Path, by)
			}
		}
		for _, n := range l.Codecs {
			if other, dup := names[n]; dup {
				t.Errorf("codec %s is listed for %s and %s", n, other, l.Path)
			}
			names[n] = l.Path
		}
		switch {
		case len(Registered(l.Codecs)) == 0 && l.WhyNot == "":
			t.Errorf("%s: none of its codecs %v is registered and it says not why", l.Path, l.Codecs)
		case len(l.Codecs) == 0 && (l.WhyNot == "" || l.WhyNot == notBuilt):
			t.Errorf("%s has no codec: it needs a reason of its own, not %q", l.Path, l.WhyNot)
		}
	}
	// The modules of the libraries measured in this binary.
	modules := map[string]bool{}
	for n := range names {
		if c, ok := codec.Lookup(n); ok {
			modules[c.Info().Module] = true
		}
	}
	for _, c := range codec.All() {
		info := c.Info()
		if info.Reference != "" || info.Format == "test" {
			continue
		}
		if _, listed := names[info.Name]; listed {
			continue
		}
		// A variant (+convert, -reuse, ...) of a library with other
		// codecs listed; a codec of the standard library or of serbench
		// must be listed by name, since those modules hold several.
		if info.Module == "std" || info.Module == "serbench" || !modules[info.Module] {
			t.Errorf("codec %s (%s) belongs to no library of the table (internal/coverage/libraries.go)", info.Name, info.Module)
		}
	}
}

// TestLibrariesMeasuredFromRegistry checks that a library's state comes
// from the registry: a library whose codecs are registered shows them,
// one without shows why not.
func TestLibrariesMeasuredFromRegistry(t *testing.T) {
	var b strings.Builder
	if err := Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	_, why, _ := strings.Cut(out, "\nWhy not:\n")
	for _, l := range Libraries {
		reg := Registered(l.Codecs)
		line := ""
		for _, s := range strings.Split(out, "\n") {
			if f := strings.Fields(s); len(f) > 1 && strings.Contains(s, "  "+l.Path+"  ") {
				line = s
				break
			}
		}
		if line == "" {
			t.Errorf("no line for %s", l.Path)
			continue
		}
		gaveReason := strings.Contains(why, "  "+l.Path+": ")
		if len(reg) > 0 && (!strings.Contains(line, reg[0]) || gaveReason) {
			t.Errorf("%s is measured as %v; its line: %q, reason given: %v", l.Path, reg, line, gaveReason)
		}
		if len(reg) == 0 && (!strings.HasSuffix(line, "- (below)") || !gaveReason) {
			t.Errorf("%s is not measured; its line: %q, reason given: %v", l.Path, line, gaveReason)
		}
	}
}
