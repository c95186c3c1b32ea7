package floats

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
)

// ErrSumMismatch is wrapped by the error a strategy's Loop returns when a
// timed read decodes another sum, or another number of values, than the
// read at setup did.
var ErrSumMismatch = errors.New("sum mismatch")

// ErrBigEndian is wrapped by the refusal of a LittleEndianOnly strategy on
// a big-endian host.
var ErrBigEndian = errors.New("host is big-endian")

// littleEndian reports whether Build treats the host as little-endian;
// tests set it to false to see the refusal of LittleEndianOnly strategies.
var littleEndian = hostLittleEndian()

// checkEndian returns the refusal of s on a host of the given byte order.
func checkEndian(s Strategy, littleEndian bool) error {
	if s.LittleEndianOnly && !littleEndian {
		return fmt.Errorf("refused: %s reinterprets the file's little-endian bytes as []float32 in place, and the %w", s.Name, ErrBigEndian)
	}
	return nil
}

// maxDiffs is the number of differing values a verification describes.
const maxDiffs = 5

// buildStrategy sets up the job of strategy s: it writes the values to a
// file in a new temporary directory (removed by the Bound's Close), reads
// the file back once and compares every value and the sum, bit for bit,
// and returns the verification and, unless it failed, the timed unit.
func buildStrategy(ctx context.Context, j job, s Strategy) (*harness.Bound, error) {
	v := &result.Verification{Workload: j.workload, Codec: s.Name, Values: j.n}
	b := &harness.Bound{Verification: v}
	fail := func(err error) (*harness.Bound, error) {
		v.Status, v.Error = result.VerifyError, err.Error()
		if errors.Is(err, codec.ErrUnsupported) || errors.Is(err, ErrBigEndian) {
			v.Status = result.VerifyUnsupported
		}
		return b, nil
	}
	if s.Write == nil || s.Read == nil {
		return nil, fmt.Errorf("floats: strategy %q needs Write and Read", s.Name)
	}
	if err := checkEndian(s, littleEndian); err != nil {
		return fail(err)
	}
	dir, err := os.MkdirTemp("", "serbench-floats-")
	if err != nil {
		return nil, fmt.Errorf("floats: %s: a temporary directory for the values file (TMPDIR): %w", s.Name, err)
	}
	b.Close = func() { os.RemoveAll(dir) }
	path := filepath.Join(dir, fileName(s.Name))

	// Write gets a copy: the values read back are compared with these,
	// which a Write that changed its argument (a codec encoding in
	// place) would otherwise have changed too.
	values := Values(j.seed, j.n)
	if err := codec.Call("write", func() error { return s.Write(path, slices.Clone(values)) }); err != nil {
		return fail(fmt.Errorf("write: %w", err))
	}
	if err := context.Cause(ctx); err != nil {
		b.Close()
		return nil, err
	}
	if fi, err := os.Stat(path); err == nil {
		v.MeanSize = float64(fi.Size())
	}

	// The setup read: every value and the sum, compared bit for bit.
	var (
		calls  int
		gotN   int
		gotSum float32
	)
	err = codec.Call("read", func() error {
		return s.Read(path, func(xs []float32) {
			calls++
			gotN, gotSum = len(xs), Sum(xs)
			v.Diffs, v.DiffValues = compareValues(xs, values)
		})
	})
	if err == nil && calls != 1 {
		err = fmt.Errorf("Read called use %d times, want once", calls)
	}
	if err != nil {
		v.Diffs, v.DiffValues = nil, 0
		return fail(fmt.Errorf("read: %w", err))
	}
	want := Sum(values)
	if math.Float32bits(gotSum) != math.Float32bits(want) {
		v.Diffs = append(v.Diffs, fmt.Sprintf("sum %v, want %v", gotSum, want))
	}
	v.Status = result.VerifyExact
	if len(v.Diffs) > 0 {
		v.Status = result.VerifyMismatch
		if len(s.Losses) > 0 {
			v.Diffs = append(v.Diffs, "the codec declares "+strings.Join(s.Losses, "; ")+"; the floats check is exact")
		}
	}
	values = nil // the worker keeps only the file, its size and the sum

	// The timed loop expects what the setup read decoded: the original
	// count and sum for an exact strategy; for a mismatching one, its own
	// result, so that it is still timed (and shown as failing).
	r := &reader{read: s.Read, path: path, n: gotN, want: gotSum}
	r.use = func(xs []float32) { r.got, r.gotN = Sum(xs), len(xs) }
	b.Units = []harness.Unit{{
		Cell: result.Cell{Workload: j.workload, Codec: s.Name, Op: result.OpDecode, Goroutines: 1, MeanSize: v.MeanSize},
		Loop: r.loop,
		Ops:  1,
	}}
	return b, nil
}

// reader is the timed operation of a strategy: Read with a use function
// made once, so that the loop allocates nothing of its own.
type reader struct {
	read func(path string, use func([]float32)) error
	path string
	use  func([]float32)
	// n and want are the count and sum every read must decode.
	n    int
	want float32
	// gotN and got are those of the last read; gotN is -1 until use runs.
	gotN int
	got  float32
}

// loop runs n reads, each checked, and returns their wall time.
func (r *reader) loop(n int) (time.Duration, error) {
	start := time.Now()
	for i := 0; i < n; i++ {
		r.gotN = -1
		if err := r.read(r.path, r.use); err != nil {
			return 0, err
		}
		if r.gotN != r.n || math.Float32bits(r.got) != math.Float32bits(r.want) {
			return 0, r.mismatch()
		}
	}
	return time.Since(start), nil
}

func (r *reader) mismatch() error {
	if r.gotN < 0 {
		return errors.New("Read returned without calling use")
	}
	return fmt.Errorf("%w: got %v (%d values), want %v (%d values)", ErrSumMismatch, r.got, r.gotN, r.want, r.n)
}

// compareValues describes how got differs from want, bit for bit: up to
// maxDiffs examples, and the number of differing values (a missing or
// extra value counts as one).
func compareValues(got, want []float32) (diffs []string, n int) {
	if len(got) != len(want) {
		diffs = append(diffs, fmt.Sprintf("%d values decoded, want %d", len(got), len(want)))
		n = max(len(got), len(want)) - min(len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		g, w := got[i], want[i]
		if math.Float32bits(g) == math.Float32bits(w) {
			continue
		}
		if n++; len(diffs) < maxDiffs {
			diffs = append(diffs, fmt.Sprintf("value %d: got %s, want %s", i, show(g, w), show(w, g)))
		}
	}
	return diffs, n
}

// show formats x, with its bits when %v would not tell it from other.
func show(x, other float32) string {
	s := fmt.Sprint(x)
	if s == fmt.Sprint(other) {
		s += fmt.Sprintf(" (bits %#08x)", math.Float32bits(x))
	}
	return s
}

// fileName returns a file name for a strategy name.
func fileName(name string) string {
	return strings.NewReplacer("/", "_", "+", "plus").Replace(name) + ".dat"
}
