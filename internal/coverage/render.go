package coverage

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/serbench/serbench/codec"
)

// Registered returns those of names that are registered codecs.
func Registered(names []string) []string {
	var out []string
	for _, n := range names {
		if _, ok := codec.Lookup(n); ok {
			out = append(out, n)
		}
	}
	return out
}

// sortedLibraries returns the libraries by format, then path.
func sortedLibraries() []Library {
	libs := slices.Clone(Libraries)
	sort.SliceStable(libs, func(i, j int) bool {
		if libs[i].Format != libs[j].Format {
			return libs[i].Format < libs[j].Format
		}
		return strings.ToLower(libs[i].Path) < strings.ToLower(libs[j].Path)
	})
	return libs
}

// Write prints the coverage table: each library, who names it,
// the codecs that measure it in this binary, or why it is not measured.
func Write(w io.Writer) error {
	fmt.Fprintln(w, "Libraries named by go_serialization_benchmarks (gsb), seed 002 (go-codec-bench) or seed 004,")
	fmt.Fprintln(w, "and those serbench measures; MEASURED AS: the codecs registered in this binary.")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "FORMAT\tLIBRARY\tNAMED BY\tMEASURED AS\n")
	measured, not := 0, 0
	var why []string
	for _, l := range sortedLibraries() {
		codecs := Registered(l.Codecs)
		as := strings.Join(codecs[:min(len(codecs), maxShown)], ", ")
		if len(codecs) > maxShown {
			as += fmt.Sprintf(" (+%d)", len(codecs)-maxShown)
		}
		if len(codecs) == 0 {
			not++
			why = append(why, fmt.Sprintf("%s: %s", l.Path, l.WhyNot))
			as = "- (below)"
		} else {
			measured++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", l.Format, l.Path, strings.Join(l.NamedBy, ", "), as)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d libraries: %d measured, %d not\n", measured+not, measured, not)
	if len(why) > 0 {
		fmt.Fprintln(w, "\nWhy not:")
		for _, l := range why {
			for i, line := range wrap(l, whyWidth-4) {
				indent := "  "
				if i > 0 {
					indent = "    "
				}
				fmt.Fprintln(w, indent+line)
			}
		}
	}
	return nil
}

// maxShown is the most codec names MEASURED AS shows for one library.
const maxShown = 3

// whyWidth is the width the reasons are wrapped at.
const whyWidth = 100

// wrap breaks s into lines of at most width characters at spaces (a word
// longer than width has a line of its own).
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case len([]rune(line))+1+len([]rune(word)) > width:
			lines = append(lines, line)
			line = word
		default:
			line += " " + word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
