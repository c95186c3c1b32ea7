package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/internal/peers"
	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
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

var interopFormats = []string{"text", "markdown", "json"}

func cmdInterop(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("interop", interopUsage, stderr)
	formatRE := fs.String("format", "", "regular expression selecting formats (codec FORMAT in serbench list; default every format with two or more implementations)")
	workloadRE := fs.String("workload", "^(person|nested)$", "regular expression selecting workloads (any whose values are its own)")
	values := fs.Int("values", interop.DefaultValues, "values each writer encodes: the workload's first ones")
	timeLimit := fs.Duration("time-limit", interop.DefaultTimeLimit, "limit of one writer's encoding or one reader's reading of one writer's messages; a worker past it is killed and the pair marked HANG")
	memoryLimit := fs.String("memory-limit", "1GiB", "memory limit of each worker (GOMEMLIMIT, and a kill a quarter above it); 0 for none")
	workers := fs.Int("workers", 0, "worker processes at once (default: GOMAXPROCS)")
	peerList := fs.String("peers", "python,node", "the other languages' peers that join the matrices: python, node, both (comma-separated) or none; one that is not installed is a note")
	outFormat := fs.String("format-out", "text", "output format: "+strings.Join(interopFormats, ", "))
	runID := fs.String("run", "", "print the matrices stored with this run (an ID, or latest) in --db instead of computing them")
	dbPath := dbFlag(fs, "read with --run")
	if _, err := parseArgs(fs, args, 0, "no arguments"); err != nil {
		return err
	}
	render, err := interopRenderer(*outFormat)
	if err != nil {
		return err
	}
	if *runID != "" {
		for _, name := range []string{"format", "workload", "values", "time-limit", "memory-limit", "workers", "peers"} {
			if isSet(fs, name) {
				return usagef("--run prints stored matrices: --%s does not apply", name)
			}
		}
		return printStoredMatrix(ctx, *dbPath, *runID, (*store.DB).Interop, "serbench run --interop stores them with the run", render, stdout)
	}
	if isSet(fs, "db") {
		return usagef("--db is read with --run only: serbench interop stores nothing (serbench run --interop stores the matrices with the run)")
	}
	peerNames, err := parsePeers(*peerList)
	if err != nil {
		return err
	}
	opts := interop.Options{Values: *values, TimeLimit: *timeLimit, Workers: *workers}
	if *formatRE != "" {
		re, err := regexp.Compile(*formatRE)
		if err != nil {
			return usagef("--format %q: %v", *formatRE, err)
		}
		opts.Format = re
	}
	if opts.Workloads, err = interopWorkloads(*workloadRE); err != nil {
		return err
	}
	switch {
	case *values < 1:
		return usagef("--values %d: want at least 1", *values)
	case *timeLimit <= 0:
		return usagef("--time-limit %s: want a positive duration", *timeLimit)
	case *workers < 0:
		return usagef("--workers %d: want at least 1", *workers)
	}
	if opts.MemoryLimit, err = parseBytes(*memoryLimit); err != nil {
		return usagef("--memory-limit %q: %v", *memoryLimit, err)
	}
	if opts.MemoryLimit == 0 {
		opts.MemoryLimit = -1
	}
	if !hasFormat(opts.Format, peerNames) {
		return usagef("--format %q selects no format with two or more implementations (valid: %s)", *formatRE, strings.Join(interopFormatNames(peerNames), ", "))
	}
	opts.Progress = func(done, total int) {
		if done%20 == 0 || done == total {
			fmt.Fprintf(stderr, "interop: %d of %d reader columns done\n", done, total)
		}
	}
	x, missing, err := peers.Compute(ctx, nil, opts, peers.JoinOptions{Peers: peerNames})
	if err != nil {
		return fmt.Errorf("interoperability matrix: %w", err)
	}
	warnMissingPeers(stderr, missing)
	return render(stdout, x)
}

// parsePeers returns the peers of a --peers value: an empty list for
// none.
func parsePeers(list string) ([]string, error) {
	if list == "none" {
		return []string{}, nil
	}
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if !slices.Contains(peers.AllPeers, p) {
			return nil, usagef("--peers %q: want python, node, python,node or none", list)
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// warnMissingPeers says on w which peers are not installed, and that their
// libraries are left out of the matrices.
func warnMissingPeers(w io.Writer, missing []peers.Missing) {
	for _, m := range missing {
		fmt.Fprintf(w, "interop: the %s peer is not installed, its libraries are left out of the matrices (bash scripts/install-peers.sh installs it): %v\n", m.Peer, m.Err)
	}
}

// interopWorkloads returns the workloads pattern selects that have values
// of their own.
func interopWorkloads(pattern string) ([]string, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, usagef("--workload %q: %v", pattern, err)
	}
	var out []string
	for _, w := range workload.All() {
		if w.Runner == "" && re.MatchString(w.Name) {
			out = append(out, w.Name)
		}
	}
	if len(out) == 0 {
		return nil, usagef("--workload %q selects no workload with values of its own", pattern)
	}
	return out, nil
}

// interopFormatNames returns the formats with two or more
// implementations, the libraries of the peers named counted.
func interopFormatNames(peerNames []string) []string {
	var out []string
	for _, f := range interop.Implementations(codec.All()) {
		n := len(f.Codecs)
		for _, l := range peers.Libraries {
			if l.Format == f.Name && slices.Contains(peerNames, l.Peer) {
				n++
			}
		}
		if n >= 2 {
			out = append(out, f.Name)
		}
	}
	return out
}

// hasFormat reports whether re (nil: any) selects a format with two or
// more implementations, the libraries of the peers named counted.
func hasFormat(re *regexp.Regexp, peerNames []string) bool {
	for _, name := range interopFormatNames(peerNames) {
		if re == nil || re.MatchString(name) {
			return true
		}
	}
	return false
}

// interopRenderer returns the renderer of a --format-out value.
func interopRenderer(name string) (func(io.Writer, *result.Interop) error, error) {
	switch name {
	case "text":
		return report.InteropTable, nil
	case "markdown":
		return report.InteropMarkdown, nil
	case "json":
		return report.InteropJSON, nil
	}
	return nil, usagef("--format-out %q is not a format of interop (valid: %s)", name, strings.Join(interopFormats, ", "))
}
