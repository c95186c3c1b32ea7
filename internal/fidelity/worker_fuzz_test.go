package fidelity

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/result"
)

// workerStream returns what a worker writes for the named codec from
// position from on: computeRow's events, as worker encodes them.
func workerStream(f *testing.F, name string, from int) []byte {
	c, ok := codec.Lookup(name)
	if !ok {
		f.Fatalf("no codec %s", name)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := computeRow(c, Cases(), from, func(e event) error { return enc.Encode(e) }); err != nil {
		f.Fatal(err)
	}
	return b.Bytes()
}

// FuzzWorkerEvents feeds arbitrary bytes to the coordinator's reader of a
// fidelity worker's events (eventReader), as the answer to a worker asked
// for the cells from position from on. It must not panic; it must end
// with an error (io.EOF at a clean end); and what it accepts must be what
// processRow and runWorker can use without looking: the header first and
// once, then cells at consecutive positions from from, each within the
// row and with a status a worker computes, done only after the last cell.
// Real workers' streams are accepted whole.
func FuzzWorkerEvents(f *testing.F) {
	n := len(Cases())
	for _, s := range []struct {
		name string
		from int
	}{{codecZero, 0}, {codecError, 0}, {codecPanic, 3}, {codecPerson, 0}, {codecNone, n - 1}, {codecNoTS, 1}} {
		stream := workerStream(f, s.name, s.from)
		f.Add(uint8(s.from), stream)
		// A worker that died half-way.
		f.Add(uint8(s.from), stream[:len(stream)/2])
	}
	f.Add(uint8(0), []byte(`{"header":true,"carrier":"x"}`+"\n"+`{"pos":5,"cell":{"case":"a","status":"exact"}}`+"\n"))
	f.Add(uint8(2), []byte(`{"header":true}{"pos":-1,"cell":{"status":"FAIL"}}{"done":true}`))
	f.Add(uint8(0), []byte(`{"header":true}{"pos":0,"cell":{"status":"crash"}}{"pos":1000000,"cell":{"status":"exact"}}`))
	f.Add(uint8(1), []byte(`{"done":true}{"header":true,"done":true}null [] {"pos":"1"}`))

	real := workerStream(f, codecZero, 0)
	er := newEventReader(bytes.NewReader(real), 0, n)
	for {
		if _, err := er.read(); err != nil {
			if err != io.EOF {
				f.Fatalf("a real worker's stream: %v", err)
			}
			break
		}
	}

	f.Fuzz(func(t *testing.T, from8 uint8, data []byte) {
		from := int(from8) % n
		er := newEventReader(bytes.NewReader(data), from, n)
		// The row and next as runWorker and processRow keep them.
		row := make([]result.FidelityCell, n)
		next, header, done := -1, false, false
		var err error
		for !done {
			var e event
			if e, err = er.read(); err != nil {
				break
			}
			switch {
			case e.Header:
				if header {
					t.Fatal("a second header accepted")
				}
				header, next = true, from
			case e.Cell != nil:
				if !header || e.Pos != next || e.Pos < from || e.Pos >= n {
					t.Fatalf("cell at %d accepted (header %v, next %d, from %d, %d cases)", e.Pos, header, next, from, n)
				}
				switch e.Cell.Status {
				case result.FidelityCrash, result.FidelityTimeout, result.FidelityMemory, "":
					t.Fatalf("a cell with status %q accepted", e.Cell.Status)
				}
				row[e.Pos] = *e.Cell
				next = e.Pos + 1
			case e.Done:
				if next != n {
					t.Fatalf("done accepted after cells up to %d of %d", next, n)
				}
				done = true
			default:
				t.Fatalf("an empty event accepted: %+v", e)
			}
		}
		if !done && err == nil {
			t.Fatal("the reader stopped without an error")
		}
		if len(bytes.Trim(data, " \t\r\n")) == 0 && !errors.Is(err, io.EOF) {
			t.Fatalf("empty stream: %v, want io.EOF", err)
		}
		// processRow marks the cell at next when the worker dies: it
		// must be -1 (before the header) or a position of the row, or
		// the end.
		if next != -1 && (next < from || next > n) {
			t.Fatalf("next %d outside -1 and %d..%d", next, from, n)
		}
	})
}
