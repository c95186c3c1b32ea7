package interop

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/format"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// written is what a writer made of a workload's values.
type written struct {
	// Messages are the encodings of the values, in order; the writer
	// stopped at the first it could not encode (Failed says why).
	Messages [][]byte `json:"messages,omitempty"`
	// Unbound, when set, says why the writer cannot bind the workload:
	// it is then left out of the matrix.
	Unbound string `json:"unbound,omitempty"`
	// Failed says which value the writer could not encode, and why.
	Failed string `json:"failed,omitempty"`
}

// encode binds c to w and encodes the first n values of w.
func encode(c codec.Codec, w *workload.Workload, n int) written {
	info := c.Info()
	if why := info.Expected(w.Name, codec.ExpectUnsupported); why != "" {
		return written{Unbound: "unsupported: " + why}
	}
	var inst codec.Instance
	if err := codec.Call("bind", func() (e error) { inst, e = c.Bind(w.Target()); return }); err != nil {
		return written{Unbound: "bind: " + short(err.Error())}
	}
	var out written
	for i, v := range w.Values(workload.Options{Count: n}) {
		var data []byte
		err := codec.Call("encode", func() error {
			prepared, err := inst.Prepare(v)
			if err != nil {
				return fmt.Errorf("prepare: %w", err)
			}
			data, err = inst.Encode(prepared)
			return err
		})
		if err != nil {
			out.Failed = fmt.Sprintf("the writer cannot encode value %d: %s", i, short(err.Error()))
			return out
		}
		out.Messages = append(out.Messages, slices.Clone(data))
	}
	if len(out.Messages) == 0 {
		out.Failed = "the workload has no values"
	}
	return out
}

// losses returns the declared losses of the named codecs together.
func losses(names ...string) []codec.Loss {
	var out []codec.Loss
	for _, n := range names {
		if c, ok := codec.Lookup(n); ok {
			out = append(out, c.Info().Losses...)
		}
	}
	return out
}

// read has reader decode msgs, written by writer from the first values of
// w, and compares each value it returns (after Canonical) with a pristine
// copy of the value written: strictly, to name the classes of the
// differences, and with the declared losses of writer and reader
// together (and extra), to judge them. One instance of reader, bound
// once, reads the messages in order. Message i is of value index[i] of w
// (nil index: value i).
func read(writer string, reader codec.Codec, w *workload.Workload, msgs [][]byte, index []int, extra []codec.Loss) result.InteropCell {
	cell := result.InteropCell{Writer: writer, Reader: reader.Info().Name}
	if why := reader.Info().Expected(w.Name, codec.ExpectUnsupported); why != "" {
		cell.Status, cell.Detail = result.InteropNA, "the reader: unsupported: "+why
		return cell
	}
	var inst codec.Instance
	if err := codec.Call("bind", func() (e error) { inst, e = reader.Bind(w.Target()); return }); err != nil {
		cell.Status, cell.Detail = result.InteropNA, "the reader: bind: "+short(err.Error())
		return cell
	}
	accept := append(losses(writer, cell.Reader), extra...)
	count := len(msgs)
	for _, k := range index {
		count = max(count, k+1)
	}
	wants := w.Values(workload.Options{Count: count})
	classes := map[string]bool{}
	for k, data := range msgs {
		i := k
		if index != nil {
			i = index[k]
		}
		cell.Values++
		var got any
		err := codec.Call("decode", func() error {
			native, err := inst.Decode(data)
			if err != nil {
				return err
			}
			got, err = inst.Canonical(native)
			if err != nil {
				return fmt.Errorf("canonical: %w", err)
			}
			return nil
		})
		var p *codec.PanicError
		switch {
		case errors.As(err, &p):
			cell.Panics++
			if cell.Detail == "" {
				cell.Detail = short(fmt.Sprintf("value %d: panic: %v", i, p.Value))
			}
			continue
		case err != nil:
			cell.Errors++
			if cell.Detail == "" {
				cell.Detail = short(fmt.Sprintf("value %d: %v", i, err))
			}
			continue
		}
		if i >= len(wants) {
			cell.Errors++
			if cell.Detail == "" {
				cell.Detail = fmt.Sprintf("value %d: the workload has only %d values", i, len(wants))
			}
			continue
		}
		var all, und []verify.Diff
		err = codec.Call("compare", func() error {
			all = verify.Compare(wants[i], got, nil)
			und = verify.Compare(wants[i], got, accept)
			return nil
		})
		if err != nil {
			// A comparison verify cannot make is serbench's bug, not the
			// codecs': say so.
			cell.Errors++
			if cell.Detail == "" {
				cell.Detail = short(fmt.Sprintf("value %d: verify could not compare the values (a serbench bug): %v", i, err))
			}
			continue
		}
		for _, d := range append(all, und...) {
			classes[string(d.Class)] = true
		}
		switch {
		case len(und) > 0:
			cell.Fails++
			if cell.Example == nil {
				d := und[0]
				cell.Example = &result.InteropDiff{Value: i, Path: strings.TrimPrefix(d.Path, "."), Class: string(d.Class), Want: short(d.Want), Got: short(d.Got)}
			}
		case len(all) > 0:
			cell.Lossy++
		default:
			cell.Exact++
		}
	}
	for c := range classes {
		cell.Classes = append(cell.Classes, c)
	}
	slices.Sort(cell.Classes)
	switch {
	case cell.Fails > 0:
		cell.Status = result.InteropFail
	case cell.Panics > 0:
		cell.Status = result.InteropPanic
	case cell.Errors > 0:
		cell.Status = result.InteropError
	case cell.Lossy > 0:
		cell.Status = result.InteropLossy
	default:
		cell.Status = result.InteropExact
	}
	return cell
}

// maxDetail bounds the length of a detail, in runes.
const maxDetail = 240

// short makes s one printable line of at most about maxDetail runes
// (format.Line), keeping half of them from its beginning.
func short(s string) string { return format.Line(s, maxDetail, maxDetail/2) }
