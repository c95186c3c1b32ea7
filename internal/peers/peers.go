// Package peers checks serbench's Go codecs against other languages: a
// Python and a Node peer (peers/python/peer.py, peers/node/peer.mjs) read
// what every Go codec of a format wrote, check it against a JSON rendering
// of the original values, write it back with their own library, and every
// Go codec of the format reads that back. A team that picks MessagePack,
// CBOR, BSON, JSON, Protocol Buffers or Avro for a service whose other end
// is Python or Node learns whether both sides agree: on times, on integers
// above 2^53, on nil versus empty, on field names.
//
// Run writes the messages and renderings into a directory (the protocol of
// peers/README.md), starts each peer once, reads its result file, decodes
// the peer's messages with every Go codec of the format and returns a
// Result: per (peer library, Go codec, direction) an outcome (exact, lossy
// with the accepted classes, error, FAIL with the first path and values),
// and, labelled as another runtime's numbers, the peers' own decode and
// encode times per message.
//
// The peers are installed by scripts/install-peers.sh into peers/python/.venv
// and peers/node/node_modules; Run fails with ErrNotInstalled when they are
// missing.
//
// Compute joins the peers to the Go interop matrix (internal/interop):
// each peer library is one more writer and reader of its format's matrix
// (Join says how), and the peers' own timings are a record of their own.
// The Go codecs of a format are interop.Implementations', and the Go
// codecs read the peers' messages with interop.Read, in its workers.
package peers

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/codecs/all" // every codec, for codec.All
	"github.com/serbench/serbench/internal/gen/pb"
	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// ErrNotInstalled is wrapped by Run's error when a peer's interpreter or
// its installed packages are missing (scripts/install-peers.sh installs
// them).
var ErrNotInstalled = errors.New("peer not installed")

// Library is one peer's library for one format, with the mapping its
// documentation gives between the format and the peer's own values
// (peers/README.md, "Mappings").
type Library struct {
	// Peer is "python" or "node"; Name is the package name.
	Peer, Format, Name string
	// Mapping are the differences that the library's documented mapping
	// makes, as the loss kinds that accept them in the peer→go direction
	// (for example a Python datetime's microseconds: time-precision 1µs).
	Mapping []codec.Loss
	// Workloads are the workloads the peer reads in this format.
	Workloads []string
}

// Libraries are the peer libraries, per peer and format.
var Libraries = []Library{
	{Peer: "python", Format: "msgpack", Name: "msgpack", Workloads: selfDescribing, Mapping: []codec.Loss{
		{Kind: codec.TimePrecision, Precision: time.Microsecond, Detail: "timestamps decode as datetime (timestamp=3): microseconds, truncated"},
		{Kind: codec.TimeZone, Detail: "timestamps decode as datetime in UTC"},
	}},
	{Peer: "python", Format: "cbor", Name: "cbor2", Workloads: selfDescribing, Mapping: []codec.Loss{
		{Kind: codec.TimePrecision, Precision: time.Microsecond, Detail: "tag 0 and tag 1 times decode as datetime: microseconds"},
		{Kind: codec.TimeZone, Detail: "tag 1 (epoch) times decode as datetime in UTC"},
	}},
	{Peer: "python", Format: "bson", Name: "pymongo", Workloads: selfDescribing, Mapping: []codec.Loss{
		{Kind: codec.TimeZone, Detail: "BSON datetimes decode as naive datetime in UTC (tz_aware=False, the default)"},
	}},
	{Peer: "python", Format: "json", Name: "orjson", Workloads: selfDescribing},
	{Peer: "python", Format: "protobuf", Name: "protobuf", Workloads: schemaWorkloads},
	{Peer: "python", Format: "avro", Name: "fastavro", Workloads: schemaWorkloads},
	{Peer: "node", Format: "msgpack", Name: "@msgpack/msgpack", Workloads: selfDescribing, Mapping: []codec.Loss{
		{Kind: codec.TimePrecision, Precision: time.Millisecond, Detail: "timestamps decode as Date: milliseconds"},
		{Kind: codec.TimeZone, Detail: "a Date has no offset"},
	}},
	{Peer: "node", Format: "cbor", Name: "cbor-x", Workloads: selfDescribing, Mapping: []codec.Loss{
		{Kind: codec.TimePrecision, Precision: time.Millisecond, Detail: "tag 0 and tag 1 times decode as Date: milliseconds"},
		{Kind: codec.TimeZone, Detail: "a Date has no offset"},
	}},
	{Peer: "node", Format: "bson", Name: "bson", Workloads: selfDescribing, Mapping: []codec.Loss{
		{Kind: codec.TimeZone, Detail: "BSON datetimes decode as Date, which has no offset"},
	}},
	{Peer: "node", Format: "json", Name: "JSON.parse", Workloads: selfDescribing},
	{Peer: "node", Format: "protobuf", Name: "protobufjs", Workloads: schemaWorkloads},
	{Peer: "node", Format: "avro", Name: "avsc", Workloads: schemaWorkloads},
}

var (
	selfDescribing  = []string{"person", "nested"}
	schemaWorkloads = []string{"person"}
	// AllFormats are the formats the peers read, in order.
	AllFormats = []string{"msgpack", "cbor", "bson", "json", "protobuf", "avro"}
	// AllPeers are the peer runtimes.
	AllPeers = []string{"python", "node"}
)

// library returns the library of peer for format.
func library(peer, format string) (Library, bool) {
	for _, l := range Libraries {
		if l.Peer == peer && l.Format == format {
			return l, true
		}
	}
	return Library{}, false
}

// Options configure Run.
type Options struct {
	// Formats are the formats to check (AllFormats when empty).
	Formats []string
	// Workloads are the workloads to check ("person" when empty); a
	// peer that does not read a workload in a format skips it (Skipped).
	Workloads []string
	// Values is the number of values of each workload (20 when <= 0):
	// the workload's first values from its documented seed.
	Values int
	// Dir is the directory of the exchange (peers/README.md); a new
	// temporary directory, removed afterwards, when empty.
	Dir string
	// Root is the repository root, where peers/ is; found from the
	// working directory upwards when empty.
	Root string
	// Peers are the peer runtimes to run (AllPeers when empty).
	Peers []string
	// Reps is how many times a peer repeats each decode and encode for
	// its timings (best of Reps; 5 when <= 0).
	Reps int
	// Timeout bounds each peer process (2 minutes when <= 0).
	Timeout time.Duration
	// Corrupt, when set, may replace the bytes of message i that the Go
	// codec writer wrote for format and workload, before they are
	// written: tests use it to check that a corrupted message is an
	// error, not exact.
	Corrupt func(format, workload, writer string, i int, data []byte) []byte
	// Interop says how the Go codecs read the peers' messages
	// (interop.Read): in worker processes of the running binary (a test
	// binary calls interop.MaybeWorker first), with its time and memory
	// limits, or in this process (InProcess).
	Interop interop.Options
}

// goCase is one Go writer's messages of one format and workload.
type goCase struct {
	Format   string `json:"format"`
	Workload string `json:"workload"`
	Writer   string `json:"writer"`
	// Dir holds the messages, 0000.bin, 0001.bin, ...: relative to the
	// exchange directory.
	Dir string `json:"dir"`
	// Count is the number of messages.
	Count int `json:"count"`
	// Values is the file of the JSON renderings (a JSON array, one per
	// message, in order), relative to the exchange directory.
	Values string `json:"values"`
	// Message is the Protocol Buffers message's full name, and Proto
	// the absolute path of its .proto file (protobuf).
	Message string `json:"message,omitempty"`
	Proto   string `json:"proto,omitempty"`
	// Schema is the Avro schema file, absolute (avro).
	Schema string `json:"schema,omitempty"`
	// Losses are the writer's declared losses, which the peer accepts as
	// differences of that class (a BSON time's milliseconds, a float
	// written with six decimals).
	Losses []lossSpec `json:"losses,omitempty"`
}

// lossSpec is a codec.Loss as the manifest carries it.
type lossSpec struct {
	Kind        string  `json:"kind"`
	PrecisionNs int64   `json:"precision_ns,omitempty"`
	Epsilon     float64 `json:"epsilon,omitempty"`
	Margin      float64 `json:"margin,omitempty"`
}

// manifest is the exchange directory's manifest.json.
type manifest struct {
	Version int `json:"version"`
	// Reps is how many times each message is decoded and encoded for
	// its timing (best of Reps); Warmup how many times every message of
	// a case is decoded and encoded before.
	Reps   int `json:"reps"`
	Warmup int `json:"warmup"`
	// Descriptors is the FileDescriptorSet of schema/person.proto and
	// nested.proto, relative to the exchange directory.
	Descriptors string   `json:"descriptors"`
	Cases       []goCase `json:"cases"`
}

// peerResult is a peer's result.json.
type peerResult struct {
	Peer      string            `json:"peer"`
	Runtime   string            `json:"runtime"`
	Libraries map[string]string `json:"libraries"`
	Cases     []peerCase        `json:"cases"`
}

type peerCase struct {
	Format   string        `json:"format"`
	Workload string        `json:"workload"`
	Writer   string        `json:"writer"`
	Library  string        `json:"library"`
	Skipped  string        `json:"skipped"`
	Messages []peerMessage `json:"messages"`
}

// peerDiff is a difference as a peer reports it: the path, its class and
// the values, original and decoded.
type peerDiff struct {
	Class string `json:"class"`
	Path  string `json:"path"`
	Want  any    `json:"want"`
	Got   any    `json:"got"`
}

type peerMessage struct {
	I      int    `json:"i"`
	Status string `json:"status"` // ok, mismatch, error
	// Mapped are differences the library's documented mapping explains
	// (an example per class); peerDiff is the first that none explains
	// (status mismatch).
	Mapped []peerDiff `json:"mapped"`
	peerDiff
	Error       string `json:"error"`
	EncodeError string `json:"encode_error"`
	Reencoded   bool   `json:"reencoded"`
	DecodeNs    int64  `json:"decode_ns"`
	EncodeNs    int64  `json:"encode_ns"`
	Size        int    `json:"size"`
}

// writerSet is one format and workload's values and Go codecs.
type writerSet struct {
	format, workload string
	values           []any
	codecs           []codec.Codec
	insts            map[string]codec.Instance
}

// Run writes the messages of every Go codec of opts.Formats on
// opts.Workloads into the exchange directory, runs the peers on it, and
// reads their messages back with every Go codec of the format. It fails
// only when it cannot run at all (ErrNotInstalled, a directory it cannot
// write, a Go reader's worker it cannot start); a peer process that
// crashes or hangs is a PeerInfo with Failed (what it printed) and its
// Status, and no cells. When ctx is done it starts no more peer
// processes or Go readers and returns the Result so far with ctx's
// error: a peer not run, or stopped, is a PeerInfo with Status
// StatusInterrupted and no cells, and a peer→go cell whose Go reader did
// not read the peer's messages is StatusInterrupted.
func Run(ctx context.Context, opts Options) (*Result, error) {
	if len(opts.Formats) == 0 {
		opts.Formats = AllFormats
	}
	if len(opts.Workloads) == 0 {
		opts.Workloads = []string{"person"}
	}
	if opts.Values <= 0 {
		opts.Values = 20
	}
	if len(opts.Peers) == 0 {
		opts.Peers = AllPeers
	}
	if opts.Reps <= 0 {
		opts.Reps = 5
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 2 * time.Minute
	}
	if opts.Root == "" {
		root, err := FindRoot()
		if err != nil {
			return nil, err
		}
		opts.Root = root
	}
	for _, p := range opts.Peers {
		if _, err := Command(opts.Root, p); err != nil {
			return nil, err
		}
	}
	if opts.Dir == "" {
		dir, err := os.MkdirTemp("", "serbench-peers-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		opts.Dir = dir
	}
	res := &Result{Values: opts.Values}
	sets, man, err := writeInputs(opts, res)
	if err != nil {
		return nil, err
	}
	var interrupted error
	for _, p := range opts.Peers {
		if err := context.Cause(ctx); err != nil {
			interrupted = cmp.Or(interrupted, err)
			res.Peers = append(res.Peers, PeerInfo{Name: p, Failed: "not run", Status: StatusInterrupted})
			continue
		}
		pr, elapsed, err := runPeer(ctx, opts, p)
		if err != nil {
			if errors.Is(err, ErrNotInstalled) {
				return nil, err
			}
			if ctx.Err() != nil {
				interrupted = cmp.Or(interrupted, ctx.Err())
				res.Peers = append(res.Peers, PeerInfo{Name: p, Elapsed: elapsed, Failed: fmt.Sprintf("stopped after %s", elapsed.Round(time.Millisecond)), Status: StatusInterrupted})
				continue
			}
			// The peer process crashed or hung: its cells are not measured,
			// and the other peer goes on.
			status := StatusCrash
			if elapsed >= opts.Timeout {
				status = StatusHang
			}
			res.Peers = append(res.Peers, PeerInfo{Name: p, Elapsed: elapsed, Failed: err.Error(), Status: status})
			continue
		}
		res.Peers = append(res.Peers, PeerInfo{Name: p, Runtime: pr.Runtime, Libraries: pr.Libraries, Elapsed: elapsed})
		if err := collect(ctx, opts, res, man, sets, p, pr); err != nil {
			if ctx.Err() == nil {
				return nil, err
			}
			interrupted = cmp.Or(interrupted, err)
		}
	}
	sortCells(res)
	if interrupted != nil {
		return res, fmt.Errorf("peers: %w", interrupted)
	}
	return res, nil
}

// FindRoot returns the repository root: the first directory from the
// working directory upwards that has peers/python/peer.py.
func FindRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "peers", "python", "peer.py")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("peers: no peers/python/peer.py in the working directory or above it")
		}
		dir = parent
	}
}

// Command returns the command line that starts peer (without its
// arguments), or an error wrapping ErrNotInstalled that says what is
// missing.
func Command(root, peer string) ([]string, error) {
	switch peer {
	case "python":
		py := filepath.Join(root, "peers", "python", ".venv", "bin", "python")
		if _, err := os.Stat(py); err != nil {
			return nil, fmt.Errorf("%w: %s is missing (run scripts/install-peers.sh)", ErrNotInstalled, py)
		}
		return []string{py, filepath.Join(root, "peers", "python", "peer.py")}, nil
	case "node":
		node, err := exec.LookPath("node")
		if err != nil {
			return nil, fmt.Errorf("%w: node is not on PATH", ErrNotInstalled)
		}
		for _, m := range []string{"@msgpack/msgpack", "cbor-x", "bson", "protobufjs", "avsc"} {
			p := filepath.Join(root, "peers", "node", "node_modules", filepath.FromSlash(m), "package.json")
			if _, err := os.Stat(p); err != nil {
				return nil, fmt.Errorf("%w: %s is missing (run scripts/install-peers.sh)", ErrNotInstalled, p)
			}
		}
		return []string{node, filepath.Join(root, "peers", "node", "peer.mjs")}, nil
	}
	return nil, fmt.Errorf("peers: unknown peer %q (want python or node)", peer)
}

// formatCodecs returns the Go codecs of format (interop.Implementations:
// the matrices' own choice) that bind w, with their instances; the others
// are added to skipped.
func formatCodecs(format string, w *workload.Workload, res *Result) ([]codec.Codec, map[string]codec.Instance) {
	var out []codec.Codec
	insts := map[string]codec.Instance{}
	for _, f := range interop.Implementations(codec.All()) {
		if f.Name != format {
			continue
		}
		for _, c := range f.Codecs {
			info := c.Info()
			if why := info.Expected(w.Name, codec.ExpectUnsupported); why != "" {
				continue
			}
			var inst codec.Instance
			err := codec.Call("bind", func() (e error) { inst, e = c.Bind(w.Target()); return })
			if err != nil {
				if !errors.Is(err, codec.ErrUnsupported) {
					res.Skipped = append(res.Skipped, Skip{Format: format, Workload: w.Name, Codec: info.Name, Why: "bind: " + err.Error()})
				}
				continue
			}
			out = append(out, c)
			insts[info.Name] = inst
		}
	}
	return out, insts
}

// rendering returns the JSON rendering of v as format's peers read it:
// the schema formats (protobuf, avro) carry the schema's form of the value
// (schema.Person: the time as Unix nanoseconds and an offset).
func rendering(format string, v any) ([]byte, error) {
	if format == "protobuf" || format == "avro" {
		p, ok := v.(*workload.Person)
		if !ok {
			return nil, fmt.Errorf("the schema formats are rendered for person only, not %T", v)
		}
		sp, err := schema.PersonOf(p)
		if err != nil {
			return nil, err
		}
		return Render(sp)
	}
	return Render(v)
}

// schemaFiles are the Protocol Buffers message and Avro schema file of the
// workloads the schema formats carry.
var schemaFiles = map[string]struct{ message, proto, avsc string }{
	"person": {"serbench.Person", "person.proto", "person.avsc"},
	"nested": {"serbench.TestStruc", "nested.proto", "nested.avsc"},
}

func writeInputs(opts Options, res *Result) (map[[2]string]*writerSet, *manifest, error) {
	in := filepath.Join(opts.Dir, "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		return nil, nil, err
	}
	man := &manifest{Version: 1, Reps: opts.Reps, Warmup: warmup, Descriptors: "in/descriptors.pb"}
	if err := writeDescriptors(filepath.Join(opts.Dir, man.Descriptors)); err != nil {
		return nil, nil, err
	}
	sets := map[[2]string]*writerSet{}
	for _, format := range opts.Formats {
		if !slices.Contains(AllFormats, format) {
			return nil, nil, fmt.Errorf("peers: unknown format %q (want one of %s)", format, strings.Join(AllFormats, ", "))
		}
		for _, wname := range opts.Workloads {
			w, err := workload.Lookup(wname)
			if err != nil {
				return nil, nil, err
			}
			readers := 0
			for _, p := range opts.Peers {
				if l, ok := library(p, format); ok && slices.Contains(l.Workloads, wname) {
					readers++
				} else {
					res.Skipped = append(res.Skipped, Skip{Peer: p, Format: format, Workload: wname,
						Why: "the peer does not read this workload in this format (peers/README.md: the schema formats carry person only)"})
				}
			}
			if readers == 0 {
				continue
			}
			values := w.Values(workload.Options{Count: opts.Values})
			set := &writerSet{format: format, workload: wname, values: values}
			set.codecs, set.insts = formatCodecs(format, w, res)
			if len(set.codecs) == 0 {
				res.Skipped = append(res.Skipped, Skip{Format: format, Workload: wname, Why: "no Go codec of the format binds the workload"})
				continue
			}
			sets[[2]string{format, wname}] = set
			valuesFile := filepath.ToSlash(filepath.Join("in", format, wname, "values.json"))
			if err := os.MkdirAll(filepath.Join(opts.Dir, filepath.Dir(valuesFile)), 0o755); err != nil {
				return nil, nil, err
			}
			var rendered bytes.Buffer
			rendered.WriteString("[\n")
			for i, v := range values {
				b, err := rendering(format, v)
				if err != nil {
					return nil, nil, fmt.Errorf("rendering value %d of %s for %s: %w", i, wname, format, err)
				}
				if i > 0 {
					rendered.WriteString(",\n")
				}
				rendered.Write(b)
			}
			rendered.WriteString("\n]\n")
			if err := os.WriteFile(filepath.Join(opts.Dir, valuesFile), rendered.Bytes(), 0o644); err != nil {
				return nil, nil, err
			}
			for _, c := range set.codecs {
				name := c.Info().Name
				gc := goCase{Format: format, Workload: wname, Writer: name, Count: len(values), Values: valuesFile,
					Dir: filepath.ToSlash(filepath.Join("in", format, wname, name))}
				for _, l := range c.Info().Losses {
					gc.Losses = append(gc.Losses, lossSpec{Kind: string(l.Kind), PrecisionNs: int64(l.Precision), Epsilon: l.Epsilon, Margin: l.Margin})
				}
				if format == "protobuf" {
					gc.Message = schemaFiles[wname].message
					gc.Proto = filepath.Join(opts.Root, "schema", schemaFiles[wname].proto)
				}
				if format == "avro" {
					gc.Schema = filepath.Join(opts.Root, "schema", schemaFiles[wname].avsc)
				}
				if err := os.MkdirAll(filepath.Join(opts.Dir, gc.Dir), 0o755); err != nil {
					return nil, nil, err
				}
				msgs, err := encodeAll(set.insts[name], values)
				if err != nil {
					res.Skipped = append(res.Skipped, Skip{Format: format, Workload: wname, Codec: name, Why: err.Error()})
					continue
				}
				for i, m := range msgs {
					if opts.Corrupt != nil {
						m = opts.Corrupt(format, wname, name, i, m)
					}
					if err := os.WriteFile(filepath.Join(opts.Dir, gc.Dir, messageFile(i)), m, 0o644); err != nil {
						return nil, nil, err
					}
				}
				man.Cases = append(man.Cases, gc)
			}
		}
	}
	b, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	return sets, man, os.WriteFile(filepath.Join(opts.Dir, "manifest.json"), b, 0o644)
}

// warmup is how many times a peer decodes and encodes every message of a
// case before it times them.
const warmup = 20

// messageFile is the file name of message i.
func messageFile(i int) string { return fmt.Sprintf("%04d.bin", i) }

func encodeAll(inst codec.Instance, values []any) ([][]byte, error) {
	out := make([][]byte, len(values))
	for i, v := range values {
		var prepared any
		var data []byte
		err := codec.Call("prepare", func() (e error) { prepared, e = inst.Prepare(v); return })
		if err == nil {
			err = codec.Call("encode", func() (e error) { data, e = inst.Encode(prepared); return })
		}
		if err != nil {
			return nil, fmt.Errorf("encoding value %d: %w", i, err)
		}
		out[i] = append([]byte(nil), data...)
	}
	return out, nil
}

// writeDescriptors writes the FileDescriptorSet of schema/person.proto and
// schema/nested.proto, taken from the generated Go code (which
// internal/gen's regeneration test keeps equal to the .proto files), for
// the Python peer's message_factory: no protoc at run time.
func writeDescriptors(path string) error {
	set := &descriptorpb.FileDescriptorSet{File: []*descriptorpb.FileDescriptorProto{
		protodesc.ToFileDescriptorProto(pb.File_person_proto),
		protodesc.ToFileDescriptorProto(pb.File_nested_proto),
	}}
	b, err := proto.Marshal(set)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func runPeer(ctx context.Context, opts Options, peer string) (*peerResult, time.Duration, error) {
	argv, err := Command(opts.Root, peer)
	if err != nil {
		return nil, 0, err
	}
	out := filepath.Join(opts.Dir, "out", peer)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], append(argv[1:], opts.Dir, out)...)
	cmd.Dir = filepath.Dir(argv[1])
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	start := time.Now()
	err = cmd.Run()
	elapsed := time.Since(start)
	if err != nil {
		return nil, elapsed, fmt.Errorf("peers: the %s peer failed (%v) after %s: %s", peer, err, elapsed.Round(time.Millisecond), tail(output.String(), 2000))
	}
	b, err := os.ReadFile(filepath.Join(out, "result.json"))
	if err != nil {
		return nil, elapsed, fmt.Errorf("peers: the %s peer wrote no result: %v; it printed: %s", peer, err, tail(output.String(), 2000))
	}
	var pr peerResult
	if err := json.Unmarshal(b, &pr); err != nil {
		return nil, elapsed, fmt.Errorf("peers: the %s peer's result.json: %w", peer, err)
	}
	return &pr, elapsed, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// collect turns a peer's result into cells: a go→peer cell per case, a
// peer→go cell per case and Go reader (read with interop.Read), and a
// timing per format, workload and library.
func collect(ctx context.Context, opts Options, res *Result, man *manifest, sets map[[2]string]*writerSet, peer string, pr *peerResult) error {
	byKey := map[[3]string]*peerCase{}
	for i := range pr.Cases {
		c := &pr.Cases[i]
		byKey[[3]string{c.Format, c.Workload, c.Writer}] = c
	}
	// The peer→go readings, per workload, and the cell each goes to.
	readings := map[string][]interop.Reading{}
	targets := map[string][]int{}
	var workloads []string
	timings := map[[2]string]*timingAcc{}
	var timingKeys [][2]string
	for _, gc := range man.Cases {
		lib, ok := library(peer, gc.Format)
		if !ok || !slices.Contains(lib.Workloads, gc.Workload) {
			continue
		}
		pc := byKey[[3]string{gc.Format, gc.Workload, gc.Writer}]
		if pc == nil {
			res.Skipped = append(res.Skipped, Skip{Peer: peer, Format: gc.Format, Workload: gc.Workload, Codec: gc.Writer, Why: "the peer reported nothing for this case"})
			continue
		}
		if pc.Skipped != "" {
			res.Skipped = append(res.Skipped, Skip{Peer: peer, Format: gc.Format, Workload: gc.Workload, Codec: gc.Writer, Why: pc.Skipped})
			continue
		}
		set := sets[[2]string{gc.Format, gc.Workload}]
		writerInfo := findInfo(set, gc.Writer)
		// go→peer.
		cell := Cell{Peer: peer, Library: lib.Name, Format: gc.Format, Workload: gc.Workload, Direction: GoToPeer, Writer: gc.Writer}
		cell.Accepted = lossKinds(writerInfo.Losses, lib.Mapping)
		for _, m := range pc.Messages {
			switch m.Status {
			case "ok":
				if len(m.Mapped) == 0 {
					cell.add(StatusExact)
				} else {
					cell.add(StatusLossy)
					for _, d := range m.Mapped {
						cell.addClass(d.Class)
					}
				}
			case "mismatch":
				cell.add(StatusFail)
				if cell.Fail == nil {
					cell.Fail = &Difference{Message: m.I, Path: m.Path, Class: m.Class, Want: show(m.Want), Got: show(m.Got)}
				}
			default:
				cell.add(StatusError)
				if cell.Error == "" {
					cell.Error = fmt.Sprintf("message %d: %s", m.I, m.Error)
				}
			}
		}
		res.Cells = append(res.Cells, cell)
		tk := [2]string{gc.Format, gc.Workload}
		if timings[tk] == nil {
			timings[tk] = &timingAcc{lib: lib}
			timingKeys = append(timingKeys, tk)
		}
		timings[tk].add(pc)
		// peer→go, for every Go reader of the format: the messages the
		// peer wrote back, read in interop's workers.
		var msgs [][]byte
		var index []int
		var notWritten []peerMessage
		for _, m := range pc.Messages {
			if !m.Reencoded {
				if m.Status != "error" { // what the peer could not read, the go→peer cell counts
					notWritten = append(notWritten, m)
				}
				continue
			}
			data, err := os.ReadFile(filepath.Join(opts.Dir, "out", peer, filepath.FromSlash(gc.Dir), messageFile(m.I)))
			if err != nil {
				notWritten = append(notWritten, peerMessage{I: m.I, EncodeError: "its message file: " + err.Error()})
				continue
			}
			msgs = append(msgs, data)
			index = append(index, m.I)
		}
		for _, rc := range set.codecs {
			rinfo := rc.Info()
			cell := Cell{Peer: peer, Library: lib.Name, Format: gc.Format, Workload: gc.Workload, Direction: PeerToGo,
				Writer: gc.Writer, Reader: rinfo.Name}
			cell.Accepted = lossKinds(writerInfo.Losses, lib.Mapping, rinfo.Losses)
			for _, m := range notWritten {
				cell.add(StatusError)
				if cell.Error == "" {
					cell.Error = fmt.Sprintf("message %d: the peer did not re-encode it: %s", m.I, m.EncodeError)
				}
			}
			if len(msgs) > 0 {
				if readings[gc.Workload] == nil {
					workloads = append(workloads, gc.Workload)
				}
				readings[gc.Workload] = append(readings[gc.Workload], interop.Reading{
					Writer: peer + " " + lib.Name, Reader: rinfo.Name, Messages: msgs, Index: index,
					Accept: slices.Concat(writerInfo.Losses, lib.Mapping)})
				targets[gc.Workload] = append(targets[gc.Workload], len(res.Cells))
			}
			res.Cells = append(res.Cells, cell)
		}
	}
	var interrupted error
	for _, wl := range workloads {
		// Once ctx is done Read starts no reader and its cells are
		// Interrupted: the cells read before are kept.
		cells, err := interop.Read(ctx, wl, readings[wl], opts.Interop)
		if err != nil {
			if cells == nil || ctx.Err() == nil {
				return fmt.Errorf("peers: the Go codecs reading the %s peer's messages: %w", peer, err)
			}
			interrupted = cmp.Or(interrupted, fmt.Errorf("peers: the Go codecs reading the %s peer's messages: %w", peer, err))
		}
		for k, ic := range cells {
			res.Cells[targets[wl][k]].merge(ic)
		}
	}
	for _, tk := range timingKeys {
		res.Timings = append(res.Timings, timings[tk].timing(peer, tk[0], tk[1], man.Reps))
	}
	return interrupted
}

// merge adds a Go codec's reading of the peer's messages (interop.Read)
// to the cell.
func (c *Cell) merge(ic result.InteropCell) {
	if ic.Status == StatusInterrupted {
		// Not read: the cell is not measured, whatever it counts of
		// the messages the peer did not write back.
		c.Status, c.Error = StatusInterrupted, ic.Detail
		return
	}
	c.Messages += ic.Values
	c.Exact += ic.Exact
	c.Lossy += ic.Lossy
	c.Errors += ic.Errors
	c.Panics += ic.Panics
	c.Fails += ic.Fails
	for _, cl := range ic.Classes {
		c.addClass(cl)
	}
	if x := ic.Example; x != nil && c.Fail == nil {
		c.Fail = &Difference{Message: x.Value, Path: "." + x.Path, Class: x.Class, Want: x.Want, Got: x.Got}
	}
	if ic.Detail != "" && c.Error == "" && ic.Status != StatusExact && ic.Status != StatusLossy {
		c.Error = ic.Detail
	}
	if rank(ic.Status) > rank(c.Status) && c.Status != StatusInterrupted {
		c.Status = ic.Status
	}
}

func (c *Cell) add(s Status) {
	c.Messages++
	switch s {
	case StatusExact:
		c.Exact++
	case StatusLossy:
		c.Lossy++
	case StatusError:
		c.Errors++
	case StatusFail:
		c.Fails++
	}
	if rank(s) > rank(c.Status) && c.Status != StatusInterrupted {
		c.Status = s
	}
}

func (c *Cell) addClass(class string) {
	if class != "" && !slices.Contains(c.Classes, class) {
		c.Classes = append(c.Classes, class)
		sort.Strings(c.Classes)
	}
}

func findInfo(set *writerSet, name string) codec.Info {
	for _, c := range set.codecs {
		if c.Info().Name == name {
			return c.Info()
		}
	}
	return codec.Info{Name: name}
}

func lossKinds(lists ...[]codec.Loss) []string {
	var out []string
	for _, l := range lists {
		for _, loss := range l {
			if !slices.Contains(out, string(loss.Kind)) {
				out = append(out, string(loss.Kind))
			}
		}
	}
	sort.Strings(out)
	return out
}

// show formats a value of a peer's result for a Difference.
func show(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// timingAcc gathers a library's times over the Go writers' messages of
// one format and workload.
type timingAcc struct {
	lib      Library
	writers  int
	dec, enc []int64
	size     int
}

func (a *timingAcc) add(pc *peerCase) {
	a.writers++
	for _, m := range pc.Messages {
		if m.DecodeNs > 0 {
			a.dec = append(a.dec, m.DecodeNs)
		}
		if m.EncodeNs > 0 {
			a.enc = append(a.enc, m.EncodeNs)
			a.size += m.Size
		}
	}
}

func (a *timingAcc) timing(peer, format, wl string, reps int) Timing {
	t := Timing{Peer: peer, Library: a.lib.Name, Format: format, Workload: wl, Writers: a.writers, Reps: reps,
		Messages: len(a.dec), Decode: time.Duration(median(a.dec)), Encode: time.Duration(median(a.enc))}
	if len(a.enc) > 0 {
		t.Bytes = float64(a.size) / float64(len(a.enc))
	}
	return t
}

func median(xs []int64) int64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func sortCells(res *Result) {
	for i := range res.Cells {
		if res.Cells[i].Messages == 0 {
			res.Cells[i].Status = StatusNone
		}
	}
	fi := func(f string) int { return slices.Index(AllFormats, f) }
	pi := func(p string) int { return slices.Index(AllPeers, p) }
	sort.SliceStable(res.Cells, func(i, j int) bool {
		a, b := res.Cells[i], res.Cells[j]
		switch {
		case a.Format != b.Format:
			return fi(a.Format) < fi(b.Format)
		case a.Workload != b.Workload:
			return a.Workload < b.Workload
		case a.Peer != b.Peer:
			return pi(a.Peer) < pi(b.Peer)
		case a.Direction != b.Direction:
			return a.Direction == GoToPeer
		case a.Writer != b.Writer:
			return a.Writer < b.Writer
		}
		return a.Reader < b.Reader
	})
}
