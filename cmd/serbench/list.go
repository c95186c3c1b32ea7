package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/workload"
)

const listUsage = `Usage: serbench list

Lists every codec (format, module@version, API kind, variant flags, declared
losses) and every workload.
`

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", listUsage, stderr)
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "CODEC\tFORMAT\tMODULE@VERSION\tAPI\tFLAGS\tDECLARED LOSSES\n")
	all := codec.All()
	for _, c := range all {
		rc := suite.CodecRecord(c)
		flags := strings.Join(rc.Flags, ",")
		if flags == "" {
			flags = "-"
		}
		losses := strings.Join(rc.Losses, "; ")
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
		fmt.Fprintf(tw, "%s\t%d\t%#x\t%s\n", w.Name, w.Count, w.Seed, w.Description)
	}
	return tw.Flush()
}
