package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// The test codecs: implementations of a fake format, "t-fake" (JSON
// underneath), that bind person only, misbehaving as their names say.
const (
	tGood   = "t-good"   // encoding/json
	tSpaced = "t-spaced" // encoding/json, with a space before each message (valid JSON)
	tDrop   = "t-drop"   // reads, then silently drops Phone
	tErr    = "t-err"    // refuses every message
	tPanic  = "t-panic"  // panics on every message
	tUTC    = "t-utc"    // writes and reads times in UTC, and declares time-zone
	tCrash  = "t-crash"  // reads, but crashes the process on a message that starts with a space
	tHang   = "t-hang"   // reads, but hangs on a message that starts with a space
	tReuse  = "t-reuse"  // a buffer-reuse variant: not a participant
	tNone   = "t-none"   // binds nothing
	tSolo   = "t-solo"   // the only implementation of its format
	tEmpty  = "t-empty"  // writes every value as no bytes (a nil message); reads no bytes as an empty person
)

const fakeFormat = "t-fake"

func register(name string, flags codec.Flags, losses []codec.Loss, marshal func(any) ([]byte, error), unmarshal func([]byte, any) error) {
	info := codec.Info{Name: name, Format: fakeFormat, Module: "std", API: codec.Reflection, Flags: flags, Losses: losses}
	if name == tSolo {
		info.Format = "t-solo"
	}
	codec.Register(codec.New(info, func(t codec.Target) (codec.Instance, error) {
		if t.Workload != "person" || name == tNone {
			return nil, codec.Unsupportedf("%s binds person only", name)
		}
		return codec.Reflect(t, marshal, unmarshal), nil
	}))
}

func init() {
	plain := codec.Flags{}
	register(tGood, plain, nil, json.Marshal, json.Unmarshal)
	register(tSolo, plain, nil, json.Marshal, json.Unmarshal)
	register(tEmpty, plain, nil, func(any) ([]byte, error) { return nil, nil }, func(data []byte, v any) error {
		if len(data) == 0 {
			return nil
		}
		return json.Unmarshal(data, v)
	})
	register(tReuse, codec.Flags{BufferReuse: true}, nil, json.Marshal, json.Unmarshal)
	register(tNone, plain, nil, json.Marshal, json.Unmarshal)
	register(tSpaced, plain, nil, func(v any) ([]byte, error) {
		b, err := json.Marshal(v)
		return append([]byte(" "), b...), err
	}, json.Unmarshal)
	register(tDrop, plain, nil, json.Marshal, func(data []byte, v any) error {
		err := json.Unmarshal(data, v)
		v.(*workload.Person).Phone = ""
		return err
	})
	register(tErr, plain, nil, json.Marshal, func([]byte, any) error { return errors.New("t-err reads nothing") })
	register(tPanic, plain, nil, json.Marshal, func([]byte, any) error { panic("t-panic panics") })
	register(tUTC, plain, []codec.Loss{{Kind: codec.TimeZone}}, func(v any) ([]byte, error) {
		p := *v.(*workload.Person)
		p.BirthDay = p.BirthDay.UTC()
		return json.Marshal(&p)
	}, func(data []byte, v any) error {
		err := json.Unmarshal(data, v)
		p := v.(*workload.Person)
		p.BirthDay = p.BirthDay.UTC()
		return err
	})
	register(tCrash, plain, nil, json.Marshal, func(data []byte, v any) error {
		if bytes.HasPrefix(data, []byte(" ")) {
			done := make(chan struct{})
			go func() { panic("t-crash brings the process down") }()
			<-done
		}
		return json.Unmarshal(data, v)
	})
	register(tHang, plain, nil, json.Marshal, func(data []byte, v any) error {
		if bytes.HasPrefix(data, []byte(" ")) {
			hangReading()
		}
		return json.Unmarshal(data, v)
	})
}

// hangReading is where t-hang hangs: a hung pair's detail names it.
//
//go:noinline
func hangReading() { time.Sleep(time.Hour) }

// TestMain lets the test binary serve as the workers of Compute.
func TestMain(m *testing.M) {
	MaybeWorker()
	os.Exit(m.Run())
}

// TestParticipants: plain codecs only, grouped by format, in name order;
// a format with one implementation is no matrix.
func TestParticipants(t *testing.T) {
	fs := Participants(codectest.Codecs(t, tUTC, tGood, tReuse, tSolo, tSpaced))
	if len(fs) != 1 || fs[0].Name != fakeFormat {
		t.Fatalf("formats %+v, want %s only", fs, fakeFormat)
	}
	var names []string
	for _, c := range fs[0].Codecs {
		names = append(names, c.Info().Name)
	}
	if want := []string{tGood, tSpaced, tUTC}; !slices.Equal(names, want) {
		t.Errorf("participants %v, want %v", names, want)
	}
}

// TestImplementations: every format, one participant or more; Joined
// makes a matrix of a format with one.
func TestImplementations(t *testing.T) {
	fs := Implementations(codectest.Codecs(t, tUTC, tGood, tReuse, tSolo))
	if len(fs) != 2 || fs[0].Name != fakeFormat || fs[1].Name != "t-solo" || len(fs[0].Codecs) != 2 || len(fs[1].Codecs) != 1 {
		t.Fatalf("formats %+v, want %s (2) and t-solo (1)", fs, fakeFormat)
	}
	x, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSolo), Options{InProcess: true, Workloads: []string{"person"}, Values: 3, Joined: []string{"t-solo"}})
	if err != nil {
		t.Fatal(err)
	}
	if m := x.Matrix("t-solo", "person"); len(x.Matrices) != 1 || m == nil || len(m.Cells) != 1 || m.Cells[0].Status != result.InteropExact {
		t.Errorf("a joined format with one implementation: %+v", x.Matrices)
	}
}

// cell returns the cell of writer and reader, or fails.
func cell(t *testing.T, m *result.InteropMatrix, writer, reader string) *result.InteropCell {
	t.Helper()
	c := m.Cell(writer, reader)
	if c == nil {
		t.Fatalf("no cell %s → %s", writer, reader)
	}
	return c
}

// TestOutcomes: an exact pair, a silent drop with its field, an error, a
// panic, a declared loss of the writer and of the reader, and a codec
// that binds nothing left out, computed in this process.
func TestOutcomes(t *testing.T) {
	x, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSpaced, tDrop, tErr, tPanic, tUTC, tNone, tSolo, tReuse),
		Options{Workloads: []string{"person"}, Values: 20, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Matrices) != 1 || x.Values != 20 {
		t.Fatalf("got %d matrices of %d values, want 1 of 20", len(x.Matrices), x.Values)
	}
	m := &x.Matrices[0]
	if m.Format != fakeFormat || m.Workload != "person" || len(m.Codecs) != 6 || len(m.Cells) != 36 {
		t.Fatalf("matrix %s on %s with %d codecs and %d cells, want %s on person, 6 and 36", m.Format, m.Workload, len(m.Codecs), len(m.Cells), fakeFormat)
	}
	if len(m.Left) != 1 || m.Left[0].Name != tNone || !strings.Contains(m.Left[0].Note, "binds person only") {
		t.Errorf("left out: %+v, want %s and why", m.Left, tNone)
	}
	for _, w := range []string{tGood, tSpaced} {
		if c := cell(t, m, w, tGood); c.Status != result.InteropExact || c.Exact != 20 || c.Values != 20 {
			t.Errorf("%s → %s: %+v, want exact 20 of 20", w, tGood, c)
		}
	}
	if c := cell(t, m, tGood, tDrop); c.Status != result.InteropFail || c.Fails != 20 || c.Example == nil || c.Example.Path != "Phone" || c.Example.Got != `""` {
		t.Errorf("%s → %s: %+v (example %+v), want FAIL at Phone", tGood, tDrop, c, c.Example)
	}
	if c := cell(t, m, tGood, tErr); c.Status != result.InteropError || c.Errors != 20 || !strings.Contains(c.Detail, "t-err reads nothing") {
		t.Errorf("%s → %s: %+v, want error with the message", tGood, tErr, c)
	}
	if c := cell(t, m, tGood, tPanic); c.Status != result.InteropPanic || c.Panics != 20 || !strings.Contains(c.Detail, "t-panic panics") {
		t.Errorf("%s → %s: %+v, want panic with its value", tGood, tPanic, c)
	}
	for _, pair := range [][2]string{{tGood, tUTC}, {tUTC, tGood}, {tUTC, tUTC}, {tUTC, tSpaced}} {
		c := cell(t, m, pair[0], pair[1])
		if c.Status != result.InteropLossy || !slices.Equal(c.Classes, []string{"time-zone"}) || c.Lossy == 0 || c.Lossy+c.Exact != 20 {
			t.Errorf("%s → %s: %+v, want lossy, time-zone", pair[0], pair[1], c)
		}
		if d, not := m.Declared(pair[0], pair[1], c.Classes); !slices.Equal(d, []string{"time-zone"}) || len(not) != 0 {
			t.Errorf("%s → %s: declared %v, not declared %v", pair[0], pair[1], d, not)
		}
	}
	// A loss neither codec declares is a FAIL: t-utc's zone read by
	// t-drop, which declares none.
	if c := cell(t, m, tUTC, tDrop); c.Status != result.InteropFail || !slices.Contains(c.Classes, "time-zone") {
		t.Errorf("%s → %s: %+v, want FAIL with time-zone among the classes", tUTC, tDrop, c)
	}
	// The diagonal is there.
	if c := cell(t, m, tErr, tErr); c.Status != result.InteropError {
		t.Errorf("%s → %s: %+v, want its own error", tErr, tErr, c)
	}
	// The rows are in name order, Cells row-major.
	n := len(m.Codecs)
	for i, w := range m.Codecs {
		for j, r := range m.Codecs {
			if c := m.Cells[i*n+j]; c.Writer != w.Name || c.Reader != r.Name {
				t.Fatalf("cell %d is %s → %s, want %s → %s", i*n+j, c.Writer, c.Reader, w.Name, r.Name)
			}
		}
	}
	if _, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSolo), Options{InProcess: true, Workloads: []string{"person"}}); err == nil {
		t.Error("no format with two implementations: no error")
	}
	if _, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSpaced), Options{InProcess: true, Workloads: []string{"no-such"}}); err == nil {
		t.Error("an unknown workload: no error")
	}
	if _, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSpaced), Options{InProcess: true, Format: regexp.MustCompile("^json$")}); err == nil {
		t.Error("--format selecting nothing: no error")
	}
}

// TestWorkersContainCrashAndHang: a reader that crashes or hangs on one
// writer's messages marks that pair only; its other pairs and the other
// readers go on, in worker processes of the test binary.
func TestWorkersContainCrashAndHang(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	x, err := Compute(context.Background(), codectest.Codecs(t, tGood, tSpaced, tCrash, tHang),
		Options{Workloads: []string{"person"}, Values: 5, TimeLimit: 2 * time.Second, MemoryLimit: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	m := &x.Matrices[0]
	for _, c := range m.Cells {
		want := result.InteropExact
		switch {
		case c.Writer == tSpaced && c.Reader == tCrash:
			want = result.InteropCrash
		case c.Writer == tSpaced && c.Reader == tHang:
			want = result.InteropHang
		}
		if c.Status != want {
			t.Errorf("%s → %s: %s (%s), want %s", c.Writer, c.Reader, c.Status, c.Detail, want)
		}
	}
	if c := m.Cell(tSpaced, tCrash); !strings.Contains(c.Detail, "t-crash brings the process down") {
		t.Errorf("crash detail %q does not say why", c.Detail)
	}
	if c := m.Cell(tSpaced, tHang); !strings.Contains(c.Detail, "time limit") {
		t.Errorf("hang detail %q does not name the time limit", c.Detail)
	}
	// The worker that hung was asked for its goroutines before it was
	// killed: after the line that tables show, they say where it hung.
	line, stacks := workerproc.CutStacks(m.Cell(tSpaced, tHang).Detail)
	if line != "no answer within the time limit of 2s; the worker was killed" {
		t.Errorf("hang detail's line %q", line)
	}
	if runtime.GOOS == "linux" && (!strings.Contains(stacks, "interop.hangReading()") || !strings.Contains(stacks, "time.Sleep(") || len(stacks) > workerproc.ExcerptKept) {
		t.Errorf("hang detail: the goroutines of the hung worker do not say it hung in hangReading, in time.Sleep (at most %d bytes):\n%s", workerproc.ExcerptKept, stacks)
	}
}

// TestWorkerMatchesInProcess: the same matrix, in workers and in this
// process.
func TestWorkerMatchesInProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	codecs := codectest.Codecs(t, tGood, tDrop, tErr, tPanic, tUTC)
	opts := Options{Workloads: []string{"person"}, Values: 10}
	inWorkers, err := Compute(context.Background(), codecs, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.InProcess = true
	here, err := Compute(context.Background(), codecs, opts)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(inWorkers)
	b, _ := json.Marshal(here)
	if !bytes.Equal(a, b) {
		t.Errorf("in workers:\n%s\nin process:\n%s", a, b)
	}
}

// TestRead: a Go codec reads another implementation's messages of given
// workload values, judged with the losses accepted beyond its own; in a
// worker, a reader that crashes is a CRASH cell.
func TestRead(t *testing.T) {
	w, err := workload.Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	vals := w.Values(workload.Options{Count: 3})
	msg := func(i int, utc bool) []byte {
		p := *vals[i].(*workload.Person)
		if utc {
			p.BirthDay = p.BirthDay.UTC()
		}
		b, err := json.Marshal(&p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rs := []Reading{
		{Writer: "peer a", Reader: tGood, Messages: [][]byte{msg(2, false), msg(0, false)}, Index: []int{2, 0}},
		{Writer: "peer a", Reader: tGood, Messages: [][]byte{msg(1, true)}, Index: []int{1}, Accept: []codec.Loss{{Kind: codec.TimeZone}}},
		{Writer: "peer a", Reader: tGood, Messages: [][]byte{msg(1, true)}, Index: []int{1}},
		{Writer: "peer a", Reader: tCrash, Messages: [][]byte{append([]byte(" "), msg(0, false)...)}},
	}
	cells, err := Read(context.Background(), "person", rs, Options{TimeLimit: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []result.InteropStatus{result.InteropExact, result.InteropLossy, result.InteropFail, result.InteropCrash} {
		if c := cells[i]; c.Status != want || c.Writer != "peer a" || c.Reader != rs[i].Reader {
			t.Errorf("reading %d: %+v, want %s", i, c, want)
		}
	}
	if c := cells[0]; c.Values != 2 || c.Exact != 2 {
		t.Errorf("reading 0: %+v, want 2 exact values", c)
	}
	if c := cells[1]; !slices.Equal(c.Classes, []string{"time-zone"}) {
		t.Errorf("reading 1: classes %v, want time-zone", c.Classes)
	}
}

// TestReadHangGivesStacks: a Go reader that hangs on a peer's messages
// in Read is a HANG cell whose detail, as a hung pair's of Compute, has
// the worker's goroutines after its line: they say where it hung.
func TestReadHangGivesStacks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	rs := []Reading{
		{Writer: "peer a", Reader: tHang, Messages: [][]byte{[]byte(" {}")}},
		{Writer: "peer a", Reader: tGood, Messages: [][]byte{[]byte(" {}")}, Index: []int{0}},
	}
	cells, err := Read(context.Background(), "person", rs, Options{TimeLimit: 2 * time.Second, MemoryLimit: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if c := cells[0]; c.Status != result.InteropHang || c.Writer != "peer a" || c.Reader != tHang {
		t.Fatalf("the hanging reader: %+v, want %s", c, result.InteropHang)
	}
	if c := cells[1]; c.Status == result.InteropHang || c.Status == result.InteropCrash {
		t.Errorf("the other reader: %+v, want it read", c)
	}
	line, stacks := workerproc.CutStacks(cells[0].Detail)
	if line != "no answer within the time limit of 2s; the worker was killed" {
		t.Errorf("hang detail's line %q", line)
	}
	if runtime.GOOS == "linux" && (!strings.Contains(stacks, "interop.hangReading()") || !strings.Contains(stacks, "time.Sleep(") || len(stacks) > workerproc.ExcerptKept) {
		t.Errorf("hang detail: the goroutines of the hung worker do not say it hung in hangReading, in time.Sleep (at most %d bytes):\n%s", workerproc.ExcerptKept, stacks)
	}
}

// TestComputeInterrupted: Compute whose context is done after the first
// reader's column (as after Ctrl-C) returns the matrix with ctx's error:
// that column's pairs as an uninterrupted Compute measures them, the
// others Interrupted, and a note that says how many; with its context
// done before any writer encoded, every codec is in the matrix, every
// pair Interrupted. Read returns its readings Interrupted.
func TestComputeInterrupted(t *testing.T) {
	codecs := codectest.Codecs(t, tGood, tSpaced, tDrop)
	opts := Options{InProcess: true, Workloads: []string{"person"}, Values: 5, Workers: 1}
	full, err := Compute(context.Background(), codecs, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts.Progress = func(done, total int) { cancel() }
	x, err := Compute(ctx, codecs, opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if x == nil || len(x.Matrices) != 1 {
		t.Fatalf("matrices %+v, want the one so far", x)
	}
	m, fm := &x.Matrices[0], &full.Matrices[0]
	if len(m.Codecs) != 3 || len(m.Cells) != 9 {
		t.Fatalf("%d codecs, %d cells; want 3 and 9", len(m.Codecs), len(m.Cells))
	}
	measured := map[string]int{}
	for _, c := range m.Cells {
		if c.Status == Interrupted {
			if !strings.Contains(c.Detail, "interrupted") {
				t.Errorf("%s → %s: detail %q", c.Writer, c.Reader, c.Detail)
			}
			continue
		}
		measured[c.Reader]++
		if want := fm.Cell(c.Writer, c.Reader); want.Status != c.Status || want.Values != c.Values || want.Exact != c.Exact || want.Fails != c.Fails {
			t.Errorf("%s → %s: %+v, want %+v", c.Writer, c.Reader, c, *want)
		}
	}
	if len(measured) != 1 {
		t.Errorf("measured columns %v, want one, whole", measured)
	}
	for r, n := range measured {
		if n != 3 {
			t.Errorf("column %s has %d pairs measured, want 3", r, n)
		}
	}
	// The cells alone say it: the renderers count them in a note of
	// their own, which a note of the matrix would repeat.
	if n := m.Counts()[Interrupted]; n != 6 || len(m.Notes) != 0 {
		t.Errorf("%d pairs interrupted, notes %q; want 6 and no note", n, m.Notes)
	}

	// Done before the writers.
	x, err = Compute(ctx, codecs, opts)
	if !errors.Is(err, context.Canceled) || x == nil {
		t.Fatalf("%+v, %v; want the matrix of no pairs and context.Canceled", x, err)
	}
	m = &x.Matrices[0]
	if len(m.Codecs) != 3 || len(m.Cells) != 9 {
		t.Fatalf("%d codecs, %d cells; want 3 and 9", len(m.Codecs), len(m.Cells))
	}
	for _, c := range m.Cells {
		if c.Status != Interrupted {
			t.Errorf("%s → %s: %s, want %s", c.Writer, c.Reader, c.Status, Interrupted)
		}
	}

	cells, err := Read(ctx, "person", []Reading{{Writer: "peer", Reader: tGood, Messages: [][]byte{[]byte(`{}`)}}}, opts)
	if !errors.Is(err, context.Canceled) || len(cells) != 1 || cells[0].Status != Interrupted || cells[0].Writer != "peer" || cells[0].Reader != tGood {
		t.Errorf("Read: %+v, %v; want one Interrupted cell and context.Canceled", cells, err)
	}
}

// TestGroupInterrupted: once ctx is done (Ctrl-C), group.do neither
// waits for a place, here held by a function that goes on, nor runs its
// function (which would start a worker), and wait returns ctx's error
// though every function that ran returned none.
func TestGroupInterrupted(t *testing.T) {
	g := newGroup(1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	release := make(chan struct{})
	g.do(ctx, func() error { <-release; return nil })
	cancel()
	var ran atomic.Bool
	returned := make(chan struct{})
	go func() {
		g.do(ctx, func() error { ran.Store(true); return nil })
		close(returned)
	}()
	select {
	case <-returned:
	case <-time.After(10 * time.Second):
		t.Error("do waited for a place after ctx was done")
	}
	close(release)
	<-returned
	if err := g.wait(); !errors.Is(err, context.Canceled) {
		t.Errorf("wait: %v, want context.Canceled", err)
	}
	if ran.Load() {
		t.Error("do ran its function after ctx was done")
	}
}

// TestEmptyMessages: a writer whose messages are empty (nil) encoded its
// values all the same: its pairs are measured, in this process and in
// workers, not taken for pairs interrupted before it encoded.
func TestEmptyMessages(t *testing.T) {
	for _, inProcess := range []bool{true, false} {
		if !inProcess && testing.Short() {
			continue
		}
		x, err := Compute(context.Background(), codectest.Codecs(t, tGood, tEmpty),
			Options{Workloads: []string{"person"}, Values: 3, InProcess: inProcess})
		if err != nil {
			t.Fatalf("in process %v: %v", inProcess, err)
		}
		m := &x.Matrices[0]
		if len(m.Codecs) != 2 || len(m.Notes) != 0 {
			t.Fatalf("in process %v: codecs %+v, notes %q; want 2 and none", inProcess, m.Codecs, m.Notes)
		}
		for _, ic := range m.Codecs {
			if ic.Name == tEmpty && (ic.Note != "" || ic.MessageBytes != [2]int{}) {
				t.Errorf("in process %v: %s: %+v, want messages of 0 bytes and no note", inProcess, tEmpty, ic)
			}
		}
		for _, r := range []string{tGood, tEmpty} {
			c := cell(t, m, tEmpty, r)
			if c.Status == Interrupted || c.Values != 3 {
				t.Errorf("in process %v: %s → %s: %s (%s) of %d values, want the 3 values read", inProcess, tEmpty, r, c.Status, c.Detail, c.Values)
			}
		}
		// t-good reads no bytes as an error; t-empty reads them as a
		// person, not the one written.
		if c := cell(t, m, tEmpty, tGood); c.Status != result.InteropError {
			t.Errorf("in process %v: %s → %s: %s, want %s", inProcess, tEmpty, tGood, c.Status, result.InteropError)
		}
		if c := cell(t, m, tEmpty, tEmpty); c.Status != result.InteropFail {
			t.Errorf("in process %v: %s → %s: %s, want %s", inProcess, tEmpty, tEmpty, c.Status, result.InteropFail)
		}
	}
}
