package peers

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteMatrix prints r as the cross-language matrix: per format and
// workload, one row pair per peer library (go→peer: the peer reads each Go
// codec's messages; peer→go: the Go codec reads the peer's re-encoding of
// its own messages), one column per Go codec; then a line per non-exact
// cell saying why, a summary of the peer→go cells whose writer is another
// Go codec, the skipped cases, and the peers' own timings, labelled as
// another runtime's.
func WriteMatrix(w io.Writer, r *Result) {
	fmt.Fprintf(w, "cross-language matrix: %d values per workload\n", r.Values)
	for _, p := range r.Peers {
		var libs []string
		for k, v := range p.Libraries {
			libs = append(libs, k+" "+v)
		}
		slices.Sort(libs)
		fmt.Fprintf(w, "  %s: %s; %s (ran %s)\n", p.Name, p.Runtime, strings.Join(libs, ", "), p.Elapsed.Round(time.Millisecond))
	}
	for _, fw := range formatWorkloads(r) {
		format, wl := fw[0], fw[1]
		codecs := goCodecs(r, format, wl)
		fmt.Fprintf(w, "\n%s · %s\n", format, wl)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "peer library\tdirection\t%s\t\n", strings.Join(codecs, "\t"))
		var notes []string
		for _, peer := range AllPeers {
			lib, ok := library(peer, format)
			if !ok {
				continue
			}
			label := peer + " " + lib.Name
			for _, dir := range []Direction{GoToPeer, PeerToGo} {
				row := []string{label, string(dir)}
				label = ""
				shown := false
				for _, c := range codecs {
					reader := ""
					if dir == PeerToGo {
						reader = c
					}
					cell := r.Cell(format, wl, peer, dir, c, reader)
					if cell == nil {
						row = append(row, "-")
						continue
					}
					shown = true
					row = append(row, short(cell))
					if cell.Status != StatusExact {
						notes = append(notes, note(cell))
					}
				}
				if shown {
					fmt.Fprintf(tw, "%s\t\n", strings.Join(row, "\t"))
				}
			}
		}
		tw.Flush()
		if len(notes) > 0 {
			fmt.Fprintln(w, "  non-exact cells:")
			for _, n := range notes {
				fmt.Fprintln(w, "  - "+n)
			}
		}
		for _, peer := range AllPeers {
			if s := crossSummary(r, format, wl, peer); s != "" {
				fmt.Fprintln(w, "  "+s)
			}
		}
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintln(w, "\nskipped:")
		for _, s := range r.Skipped {
			who := strings.TrimSpace(strings.Join([]string{s.Peer, s.Format, s.Workload, s.Codec}, " "))
			fmt.Fprintf(w, "  %s: %s\n", who, s.Why)
		}
	}
	if len(r.Timings) > 0 {
		fmt.Fprintln(w, "\nother runtime: the peers' own time per message, measured in the peer process (median over")
		fmt.Fprintln(w, "the messages of each message's best of the repetitions; not comparable with serbench's Go timings)")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "peer\tlibrary\tformat\tworkload\tGo writers\tdecode\tencode\tbytes\t")
		for _, t := range r.Timings {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%.0f\t\n", t.Peer, t.Library, t.Format, t.Workload, t.Writers,
				t.Decode, t.Encode, t.Bytes)
		}
		tw.Flush()
	}
}

// short is a cell as the matrix shows it.
func short(c *Cell) string {
	switch c.Status {
	case StatusLossy:
		return "lossy(" + strings.Join(abbrev(c.Classes), ",") + ")"
	case StatusError, StatusFail:
		if c.Errors+c.Fails < c.Messages {
			return fmt.Sprintf("%s %d/%d", c.Status, c.Errors+c.Fails, c.Messages)
		}
	}
	return string(c.Status)
}

var abbrevs = map[string]string{
	"time-precision": "tp", "time-zone": "tz", "nil-empty": "ne", "interface-types": "it", "float-precision": "fp",
}

func abbrev(classes []string) []string {
	out := make([]string, len(classes))
	for i, c := range classes {
		if a, ok := abbrevs[c]; ok {
			out[i] = a
		} else {
			out[i] = c
		}
	}
	return out
}

// note says why a cell is not exact, in one line.
func note(c *Cell) string {
	who := fmt.Sprintf("%s %s %s %s", c.Peer, c.Library, c.Direction, c.Writer)
	if c.Direction == PeerToGo {
		who = fmt.Sprintf("%s %s→%s %s→%s", c.Peer, c.Writer, c.Library, c.Library, c.Reader)
	}
	switch c.Status {
	case StatusLossy:
		return fmt.Sprintf("%s: lossy, %d of %d messages: %s (accepted: %s)", who, c.Lossy, c.Messages,
			strings.Join(c.Classes, ", "), strings.Join(c.Accepted, ", "))
	case StatusFail:
		s := fmt.Sprintf("%s: FAIL, %d of %d messages", who, c.Fails, c.Messages)
		if f := c.Fail; f != nil {
			s += fmt.Sprintf("; message %d: %s at %s: want %s, got %s", f.Message, f.Class, f.Path, f.Want, f.Got)
		}
		if c.Errors > 0 {
			s += fmt.Sprintf("; and %d errors: %s", c.Errors, c.Error)
		}
		return s
	case StatusError:
		return fmt.Sprintf("%s: error, %d of %d messages: %s", who, c.Errors, c.Messages, c.Error)
	}
	return fmt.Sprintf("%s: %s", who, c.Status)
}

// crossSummary counts the peer→go cells of peer whose Go writer and
// reader differ, by status.
func crossSummary(r *Result, format, wl, peer string) string {
	cells, counts := crossCells(r, format, wl, peer)
	if len(cells) == 0 {
		return ""
	}
	var fails []string
	first := ""
	for _, c := range cells {
		if rank(c.Status) > rank(StatusLossy) && len(fails) < 3 {
			fails = append(fails, c.Writer+"→"+c.Reader)
			if first == "" {
				first = note(c)
			}
		}
	}
	s := fmt.Sprintf("%s peer→go with another Go writer (writer→peer→reader, %d pairs): %s", peer, len(cells), countsText(counts))
	if len(fails) > 0 {
		s += " (e.g. " + strings.Join(fails, ", ") + ")\n    first: " + first
	}
	return s
}

func formatWorkloads(r *Result) [][2]string {
	var out [][2]string
	for _, c := range r.Cells {
		fw := [2]string{c.Format, c.Workload}
		if !slices.Contains(out, fw) {
			out = append(out, fw)
		}
	}
	return out
}

func goCodecs(r *Result, format, wl string) []string {
	var out []string
	for _, c := range r.Cells {
		if c.Format == format && c.Workload == wl && !slices.Contains(out, c.Writer) {
			out = append(out, c.Writer)
		}
	}
	slices.Sort(out)
	return out
}

// countsText says how many of each status counts has, in the order exact,
// lossy, error, panic, FAIL, crash, hang, none: "3 exact, 1 error".
func countsText(counts map[Status]int) string {
	var parts []string
	for _, s := range []Status{StatusExact, StatusLossy, StatusError, StatusPanic, StatusFail, StatusCrash, StatusHang, StatusNone, StatusInterrupted} {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
		}
	}
	return strings.Join(parts, ", ")
}

// crossCells returns the peer→go cells of peer on format and wl whose Go
// writer and Go reader differ (W → the peer → R, which a matrix has no
// cell for), in r's order, and how many have each status.
func crossCells(r *Result, format, wl, peer string) ([]*Cell, map[Status]int) {
	var out []*Cell
	counts := map[Status]int{}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Format != format || c.Workload != wl || c.Peer != peer || c.Direction != PeerToGo || c.Writer == c.Reader {
			continue
		}
		out = append(out, c)
		counts[c.Status]++
	}
	return out, counts
}
