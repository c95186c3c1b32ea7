package main

import (
	"context"
	"fmt"
	"io"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/robust"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

const robustUsage = `Usage: serbench robust [--codec RE] [--workload LIST] [--seed N] [--save DIR] [--format text|markdown|json]
       serbench robust --run RUN-ID|latest [--db DB] [--format text|markdown|json]

Prints the decoder robustness matrix: what each codec's decoder does with
corrupt and malicious messages. The first --messages values of each
workload (person and nested by default) are encoded by the codec, and the
valid messages are mutated in five classes: every prefix (truncate), one
flipped bit (bitflip), a huge declared length written at an offset (bomb:
varints, 32-bit lengths, MessagePack, CBOR, gob and Thrift headers), random
bytes (random), and an unknown field nested 1,000 to 1,000,000 deep (deep:
JSON, MessagePack, CBOR, BSON, protobuf and Thrift). A class with more
candidates than --budget is sampled from them by --seed: the same seed gives
the same inputs.

Each input is decoded in a worker process of this binary with a time limit
and a memory limit: a decoder that crashes (out of memory, stack overflow,
fatal error), hangs or panics is counted, and the row goes on in a new
worker; after Ctrl-C no more workers start, and the rows so far are printed,
those stopped or not started noted as interrupted. A codec whose messages
are so large that --budget inputs a class would take more than 256 MiB gets
fewer, as its row says. A cell is ok when every input was refused with an
error; otherwise it counts crashes (C), hangs (H), panics (P) and inputs
accepted without an error (A), which is a finding for truncated and random
input.
WORST ALLOC is the largest allocation of one decode divided by its input's
size. The details name the first panic, crash or hang of each class and its
input; --save DIR writes those inputs, and each class's worst
amplification, to files so that a library author can reproduce them.

serbench run --robust computes the matrix of its codecs and stores it with
the run; --run prints that stored matrix instead of computing one.

Examples:
  serbench robust --codec 'msgpack|cbor' --workload person
  serbench robust --codec '^(msgp|flatbuffers)$' --save robust-inputs --format markdown
  serbench run --workload person --codec '^msgp$' --robust   # stores the matrix with the run
  serbench robust --run latest
`

func cmdRobust(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("robust", robustUsage, stderr)
	f := newRobustFlags(fs)
	outFormat := matrixFormatFlag(fs, "format")
	runID, dbPath := storedRunFlags(fs, "matrix", "one")
	if err := parseMatrixArgs(fs, args); err != nil {
		return err
	}
	render, err := matrixRenderer("robust", "format", *outFormat, report.RobustTable, report.RobustMarkdown, report.RobustJSON)
	if err != nil {
		return err
	}
	if *runID != "" {
		if err := notWithRun(fs, "a stored matrix", "codec", "workload", "seed", "budget", "messages", "time-limit", "memory-limit", "workers", "save"); err != nil {
			return err
		}
		return printStoredMatrix(ctx, *dbPath, *runID, (*store.DB).Robust, "serbench run --robust stores one with the run", render, stdout)
	}
	if isSet(fs, "db") {
		return usagef("--db is read with --run only: serbench robust stores nothing (serbench run --robust stores the matrix of its codecs)")
	}
	codecs, err := matrixCodecs(*f.codecRE)
	if err != nil {
		return err
	}
	opts, err := f.options()
	if err != nil {
		return err
	}
	opts.Progress = robustProgress(stderr)
	opts.Warn = warnTo(stderr)
	m, err := robust.Compute(ctx, codecs, opts)
	if err == nil && opts.SaveDir != "" {
		fmt.Fprintf(stderr, "inputs the matrix reports written under %s\n", opts.SaveDir)
	}
	return printComputed(ctx, stdout, m, err, "robustness matrix", render)
}

// robustProgress prints how many rows are done every 10 rows and after
// the last one.
func robustProgress(stderr io.Writer) func(done, total int, row result.RobustRow) {
	return func(done, total int, row result.RobustRow) {
		if done%10 == 0 || done == total {
			fmt.Fprintf(stderr, "robust: %d of %d codec × workload rows done\n", done, total)
		}
	}
}
