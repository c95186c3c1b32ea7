package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/result"
)

// selectsStored returns an error when the patterns of f (hb's) are given
// and select none of the stored cells: it names each pattern that matches
// no stored name, with the names stored, or says that the patterns match
// no cell together. A history of no cell would print an empty table and a
// summary of 0 series.
func selectsStored(f report.HistoryFilter, hb *report.HistoryBuilder, stored []result.Key, db string) error {
	if f.Workload == "" && f.Codec == "" && f.Op == "" || slices.ContainsFunc(stored, hb.Selects) {
		return nil
	}
	if len(stored) == 0 {
		return fmt.Errorf("no cell is stored in %s (serbench run stores runs)", db)
	}
	var given, none []string
	for _, p := range []struct {
		flag, re, what string
		name           func(result.Key) string
	}{
		{"workload", f.Workload, "workloads", func(k result.Key) string { return k.Workload }},
		{"codec", f.Codec, "codecs", func(k result.Key) string { return k.Codec }},
		{"op", f.Op, "operations", func(k result.Key) string { return k.Op }},
	} {
		if p.re == "" {
			continue
		}
		given = append(given, fmt.Sprintf("--%s %q", p.flag, p.re))
		var names []string
		for _, k := range stored {
			names = append(names, p.name(k))
		}
		slices.Sort(names)
		names = slices.Compact(names)
		// NewHistoryBuilder compiled the pattern already.
		if re := regexp.MustCompile(p.re); !slices.ContainsFunc(names, re.MatchString) {
			none = append(none, fmt.Sprintf("--%s %q (stored %s: %s)", p.flag, p.re, p.what, strings.Join(names, ", ")))
		}
	}
	if len(none) == 0 {
		return fmt.Errorf("no cell stored in %s matches %s together", db, strings.Join(given, " "))
	}
	return fmt.Errorf("no cell stored in %s matches %s", db, strings.Join(none, ", nor "))
}
