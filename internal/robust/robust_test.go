package robust

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/result"
	_ "github.com/serbench/serbench/workload" // person and nested
)

// The test codecs: encoding/json on every target, misbehaving as their
// names say on every input encoding/json refuses.
const (
	tStrict = "t-strict" // returns the error
	tAccept = "t-accept" // returns no error, whatever the input
	tPanic  = "t-panic"  // panics
	tCrash  = "t-crash"  // panics on another goroutine: the process dies
	tHang   = "t-hang"   // sleeps for an hour
	tAlloc  = "t-alloc"  // allocates allocSize bytes, then returns the error
	tOOM    = "t-oom"    // allocates and touches memory until it is killed
	// tNever refuses every input, its own valid messages too.
	tNever = "t-never"
	// tProcess writes its process ID before the JSON and reads only its
	// own process's messages; it crashes on what encoding/json refuses.
	tProcess = "t-process"
	// tHuge is encoding/json with hugePad spaces before each message.
	tHuge = "t-huge"
)

const hugePad = 256 << 10

const allocSize = 4 << 20

// hangMarkEnv names a file that tHang creates when it starts to hang.
const hangMarkEnv = "ROBUSTTEST_HANG_MARK"

var oomHold [][]byte

func init() {
	misbehave := map[string]func(err error) error{
		tStrict: func(err error) error { return err },
		tAccept: func(error) error { return nil },
		tPanic:  func(error) error { panic("t-panic refuses to refuse") },
		tCrash: func(error) error {
			done := make(chan struct{})
			go func() { panic("t-crash brings the process down") }()
			<-done
			return nil
		},
		tHang: func(error) error {
			exectest.Hanging(hangMarkEnv) // the test's sign that it hangs
			time.Sleep(time.Hour)
			return nil
		},
		tAlloc: func(err error) error {
			b := make([]byte, allocSize)
			b[len(b)-1] = 1
			oomHold = append(oomHold[:0], b)
			return err
		},
		tOOM: func(error) error {
			for {
				b := make([]byte, 64<<20)
				for i := 0; i < len(b); i += 4096 {
					b[i] = 1
				}
				oomHold = append(oomHold, b)
			}
		},
	}
	codec.Register(codec.NewReflect(codec.Info{Name: tNever, Format: "json", Module: "std", API: codec.Reflection},
		json.Marshal, func([]byte, any) error { return errors.New("t-never reads nothing") }))
	pid := []byte(strconv.Itoa(os.Getpid()) + ":")
	codec.Register(codec.NewReflect(codec.Info{Name: tProcess, Format: "json", Module: "std", API: codec.Reflection},
		func(v any) ([]byte, error) {
			b, err := json.Marshal(v)
			return append(slices.Clone(pid), b...), err
		},
		func(data []byte, v any) error {
			rest, ok := bytes.CutPrefix(data, pid)
			if !ok {
				return errors.New("a message of another process")
			}
			if err := json.Unmarshal(rest, v); err != nil {
				return misbehave[tCrash](err)
			}
			return nil
		}))
	codec.Register(codec.NewReflect(codec.Info{Name: tHuge, Format: "json", Module: "std", API: codec.Reflection},
		func(v any) ([]byte, error) {
			b, err := json.Marshal(v)
			return append(bytes.Repeat([]byte(" "), hugePad), b...), err
		}, json.Unmarshal))
	for name, bad := range misbehave {
		codec.Register(codec.NewReflect(codec.Info{Name: name, Format: "json", Module: "std", API: codec.Reflection},
			json.Marshal,
			func(data []byte, v any) error {
				if err := json.Unmarshal(data, v); err != nil {
					return bad(err)
				}
				return nil
			}))
	}
}

// TestMain lets the test binary serve as the workers of Compute.
func TestMain(m *testing.M) {
	MaybeWorker()
	os.Exit(m.Run())
}

// TestInputsAreDeterministicMutations checks each class's inputs against
// the messages they mutate, and that the same seed gives the same bytes.
func TestInputsAreDeterministicMutations(t *testing.T) {
	msgs := [][]byte{[]byte("\x82\xa4name\xa3bob\xa3age\x10"), bytes.Repeat([]byte{0x91}, 40)}
	const budget = 25
	in := Inputs("msgpack", msgs, 7, budget)
	again := Inputs("msgpack", msgs, 7, budget)
	other := Inputs("msgpack", msgs, 8, budget)
	if !slices.EqualFunc(in, again, func(a, b Input) bool { return a.Class == b.Class && a.Desc == b.Desc && bytes.Equal(a.Data, b.Data) }) {
		t.Fatal("the same seed gave other inputs")
	}
	if slices.EqualFunc(in, other, func(a, b Input) bool { return bytes.Equal(a.Data, b.Data) }) {
		t.Fatal("another seed gave the same inputs")
	}
	count := map[string]int{}
	for _, x := range in {
		count[x.Class]++
		switch x.Class {
		case Truncate:
			if !bytes.HasPrefix(msgs[0], x.Data) && !bytes.HasPrefix(msgs[1], x.Data) || len(x.Data) >= len(msgs[1]) {
				t.Errorf("truncation %q (%s) is no proper prefix of a message", x.Data, x.Desc)
			}
		case BitFlip:
			if d := bitsApart(x.Data, msgs); d != 1 {
				t.Errorf("bit flip %s: %d bits from the nearest message, want 1", x.Desc, d)
			}
		case Bomb:
			found := false
			for _, p := range Patterns("msgpack") {
				found = found || strings.Contains(x.Desc, p.Name) && bytes.Contains(x.Data, p.Bytes)
			}
			if !found {
				t.Errorf("bomb %s holds none of the patterns", x.Desc)
			}
		case Deep:
			if len(x.Data) < Depths[0] {
				t.Errorf("deep input %s has %d bytes", x.Desc, len(x.Data))
			}
		}
	}
	for _, c := range []string{Truncate, BitFlip, Bomb, Random} {
		if count[c] != budget {
			t.Errorf("%s: %d inputs, want the budget of %d (there are more candidates)", c, count[c], budget)
		}
	}
	if count[Deep] != len(Depths) {
		t.Errorf("deep: %d inputs, want %d", count[Deep], len(Depths))
	}
	// Fewer candidates than the budget: all of them, the empty prefix once.
	small := Inputs("json", [][]byte{[]byte("{}"), []byte("[1]")}, 1, 100)
	var prefixes []string
	for _, x := range small {
		if x.Class == Truncate {
			prefixes = append(prefixes, string(x.Data))
		}
		if x.Class == Bomb {
			t.Errorf("json has a bomb input: %s", x.Desc)
		}
	}
	if want := []string{"", "{", "[", "[1"}; !slices.Equal(prefixes, want) {
		t.Errorf("prefixes %q, want %q", prefixes, want)
	}
}

// bitsApart returns the fewest bits in which data differs from a message
// of the same length.
func bitsApart(data []byte, msgs [][]byte) int {
	best := -1
	for _, m := range msgs {
		if len(m) != len(data) {
			continue
		}
		n := 0
		for i := range m {
			for x := m[i] ^ data[i]; x != 0; x &= x - 1 {
				n++
			}
		}
		if best < 0 || n < best {
			best = n
		}
	}
	return best
}

// TestNestedInputsAreValid checks that the deep inputs nest as deep as
// they say, in formats that a reference library reads.
func TestNestedInputsAreValid(t *testing.T) {
	const d = 1000
	js := nesters["json"].nest(d)
	if !json.Valid(js) || bytes.Count(js, []byte("[")) != d {
		t.Errorf("json nesting is not valid JSON %d deep", d)
	}
	var v map[string]any
	if err := json.Unmarshal(nesters["json"].nest(10), &v); err != nil {
		t.Fatal(err)
	}
	depth := 0
	for x := v["serbench_deep"]; x != nil; depth++ {
		a := x.([]any)
		if len(a) == 0 {
			break
		}
		x = a[0]
	}
	if depth != 9 { // ten arrays: the innermost is empty
		t.Errorf("json nesting of 10: %d levels of one element", depth)
	}
	raw := bson.Raw(bsonNest(d))
	if err := raw.Validate(); err != nil {
		t.Fatalf("bson nesting: %v", err)
	}
	levels := 0
	for doc := raw; ; levels++ {
		val, err := doc.LookupErr("k")
		if err != nil {
			break
		}
		doc = val.Document()
	}
	if levels != d {
		t.Errorf("bson nesting: %d levels, want %d", levels, d)
	}
}

// TestControls: a row whose codec does not decode its own valid messages
// in the process that decodes the inputs says so and counts nothing; a
// row whose new worker cannot read the first worker's messages stops,
// its other inputs counted as not run.
func TestControls(t *testing.T) {
	m, err := Compute(context.Background(), codectest.Codecs(t, tNever), Options{Workloads: []string{"person"}, Budget: 4, Messages: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := m.Rows[0]; r.Cells != nil || !strings.Contains(r.Note, "does not decode its own valid message (value 0") || !strings.Contains(r.Note, "t-never reads nothing") {
		t.Errorf("%s: note %q, cells %+v", tNever, r.Note, r.Cells)
	}
	r := computeOne(t, tProcess, Options{})
	if !strings.Contains(r.Note, "a new worker encodes other messages than the first one and does not decode value 0") {
		t.Errorf("%s: note %q", tProcess, r.Note)
	}
	if c := r.Cell(Truncate); c.Crashes != 1 || c.NotRun == 0 || c.Errors+c.Crashes+c.NotRun != c.Inputs {
		t.Errorf("%s truncate: %+v", tProcess, c)
	}
}

func computeOne(t *testing.T, name string, opts Options) result.RobustRow {
	t.Helper()
	opts.Workloads = []string{"person"}
	if opts.Budget == 0 {
		opts.Budget = 6
	}
	opts.Messages = 2
	m, err := Compute(context.Background(), codectest.Codecs(t, name), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rows) != 1 || len(m.Rows[0].Cells) != len(Classes()) {
		t.Fatalf("matrix of %s: %+v", name, m.Rows)
	}
	r := m.Rows[0]
	for _, c := range r.Cells {
		if sum := c.Errors + c.Panics + c.Crashes + c.Hangs + c.Accepted + c.NotRun; sum != c.Inputs {
			t.Errorf("%s %s: outcomes add up to %d of %d inputs: %+v", name, c.Class, sum, c.Inputs, c)
		}
	}
	return r
}

// TestOutcomes runs each misbehaving codec in worker processes and checks
// what the matrix says of it.
func TestOutcomes(t *testing.T) {
	strict := computeOne(t, tStrict, Options{})
	for _, c := range strict.Cells {
		if c.Inputs == 0 && c.Class != Bomb || c.Bad() != 0 {
			t.Errorf("%s %s: %+v", tStrict, c.Class, c)
		}
		if c.Class == Truncate && (c.Accepted != 0 || c.Mark() != "ok") {
			t.Errorf("encoding/json accepted a truncated message: %+v", c)
		}
	}
	if c := strict.Cell(Bomb); c.Inputs != 0 || c.NA == "" || c.Mark() != "n/a" {
		t.Errorf("a JSON codec has bombs: %+v", c)
	}

	accept := computeOne(t, tAccept, Options{})
	if c := accept.Cell(Random); c.Accepted != c.Inputs || c.Mark() != "A6" {
		t.Errorf("%s random: %+v, mark %q", tAccept, c, c.Mark())
	}

	panics := computeOne(t, tPanic, Options{})
	if c := panics.Cell(Truncate); c.Panics != c.Inputs || c.Example == nil || c.Example.Outcome != "panic" || !strings.Contains(c.Example.Detail, "refuses to refuse") || len(c.Example.Data) != c.Example.Size {
		t.Errorf("%s truncate: %+v", tPanic, c)
	}

	crash := computeOne(t, tCrash, Options{})
	for _, class := range []string{Truncate, Random} {
		c := crash.Cell(class)
		if c.Crashes != result.RobustMaxDeaths || c.NotRun != c.Inputs-result.RobustMaxDeaths || c.Example == nil || !strings.Contains(c.Example.Detail, "t-crash brings the process down") {
			t.Errorf("%s %s: %+v, example %+v", tCrash, class, c, c.Example)
		}
		if want := fmtMark(result.RobustMaxDeaths, c.Inputs-result.RobustMaxDeaths); c.Mark() != want {
			t.Errorf("%s %s: mark %q, want %q", tCrash, class, c.Mark(), want)
		}
	}

	start := time.Now()
	hang := computeOne(t, tHang, Options{TimeLimit: 300 * time.Millisecond, Budget: 4})
	if c := hang.Cell(Truncate); c.Hangs != result.RobustMaxDeaths || c.Example == nil || !strings.Contains(c.Example.Detail, "time limit") {
		t.Errorf("%s truncate: %+v", tHang, c)
	}
	t.Logf("%s: %s", tHang, time.Since(start))

	alloc := computeOne(t, tAlloc, Options{})
	w := alloc.Worst()
	if w == nil || w.Alloc < allocSize || w.Alloc > 2*allocSize || w.Ratio != result.Amplification(w.Alloc, w.Size) {
		t.Errorf("%s: worst %+v", tAlloc, w)
	}
}

func fmtMark(crashes, notRun int) string {
	return "C" + strconv.Itoa(crashes) + "+" + strconv.Itoa(notRun)
}

// TestMemoryLimit: a decoder that eats memory is killed at the limit and
// counted as a crash that names the limit.
func TestMemoryLimit(t *testing.T) {
	r := computeOne(t, tOOM, Options{MemoryLimit: 128 << 20, Budget: 3})
	c := r.Cell(Truncate)
	if c.Crashes != result.RobustMaxDeaths || c.Example == nil || !strings.Contains(c.Example.Detail, "memory") {
		t.Fatalf("%s: %+v, example %+v", tOOM, c, c.Example)
	}
}

// TestSave: the inputs the matrix reports are written where it says, with
// the bytes that were decoded.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	r := computeOne(t, tPanic, Options{SaveDir: dir, InProcess: true})
	n := 0
	for _, c := range r.Cells {
		for _, x := range []*result.RobustInput{c.Example, c.Worst} {
			if x == nil {
				continue
			}
			if x.File == "" {
				t.Fatalf("%s: input %d has no file", c.Class, x.Pos)
			}
			b, err := os.ReadFile(filepath.Join(dir, x.File))
			if err != nil {
				t.Fatal(err)
			}
			if len(b) != x.Size || x.Data != nil && !bytes.Equal(b, x.Data) {
				t.Errorf("%s: file %s has %d bytes, want %d", c.Class, x.File, len(b), x.Size)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no input saved")
	}
}

// TestFrames: frames round-trip, and a broken stream is an error.
func TestFrames(t *testing.T) {
	var b bytes.Buffer
	for i, d := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte{7}, 70000)} {
		if err := writeFrame(&b, i, d); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []int{0, 1, 70000} {
		pos, data, err := readFrame(&b)
		if err != nil || pos != i || len(data) != want {
			t.Fatalf("frame %d: %d, %d bytes, %v", i, pos, len(data), err)
		}
	}
	if _, _, err := readFrame(&b); err == nil || err.Error() != "EOF" {
		t.Errorf("after the last frame: %v, want EOF", err)
	}
	for _, bad := range []string{"\x00\x00\x00\x01\x00", "\x00\x00\x00\x01\x00\x00\x00\x05ab", "\x00\x00\x00\x01\xff\xff\xff\xff"} {
		if _, _, err := readFrame(strings.NewReader(bad)); err == nil || err.Error() == "EOF" {
			t.Errorf("readFrame(%q): %v, want an error", bad, err)
		}
	}
}

// FuzzReadFrame: whatever a worker is sent, reading it never panics nor
// allocates more than the frame it says it is, and what writeFrame wrote
// reads back.
func FuzzReadFrame(f *testing.F) {
	var b bytes.Buffer
	writeFrame(&b, 3, []byte("hello"))
	f.Add(b.Bytes())
	f.Add([]byte("\x00\x00\x00\x00\xff\xff\xff\xff"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bytes.NewReader(in)
		for {
			pos, data, err := readFrame(r)
			if err != nil {
				return
			}
			if len(data) > len(in) {
				t.Fatalf("read %d bytes from %d", len(data), len(in))
			}
			var out bytes.Buffer
			writeFrame(&out, pos, data)
			p2, d2, err := readFrame(&out)
			if err != nil || p2 != pos || !bytes.Equal(d2, data) {
				t.Fatalf("round trip of frame %d: %d, %v", pos, p2, err)
			}
		}
	})
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	f()
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc - before
}

// TestInputsOfLargeMessages: the inputs of large messages cost about
// their own bytes, not a list of every candidate (every bit of every
// message: 128 bytes of list a byte of message).
func TestInputsOfLargeMessages(t *testing.T) {
	msgs := [][]byte{bytes.Repeat([]byte{0x80}, 256<<10), bytes.Repeat([]byte{0x81}, 256<<10)}
	var in []Input
	n := allocated(func() { in = Inputs("msgpack", msgs, DefaultSeed, 4) })
	if n > 32<<20 {
		t.Errorf("the inputs of 2 messages of 256 KiB, 4 a class, allocated %d MiB", n>>20)
	}
	count := map[string]int{}
	for _, x := range in {
		count[x.Class]++
	}
	for _, c := range []string{Truncate, BitFlip, Bomb, Random} {
		if count[c] != 4 {
			t.Errorf("%d %s inputs, want 4", count[c], c)
		}
	}
}

// TestLargeMessagesLowerTheBudget: a codec whose messages are so large
// that the budget's inputs would pass MaxInputBytes gets fewer inputs a
// class, and its row says so, rather than serbench holding them all.
func TestLargeMessagesLowerTheBudget(t *testing.T) {
	defer func(n int) { MaxInputBytes = n }(MaxInputBytes)
	MaxInputBytes = 8 << 20
	var r result.RobustRow
	n := allocated(func() { r = computeOne(t, tHuge, Options{Budget: 400, InProcess: true}) })
	want := MaxInputBytes / (5 * (hugePad + 1))
	if !strings.Contains(r.Note, fmt.Sprintf("at most %d inputs a class, not 400", want)) {
		t.Errorf("note %q, want one that says the budget was lowered to %d", r.Note, want)
	}
	for _, c := range r.Cells {
		if c.Class != Deep && c.Inputs > want {
			t.Errorf("%s: %d inputs, want at most %d", c.Class, c.Inputs, want)
		}
	}
	if n > 256<<20 {
		t.Errorf("the row allocated %d MiB", n>>20)
	}
}
