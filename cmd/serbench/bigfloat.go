package main

import (
	"context"
	"io"
	"os"
	"strings"

	"github.com/serbench/serbench/internal/bigfloatio"
	"github.com/serbench/serbench/internal/bounds"
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

func cmdBigfloat(ctx context.Context, args []string, stdout, stderr io.Writer) error {
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
	defer bounds.Watch(machineMemory(), stderr, os.Exit)()
	// A flag of the other mode would be ignored: --read takes the
	// encoding and the precision from the file's header.
	var writeOnly []string // the flags given, --read's own aside
	for _, name := range flagNames(fs.Visit) {
		if name != "read" && name != "print" {
			writeOnly = append(writeOnly, name)
		}
	}
	switch {
	case (*write == "") == (*read == ""):
		return usagef("give exactly one of --write FILE or --read FILE")
	case *write != "" && isSet(fs, "print"):
		return usagef("--print applies to --read only")
	case *read != "" && len(writeOnly) > 0:
		return usagef("--%s applies to --write only: --read takes the encoding and the precision from the file's header", writeOnly[0])
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
		if err := bounds.BigfloatWrite(machineMemory(), *encoding).Check(w, opts); err != nil {
			return usageError{err}
		}
		bo, err := workload.BigFloatOptionsOf(opts)
		if err != nil {
			return err
		}
		return writeBigfloats(ctx, *write, *encoding, bo, stdout)
	}
	return readBigfloats(ctx, *read, *print, stdout)
}
