package report

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// codegenRun is the fixture run with its "fast" codec turned into a code-
// generated one in two variants, as codec.RegisterWithConversion registers
// them: "fast" stops at its generated types and "fast+convert" includes
// the conversion from and to the user's Go value. With legacy set, the
// codecs carry their flags as runs stored before the "gen-types" flag
// did ("fast" plain, "fast+convert" with "convert") and go through
// result.LegacyGeneratedTypes, as the store does when it loads a run.
func codegenRun(legacy bool) *result.Run {
	run := fixture.Run("r1")
	var conv result.Codec
	for i := range run.Codecs {
		c := &run.Codecs[i]
		if c.Name == "fast" {
			c.API = "codegen"
			c.Flags = []string{result.FlagGeneratedTypes}
			if legacy {
				c.Flags = nil
			}
			conv = *c
			conv.Name = "fast+convert"
			conv.Flags = []string{result.FlagConvert}
		}
	}
	run.Codecs = append(run.Codecs, conv)
	var cells []result.Cell
	for _, c := range run.Cells {
		if c.Codec == "fast" {
			c2 := c
			c2.Codec = "fast+convert"
			c2.Samples = nil
			for _, s := range c.Samples {
				s.NsPerOp *= 1.5 // the conversion costs
				c2.Samples = append(c2.Samples, s)
			}
			cells = append(cells, c2)
		}
	}
	run.Cells = append(run.Cells, cells...)
	for _, v := range run.Verifications {
		if v.Codec == "fast" {
			v.Codec = "fast+convert"
			run.Verifications = append(run.Verifications, v)
			break
		}
	}
	if legacy && !result.LegacyGeneratedTypes(run.Codecs) {
		panic("legacy flags not upgraded")
	}
	return run
}

// TestCodeGenRowsSayWhatTheyTime checks, in the text, Markdown and HTML
// outputs, with and without all variants, that every row of the
// code-generated codec either includes the conversion ("+convert") or is
// marked as not including it ("[gen-types]"), and that the default tables
// show only the row that includes it.
func TestCodeGenRowsSayWhatTheyTime(t *testing.T) {
	for _, legacy := range []bool{false, true} {
		for _, all := range []bool{false, true} {
			run := codegenRun(legacy)
			rep := Build(run, Options{AllVariants: all})
			var text, md, page bytes.Buffer
			if err := Table(&text, rep); err != nil {
				t.Fatal(err)
			}
			if err := Markdown(&md, rep); err != nil {
				t.Fatal(err)
			}
			if err := HTML(&page, []*result.Run{run}, Options{AllVariants: all}); err != nil {
				t.Fatal(err)
			}
			outs := map[string]string{
				"text":     text.String(),
				"markdown": strings.ReplaceAll(strings.ReplaceAll(md.String(), `\[`, "["), `\]`, "]"),
				"html":     html.UnescapeString(page.String()),
			}
			for name, out := range outs {
				var convert, genOnly, unmarked int
				for _, line := range strings.Split(out, "\n") {
					if strings.Contains(line, "variant codecs hidden") {
						// The note naming the hidden variants is
						// not a row.
						continue
					}
					if name == "html" {
						// One table row per line in the page; rows
						// of codecs are <tr> lines naming the codec.
						if !strings.Contains(line, "<tr") {
							continue
						}
					}
					for _, f := range strings.Fields(strings.NewReplacer("|", " ", "<", " <", ">", "> ").Replace(line)) {
						switch {
						case f == "fast+convert":
							convert++
						case f == "fast":
							if strings.Contains(line, "fast "+MarkerGenTypes) {
								genOnly++
							} else {
								unmarked++
								t.Errorf("legacy %v, all %v, %s: a row of the generated-types-only codec without %s: %s", legacy, all, name, MarkerGenTypes, line)
							}
						}
					}
				}
				if convert == 0 {
					t.Errorf("legacy %v, all %v, %s: no fast+convert row", legacy, all, name)
				}
				// The HTML page has a switch between the plain rows and
				// all variants, so it holds both sets.
				if !all && genOnly > 0 && name != "html" {
					t.Errorf("legacy %v, %s: the default tables show the generated-types-only row", legacy, name)
				}
				if (all || name == "html") && genOnly == 0 {
					t.Errorf("legacy %v, %s: with all variants, no row marked %s", legacy, name, MarkerGenTypes)
				}
			}
		}
	}
}

// TestAliasingRowsAreNamedVariants checks a codec that verification found
// aliasing its input on one workload: the default table leaves the row out
// and names it with why ("[aliases input]"); with all variants the row is
// there, labelled, and its aliasing example is in a note.
func TestAliasingRowsAreNamedVariants(t *testing.T) {
	run := fixture.Run("r1")
	found := false
	for i := range run.Verifications {
		v := &run.Verifications[i]
		if v.Codec == "fast" {
			v.Flags = []string{result.FlagUnsafe}
			v.Aliases = []string{".Name: \"ab\" became \"\\xa5\\xa5\" when its input was overwritten"}
			found = true
		}
	}
	if !found {
		t.Fatal("the fixture has no verification of codec fast")
	}
	var plain, all bytes.Buffer
	if err := Table(&plain, Build(run, Options{})); err != nil {
		t.Fatal(err)
	}
	if err := Table(&all, Build(run, Options{AllVariants: true})); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(plain.String(), "\n") {
		if strings.Contains(line, " fast ") && !strings.Contains(line, "hidden") {
			t.Errorf("default table shows the aliasing row: %s", line)
		}
	}
	if !strings.Contains(plain.String(), "fast "+MarkerAliases) || !strings.Contains(plain.String(), "variant codecs hidden") {
		t.Errorf("default table does not name the hidden aliasing row:\n%s", plain.String())
	}
	if !strings.Contains(all.String(), "fast "+MarkerAliases) {
		t.Errorf("table with all variants has no labelled aliasing row:\n%s", all.String())
	}
	if !strings.Contains(all.String(), "when its input was overwritten") {
		t.Errorf("table with all variants does not show the aliasing example:\n%s", all.String())
	}
}
