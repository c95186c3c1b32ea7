package peers

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/interop"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
)

// JoinOptions configure Compute: which peers join the matrices, and how
// they run.
type JoinOptions struct {
	// Peers are the peer runtimes that join (AllPeers when nil; none when
	// empty and not nil).
	Peers []string
	// Root is the repository root, where peers/ is; found from the
	// working directory upwards when empty. When it cannot be found,
	// every peer is not installed.
	Root string
	// Required makes a peer that is not installed an error, not a note
	// (tests under CI=true).
	Required bool
	// Reps and Timeout are Options'.
	Reps    int
	Timeout time.Duration
}

// Missing is a peer that did not join the matrices because it is not
// installed, with why.
type Missing struct {
	Peer string
	Err  error
}

// Compute returns the interoperability matrices of codecs (interop.Compute
// with opts; nil codecs: every registered one) with the peers of jo
// joined (Join): each installed peer's library for a matrix's format is
// one more writer and reader of that matrix; a format that only one Go
// codec writes has a matrix when a peer joins it. It returns the peers
// that are not installed and have a library for one of the matrices,
// which the matrices' notes name too: a caller says so, and goes on. Run's errors are returned, and a missing peer's
// with jo.Required. When ctx is done it returns the matrices so far with
// ctx's error (interop.Compute's, then Run's): the Go pairs measured and
// the peers' cells measured are kept, the others interop.Interrupted (a
// peer not run has its library's row and column Interrupted).
func Compute(ctx context.Context, codecs []codec.Codec, opts interop.Options, jo JoinOptions) (*result.Interop, []Missing, error) {
	names := jo.Peers
	if names == nil {
		names = AllPeers
	}
	for _, p := range names {
		if !slices.Contains(AllPeers, p) {
			return nil, nil, fmt.Errorf("peers: unknown peer %q (want %s)", p, strings.Join(AllPeers, ", "))
		}
	}
	root, rootErr := jo.Root, error(nil)
	if root == "" && len(names) > 0 {
		root, rootErr = FindRoot()
	}
	var installed []string
	var missing []Missing
	for _, p := range names {
		err := rootErr
		if err == nil {
			_, err = Command(root, p)
		} else {
			err = fmt.Errorf("%w: %v", ErrNotInstalled, err)
		}
		if err != nil {
			if jo.Required {
				return nil, nil, err
			}
			missing = append(missing, Missing{Peer: p, Err: err})
			continue
		}
		installed = append(installed, p)
	}
	for _, l := range Libraries {
		if slices.Contains(installed, l.Peer) && !slices.Contains(opts.Joined, l.Format) {
			opts.Joined = append(opts.Joined, l.Format)
		}
	}
	x, err := interop.Compute(ctx, codecs, opts)
	if err != nil && (x == nil || ctx.Err() == nil) {
		return nil, nil, err
	}
	interrupted := err
	// A missing peer matters only where it has a library for a matrix.
	missing = slices.DeleteFunc(missing, func(m Missing) bool {
		return !slices.ContainsFunc(x.Matrices, func(mx result.InteropMatrix) bool {
			_, ok := library(m.Peer, mx.Format)
			return ok
		})
	})
	var res *Result
	if len(installed) > 0 {
		var formats, workloads []string
		for _, m := range x.Matrices {
			if slices.Contains(AllFormats, m.Format) && !slices.Contains(formats, m.Format) {
				formats = append(formats, m.Format)
			}
			if !slices.Contains(workloads, m.Workload) {
				workloads = append(workloads, m.Workload)
			}
		}
		switch {
		case len(formats) == 0:
		case interrupted != nil:
			// Interrupted before the peers: none is run, their
			// libraries' pairs are Interrupted.
			res = &Result{Values: x.Values}
			for _, p := range installed {
				res.Peers = append(res.Peers, PeerInfo{Name: p, Failed: "not run", Status: StatusInterrupted})
			}
		default:
			ro := opts
			ro.Progress = nil
			res, err = Run(ctx, Options{Formats: formats, Workloads: workloads, Values: x.Values, Root: root,
				Peers: installed, Reps: jo.Reps, Timeout: jo.Timeout, Interop: ro})
			if err != nil {
				if res == nil || ctx.Err() == nil {
					return nil, nil, err
				}
				interrupted = err
			}
		}
	}
	if res == nil {
		res = &Result{Values: x.Values}
	}
	Join(x, res, missing)
	return x, missing, interrupted
}

// Join adds r's peers to the matrices of x: per matrix whose format a
// peer library of r reads on the matrix's workload, the library is a
// codec of the matrix (result.InteropCodec.Peer, named "python msgpack",
// "node @msgpack/msgpack"), after the Go codecs. A Go row × peer column
// cell is r's go→peer cell (the library read what the Go codec wrote); a
// peer row × Go column cell is r's peer→go cell of that Go codec as
// writer and reader (the Go codec read the library's re-encoding of its
// own messages); peer × peer cells are n/a, not measured. The library's
// declared losses are its documented mapping's kinds, and the classes its
// go→peer cells accepted that the Go writer does not declare. The notes of
// a matrix say which peers are missing, which do not read its workload,
// and what r's peer→go cells of one Go writer and another Go reader gave.
// x gets the peers and their timings.
func Join(x *result.Interop, r *Result, missing []Missing) {
	why := map[string]string{}
	for _, m := range missing {
		why[m.Peer] = m.Err.Error()
		x.Peers = append(x.Peers, result.InteropPeer{Name: m.Peer, Note: "not installed: " + m.Err.Error()})
	}
	ran := map[string]PeerInfo{}
	for _, p := range r.Peers {
		ran[p.Name] = p
		ip := result.InteropPeer{Name: p.Name, Runtime: p.Runtime, Libraries: p.Libraries, Elapsed: p.Elapsed}
		if p.Failed != "" {
			ip.Note = fmt.Sprintf("%s: %s", p.Status, p.Failed)
		}
		x.Peers = append(x.Peers, ip)
	}
	sort.SliceStable(x.Peers, func(i, j int) bool {
		return slices.Index(AllPeers, x.Peers[i].Name) < slices.Index(AllPeers, x.Peers[j].Name)
	})
	x.PeerTimings = append(x.PeerTimings, r.Timings...)
	sort.SliceStable(x.PeerTimings, func(i, j int) bool {
		a, b := x.PeerTimings[i], x.PeerTimings[j]
		if a.Format != b.Format {
			return a.Format < b.Format
		}
		if a.Workload != b.Workload {
			return a.Workload < b.Workload
		}
		return slices.Index(AllPeers, a.Peer) < slices.Index(AllPeers, b.Peer)
	})
	if len(x.PeerTimings) > 0 {
		x.PeerTimingMethod = fmt.Sprintf("each peer process times itself (Python: time.perf_counter_ns; Node: process.hrtime.bigint): "+
			"every message of a Go writer decoded and re-encoded %d times as a warm-up, "+
			"then each message's best of %d decodes and of %d encodes; a row is the median over the messages of every Go writer of the format",
			warmup, x.PeerTimings[0].Reps, x.PeerTimings[0].Reps)
	}
	for i := range x.Matrices {
		joinMatrix(&x.Matrices[i], r, ran, why)
	}
}

// joinMatrix adds the peer libraries of r to m.
func joinMatrix(m *result.InteropMatrix, r *Result, ran map[string]PeerInfo, missing map[string]string) {
	type peerCol struct {
		p    PeerInfo
		lib  Library
		name string
	}
	var cols []peerCol
	for _, peer := range AllPeers {
		lib, ok := library(peer, m.Format)
		if !ok {
			continue
		}
		name := peer + " " + lib.Name
		if why, ok := missing[peer]; ok {
			m.Notes = append(m.Notes, fmt.Sprintf("%s did not join: the %s peer is not installed (%s)", name, peer, why))
			continue
		}
		p, ok := ran[peer]
		if !ok {
			continue // not asked for
		}
		if !slices.Contains(lib.Workloads, m.Workload) {
			m.Notes = append(m.Notes, fmt.Sprintf("%s did not join: the peer reads %s in %s only (peers/README.md)", name, strings.Join(lib.Workloads, ", "), m.Format))
			continue
		}
		cols = append(cols, peerCol{p, lib, name})
	}
	if len(cols) == 0 {
		return
	}
	goCodecs := m.Codecs
	n := len(goCodecs)
	codecs := slices.Clone(goCodecs)
	for _, c := range cols {
		version := c.p.Libraries[c.lib.Name]
		module := c.lib.Name
		if version != "" {
			module += " " + version
		}
		if c.p.Runtime != "" {
			module += " on " + c.p.Runtime
		}
		losses := lossKinds(c.lib.Mapping)
		for _, g := range goCodecs {
			if cell := r.Cell(m.Format, m.Workload, c.p.Name, GoToPeer, g.Name, ""); cell != nil && cell.Status == StatusLossy {
				for _, cl := range cell.Classes {
					if !slices.Contains(g.Losses, cl) && !slices.Contains(losses, cl) {
						losses = append(losses, cl)
					}
				}
			}
		}
		slices.Sort(losses)
		codecs = append(codecs, result.InteropCodec{Name: c.name, Module: module, Peer: c.p.Name, Losses: losses})
	}
	total := len(codecs)
	cells := make([]result.InteropCell, total*total)
	for i, w := range codecs {
		for j, rd := range codecs {
			cell := &cells[i*total+j]
			switch {
			case i < n && j < n:
				*cell = m.Cells[i*n+j]
			case i >= n && j >= n:
				*cell = result.InteropCell{Writer: w.Name, Reader: rd.Name, Status: result.InteropNA,
					Detail: "not measured: the peers are not run against each other"}
			case i < n: // Go writer, peer reader: go→peer.
				pc := cols[j-n]
				*cell = peerCell(r, m, pc.p, GoToPeer, w, w.Name, rd.Name, "")
			default: // peer writer, Go reader: peer→go of the reader's own messages.
				pc := cols[i-n]
				*cell = peerCell(r, m, pc.p, PeerToGo, rd, w.Name, rd.Name, rd.Name)
			}
		}
	}
	m.Codecs, m.Cells = codecs, cells
	for _, c := range cols {
		if s := crossNote(r, m.Format, m.Workload, c.p.Name, c.name); s != "" {
			m.Notes = append(m.Notes, s)
		}
	}
}

// crossNote summarises the peer→go cells of peer (its library named name)
// whose Go writer and Go reader differ: W → the peer → R, which the
// matrix has no cell for.
func crossNote(r *Result, format, wl, peer, name string) string {
	cells, counts := crossCells(r, format, wl, peer)
	if len(cells) == 0 {
		return ""
	}
	first := ""
	for _, c := range cells {
		if rank(c.Status) > rank(StatusLossy) {
			first = fmt.Sprintf("%s → %s → %s %s", c.Writer, name, c.Reader, c.Status)
			switch {
			case c.Fail != nil:
				first += fmt.Sprintf(": message %d: %s at %s: want %s, got %s", c.Fail.Message, c.Fail.Class, c.Fail.Path, c.Fail.Want, c.Fail.Got)
			case c.Error != "":
				// A note is one line: a Go reader's worker that hung has
				// its goroutines after the line (interop.Read), which a
				// matrix's cells keep, not its notes.
				line, _ := workerproc.CutStacks(c.Error)
				first += ": " + line
			}
			break
		}
	}
	out := fmt.Sprintf("Go writer → %s → another Go reader (peer→go pairs that are no cell here, %d): %s", name, len(cells), countsText(counts))
	if first != "" {
		out += "; for example " + first
	}
	return out
}

// peerCell returns the matrix cell of r's cell of peer p in direction
// dir with Go codec g as writer (and as reader, peer→go), named writer
// and reader in the matrix.
func peerCell(r *Result, m *result.InteropMatrix, p PeerInfo, dir Direction, g result.InteropCodec, writer, reader, goReader string) result.InteropCell {
	out := result.InteropCell{Writer: writer, Reader: reader}
	if p.Failed != "" {
		out.Status, out.Detail = p.Status, fmt.Sprintf("the %s peer process: %s", p.Name, p.Failed)
		return out
	}
	if g.Note != "" {
		out.Status, out.Detail = result.InteropError, "the writer: "+g.Note
		if dir == PeerToGo {
			out.Status, out.Detail = result.InteropNA, "the peer had nothing to write back: "+g.Name+" could not write its values: "+g.Note
		}
		return out
	}
	c := r.Cell(m.Format, m.Workload, p.Name, dir, g.Name, goReader)
	if c == nil {
		out.Status, out.Detail = result.InteropNA, "not measured"
		for _, s := range r.Skipped {
			if s.Format == m.Format && s.Workload == m.Workload && s.Codec == g.Name && (s.Peer == "" || s.Peer == p.Name) {
				out.Detail = "not measured: " + s.Why
				break
			}
		}
		return out
	}
	out.Status = c.Status
	out.Values, out.Exact, out.Lossy, out.Errors, out.Panics, out.Fails = c.Messages, c.Exact, c.Lossy, c.Errors, c.Panics, c.Fails
	out.Classes = slices.Clone(c.Classes)
	out.Detail = c.Error
	if c.Messages == 0 && c.Status != StatusInterrupted {
		out.Status = result.InteropNA
		if out.Detail == "" {
			out.Detail = "no messages"
		}
	}
	if f := c.Fail; f != nil {
		out.Example = &result.InteropDiff{Value: f.Message, Path: strings.TrimPrefix(f.Path, "."), Class: f.Class, Want: f.Want, Got: f.Got}
		if out.Example.Class == "" {
			out.Example.Class = "other"
		}
	}
	return out
}
