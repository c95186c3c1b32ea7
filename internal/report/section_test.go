package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/result"
)

// TestSectionOrder: every kind of section is shown by some format, and no
// format lists a kind twice, so that a new kind is not silently dropped.
func TestSectionOrder(t *testing.T) {
	shown := map[SectionKind]bool{}
	for f, kinds := range sectionOrder {
		seen := map[SectionKind]bool{}
		for _, k := range kinds {
			if seen[k] {
				t.Errorf("format %d lists kind %d twice", f, k)
			}
			seen[k], shown[k] = true, true
		}
	}
	for k := range numSectionKinds {
		if !shown[k] {
			t.Errorf("no format shows sections of kind %d", k)
		}
	}
}

// TestSections: the reference fixture's workloads list their sections in
// the order of their kinds, and each table has a cell per column.
func TestSections(t *testing.T) {
	rep := Build(referenceRun("r1"), Options{AllVariants: true})
	kinds := map[SectionKind]bool{}
	for _, wl := range rep.Workloads {
		last := SectionKind(-1)
		for _, s := range wl.Sections {
			if s.Kind < last {
				t.Errorf("%s: section %d after %d", wl.Name, s.Kind, last)
			}
			last = s.Kind
			kinds[s.Kind] = true
			if s.Table == nil {
				continue
			}
			for i, r := range s.Table.Rows {
				if len(r.Cells) != len(s.Table.Cols) {
					t.Errorf("%s: section %d row %d: %d cells for %d columns", wl.Name, s.Kind, i, len(r.Cells), len(s.Table.Cols))
				}
			}
		}
	}
	for _, k := range []SectionKind{SectionMain, SectionBandwidth, SectionFloor, SectionNotes, SectionSizes, SectionAccess, SectionScaling} {
		if !kinds[k] {
			t.Errorf("the reference run has no section of kind %d", k)
		}
	}
}

// TestNewSection: a new kind of section appears in the formats that list
// it (sectionOrder) and no other, through their writers alone: HTML with
// the columns and rows it shows, sort keys and intervals.
func TestNewSection(t *testing.T) {
	kind := numSectionKinds
	saved := sectionOrder
	sectionOrder = map[Formats][]SectionKind{}
	for f, kinds := range saved {
		sectionOrder[f] = kinds
	}
	sectionOrder[FormatHTML] = append(slices.Clone(saved[FormatHTML]), kind)
	sectionOrder[FormatText] = append(slices.Clone(saved[FormatText]), kind)
	t.Cleanup(func() { sectionOrder = saved })

	wl := Build(referenceRun("r1"), Options{}).Workloads[0]
	wl.Sections = append(wl.Sections, &Section{Kind: kind, Table: &SectionTable{
		Title: "validate", Caption: "check the encoded bytes without decoding",
		Cols: []Column{{Head: "codec", Left: true}, {Head: "validate", CI: true}, {Head: "text only", In: FormatText}},
		Rows: []TableRow{
			{Cells: []Cell{val("c<1>"), {V: "12.0ns", CI: "±1%", Key: "12"}, val("x")}},
			{Cells: []Cell{val("c2"), none, val("x")}},
			{In: FormatText, Cells: []Cell{val("hidden"), none, val("x")}},
		},
	}})
	hw, err := buildWorkload(wl, "", "t-")
	if err != nil {
		t.Fatal(err)
	}
	page := &htmlPage{Title: "t", Runs: []*htmlRun{{ID: "r1", Workloads: []*htmlSection{{Name: wl.Name, Sets: []*htmlWorkload{hw}}}}}}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, page); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	wantIn(t, "the page", out,
		"<h4>Validate</h4>", "<p class=\"sub\">Check the encoded bytes without decoding.</p>",
		"<th class=\"l\">codec</th><th>validate</th></tr>",
		"<tr><td class=\"l\">c&lt;1&gt;</td><td data-v=\"12\">12.0ns<small>±1%</small></td></tr>",
		"<tr><td class=\"l\">c2</td><td data-v=\"\">–</td></tr>",
	)
	if strings.Contains(out, ">hidden<") || strings.Contains(out, ">text only<") {
		t.Error("the page shows a text-only row or column")
	}
	var txt strings.Builder
	writeWorkload(textWriter{&txt}, FormatText, wl, nil)
	for _, want := range []string{"validate (check the encoded bytes without decoding)", "hidden", "text only"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, txt.String())
		}
	}
	// Markdown does not list the kind.
	var md strings.Builder
	writeWorkload(&mdWriter{b: &md, level: "###"}, FormatMarkdown, wl, nil)
	if strings.Contains(md.String(), "alidate") {
		t.Error("Markdown shows a kind it does not list")
	}
}

// TestOpOf: a row gives the summary of any operation's cell.
func TestOpOf(t *testing.T) {
	c := &result.Cell{Op: "validate", Goroutines: 1, Samples: []result.Sample{{NsPerOp: 10, Fork: 1}, {NsPerOp: 12, Fork: 1}}}
	r := &Row{Cells: []*result.Cell{{Op: "validate", Goroutines: 2, Samples: c.Samples}, c}}
	if op := r.OpOf("validate"); op == nil || op.Cell != c || op.NsOp.Center != 11 {
		t.Errorf("OpOf(validate) = %+v", op)
	}
	if r.OpOf("other") != nil || r.OpOf(result.OpEncode) != nil {
		t.Error("OpOf of an operation the row has not")
	}
}
