package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/stats"
	"github.com/serbench/serbench/result"
)

// Goals of a summary's picks, in the order a summary lists them.
const (
	GoalEncode    = "fastest encode"
	GoalDecode    = "fastest decode"
	GoalRoundTrip = "fastest round trip"
	GoalSmallest  = "smallest"
	GoalTradeOff  = "size × speed"
	GoalLossy     = "lossy option"
	GoalVariant   = "variant option"
)

// Summary is the answer a workload's measurements give to "which codec
// should I use": for each goal, the exact codec that does best, the
// codecs the measurements cannot tell from it, and by how much it leads
// the first codec they can. Then what the best lossy codec, or the best
// variant (reuse, unsafe, generated types only), would buy over the exact
// picks and what it gives up.
//
// The rules, which the legend states:
//
//   - Exact codecs are the plain rows (no variant flag) whose every value
//     came back equal (Row.Class 0): the like-for-like choices.
//   - A time pick is the exact codec with the lowest median. The codecs
//     tied with it are those of its tier, as the tables rank them: the
//     next fastest codecs up to the first one significantly slower than
//     the pick (stats.Pool.Compare of their fork-grouped samples with
//     the run's pool, α = 0.05); its lead is the ratio of that codec's median to the
//     pick's.
//   - The smallest is the exact codec with the smallest mean encoded
//     size; codecs within 1% of it are tied.
//   - The size × speed pick minimises mean size × round-trip time, the
//     cost of a message that is stored or sent and also encoded and
//     decoded once.
//   - An option (lossy, variant) is shown only when it is faster, by a
//     significant round-trip difference, or smaller than every exact pick
//     for that goal.
type Summary struct {
	// Workload names the workload, or the family of workloads
	// ("bsontypes-*") a family summary is of.
	Workload string
	// Members counts the workloads of a family summary; 0 for a
	// workload's own.
	Members int
	// Exact is the number of exact codecs the picks were chosen from,
	// and Codecs the number of codecs (or cells) timed.
	Exact, Codecs int
	// Picks are the answers, in goal order; a goal no codec answers is
	// left out.
	Picks []Pick
}

// Pick is one answer of a summary.
type Pick struct {
	// Goal is one of the Goal constants.
	Goal string
	Row  *Row
	// Value is the measure the pick won by: "404ns ±5.1%", "79.5 B".
	Value string
	// Tied are the codecs the measurements cannot tell from Row for the
	// goal, best first.
	Tied []*Row
	// Next is the best codec that is clearly behind Row, nil when none
	// is; Lead is Next's value over Row's and LeadHW the relative
	// half-width of that ratio's interval (0 for sizes).
	Next   *Row
	Lead   float64
	LeadHW float64
	// Note says, for an option, what it buys and what it loses.
	Note string
}

// exactRows returns the rows of w that the summary picks from.
func exactRows(w *Workload) []*Row {
	var out []*Row
	for _, r := range w.Rows {
		if r.Class() == 0 && r.Plain() && r.Reference == "" && r.Encode != nil && r.Decode != nil {
			out = append(out, r)
		}
	}
	return out
}

// summaryOf returns the summary of w, or nil when w has no exact codec
// with encode and decode times.
func summaryOf(w *Workload) *Summary {
	exact := exactRows(w)
	if len(exact) == 0 {
		return bandwidthSummary(w)
	}
	s := &Summary{Workload: w.Name, Exact: len(exact), Codecs: len(w.Rows)}
	enc := func(r *Row) *Op { return r.Encode }
	dec := func(r *Row) *Op { return r.Decode }
	s.Picks = append(s.Picks, timePick(GoalEncode, exact, opTime(enc)), timePick(GoalDecode, exact, opTime(dec)), timePick(GoalRoundTrip, exact, roundTrip))
	if p, ok := sizePick(exact); ok {
		s.Picks = append(s.Picks, p, tradeOffPick(exact))
	}
	var lossy, variants []*Row
	for _, r := range w.Rows {
		switch {
		case r.Reference != "" || r.Encode == nil || r.Decode == nil:
		case r.Class() == 1:
			lossy = append(lossy, r)
		case r.Class() == 0 && !r.Plain():
			variants = append(variants, r)
		}
	}
	if p, ok := optionPick(GoalLossy, lossy, s.Picks); ok {
		s.Picks = append(s.Picks, p)
	}
	if p, ok := optionPick(GoalVariant, variants, s.Picks); ok {
		s.Picks = append(s.Picks, p)
	}
	return s
}

// timeOf gives, for a row, its median time for a goal and the
// fork-grouped samples it is compared by.
type timeOf func(r *Row) (median, hw float64, forks [][]float64)

// opTime is the timeOf of one operation.
func opTime(op func(*Row) *Op) timeOf {
	return func(r *Row) (float64, float64, [][]float64) {
		o := op(r)
		return o.NsOp.Center, o.NsOp.RelHalfWidth(), o.forks
	}
}

// roundTrip is the timeOf of encode+decode, compared pair by pair of
// samples as the main table ranks rows.
func roundTrip(r *Row) (float64, float64, [][]float64) {
	return r.Total(), totalHalfWidth(r), pairedTotals(r.Encode.Cell.Samples, r.Decode.Cell.Samples)
}

// timePick picks the fastest of rows by t. Each row's time and samples
// are taken once, before sorting.
func timePick(goal string, rows []*Row, t timeOf) Pick {
	type timed struct {
		r         *Row
		median, h float64
		forks     [][]float64
	}
	ts := make([]timed, len(rows))
	for i, r := range rows {
		m, h, f := t(r)
		ts[i] = timed{r, m, h, f}
	}
	slices.SortStableFunc(ts, func(a, b timed) int { return cmp.Compare(a.median, b.median) })
	best := ts[0]
	p := Pick{Goal: goal, Row: best.r, Value: format.Ns(best.median) + " " + ciText(best.h)}
	for _, x := range ts[1:] {
		if best.r.pool.Compare(best.forks, x.forks).Significant() {
			p.Next, p.Lead, p.LeadHW = x.r, x.median/best.median, format.RelHalfWidth(best.h, x.h)
			break
		}
		p.Tied = append(p.Tied, x.r)
	}
	return p
}

// ciText formats a relative half-width as format.CI does.
func ciText(hw float64) string {
	return format.CI(stats.Summary{Center: 1, Lo: 1 - hw, Hi: 1 + hw})
}

// sizeOf is the mean encoded size of r, NaN when unknown.
func sizeOf(r *Row) float64 {
	if r.Verify == nil || !(r.Verify.MeanSize > 0) {
		return math.NaN()
	}
	return r.Verify.MeanSize
}

// sizeTie is the relative size difference within which two sizes are
// tied.
const sizeTie = 0.01

// sizePick picks the smallest encoding of rows; ok is false when no row
// has a size.
func sizePick(rows []*Row) (Pick, bool) {
	var sized []*Row
	for _, r := range rows {
		if !math.IsNaN(sizeOf(r)) {
			sized = append(sized, r)
		}
	}
	if len(sized) == 0 {
		return Pick{}, false
	}
	slices.SortStableFunc(sized, func(a, b *Row) int { return cmp.Compare(sizeOf(a), sizeOf(b)) })
	best := sized[0]
	p := Pick{Goal: GoalSmallest, Row: best, Value: format.Bytes(sizeOf(best))}
	for _, r := range sized[1:] {
		if sizeOf(r) <= sizeOf(best)*(1+sizeTie) {
			p.Tied = append(p.Tied, r)
		} else if p.Next == nil {
			p.Next, p.Lead = r, sizeOf(r)/sizeOf(best)
		}
	}
	return p, true
}

// tradeOffPick picks the row of rows with the smallest size × round-trip
// time. Rows without a size are left out; rows is known to hold a sized
// one.
func tradeOffPick(rows []*Row) Pick {
	cost := func(r *Row) float64 { return sizeOf(r) * r.Total() }
	var sized []*Row
	for _, r := range rows {
		if !math.IsNaN(sizeOf(r)) {
			sized = append(sized, r)
		}
	}
	slices.SortStableFunc(sized, func(a, b *Row) int { return cmp.Compare(cost(a), cost(b)) })
	best := sized[0]
	p := Pick{Goal: GoalTradeOff, Row: best, Value: format.Bytes(sizeOf(best)) + " × " + format.Ns(best.Total())}
	if len(sized) > 1 {
		next := sized[1]
		p.Next, p.Lead, p.LeadHW = next, cost(next)/cost(best), format.RelHalfWidth(totalHalfWidth(best), totalHalfWidth(next))
	}
	return p
}

// optionPick returns the best of rows (lossy codecs or variants) when it
// buys something over the exact picks: a round trip significantly faster
// than the fastest exact codec's, or an encoding smaller than the
// smallest exact one's by more than sizeTie.
func optionPick(goal string, rows []*Row, picks []Pick) (Pick, bool) {
	if len(rows) == 0 {
		return Pick{}, false
	}
	var rt, small *Pick
	for i := range picks {
		switch picks[i].Goal {
		case GoalRoundTrip:
			rt = &picks[i]
		case GoalSmallest:
			small = &picks[i]
		}
	}
	fastest := timePick(goal, rows, roundTrip)
	var buys []string
	_, _, exactForks := roundTrip(rt.Row)
	m, hw, forks := roundTrip(fastest.Row)
	if m < rt.Row.Total() && fastest.Row.pool.Compare(forks, exactForks).Significant() {
		buys = append(buys, fmt.Sprintf("%sx faster round trip than %s", format.Ratio(rt.Row.Total()/m, format.RelHalfWidth(hw, totalHalfWidth(rt.Row))), rt.Row.Codec.Name))
	}
	if small != nil && sizeOf(fastest.Row) < sizeOf(small.Row)*(1-sizeTie) {
		buys = append(buys, fmt.Sprintf("%.0f%% smaller than %s", 100*(1-sizeOf(fastest.Row)/sizeOf(small.Row)), small.Row.Codec.Name))
	}
	if len(buys) == 0 {
		return Pick{}, false
	}
	p := Pick{Goal: goal, Row: fastest.Row, Value: format.Ns(m) + " " + ciText(hw)}
	p.Note = strings.Join(buys, ", ") + "; " + gives(fastest.Row)
	return p, true
}

// gives says what an option gives up: the losses seen on the workload, or
// the variant's flags.
func gives(r *Row) string {
	if r.Class() == 1 {
		if len(r.Verify.Observed) > 0 {
			return "loses " + strings.Join(r.Verify.Observed, ", ")
		}
		return "declares losses"
	}
	var what []string
	for _, f := range r.Codec.Flags {
		switch f {
		case result.FlagGeneratedTypes:
			what = append(what, "times only the generated types (your struct's conversion left out)")
		case result.FlagReuse:
			what = append(what, "reuses buffers or values between calls")
		case result.FlagUnsafe:
			what = append(what, "decoded values alias the input bytes")
		}
	}
	if r.Verify != nil && r.Verify.Aliased() && !r.Codec.Has(result.FlagUnsafe) {
		what = append(what, "decoded values alias the input bytes")
	}
	if len(what) == 0 {
		return "is a variant"
	}
	return strings.Join(what, "; ")
}

// Against says how p compares with the other codecs: its lead over the
// first codec clearly behind it and the codecs tied with it, or, for an
// option, what it buys and gives up.
func (p Pick) Against() string {
	if p.Note != "" {
		return p.Note
	}
	var parts []string
	if p.Next != nil {
		lead := format.Ratio(p.Lead, p.LeadHW) + "x ahead of " + p.Next.Codec.Name
		switch p.Goal {
		case GoalSmallest:
			lead = fmt.Sprintf("%.0f%% smaller than %s", 100*(1-1/p.Lead), p.Next.Codec.Name)
		case GoalTradeOff:
			lead = format.Ratio(p.Lead, p.LeadHW) + "x less than " + p.Next.Codec.Name
		}
		parts = append(parts, lead)
	}
	if len(p.Tied) > 0 {
		parts = append(parts, "tied with "+namesOf(p.Tied, 3))
	}
	if len(parts) == 0 {
		return "the only one"
	}
	return strings.Join(parts, "; ")
}

// SummaryTables are the tables of rep's summaries: one per workload or
// family, a row per pick. Every renderer writes them first, before the
// details: a reader who stops there should still pick well.
func (rep *Report) SummaryTables() []*SectionTable {
	var out []*SectionTable
	for _, s := range rep.Summaries {
		t := &SectionTable{Title: s.Workload, Indent: true, TextLeft: true, HTMLClass: "summary", Cols: []Column{
			{Head: "goal", Left: true}, {Head: "pick", Left: true, Escape: true}, {Head: "value", Left: true}, {Head: "against the others", Left: true, Escape: true},
		}}
		switch {
		case s.Members > 0:
			t.Caption = fmt.Sprintf("%d workloads; per goal, the codec that wins the most of them", s.Members)
		case s.Exact == s.Codecs:
			t.Caption = plural(s.Exact, "exact codec", "exact codecs")
		default:
			t.Caption = fmt.Sprintf("%d exact of %d", s.Exact, s.Codecs)
		}
		picks := s.Picks
		if one, ok := onlyPick(s); ok {
			picks = []Pick{one}
		}
		for _, p := range picks {
			t.Rows = append(t.Rows, TableRow{Cells: []Cell{val(p.Goal), val(p.Row.Label()), val(p.Value), val(p.Against())}})
		}
		out = append(out, t)
	}
	return out
}

// onlyPick is the one pick that stands for all of s's picks when the
// same codec wins every goal with no other codec tied or behind (the only
// exact codec of a workload, or of every member of a family).
func onlyPick(s *Summary) (Pick, bool) {
	first := s.Picks[0]
	for _, p := range s.Picks {
		if p.Row != first.Row || p.Next != nil || len(p.Tied) > 0 || p.Note != "" {
			return Pick{}, false
		}
	}
	p := Pick{Goal: "every goal", Row: first.Row, Value: first.Value, Note: "the only exact codec"}
	if s.Members == 0 {
		p.Value = format.Bytes(sizeOf(first.Row)) + ", " + format.Ns(first.Row.Total()) + " round trip"
	}
	return p, true
}

// summaryIntro introduces the summary tables.
const summaryIntro = "What to pick, per workload: the fastest and smallest exact codecs (every value came back equal); " +
	"\"tied\" and \"ahead\" by the same 95% tests as the tables below; a lossy or variant codec only where it buys speed or size."

// namesOf lists the codec names of rows, at most n and a count of the
// others.
func namesOf(rows []*Row, n int) string {
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.Codec.Name
	}
	return listed(names, n)
}

// listed joins at most n of names and counts the others.
func listed(names []string, n int) string {
	s := strings.Join(names[:min(n, len(names))], ", ")
	if len(names) > n {
		s += fmt.Sprintf(" and %d more", len(names)-n)
	}
	return s
}

// codecCount is the number of codecs of w, timed or not, references and
// the parse category (never picked) left out.
func codecCount(w *Workload) int {
	n := 0
	for _, r := range w.AllRows() {
		if r.Reference == "" && !r.parsing() {
			n++
		}
	}
	return n
}

// bandwidthSummary is the summary of a workload measured against
// bandwidth references (its rows are strategies, or cells of other
// operations): per operation, the fastest exact row and its tier. nil
// when w has none.
func bandwidthSummary(w *Workload) *Summary {
	bw := w.Bandwidth
	if bw == nil {
		return nil
	}
	s := &Summary{Workload: w.Name, Codecs: len(bw.Rows)}
	for i := 0; i < len(bw.Rows); {
		j := i
		for j < len(bw.Rows) && bw.Rows[j].Cell.Op == bw.Rows[i].Cell.Op {
			j++
		}
		var best *BandwidthRow
		var p Pick
		for _, b := range bw.Rows[i:j] {
			switch {
			case b.Row.Class() != 0 || b.Rank.Tier == 0:
			case best == nil:
				best = b
				p = Pick{Goal: "fastest " + b.Cell.Op, Row: b.Row, Value: format.Ns(b.Op.NsOp.Center) + " " + format.CI(b.Op.NsOp)}
			case b.Rank.Tier == best.Rank.Tier:
				p.Tied = append(p.Tied, b.Row)
			case p.Next == nil:
				p.Next, p.Lead = b.Row, b.Op.NsOp.Center/best.Op.NsOp.Center
				p.LeadHW = format.RelHalfWidth(b.Op.NsOp.RelHalfWidth(), best.Op.NsOp.RelHalfWidth())
			}
		}
		if best != nil {
			s.Picks = append(s.Picks, p)
		}
		for _, b := range bw.Rows[i:j] {
			if b.Row.Class() == 0 && b.Rank.Tier > 0 {
				s.Exact++
			}
		}
		i = j
	}
	if len(s.Picks) == 0 {
		return nil
	}
	return s
}

// familyOf maps each workload name of the form "family-member" whose
// family has at least minFamily members to its family ("bsontypes" for
// "bsontypes-int32"); other names are not in the map. A family is shown
// as one summary and one table: a row per member.
func familyOf(names []string) map[string]string {
	count := map[string]int{}
	for _, n := range names {
		if f, _, ok := strings.Cut(n, "-"); ok {
			count[f]++
		}
	}
	out := map[string]string{}
	for _, n := range names {
		if f, _, ok := strings.Cut(n, "-"); ok && count[f] >= minFamily {
			out[n] = f
		}
	}
	return out
}

// minFamily is the fewest workloads that share a name prefix to be a
// family.
const minFamily = 3

// orderWorkloads sorts workloads in the order a reader cares about: the
// workloads that compare the most codecs first, then the others by name,
// and the members of families (familyOf) last, by family and name. The
// report knows no workload by name: this order follows from the run.
func orderWorkloads(ws []*Workload) {
	var names []string
	for _, w := range ws {
		names = append(names, w.Name)
	}
	fam := familyOf(names)
	n := map[*Workload]int{}
	for _, w := range ws {
		n[w] = codecCount(w)
	}
	slices.SortStableFunc(ws, func(a, b *Workload) int {
		fa, fb := fam[a.Name], fam[b.Name]
		switch {
		case (fa == "") != (fb == ""):
			if fa == "" {
				return -1
			}
			return 1
		case fa != "" && fa != fb:
			return strings.Compare(fa, fb)
		case fa == "" && n[a] != n[b]:
			return n[b] - n[a]
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// summaries are the summaries of ws, in their order: one per workload,
// and one per family (familyOf) that counts, per goal, how many of its
// members each codec wins.
func summaries(ws []*Workload) []*Summary {
	var names []string
	for _, w := range ws {
		names = append(names, w.Name)
	}
	fam := familyOf(names)
	var out []*Summary
	byFamily := map[string]*familySummary{}
	for _, w := range ws {
		s := summaryOf(w)
		if s == nil {
			continue
		}
		f := fam[w.Name]
		if f == "" {
			out = append(out, s)
			continue
		}
		fs := byFamily[f]
		if fs == nil {
			fs = &familySummary{Summary: &Summary{Workload: f + "-*"}}
			byFamily[f] = fs
			out = append(out, fs.Summary)
		}
		fs.add(s)
	}
	for _, fs := range byFamily {
		fs.finish()
	}
	return out
}

// familySummary gathers the summaries of a family's members.
type familySummary struct {
	*Summary
	// wins counts, per goal, the members each codec won.
	wins  map[string]map[string]int
	goals []string
	rows  map[string]*Row
}

func (f *familySummary) add(s *Summary) {
	f.Members++
	f.Exact = max(f.Exact, s.Exact)
	f.Codecs = max(f.Codecs, s.Codecs)
	if f.wins == nil {
		f.wins, f.rows = map[string]map[string]int{}, map[string]*Row{}
	}
	for _, p := range s.Picks {
		if f.wins[p.Goal] == nil {
			f.wins[p.Goal] = map[string]int{}
			f.goals = append(f.goals, p.Goal)
		}
		f.wins[p.Goal][p.Row.Codec.Name]++
		f.rows[p.Row.Codec.Name] = p.Row
	}
}

// finish makes one pick per goal: the codec that won the most members,
// with the count as its value, and the other winners as its ties.
func (f *familySummary) finish() {
	for _, g := range f.goals {
		type win struct {
			name string
			n    int
		}
		var ws []win
		for name, n := range f.wins[g] {
			ws = append(ws, win{name, n})
		}
		slices.SortFunc(ws, func(a, b win) int {
			if a.n != b.n {
				return b.n - a.n
			}
			return strings.Compare(a.name, b.name)
		})
		p := Pick{Goal: g, Row: f.rows[ws[0].name], Value: fmt.Sprintf("%d of %d workloads", ws[0].n, f.Members)}
		for _, w := range ws[1:] {
			p.Tied = append(p.Tied, f.rows[w.name])
		}
		if len(p.Tied) > 0 {
			p.Note = "others win the rest: " + namesOf(p.Tied, 3)
			p.Tied = nil
		}
		f.Picks = append(f.Picks, p)
	}
}
