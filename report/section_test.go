package report

import (
	"testing"
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
	for k := SectionTimeCharts; k <= SectionScaling; k++ {
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
