package floats

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/codecs/all"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// testN is the number of values of the tests' jobs.
const testN = 10_000

// spec returns the spec of the job name on testN values.
func spec(name string) harness.Spec {
	return harness.Spec{Kind: KindName, Workload: Workload, Name: name, Options: workload.Options{Count: testN}}
}

// testJob is the job of spec(name).
var testJob = jobOf(spec(""))

// tempDir makes the jobs' temporary directories under a fresh directory
// and checks, at the end of the test, that every Close removed its own.
func tempDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	t.Cleanup(func() {
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("%d temporary directories left after Close: %s", len(left), left[0].Name())
		}
	})
}

// buildOK builds s through the registered kind and fails the test on an
// error; the bound is closed at the end of the test.
func buildOK(t *testing.T, s harness.Spec) *harness.Bound {
	t.Helper()
	b, err := harness.Build(context.Background(), s)
	if err != nil {
		t.Fatalf("Build %s: %v", s, err)
	}
	t.Cleanup(func() {
		if b.Close != nil {
			b.Close()
		}
	})
	return b
}

// buildWith builds strategy st directly (for strategies that are not
// registered) and closes the bound at the end of the test.
func buildWith(t *testing.T, st Strategy) *harness.Bound {
	t.Helper()
	b, err := buildStrategy(context.Background(), testJob, st)
	if err != nil {
		t.Fatalf("build %s: %v", st.Name, err)
	}
	t.Cleanup(func() {
		if b.Close != nil {
			b.Close()
		}
	})
	return b
}

// checkUnit checks the one unit of a job named name and runs its Loop(3),
// returning Loop's error.
func checkUnit(t *testing.T, b *harness.Bound, name string, size float64, role string) error {
	t.Helper()
	if len(b.Units) != 1 {
		t.Fatalf("%s: %d units, want 1", name, len(b.Units))
	}
	u := b.Units[0]
	want := result.Cell{Workload: Workload, Codec: name, Op: result.OpDecode, Goroutines: 1, MeanSize: size, Reference: role}
	if u.Cell.Workload != want.Workload || u.Cell.Codec != want.Codec || u.Cell.Op != want.Op ||
		u.Cell.Goroutines != 1 || u.Cell.MeanSize != size || u.Cell.Reference != role || u.Ops != 1 {
		t.Errorf("%s: unit cell %+v ops %d, want %+v ops 1", name, u.Cell, u.Ops, want)
	}
	el, err := u.Loop(3)
	if err == nil && el <= 0 {
		t.Errorf("%s: Loop(3) took %v", name, el)
	}
	return err
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

// TestEveryStrategy builds every strategy of a default run through the
// registered kind on 10,000 values: built-in strategies must verify
// exact; every strategy that verifies gets one unit whose Loop(3) works;
// strategies that fail have no unit.
func TestEveryStrategy(t *testing.T) {
	tempDir(t)
	builtin := map[string]bool{}
	for _, s := range Builtin() {
		builtin[s.Name] = true
	}
	exact := 0
	for _, st := range Defaults() {
		b := buildOK(t, spec(st.Name))
		v := b.Verification
		if v == nil {
			t.Fatalf("%s: no verification", st.Name)
		}
		if v.Workload != Workload || v.Codec != st.Name || v.Values != testN {
			t.Errorf("%s: verification %+v", st.Name, v)
		}
		switch v.Status {
		case result.VerifyExact:
			exact++
			if v.MeanSize <= 0 || len(v.Diffs) != 0 || v.DiffValues != 0 || v.Error != "" {
				t.Errorf("%s: exact verification %+v", st.Name, v)
			}
			if err := checkUnit(t, b, st.Name, v.MeanSize, ""); err != nil {
				t.Errorf("%s: Loop: %v", st.Name, err)
			}
		case result.VerifyMismatch:
			if builtin[st.Name] {
				t.Errorf("built-in strategy %s: mismatch: %v", st.Name, v.Diffs)
			}
			t.Logf("codec %s: mismatch: %v", st.Name, v.Diffs)
			if err := checkUnit(t, b, st.Name, v.MeanSize, ""); err != nil {
				t.Errorf("%s: Loop of a mismatching strategy: %v", st.Name, err)
			}
		default:
			if builtin[st.Name] {
				t.Errorf("built-in strategy %s: %s: %s", st.Name, v.Status, v.Error)
			}
			t.Logf("codec %s: %s: %s", st.Name, v.Status, v.Error)
			if v.Error == "" || len(b.Units) != 0 {
				t.Errorf("%s: %s with error %q and %d units", st.Name, v.Status, v.Error, len(b.Units))
			}
		}
		if b.Close != nil {
			b.Close() // free the file now, as a worker would on exit
			b.Close = nil
		}
	}
	if exact < len(Builtin())+10 {
		t.Errorf("only %d strategies verified exact", exact)
	}
}

// withRead returns the "by" strategy with its Read changed by f.
func withRead(name string, f func(call int, xs []float32) []float32) Strategy {
	calls := 0
	return Strategy{Name: name, Write: writeRaw, Read: func(path string, use func([]float32)) error {
		return readLoop(path, func(xs []float32) {
			calls++
			use(f(calls, xs))
		})
	}}
}

// swapKeepingSum returns two indexes of the test values whose swap keeps
// Sum's bits: a change of values the sum cannot see.
func swapKeepingSum(t *testing.T) (int, int) {
	values := Values(testJob.seed, testJob.n)
	want := math.Float32bits(Sum(values))
	for j := 8; j < len(values); j += 8 { // same lane as index 0
		if values[j] == values[0] {
			continue
		}
		values[0], values[j] = values[j], values[0]
		same := math.Float32bits(Sum(values)) == want
		values[0], values[j] = values[j], values[0]
		if same {
			return 0, j
		}
	}
	t.Fatal("no swap keeps the sum")
	return 0, 0
}

func TestWrongStrategies(t *testing.T) {
	tempDir(t)
	i, j := swapKeepingSum(t)
	for _, tc := range []struct {
		st         Strategy
		diffValues int
		diffs      []string // substrings of the diffs, in order
		sumLine    bool
	}{
		{withRead("short", func(_ int, xs []float32) []float32 { return xs[:len(xs)-1] }),
			1, []string{"9999 values decoded, want 10000", "sum "}, true},
		{withRead("off-by-one", func(_ int, xs []float32) []float32 { xs[123] += 1; return xs }),
			1, []string{"value 123: got ", "sum "}, true},
		// A Write that changes its argument writes what it changed it
		// to: the check must compare with the values, not with what
		// Write left of them.
		{Strategy{Name: "write-mutates", Read: readLoop, Write: func(path string, values []float32) error {
			values[7] += 1
			return writeRaw(path, values)
		}}, 1, []string{"value 7: got ", "sum "}, true},
		{withRead("same-sum", func(_ int, xs []float32) []float32 { xs[i], xs[j] = xs[j], xs[i]; return xs }),
			2, []string{fmt.Sprintf("value %d: got ", i), fmt.Sprintf("value %d: got ", j)}, false},
		{withRead("many", func(_ int, xs []float32) []float32 {
			for k := range 100 {
				xs[k] = -xs[k] - 1
			}
			return xs
		}), 100, []string{"value 0:", "value 1:", "value 2:", "value 3:", "value 4:", "sum "}, true},
	} {
		b := buildWith(t, tc.st)
		v := b.Verification
		if v.Status != result.VerifyMismatch || v.DiffValues != tc.diffValues || v.Error != "" {
			t.Errorf("%s: status %s, %d diff values, error %q; want mismatch, %d", tc.st.Name, v.Status, v.DiffValues, v.Error, tc.diffValues)
		}
		if len(v.Diffs) != len(tc.diffs) {
			t.Errorf("%s: diffs %q, want %d", tc.st.Name, v.Diffs, len(tc.diffs))
		} else {
			for k, d := range tc.diffs {
				if !strings.HasPrefix(v.Diffs[k], d) {
					t.Errorf("%s: diff %d = %q, want it to start with %q", tc.st.Name, k, v.Diffs[k], d)
				}
			}
		}
		// A mismatching strategy is still timed, against its own sum.
		if err := checkUnit(t, b, tc.st.Name, 4*testN, ""); err != nil {
			t.Errorf("%s: Loop: %v", tc.st.Name, err)
		}
	}

	// Right at setup, wrong from the third read on: the loop fails.
	b := buildWith(t, withRead("goes-wrong", func(call int, xs []float32) []float32 {
		if call >= 3 {
			xs[len(xs)-1] = 0
		}
		return xs
	}))
	if b.Verification.Status != result.VerifyExact {
		t.Errorf("goes-wrong: %+v", b.Verification)
	}
	if err := checkUnit(t, b, "goes-wrong", 4*testN, ""); !errors.Is(err, ErrSumMismatch) {
		t.Errorf("goes-wrong: Loop error %v, want a sum mismatch", err)
	}

	// Declared losses are quoted, not accepted.
	lossy := withRead("lossy", func(_ int, xs []float32) []float32 { xs[5] = 0.5; return xs })
	lossy.Losses = []string{"float precision: test"}
	v := buildWith(t, lossy).Verification
	if v.Status != result.VerifyMismatch || !strings.Contains(v.Diffs[len(v.Diffs)-1], "float precision: test") {
		t.Errorf("lossy: %s %q", v.Status, v.Diffs)
	}
}

func TestFailingStrategies(t *testing.T) {
	tempDir(t)
	by := Builtin()[len(Builtin())-1]
	for _, tc := range []struct {
		st     Strategy
		status string
		error  string
	}{
		{Strategy{Name: "write-panics", Write: func(string, []float32) error { panic("boom") }, Read: readLoop},
			result.VerifyError, "write: write panicked: boom"},
		{Strategy{Name: "read-panics", Write: writeRaw, Read: func(string, func([]float32)) error { panic("bang") }},
			result.VerifyError, "read: read panicked: bang"},
		{Strategy{Name: "write-fails", Write: func(string, []float32) error { return errors.New("disk full") }, Read: readLoop},
			result.VerifyError, "write: disk full"},
		{Strategy{Name: "read-fails", Write: writeRaw, Read: func(string, func([]float32)) error { return errors.New("bad file") }},
			result.VerifyError, "read: bad file"},
		{Strategy{Name: "no-use", Write: writeRaw, Read: func(string, func([]float32)) error { return nil }},
			result.VerifyError, "read: Read called use 0 times, want once"},
		{Strategy{Name: "cannot", Write: func(string, []float32) error { return codec.Unsupportedf("no floats here") }, Read: by.Read},
			result.VerifyUnsupported, "write: unsupported: no floats here"},
	} {
		b := buildWith(t, tc.st)
		v := b.Verification
		if v.Status != tc.status || v.Error != tc.error || len(b.Units) != 0 {
			t.Errorf("%s: %s %q, %d units; want %s %q, no unit", tc.st.Name, v.Status, v.Error, len(b.Units), tc.status, tc.error)
		}
	}

	// A registered codec that cannot encode a []float32.
	b := buildOK(t, spec("bson"))
	if v := b.Verification; v.Status != result.VerifyUnsupported || !strings.Contains(v.Error, codec.ErrUnsupported.Error()) || len(b.Units) != 0 {
		t.Errorf("bson: %s %q, %d units", v.Status, v.Error, len(b.Units))
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
	if !hostLittleEndian() {
		t.Log("this host is big-endian")
	}

	// Build with the host pretending to be big-endian.
	tempDir(t)
	saved := littleEndian
	littleEndian = false
	t.Cleanup(func() { littleEndian = saved })
	for _, name := range []string{"bc", "ba", "fm", "by"} {
		b := buildOK(t, spec(name))
		v := b.Verification
		if name == "by" {
			if v.Status != result.VerifyExact || len(b.Units) != 1 {
				t.Errorf("by on big-endian: %s %q", v.Status, v.Error)
			}
			continue
		}
		if v.Status != result.VerifyUnsupported || !strings.Contains(v.Error, "big-endian") || len(b.Units) != 0 {
			t.Errorf("%s on big-endian: %s %q, %d units", name, v.Status, v.Error, len(b.Units))
		}
	}
}

func TestReferences(t *testing.T) {
	for _, tc := range []struct{ name, role string }{{RefRead, RoleRead}, {RefMemcpy, RoleMemcpy}} {
		b := buildOK(t, spec(tc.name))
		if b.Verification != nil {
			t.Errorf("%s has a verification: %+v", tc.name, b.Verification)
		}
		if err := checkUnit(t, b, tc.name, 4*testN, tc.role); err != nil {
			t.Errorf("%s: Loop: %v", tc.name, err)
		}
	}
	// Default options: DefaultN values.
	s := spec(RefMemcpy)
	s.Options = workload.Options{}
	if b := buildOK(t, s); b.Units[0].Cell.MeanSize != 4*DefaultN {
		t.Errorf("ref.memcpy with default options: size %v", b.Units[0].Cell.MeanSize)
	}
}

func TestKind(t *testing.T) {
	tempDir(t)
	k, ok := harness.LookupKind(KindName)
	if !ok || k.Jobs == nil {
		t.Fatalf("kind %q: registered %v, Jobs set: %v", KindName, ok, k.Jobs != nil)
	}
	opts := workload.Options{Count: 123, Seed: 7, Params: map[string]string{"depth": "2"}}
	var asked []string
	specs := k.Jobs("floats-x", opts, func(name string) bool {
		asked = append(asked, name)
		return name == "by" || name == "json" || name == "bi"
	})
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
		if s.Kind != KindName || s.Workload != "floats-x" || !reflect.DeepEqual(s.Options, opts) {
			t.Errorf("spec %+v", s)
		}
	}
	if got, want := strings.Join(names, " "), "ref.read ref.memcpy bi by json"; got != want {
		t.Errorf("jobs = %s, want %s", got, want)
	}
	var all []string
	for _, s := range Defaults() {
		all = append(all, s.Name)
	}
	if !slices.Equal(asked, all) {
		t.Errorf("selected was asked %v, want every strategy %v", asked, all)
	}
	if n := len(k.Jobs(Workload, opts, nil)); n != 2+len(all) {
		t.Errorf("Jobs with nil selected: %d jobs, want %d", n, 2+len(all))
	}

	_, err := harness.Build(context.Background(), spec("nope"))
	if err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "ref.read, ref.memcpy, bi, js") {
		t.Errorf("Build(nope) error = %v", err)
	}
}

func TestNames(t *testing.T) {
	names := map[string]bool{RefRead: true, RefMemcpy: true}
	for _, s := range Defaults() {
		if names[s.Name] {
			t.Errorf("two jobs are named %s", s.Name)
		}
		names[s.Name] = true
		if c, ok := codec.Lookup(s.Name); ok && c.Info().Reference != "" {
			t.Errorf("reference codec %s is a floats strategy", s.Name)
		}
	}
	if !names["json"] || !names["sl-multi"] {
		t.Errorf("strategies %v lack json or sl-multi", names)
	}
}

func TestCompareValues(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	diffs, n := compareValues([]float32{1, negZero, 3}, []float32{1, 0, 4, 5})
	want := []string{"3 values decoded, want 4", "value 1: got -0, want 0", "value 2: got 3, want 4"}
	if n != 3 || !slices.Equal(diffs, want) {
		t.Errorf("compareValues = %q, %d; want %q, 3", diffs, n, want)
	}
	nan1, nan2 := math.Float32frombits(0x7fc00000), math.Float32frombits(0x7fc00001)
	diffs, n = compareValues([]float32{nan1, nan1}, []float32{nan2, nan1})
	if n != 1 || len(diffs) != 1 || diffs[0] != "value 0: got NaN (bits 0x7fc00000), want NaN (bits 0x7fc00001)" {
		t.Errorf("NaN payloads: %q, %d", diffs, n)
	}
	if diffs, n := compareValues([]float32{1, 2}, []float32{1, 2}); diffs != nil || n != 0 {
		t.Errorf("equal values: %q, %d", diffs, n)
	}
}

// TestDefaultSuiteStrategies: the floats workload's Default pattern names
// exactly this package's own strategies (not the codecs that can encode a
// []float32), so the default suite times the floats seed's strategies and
// a new one is not left out.
func TestDefaultSuiteStrategies(t *testing.T) {
	w, err := workload.Lookup(Workload)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(w.Default)
	for _, s := range Defaults() {
		_, isCodec := codec.Lookup(s.Name)
		if re.MatchString(s.Name) == isCodec {
			t.Errorf("strategy %s: in the default suite %v, a codec %v; want exactly the non-codec strategies", s.Name, re.MatchString(s.Name), isCodec)
		}
	}
}
