package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
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
	type file struct {
		enc    string
		values []*big.Float
	}
	got := make(chan file, 1)
	err = interruptible(ctx, func() error {
		enc, values, err := bigfloatio.ReadFile(*read)
		got <- file{enc, values}
		return err
	})
	if err != nil {
		return err
	}
	f := <-got
	fmt.Fprintf(stdout, "%s: %d numbers, encoding %s\n", *read, len(f.values), f.enc)
	if *print {
		w := bufio.NewWriter(stdout)
		for i, v := range f.values {
			if ctx.Err() != nil {
				w.Flush()
				return fmt.Errorf("%w after printing %d of %d numbers", context.Cause(ctx), i, len(f.values))
			}
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

// writeBigfloats generates the values of bo and writes them to path in
// encoding enc. The values are computed and encoded in a goroutine that
// is abandoned if ctx ends first (one division at 100,000,000 bits takes
// minutes); the file is written only once they all are, so that an
// interrupted write leaves no file, and then through a temporary file
// renamed to path (bigfloatio.WriteData), so that a write that fails
// leaves no truncated file either.
func writeBigfloats(ctx context.Context, path, enc string, bo workload.BigFloatOptions, stdout io.Writer) error {
	prec := bo.Precision
	if prec == 0 {
		prec = workload.BigFloatPrecision
	}
	type encoded struct {
		data       []byte
		n, records int
	}
	out := make(chan encoded, 1)
	err := interruptible(ctx, func() error {
		values, err := workload.BigFloats(bo)
		if err != nil {
			return err
		}
		data, err := bigfloatio.Marshal(enc, values, prec)
		if err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		size, err := bigfloatio.RecordSize(enc, values)
		if err != nil {
			return err
		}
		out <- encoded{data, len(values), size}
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w before the numbers were computed: nothing written to %s", err, path)
		}
		return err
	}
	e := <-out
	if err := bigfloatio.WriteData(path, e.data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d numbers (%d-bit precision) to %s as %s: %d record bytes, %.2f bytes per number\n",
		e.n, prec, path, enc, e.records, float64(e.records)/float64(e.n))
	return nil
}
