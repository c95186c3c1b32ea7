package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"

	"github.com/serbench/serbench/internal/bigfloatio"
	"github.com/serbench/serbench/workload"
)

// readBigfloats reads the bigfloat file at path, says how many numbers it
// holds and in which encoding, and with print prints every number. The
// file is read in a goroutine that is abandoned if ctx ends first
// (readInterruptible): a file that takes long to read or decode, or a
// named pipe that no one writes.
func readBigfloats(ctx context.Context, path string, print bool, stdout io.Writer) error {
	type file struct {
		enc    string
		values []*big.Float
	}
	f, err := readInterruptible(ctx, "the bigfloat file", path, "no number was printed", func() (file, error) {
		enc, values, err := bigfloatio.ReadFile(path)
		return file{enc, values}, err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d numbers, encoding %s\n", path, len(f.values), f.enc)
	if print {
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
// leaves no truncated file either. A path in a missing directory, or
// that is a directory, is refused first.
func writeBigfloats(ctx context.Context, path, enc string, bo workload.BigFloatOptions, stdout io.Writer) error {
	// A path that cannot be written is said before the numbers are
	// computed, which may take minutes.
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fmt.Errorf("write %s: directory %s does not exist", path, filepath.Dir(path))
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("write %s: is a directory, want a file", path)
	}
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
