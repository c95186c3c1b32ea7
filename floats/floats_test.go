package floats

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/codecs/all"
	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

// quick is a configuration for tests: small N, one short sample.
func quick(n int) Config {
	return Config{N: n, Count: 1, SampleTime: time.Millisecond, Timeout: 30 * time.Second}
}

func TestSameSeedSameBytes(t *testing.T) {
	a := LittleEndianBytes(Values(DefaultSeed, 10_000))
	b := LittleEndianBytes(Values(DefaultSeed, 10_000))
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed gave different bytes")
	}
	if bytes.Equal(a, LittleEndianBytes(Values(DefaultSeed+1, 10_000))) {
		t.Fatal("another seed gave the same bytes")
	}
	// The first values of a longer run are those of a shorter one.
	if c := LittleEndianBytes(Values(DefaultSeed, 20_000)); !bytes.Equal(a, c[:len(a)]) {
		t.Fatal("a longer run does not start with the shorter one")
	}
	// Pinned: math/rand/v2's PCG and Float32 are specified, so the
	// default data set must never change.
	sum := fmt.Sprintf("%x", sha256.Sum256(LittleEndianBytes(Values(DefaultSeed, DefaultN))))
	if sum != pinnedSHA256 {
		t.Errorf("SHA-256 of the default %d values = %s, want %s", DefaultN, sum, pinnedSHA256)
	}
}

// pinnedSHA256 is the SHA-256 of the raw little-endian file of the default
// values (DefaultSeed, DefaultN).
const pinnedSHA256 = "06fec3639b2c1239ec17a5566249d56bd327bffd06d21df330f17a1d31a505a8"

func TestSum(t *testing.T) {
	if got := Sum([]float32{1, 2, 3.5}); got != 6.5 {
		t.Errorf("Sum = %v", got)
	}
	if got := Sum(nil); got != 0 {
		t.Errorf("Sum(nil) = %v", got)
	}
}

// TestEveryStrategyRoundTrips runs every built-in strategy and every
// registered codec on 10,000 values with one short sample each.
func TestEveryStrategyRoundTrips(t *testing.T) {
	strategies := Defaults()
	res, err := Run(context.Background(), quick(10_000), strategies)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Verifications) != len(strategies) {
		t.Fatalf("%d verifications for %d strategies", len(res.Verifications), len(strategies))
	}
	builtin := map[string]bool{}
	for _, s := range Builtin() {
		builtin[s.Name] = true
	}
	timed := map[string]bool{}
	for _, c := range res.Cells {
		if c.Status == result.CellOK && len(c.Samples) == 1 {
			timed[c.Codec] = true
		} else {
			t.Errorf("%s: status %s, %d samples: %s", c.Codec, c.Status, len(c.Samples), c.Error)
		}
	}
	for _, v := range res.Verifications {
		switch {
		case v.Status == result.VerifyExact:
			if !timed[v.Codec] {
				t.Errorf("%s verified but not timed", v.Codec)
			}
			if v.MeanSize <= 0 {
				t.Errorf("%s: file size %v", v.Codec, v.MeanSize)
			}
		case builtin[v.Codec]:
			t.Errorf("built-in strategy %s: %s: %s", v.Codec, v.Status, v.Error)
		default:
			t.Logf("codec %s: %s: %s", v.Codec, v.Status, v.Error)
			if timed[v.Codec] {
				t.Errorf("%s failed verification but was timed", v.Codec)
			}
		}
	}
	if len(res.Limits) != 2 || res.Limits[0].Codec != LimitMemcpy || res.Limits[1].Codec != LimitSum {
		t.Fatalf("limits = %+v", res.Limits)
	}
	for _, l := range res.Limits {
		if l.Status != result.CellOK || len(l.Samples) != 1 {
			t.Errorf("limit %s: %s, %d samples", l.Codec, l.Status, len(l.Samples))
		}
	}
	var b bytes.Buffer
	if err := res.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", b.String())
}

// broken returns the "by" strategy with decoded values changed by f.
func broken(name string, f func(call int, xs []float32)) Strategy {
	s := Strategy{Name: name, Write: writeRaw}
	calls := 0
	s.Read = func(path string, use func([]float32)) error {
		return readLoop(path, func(xs []float32) {
			calls++
			f(calls, xs)
			use(xs)
		})
	}
	return s
}

func TestSumCheckCatchesWrongDecoder(t *testing.T) {
	strategies := []Strategy{
		// Wrong from the start: one value off.
		broken("off-by-one", func(_ int, xs []float32) { xs[123] += 1 }),
		// Right at setup, wrong from the third read on (during timing).
		broken("goes-wrong", func(call int, xs []float32) {
			if call >= 3 {
				xs[len(xs)-1] = 0
			}
		}),
		// Two values swapped: a sum that may still match is caught by the
		// value comparison at setup.
		broken("swapped", func(_ int, xs []float32) { xs[0], xs[1] = xs[1], xs[0] }),
		// Drops the last value.
		{Name: "short", Write: writeRaw, Read: func(path string, use func([]float32)) error {
			return readLoop(path, func(xs []float32) { use(xs[:len(xs)-1]) })
		}},
		Builtin()[len(Builtin())-1], // by, correct
	}
	cfg := quick(10_000)
	cfg.Count = 3
	res, err := Run(context.Background(), cfg, strategies)
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]result.Verification{}
	for _, v := range res.Verifications {
		status[v.Codec] = v
	}
	for _, name := range []string{"off-by-one", "swapped", "short"} {
		v := status[name]
		if v.Status != result.VerifyError {
			t.Errorf("%s: verification %s, want error", name, v.Status)
		}
		t.Logf("%s: %s", name, v.Error)
	}
	if e := status["off-by-one"].Error; !strings.Contains(e, "sum mismatch") || !strings.Contains(e, "index 123") {
		t.Errorf("off-by-one error = %q", e)
	}
	if e := status["short"].Error; !strings.Contains(e, "sum mismatch") || !strings.Contains(e, "9999 values") {
		t.Errorf("short error = %q", e)
	}
	if v := status["goes-wrong"]; v.Status != result.VerifyExact {
		t.Errorf("goes-wrong: verification %s: %s", v.Status, v.Error)
	}
	cells := map[string]result.Cell{}
	for _, c := range res.Cells {
		cells[c.Codec] = c
	}
	if len(cells) != 2 {
		t.Errorf("timed %v, want goes-wrong and by only", cells)
	}
	if c := cells["goes-wrong"]; c.Status != result.CellError || !strings.Contains(c.Error, "sum mismatch") || len(c.Samples) != 0 {
		t.Errorf("goes-wrong cell = %s %q, %d samples", c.Status, c.Error, len(c.Samples))
	}
	if c := cells["by"]; c.Status != result.CellOK || len(c.Samples) != 3 {
		t.Errorf("by cell = %s %q, %d samples", c.Status, c.Error, len(c.Samples))
	}
	var b bytes.Buffer
	if err := Table(&b, res.Cells, res.Verifications, res.Limits...); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"off-by-one", "goes-wrong", "short"} {
		if !strings.Contains(b.String(), name+": FAIL: ") {
			t.Errorf("table has no FAIL note for %s:\n%s", name, b.String())
		}
	}
}

func TestBigEndianRefusal(t *testing.T) {
	for _, s := range Builtin() {
		err := checkEndian(s, false)
		if s.LittleEndianOnly != (err != nil) {
			t.Errorf("%s on big-endian: %v", s.Name, err)
		}
		if err != nil && !errors.Is(err, ErrBigEndian) {
			t.Errorf("%s: %v does not wrap ErrBigEndian", s.Name, err)
		}
		if err := checkEndian(s, true); err != nil {
			t.Errorf("%s on little-endian: %v", s.Name, err)
		}
	}
	var reinterpreting []string
	for _, s := range Builtin() {
		if s.LittleEndianOnly {
			reinterpreting = append(reinterpreting, s.Name)
		}
	}
	if got := strings.Join(reinterpreting, " "); got != "bc ba fm" {
		t.Errorf("LittleEndianOnly strategies = %s, want bc ba fm", got)
	}

	// The whole run with the host pretending to be big-endian.
	var strategies []Strategy
	for _, s := range Builtin() {
		if s.LittleEndianOnly || s.Name == "by" {
			strategies = append(strategies, s)
		}
	}
	cfg := quick(1000)
	cfg.bigEndian = true
	res, err := Run(context.Background(), cfg, strategies)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range res.Verifications {
		want := result.VerifyError
		if v.Codec == "by" {
			want = result.VerifyExact
		}
		if v.Status != want || (want == result.VerifyError && !strings.Contains(v.Error, "big-endian")) {
			t.Errorf("%s: %s %q", v.Codec, v.Status, v.Error)
		}
	}
	if len(res.Cells) != 1 || res.Cells[0].Codec != "by" {
		t.Errorf("cells = %+v", res.Cells)
	}
	if !hostLittleEndian() {
		t.Log("this host is big-endian")
	}
}

func TestTimeoutAndCancel(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	calls := 0
	hang := Strategy{Name: "hang", Write: writeRaw, Read: func(path string, use func([]float32)) error {
		calls++
		if calls > 1 { // setup passes, the timed reads hang
			<-release
		}
		return readLoop(path, use)
	}}
	cfg := quick(1000)
	cfg.Timeout = 200 * time.Millisecond
	res, err := Run(context.Background(), cfg, []Strategy{hang, Builtin()[len(Builtin())-1]})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Cells[0]; c.Codec != "hang" || c.Status != result.CellTimeout {
		t.Errorf("hang cell = %+v", c)
	}
	if c := res.Cells[1]; c.Codec != "by" || c.Status != result.CellOK {
		t.Errorf("by cell = %+v", c)
	}
	if len(res.Warnings) == 0 {
		t.Error("no warning about the abandoned goroutine")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cfg = quick(1000)
	cfg.Count = 1000
	cfg.Progress = func(p Progress) {
		if p.Phase == "measure" && p.Done > 10 {
			cancel()
		}
	}
	res, err = Run(ctx, cfg, []Strategy{Builtin()[len(Builtin())-1]})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if len(res.Cells) != 1 || res.Cells[0].Status != result.CellInterrupted || len(res.Cells[0].Samples) == 0 {
		t.Errorf("cells after cancel = %+v", res.Cells)
	}
}

func TestNames(t *testing.T) {
	by := Builtin()[len(Builtin())-1]
	for _, ss := range [][]Strategy{{by, by}, {{Name: LimitSum, Write: writeRaw, Read: readLoop}}, {{Name: "x"}}} {
		if _, err := Run(context.Background(), quick(10), ss); err == nil {
			t.Errorf("no error for %v", ss[0].Name)
		}
	}
	names := map[string]bool{}
	for _, s := range Builtin() {
		names[s.Name] = true
	}
	for _, c := range codec.All() {
		if names[c.Info().Name] {
			t.Errorf("codec %s collides with a built-in strategy", c.Info().Name)
		}
	}
}

func TestSampleCount(t *testing.T) {
	cfg := Config{}
	cfg.defaults()
	for _, tc := range []struct {
		per  time.Duration
		want int
	}{
		{100 * time.Millisecond, 10},
		{500 * time.Millisecond, 10},
		{700 * time.Millisecond, 7},
		{1500 * time.Millisecond, 3},
		{20 * time.Second, 3},
	} {
		if got := sampleCount(cfg, tc.per); got != tc.want {
			t.Errorf("sampleCount(%s) = %d, want %d", tc.per, got, tc.want)
		}
	}
	cfg.Budget = -1
	if got := sampleCount(cfg, time.Minute); got != 10 {
		t.Errorf("without budget: %d", got)
	}
}

// fake returns a cell with samples of the given ns/op.
func fake(name string, size float64, status string, bop, allocs float64, ns ...float64) result.Cell {
	c := result.Cell{Workload: Workload, Codec: name, Op: result.OpDecode, Goroutines: 1, Status: status, MeanSize: size}
	for _, n := range ns {
		c.Samples = append(c.Samples, result.Sample{Iters: 10, NsPerOp: n, BytesPerOp: bop, AllocsPerOp: allocs})
	}
	return c
}

func TestTableGolden(t *testing.T) {
	const n = 1_000_000
	ns := func(base float64) []float64 {
		return []float64{base, base * 1.01, base * 0.99, base * 1.02, base * 0.98, base * 1.005, base * 0.995, base * 1.03, base * 0.97, base}
	}
	limits := []result.Cell{
		fake(LimitMemcpy, 4e6, result.CellOK, 0, 0, ns(400_000)...),
		fake(LimitSum, 4e6, result.CellOK, 0, 0, ns(1_000_000)...),
	}
	cells := []result.Cell{
		fake("bi", 4e6, result.CellOK, 8388690, 4, ns(35_000_000)...),
		fake("fm", 4e6, result.CellOK, 32, 1, ns(1_200_000)...),
		fake("sl", 18e6, result.CellOK, 71190440, 2097197, 1.6e9, 1.5e9, 1.7e9),
		fake("gone-wrong", 4e6, result.CellError, 0, 0),
	}
	cells[3].Error = "sum mismatch: got 1, want 2 (1000000 values)"
	verifs := []result.Verification{
		{Workload: Workload, Codec: "bi", Status: result.VerifyExact, Values: n, MeanSize: 4e6},
		{Workload: Workload, Codec: "fm", Status: result.VerifyExact, Values: n, MeanSize: 4e6},
		{Workload: Workload, Codec: "sl", Status: result.VerifyExact, Values: n, MeanSize: 18e6},
		{Workload: Workload, Codec: "gone-wrong", Status: result.VerifyExact, Values: n, MeanSize: 4e6},
		{Workload: Workload, Codec: "bad", Status: result.VerifyError, Values: n, MeanSize: 4e6,
			Error: "sum mismatch: got 499.5, want 500.5 (1000000 values) (1 of 1000000 values differ, first at index 7: got 0.5, want 1.5)"},
		{Workload: Workload, Codec: "bson", Status: result.VerifyUnsupported, Values: n,
			Error: "write: bind: unsupported: bson needs a document"},
	}
	var b bytes.Buffer
	if err := Table(&b, cells, verifs, limits...); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "table.golden", b.Bytes())

	// The limits may come among the cells, as from a stored run.
	var b2 bytes.Buffer
	if err := Table(&b2, append(limits, cells...), verifs); err != nil {
		t.Fatal(err)
	}
	if b.String() != b2.String() {
		t.Errorf("limits among cells render differently:\n%s", b2.String())
	}
}

// TestDefaultRun is the full default run, for measuring by hand:
// FLOATS_FULL=1 go test -run TestDefaultRun -v ./floats/
func TestDefaultRun(t *testing.T) {
	if os.Getenv("FLOATS_FULL") == "" {
		t.Skip("set FLOATS_FULL=1 to run all strategies with default settings")
	}
	res, err := Run(context.Background(), Config{}, Defaults())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", b.String())
}
