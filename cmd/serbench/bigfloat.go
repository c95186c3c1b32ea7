package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/bigfloatio"
	"github.com/serbench/serbench/workload"
)

const bigfloatUsage = `Usage:
  serbench bigfloat --write FILE --encoding E [--precision P] [--from A --to B --by C | --random] [--values N] [--seed S]
  serbench bigfloat --read FILE [--print]

Writes the bigfloat workload's numbers into FILE in one of the encodings,
or reads such a file (written by serbench or another implementation) and
checks every record. The file format is documented in docs/bigfloat-format.md.

Examples:
  serbench bigfloat --write nums.bin --encoding binary-varint --from 0 --to 100000 --by 1
  serbench bigfloat --read nums.bin
`

func cmdBigfloat(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bigfloat", bigfloatUsage, stderr)
	var (
		write    = fs.String("write", "", "file to write")
		read     = fs.String("read", "", "file to read")
		encoding = fs.String("encoding", "", "encoding to write: "+strings.Join(bigfloatio.Encodings(), ", "))
		print    = fs.Bool("print", false, "with --read, print every number")
	)
	w, err := workload.Lookup("bigfloat")
	if err != nil {
		return err
	}
	wflags := workloadFlags(fs, []*workload.Workload{w})
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	opts := wflags.options()
	switch {
	case (*write == "") == (*read == ""):
		return usagef("give exactly one of --write FILE or --read FILE")
	case *write != "":
		if *encoding == "" {
			return usagef("--write needs --encoding (valid: %s)", strings.Join(bigfloatio.Encodings(), ", "))
		}
		if _, err := bigfloatio.NewEncoder(*encoding); err != nil {
			return usagef("--encoding: %v", err)
		}
		if err := w.Check(opts); err != nil {
			return usagef("%v", err)
		}
		bo, err := workload.BigFloatOptionsOf(opts)
		if err != nil {
			return err
		}
		values, err := workload.BigFloats(bo)
		if err != nil {
			return err
		}
		prec := bo.Precision
		if prec == 0 {
			prec = workload.BigFloatPrecision
		}
		if err := bigfloatio.WriteFile(*write, *encoding, values, prec); err != nil {
			return err
		}
		size, err := bigfloatio.RecordSize(*encoding, values)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %d numbers (%d-bit precision) to %s as %s: %d record bytes, %.2f bytes per number\n",
			len(values), prec, *write, *encoding, size, float64(size)/float64(len(values)))
		return nil
	}
	enc, values, err := bigfloatio.ReadFile(*read)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d numbers, encoding %s\n", *read, len(values), enc)
	if *print {
		w := bufio.NewWriter(stdout)
		for _, v := range values {
			if v == nil {
				fmt.Fprintln(w, "nil")
				continue
			}
			fmt.Fprintf(w, "%s\t(prec %d)\n", v.Text('g', -1), v.Prec())
		}
		return w.Flush()
	}
	return nil
}
