package main

import (
	"context"
	"fmt"
	"io"

	"github.com/serbench/serbench/internal/peers"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
)

const interopUsage = `Usage: serbench interop [--format RE] [--workload RE] [--values N] [--peers python,node|none] [--format-out text|markdown|json]
       serbench interop --run RUN-ID|latest [--db DB] [--format-out text|markdown|json]

Prints the cross-library interoperability matrices: for every format that
more than one Go implementation writes (json, msgpack, cbor, protobuf,
avro, gob), which implementation reads correctly what which other one
wrote. The implementations are the codecs without variant flags, one per
library API and configuration (a code-generated library's +convert row
stands for it: its gen-types and reuse variants write the same bytes);
--format selects formats by name.

For each format and workload (--workload: person and nested by default),
each implementation (the writer, a row) encodes the workload's first
--values values, and each implementation (the reader, a column) decodes
those messages into the workload's type; what it reads is compared with
the values written, accepting the losses the writer or the reader declares.
A pair is ok (exact), ~ (lossy, declared by one of them), FAIL (silently
changed: the field, and the value wanted and got), ERR (an error), P (a
panic) or n/a; the diagonal is each codec's own round trip, the reference
for its row. Every pair that is not exact is listed after the tables, with
why.

Readers run in worker processes of this binary with a time limit and a
memory limit: one that crashes or hangs on a writer's bytes is killed, that
pair marked CRASH or HANG, and the reader goes on in a new worker. Workers
run with TZ=UTC.

Other languages join the matrices (--peers: python and node by default,
when installed by scripts/install-peers.sh; peers/README.md): a Python or
Node library of a format (python msgpack, node @msgpack/msgpack, python
cbor2, ...) is one more writer (row) and reader (column) of its format's
matrix, and a format that only one Go codec writes has a matrix with
them. A Go row × peer column is go→peer: the peer read what the Go codec
wrote, checked against a JSON rendering of the values; a peer row × Go
column is peer→go: the Go codec read the peer's re-encoding of that Go
codec's own messages; peer × peer pairs are n/a. A peer library's documented mapping
(a Python datetime's microseconds) is a declared loss: ~, never ok. The
peers' own decode and encode times per message follow in a table of their
own, another runtime's, not comparable with serbench's Go timings. A peer
that is not installed is said on standard error and in the notes of the
matrices it would join; the exit status stays 0.

After Ctrl-C no more workers or peers start: the matrices so far are
printed, the pairs not measured marked interrupted.

serbench run --interop computes the matrices with the run (the peers too)
and stores them; --run prints those stored matrices instead of computing
them.

Examples:
  serbench interop                                  # every format, person and nested
  serbench interop --format '^(msgpack|cbor)$' --workload person
  serbench interop --format '^msgpack$' --peers python --format-out markdown
  serbench interop --peers none                     # the Go implementations only
  serbench run --workload person --codec '^json$' --interop   # stores them with the run
  serbench interop --run latest --format-out markdown
`

func cmdInterop(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("interop", interopUsage, stderr)
	f := newInteropFlags(fs)
	outFormat := matrixFormatFlag(fs, "format-out")
	runID, dbPath := storedRunFlags(fs, "matrices", "them")
	if err := parseMatrixArgs(fs, args); err != nil {
		return err
	}
	render, err := matrixRenderer("interop", "format-out", *outFormat, report.InteropTable, report.InteropMarkdown, report.InteropJSON)
	if err != nil {
		return err
	}
	if *runID != "" {
		if err := notWithRun(fs, "stored matrices", "format", "workload", "values", "time-limit", "memory-limit", "workers", "peers"); err != nil {
			return err
		}
		return printStoredMatrix(ctx, *dbPath, *runID, (*store.DB).Interop, "serbench run --interop stores them with the run", render, stdout)
	}
	if isSet(fs, "db") {
		return usagef("--db is read with --run only: serbench interop stores nothing (serbench run --interop stores the matrices with the run)")
	}
	opts, peerNames, err := f.options()
	if err != nil {
		return err
	}
	opts.Warn = warnTo(stderr)
	opts.Progress = func(done, total int) {
		if done%20 == 0 || done == total {
			fmt.Fprintf(stderr, "interop: %d of %d reader columns done\n", done, total)
		}
	}
	x, missing, err := peers.Compute(ctx, nil, opts, peers.JoinOptions{Peers: peerNames})
	warnMissingPeers(stderr, missing)
	wrap := "interoperability matrix"
	if ctx.Err() != nil {
		wrap = "" // it says "interoperability matrix" or "peers" already
	}
	return printComputed(ctx, stdout, x, err, wrap, render)
}

// warnMissingPeers says on w which peers are not installed, and that their
// libraries are left out of the matrices.
func warnMissingPeers(w io.Writer, missing []peers.Missing) {
	for _, m := range missing {
		fmt.Fprintf(w, "interop: the %s peer is not installed, its libraries are left out of the matrices (bash scripts/install-peers.sh installs it): %v\n", m.Peer, m.Err)
	}
}
