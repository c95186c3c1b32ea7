package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/coverage"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/workload"
)

const listUsage = `Usage: serbench list [--verbose] [--libraries]

Lists every codec (format, module@version, API kind, variant flags, declared
losses), grouped by format, and every workload. The losses column names the
kinds of loss and workload descriptions are cut at 80 characters; --verbose
prints both in full.

With --libraries, lists instead every library that go_serialization_benchmarks
or serbench's seeds name, and those serbench measures: which codecs of this
binary measure it, or why none does.
`

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", listUsage, stderr)
	verbose := fs.Bool("verbose", false, "declared losses and workload descriptions in full (default: the kinds of loss, descriptions cut at 80 characters)")
	libs := fs.Bool("libraries", false, "the libraries named by go_serialization_benchmarks and the seeds, and whether serbench measures them")
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	if *libs {
		return coverage.Write(stdout)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "CODEC\tFORMAT\tMODULE@VERSION\tAPI\tFLAGS\tDECLARED LOSSES\n")
	all := codec.All()
	// Grouped by format: formats in name order, codecs by name within one.
	sort.SliceStable(all, func(i, j int) bool { return all[i].Info().Format < all[j].Info().Format })
	for _, c := range all {
		rc := suite.CodecRecord(c)
		flags := strings.Join(rc.Flags, ",")
		if flags == "" {
			flags = "-"
		}
		losses := strings.Join(rc.Losses, "; ")
		if !*verbose {
			losses = lossKinds(c.Info().Losses)
		}
		if losses == "" {
			losses = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s@%s\t%s\t%s\t%s\n", rc.Name, rc.Format, rc.Module, rc.Version, rc.API, flags, losses)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d codecs\n\n", len(all))
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "WORKLOAD\tVALUES\tSEED\tDESCRIPTION\n")
	for _, w := range workload.All() {
		desc := w.Description
		if !*verbose {
			desc = cut(desc, descWidth)
		}
		fmt.Fprintf(tw, "%s\t%d\t%#x\t%s\n", w.Name, w.Count, w.Seed, desc)
	}
	return tw.Flush()
}

// descWidth is the most characters of a workload's description that
// serbench list prints without --verbose.
const descWidth = 80

// cut returns s, or its first n-1 characters and "…" when it is longer
// than n characters.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimRight(string(r[:n-1]), " ,;:") + "…"
}

// lossKinds names the kinds of losses, comma-separated, each once.
func lossKinds(losses []codec.Loss) string {
	var kinds []string
	for _, l := range losses {
		k := string(l.Kind)
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return strings.Join(kinds, ",")
}
