package fidelity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// event is what computing a row reports, in order: the carrier (Header),
// then each cell from the first one asked for, then Done.
type event struct {
	Header  bool                 `json:"header,omitempty"`
	Carrier string               `json:"carrier,omitempty"`
	Note    string               `json:"note,omitempty"`
	Pos     int                  `json:"pos,omitempty"`
	Cell    *result.FidelityCell `json:"cell,omitempty"`
	Done    bool                 `json:"done,omitempty"`
}

// ComputeRow computes the row of codec c in the calling process, with no
// containment: a codec that crashes or hangs takes the caller with it.
// Compute runs it in worker processes.
func ComputeRow(c codec.Codec) result.FidelityRow {
	cases := Cases()
	row := result.FidelityRow{Codec: c.Info().Name, Cells: make([]result.FidelityCell, len(cases))}
	computeRow(c, cases, 0, func(e event) error {
		switch {
		case e.Header:
			row.Carrier, row.Note = e.Carrier, e.Note
		case e.Cell != nil:
			row.Cells[e.Pos] = *e.Cell
		}
		return nil
	})
	return row
}

// computeRow computes the cells of c from position from on, reporting the
// carrier first and each cell as soon as it is known. It stops at the
// first error of emit.
func computeRow(c codec.Codec, cases []Case, from int, emit func(event) error) error {
	b := choose(c, cases)
	if err := emit(event{Header: true, Carrier: b.carrier, Note: b.note}); err != nil {
		return err
	}
	for i := from; i < len(cases); i++ {
		var cell result.FidelityCell
		switch {
		case i == 0:
			cell = b.base
		case b.inst == nil:
			cell = result.FidelityCell{Status: result.FidelityNA, Detail: b.na}
		default:
			cell, _, _ = runCase(b.inst, cases[i], b.carrier, c.Info().Losses, b.baseAll, b.baseUndeclared)
		}
		cell.Case = cases[i].Name
		if err := emit(event{Pos: i, Cell: &cell}); err != nil {
			return err
		}
	}
	return emit(event{Done: true})
}

// bound is a codec bound to its carrier, with its base cell.
type bound struct {
	carrier string
	note    string
	inst    codec.Instance // nil: no case is run
	base    result.FidelityCell
	// na is the detail of the other cells when inst is nil.
	na string
	// baseAll and baseUndeclared are the differences the base value
	// showed, all of them and those the codec does not declare.
	baseAll, baseUndeclared []verify.Diff
}

// choose binds c to the first carrier whose base value round-trips exactly
// or with declared losses only. Failing that, it takes the first carrier
// whose base value round-trips at all (its differences are then not
// counted against the cases), or, when every bound carrier's base value
// fails with an error, reports that base cell and no cases.
func choose(c codec.Codec, cases []Case) bound {
	var notes []string
	var fallback, failed *bound
	for _, carrier := range Carriers {
		w, err := workload.Lookup(carrier)
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s: %v", carrier, err))
			continue
		}
		if why := c.Info().Expected(carrier, codec.ExpectUnsupported); why != "" {
			notes = append(notes, fmt.Sprintf("%s: unsupported: %s", carrier, why))
			continue
		}
		var inst codec.Instance
		if err := codec.Call("bind", func() (e error) { inst, e = c.Bind(w.Target()); return }); err != nil {
			notes = append(notes, fmt.Sprintf("%s: bind: %s", carrier, short(err.Error())))
			continue
		}
		base, all, und := runCase(inst, cases[0], carrier, c.Info().Losses, nil, nil)
		b := &bound{carrier: carrier, inst: inst, base: base, baseAll: all, baseUndeclared: und}
		switch base.Status {
		case result.FidelityExact, result.FidelityLossy:
			b.note = strings.Join(notes, "; ")
			return *b
		case result.FidelityError:
			if failed == nil {
				failed = b
			}
		default:
			if fallback == nil {
				fallback = b
			}
		}
		notes = append(notes, fmt.Sprintf("%s: base value %s: %s", carrier, base.Status, base.Detail))
	}
	note := strings.Join(notes, "; ")
	switch {
	case fallback != nil:
		fallback.note = note + "; differences of the base value are not counted against the cases"
		return *fallback
	case failed != nil:
		failed.note = note
		failed.inst = nil
		failed.na = "the base value does not round-trip (see base)"
		return *failed
	}
	if note == "" {
		note = "no carrier workload is registered"
	}
	// The base cell says why; the row has no carrier to explain.
	return bound{base: result.FidelityCell{Status: result.FidelityNA, Detail: note}, na: "binds no carrier type (see base)"}
}

// runCase round-trips a new value of cs on carrier with inst and compares
// what came back with another new value of cs, never passed to the codec.
// Differences found in baseAll (all the base value's) and baseUndeclared
// (its undeclared ones) at the same path and of the same class are not
// counted. It returns the cell and the differences counted.
func runCase(inst codec.Instance, cs Case, carrier string, losses []codec.Loss, baseAll, baseUndeclared []verify.Diff) (result.FidelityCell, []verify.Diff, []verify.Diff) {
	in, want := cs.value(carrier), cs.value(carrier)
	if in == nil {
		return result.FidelityCell{Status: result.FidelityNA, Detail: fmt.Sprintf("the %s carrier has no field for this value", carrier)}, nil, nil
	}
	got, _, err := codec.RoundTrip(inst, in)
	if err != nil {
		return result.FidelityCell{Status: result.FidelityError, Detail: short(err.Error())}, nil, nil
	}
	var all, und []verify.Diff
	err = codec.Call("compare", func() error {
		all = without(verify.Compare(want, got, nil), baseAll)
		und = without(verify.Compare(want, got, losses), baseUndeclared)
		return nil
	})
	if err != nil {
		// A comparison verify cannot make is a bug of serbench (verify or
		// go-cmp), not of the codec: say so, and fix verify.
		return result.FidelityCell{Status: result.FidelityError, Detail: short("verify could not compare the values (a serbench bug): " + err.Error())}, nil, nil
	}
	declared := map[string]bool{}
	for _, l := range losses {
		declared[string(l.Kind)] = true
	}
	return classify(all, und, declared), all, und
}

// without returns the differences of ds that base does not have: of
// another class, or at another path. A path inside the children of the
// deep-nesting case counts as the same path in the base value, since each
// child is a base value. (verify reports at most 20 differences of a
// value: a codec whose base value loses something in every child shows
// those losses only.)
func without(ds, base []verify.Diff) []verify.Diff {
	var out []verify.Diff
	for _, d := range ds {
		p := d.Path
		for strings.HasPrefix(p, childPath) && len(p) > len(childPath) {
			p = p[len(childPath):]
		}
		if !slices.ContainsFunc(base, func(b verify.Diff) bool { return b.Path == p && b.Class == d.Class }) {
			out = append(out, d)
		}
	}
	return out
}

// childPath is verify's path of a child in the deep-nesting chain.
const childPath = `.Mtsptr["0"]`

// failing reports whether d is another value rather than a loss.
func failing(d verify.Diff) bool {
	return d.Class == verify.ClassOther || d.Class == verify.ClassMissingField
}

// classify turns the differences of a case into a cell: all are every
// difference, und the ones the codec's declared losses do not accept, and
// declared the kinds of loss the codec declares. Differences verify
// classifies as another value or a missing field make it FAIL; any other
// class is a loss, declared when und is empty.
func classify(all, und []verify.Diff, declared map[string]bool) result.FidelityCell {
	if len(all) == 0 && len(und) == 0 {
		return result.FidelityCell{Status: result.FidelityExact}
	}
	classes := map[string]bool{}
	for _, d := range append(slices.Clone(all), und...) {
		classes[string(d.Class)] = true
	}
	cell := result.FidelityCell{Classes: sortedKeys(classes)}
	var fails []verify.Diff
	for _, d := range und {
		if failing(d) {
			fails = append(fails, d)
		}
	}
	switch {
	case len(fails) > 0:
		cell.Status = result.FidelityFail
		cell.Detail = describe(fails, nil)
	case len(und) == 0:
		cell.Status = result.FidelityLossy
		cell.Detail = describe(all, declared)
	default:
		cell.Status = result.FidelityUndeclared
		cell.Detail = describe(und, declared)
	}
	return cell
}

// path drops the leading dot of a verify path.
func path(p string) string { return strings.TrimPrefix(p, ".") }

// maxDescribed bounds the differences a cell's detail lists.
const maxDescribed = 3

// describe says what changed, difference by difference, for example
// "Islice[0]: -1e+19 became 0 (dynamic type ...)": the differences verify
// reports at one path under several classes once, followed, for losses
// (declared not nil), by their classes and whether the codec declares
// them: "[interface-types: declared; integer-precision: not declared]".
func describe(ds []verify.Diff, declared map[string]bool) string {
	type node struct {
		text    string
		classes []string
	}
	var nodes []*node
	byText := map[string]*node{}
	for _, d := range ds {
		text := fmt.Sprintf("%s: %s became %s", path(d.Path), d.Want, d.Got)
		if d.Detail != "" {
			text += " (" + d.Detail + ")"
		}
		n := byText[text]
		if n == nil {
			n = &node{text: text}
			byText[text] = n
			nodes = append(nodes, n)
		}
		if !slices.Contains(n.classes, string(d.Class)) {
			n.classes = append(n.classes, string(d.Class))
		}
	}
	var parts []string
	for _, n := range nodes {
		s := n.text
		if declared != nil {
			var cs []string
			for _, c := range n.classes {
				if declared[c] {
					cs = append(cs, c+": declared")
				} else {
					cs = append(cs, c+": not declared")
				}
			}
			s += " [" + strings.Join(cs, "; ") + "]"
		}
		parts = append(parts, s)
	}
	if n := len(parts); n > maxDescribed {
		parts = append(parts[:maxDescribed], fmt.Sprintf("and %d more", n-maxDescribed))
	}
	return short(strings.Join(parts, "; "))
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// maxDetail bounds the length of a cell's detail, in runes: longer ones
// keep their beginning and their end, where error messages say what
// failed.
const maxDetail = 300

// short makes s one printable line of at most about maxDetail runes
// (format.Line), keeping a third of them from its beginning.
func short(s string) string { return format.Line(s, maxDetail, maxDetail/3) }
