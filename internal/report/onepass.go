package report

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/serbench/serbench/result"
)

// OnePassTable writes the one-pass summary of a workload, one line per
// codec in the order of rows, aligned as go-codec-bench printed it:
//
//	json: len: 5505 bytes (mean 5693), encode: 289.606µs, decode: 301.962µs, match: yes
//
// The times are of one call each and are printed as time.Duration does;
// a codec that could not run gets its status and error instead. The
// heading names the workload and its headline params ("depth 1": see
// workload.Workload.Headline).
func OnePassTable(w io.Writer, workload string, headline []string, rows []result.OnePassRow) error {
	var b strings.Builder
	fmt.Fprintf(&b, "one pass of workload %s", workload)
	for _, h := range headline {
		b.WriteString(", " + h)
	}
	b.WriteString(": len of the first value (mean of all values); one encode and one decode of the first value, unscientific times\n")

	// Columns of the rows that ran: name, len, mean, encode, decode.
	cols := make([][5]string, len(rows))
	var width [5]int
	for i, r := range rows {
		c := [5]string{r.Codec}
		if !r.Failed() {
			c[1] = fmt.Sprint(r.Len)
			c[2] = fmt.Sprintf("%.0f", r.MeanLen)
			c[3] = r.Encode.String()
			c[4] = r.Decode.String()
		}
		cols[i] = c
		for k, s := range c {
			width[k] = max(width[k], utf8.RuneCountInString(s))
		}
	}
	for i, r := range rows {
		c := cols[i]
		b.WriteString(pad(c[0], width[0]) + ": ")
		if r.Failed() {
			msg := oneLine(r.Error)
			if !strings.HasPrefix(msg, r.Status+": ") {
				msg = r.Status + ": " + msg
			}
			b.WriteString(msg + "\n")
			continue
		}
		fmt.Fprintf(&b, "len: %s bytes (mean %s), encode: %s, decode: %s, match: %s\n",
			pad(c[1], width[1]), pad(c[2], width[2]), pad(c[3], width[3]), pad(c[4], width[4]), onePassMatch(&r))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// onePassMatch says whether the first value came back: "yes", "yes
// (declared: ...)" or "no: <first difference>", followed by the count of
// values that differ in an undeclared way, if any.
func onePassMatch(r *result.OnePassRow) string {
	var s string
	switch {
	case r.Status == result.VerifyReference:
		return "- (a reference: it carries no data)"
	case !r.Match:
		s = "no: " + oneLine(r.FirstDiff)
	case len(r.Lossy) > 0:
		s = "yes (declared: " + strings.Join(r.Lossy, ", ") + ")"
	default:
		s = "yes"
	}
	if r.DiffValues > 0 {
		s += fmt.Sprintf(" [%d of %d values differ]", r.DiffValues, r.Values)
	}
	return s
}

// pad right-aligns s in a field of width runes.
func pad(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return strings.Repeat(" ", width-n) + s
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
