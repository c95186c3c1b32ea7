// Package bench measures serialization codecs on the user's own Go types,
// from a test file of the user's own module, with the same verification
// and the same timed loops as serbench run.
//
// Three entry points take a slice of the user's values (values of a
// non-pointer type T, typically a struct):
//
//   - Benchmark, for a func BenchmarkX(b *testing.B): one sub-benchmark
//     per codec and operation, named codec=NAME/op=encode and
//     codec=NAME/op=decode, each reporting ns/op, B/op, allocs/op, MB/s
//     and bytes/msg (the mean encoded size), so that go test -bench
//     output goes straight to benchstat;
//   - Verify, for a func TestX(t *testing.T): logs each codec's fidelity
//     on the values (exact; lossy, with the declared losses seen; FAIL,
//     with the path of a field that came back different; unsupported or
//     error, with the reason) and fails the test only for the levels
//     given with FailOn;
//   - Run: measures the values as serbench run measures a workload and
//     returns the same record the command stores (a *result.Run with
//     verifications, cells and raw samples); SaveTo writes it to a
//     serbench database (SQLite file or PostgreSQL DSN), where serbench
//     report, compare and history read it like any other run.
//
// What is verified: before anything is timed, every value is encoded and
// decoded by the codec and the result compared with the original, field
// by field (go-cmp, strictly: times with their offset, floats by their
// bits, nil and empty apart, *big.Float with its precision and rounding
// mode), accepting only the losses the codec declares
// (codec.Info.Losses), and one that the user's type declares itself
// (codec.SkippedField): a field whose struct tag tells a library
// to skip it (the value of one of the tag's keys is exactly "-", as in
// `json:"-"`) and that comes back as the zero value of its type was not
// carried because the type says so. That is no defect of the codec: it
// is measured and ranked, and its verdict is lossy, never exact, and
// names the field and the tag ("json: lossy (8 values, mean 97 B):
// skipped-field ×8 (skipped-field: .Cache not carried (tagged
// json:"-"), 8 times)"). Nothing else is accepted of such a field: one
// tagged "-" that comes back as another, non-zero value is a FAIL, as is
// a field without a "-" tag that comes back as zero. The tag's key is
// not matched against the codec's library: which keys a library reads is
// its own business (the JSON libraries, fxcbor and ugorji read json
// tags, the msgpack libraries msgpack tags, the BSON ones bson tags, gob
// none), and the verdict names the tag, so a codec that zeroed a field
// tagged "-" for another library only would show as lossy with that tag
// named. The input must also come back unchanged
// from encoding (a codec that modifies it is a FAIL), and decoded values
// must not alias the message they were decoded from (reported as the
// "unsafe" flag of the record, and at the end of Verify's and
// Benchmark's line for the codec). A codec that changes a value in a way it does not
// declare is FAIL, and timed as serbench run times it, never silently:
// Benchmark logs the FAIL, with the field path, under each of its result
// lines; Run records the mismatch, which every serbench table marks FAIL
// and never ranks; Verify fails with FailOn(Fail). A codec that returns
// an error on a value, or cannot represent T, is not timed.
//
// Which codecs: the codecs serbench registers (package codecs/all, which
// this package imports), plain variants only unless AllVariants is given,
// narrowed by Codecs. A user's type can only be measured by codecs that
// take any Go value, the reflection codecs (encoding/json, its faster
// replacements, msgpack, CBOR, BSON, gob, ...). Codecs that need a schema
// or code generated for each type (protobuf, flatbuffers, capnp, msgp,
// easyjson, avro, ...) cannot know T: their Bind refuses it, and they are
// listed as unsupported with the reason it gives. Verification compares
// exported fields: a type with unexported fields (other than in the types
// serbench compares by value, such as time.Time and *big.Int) is refused
// with an error, since no reflection codec would carry them either. So
// is a cyclic value (a pointer, map or slice that refers back to a value
// containing it), with the path that closes the cycle: most reflection
// codecs recurse on it until a fatal stack overflow ends the process.
// Values shared without a cycle are measured (codecs write them once per
// reference, and decode separate copies). A value that differs from
// itself (a func or chan field that is not nil) is refused too: it would
// be a FAIL for every codec.
//
// How it times: in this process, with serbench's harness in its
// isolation "none" mode. serbench run measures each job in fresh worker
// processes of its own binary; those cannot hold the user's types, so Run
// sets every job up in the calling process instead: each fork sets the
// job up again, up to four jobs are live at once and sampled round-robin
// (so that drift hits every codec alike), with a garbage collection
// before each sample and each sample spanning at least one heap goal of
// allocation, as in serbench run. The numbers are comparable with one
// another; what differs from a serbench run is the heap, shared with the
// live jobs and the test process, and a codec that crashes ends the
// process. The stored run says "isolation none". Benchmark times as go
// test -bench does, one codec after the other, holding one job at a time.
//
// Hangs: each codec's verification runs on a goroutine of its own,
// bounded by Timeout [30s], in Verify and Benchmark as in Run (which
// bounds each setup, calibration and sample alike). A codec that does not
// return by then is reported by name ("NAME: verification ran past the
// timeout of 30s (hung?)") and the other codecs go on. Go cannot stop a
// goroutine: the codec's is abandoned and keeps running, with what it
// holds (and a CPU, if it spins), until the test process exits. Run
// abandons it too (isolation none); serbench run, which measures its own
// workloads in worker processes, kills the worker instead. Benchmark's
// timed loops run on the benchmark's goroutine, unbounded, as go test
// -bench runs them.
//
// What it promises: Benchmark, Verify, Run, SaveTo, Load, the options and
// the levels change only compatibly (options may be added); sub-benchmark
// names and the reported metrics keep their names. The records are
// package result's, whose stability that package states.
package bench

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/codecs/all" // every codec serbench measures
	"github.com/serbench/serbench/internal/bounds"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// Level is a fidelity outcome that FailOn can make fail a test.
type Level int

// The levels. They combine with |.
const (
	// Lossy: the values came back equal only up to a loss the codec
	// declares (times in UTC, floats within a tolerance, ...).
	Lossy Level = 1 << iota
	// Fail: a value came back different in a way the codec does not
	// declare, or encoding changed the input.
	Fail
	// Error: the codec returned an error or panicked on a value.
	Error
	// Unsupported: the codec cannot represent the type (it needs a
	// schema or generated code).
	Unsupported
)

// Option configures Benchmark, Verify and Run.
type Option func(*config)

type config struct {
	name        string
	pattern     *regexp.Regexp
	patternErr  error
	allVariants bool
	failOn      Level
	count       int
	forks       int
	sampleTime  time.Duration
	timeout     time.Duration
	// optErr is the first option given a value out of its range.
	optErr error
}

// refuse records the error of an option given a value out of its range.
func (c *config) refuse(format string, args ...any) {
	if c.optErr == nil {
		c.optErr = fmt.Errorf(format, args...)
	}
}

// Name names the values as a workload (in sub-benchmark logs and in the
// records of Run). The default is the Go type's name, such as
// "orders.Order". The name of one of serbench's own workloads ("person",
// "nested", ...) is refused: codecs declare expectations about those by
// name (sereal, for one, is declared unsupported on nested), which would
// be applied to the user's values.
func Name(name string) Option { return func(c *config) { c.name = name } }

// Codecs selects the codecs whose names match the regular expression
// pattern (unanchored, as serbench run --codec), such as "^(json|fxcbor)$".
// Without it every codec that builds Go values runs; the parse-only ones
// (fastjson), which decode to their own value tree, run only when a
// pattern selects them.
func Codecs(pattern string) Option {
	return func(c *config) {
		c.pattern, c.patternErr = regexp.Compile(pattern)
		if c.patternErr != nil {
			c.patternErr = fmt.Errorf("bench.Codecs(%q): %w", pattern, c.patternErr)
		}
	}
}

// AllVariants adds the variants of codecs (buffer reuse, unsafe strings,
// generated types) to the plain codecs measured by default.
func AllVariants() Option { return func(c *config) { c.allVariants = true } }

// FailOn makes Verify fail the test for the given levels (Lossy|Fail, for
// example). Without it, Verify only logs.
func FailOn(l Level) Option { return func(c *config) { c.failOn |= l } }

// Count sets the number of samples per cell that Run takes [10]; at
// least 1, as serbench run --count. Without Forks, a Count below the
// default Forks sets Forks to Count (Count(1): one fork).
func Count(n int) Option {
	return func(c *config) {
		if n < 1 {
			c.refuse("bench.Count(%d): want at least 1", n)
		}
		c.count = n
	}
}

// Forks sets the number of times Run sets each job up afresh and samples
// it [2]; each takes its share of Count. At least 1, as serbench run
// --forks, and at most Count: each fork takes at least one sample, so
// Forks(5) with Count(3) is refused.
func Forks(n int) Option {
	return func(c *config) {
		if n < 1 {
			c.refuse("bench.Forks(%d): want at least 1", n)
		}
		c.forks = n
	}
}

// SampleTime sets the target duration of one of Run's samples [50ms]. It
// is refused, as serbench run --time is, when shorter than this machine
// can time (bounds.MinSampleTime, 1ms, or more with a coarse clock): in
// shorter samples the collection before each and the clock's steps weigh
// on the time.
func SampleTime(d time.Duration) Option {
	return func(c *config) {
		if err := bounds.CheckSampleTime(d); err != nil {
			c.refuse("bench.SampleTime(%s): %v", d, err)
		}
		c.sampleTime = d
	}
}

// Timeout bounds any one setup, calibration or sample of Run, and each
// codec's verification in Verify and Benchmark [30s]; it must be
// positive. A codec that runs past it is reported, and its goroutine
// abandoned (see the package doc).
func Timeout(d time.Duration) Option {
	return func(c *config) {
		if d <= 0 {
			c.refuse("bench.Timeout(%s): want a positive duration", d)
		}
		c.timeout = d
	}
}

func newConfig(t reflect.Type, opts []Option) (*config, error) {
	c := &config{name: t.String()}
	for _, o := range opts {
		o(c)
	}
	if c.patternErr != nil {
		return nil, c.patternErr
	}
	if c.optErr != nil {
		return nil, c.optErr
	}
	// Each fork takes its share of Count (harness.PerFork): a fork past
	// Count would take no sample. Forks given are refused; the default is
	// lowered to Count (Count(1): one fork).
	d := harness.Config{Count: c.count, Forks: c.forks}.WithDefaults()
	if c.forks == 0 && d.Forks > d.Count {
		c.forks = d.Count
	} else if err := bounds.CheckForks(d.Forks, d.Count); err != nil {
		count := fmt.Sprintf("bench.Count(%d)", d.Count)
		if c.count == 0 {
			count += " (the default)"
		}
		return nil, fmt.Errorf("bench.Forks(%d) with %s: %v", d.Forks, count, err)
	}
	if c.name == "" {
		return nil, errors.New("bench.Name: empty name")
	}
	if why := reservedName(c.name); why != "" {
		return nil, fmt.Errorf("bench.Name(%q): %s: what codecs declare about it (unsupported, known FAILs) would be applied to your values, and its runs mixed with yours in a database; choose another name", c.name, why)
	}
	return c, nil
}

// reservedName says why name cannot name the user's values: it is a
// workload of serbench's, or a codec declares an expectation about a
// workload of that name (codec.Info.Expect, matched by name alone: a
// codec declared unsupported for it would never be bound to the user's
// type).
func reservedName(name string) string {
	if _, err := workload.Lookup(name); err == nil {
		return "the name of a serbench workload"
	}
	for _, k := range codec.All() {
		for _, e := range k.Info().Expect {
			if e.Workload == name {
				return "a workload name that codec " + k.Info().Name + " declares an expectation about"
			}
		}
	}
	return ""
}

// codecs returns the selected codecs, by name: reference measurements
// never, variants only with AllVariants, and parse-only codecs
// (codec.Parse: they decode to their own value tree, not to the user's
// type) only when a Codecs pattern is given.
func (c *config) codecs() []codec.Codec {
	var out []codec.Codec
	for _, k := range codec.All() {
		info := k.Info()
		if info.Reference != "" || !c.allVariants && !info.Flags.Plain() {
			continue
		}
		if info.API == codec.Parse && c.pattern == nil {
			continue
		}
		if c.pattern != nil && !c.pattern.MatchString(info.Name) {
			continue
		}
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().Name < out[j].Info().Name })
	return out
}

// values is the user's values as jobs take them.
type values struct {
	name string
	typ  reflect.Type
	// skip is the SkippedField loss of the type's fields tagged "-", or
	// nil when it has none (see withSkips).
	skip *codec.Loss
	// orig are pointers to the user's values, never given to a codec:
	// what decoded values are compared with.
	orig []any
}

// prepare checks the user's values and returns them as jobs take them.
func prepare[T any](vals []T, opts []Option) (*values, *config, error) {
	t := reflect.TypeFor[T]()
	cfg, err := newConfig(t, opts)
	if err != nil {
		return nil, nil, err
	}
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return nil, nil, fmt.Errorf("bench: values of %s: want values of a non-pointer, non-interface type (a []Order, not a []*Order)", t)
	}
	if len(vals) == 0 {
		return nil, nil, fmt.Errorf("bench: no values of %s", t)
	}
	v := &values{name: cfg.name, typ: t, orig: make([]any, len(vals)), skip: skippedLoss(t)}
	for i := range vals {
		v.orig[i] = &vals[i]
	}
	// A cyclic value sends most reflection codecs (msgpack, CBOR, gob,
	// ...) into unbounded recursion: a fatal stack overflow, which no
	// recover catches and which ends the test binary. Refuse it first.
	for i, o := range v.orig {
		if path := cycle(reflect.ValueOf(o)); path != "" {
			return nil, nil, fmt.Errorf("bench: value %d of %s is cyclic: %s refers back to a value that contains it (most codecs would recurse until the stack overflows, ending the process)", i, t, path)
		}
	}
	// go-cmp refuses unexported fields: say so before any codec runs.
	for i, o := range v.orig {
		var self []verify.Diff
		if err := codec.Call("compare", func() error { self = verify.Compare(o, o, nil); return nil }); err != nil {
			why := ""
			switch msg := err.Error(); {
			case strings.Contains(msg, "unexported field"):
				why = " (serbench compares exported fields; no reflection codec carries unexported ones)"
			case strings.Contains(msg, "map key with NaNs"):
				why = " (a NaN map key equals no key, not even itself: no decoded map can be compared with it)"
			}
			return nil, nil, fmt.Errorf("bench: value %d of %s cannot be verified%s: %v", i, t, why, err)
		}
		// A value that differs from itself (a func or chan that is not
		// nil: go-cmp finds those equal only when both are nil) would be
		// a FAIL for every codec, as changed by encoding.
		if len(self) > 0 {
			return nil, nil, fmt.Errorf("bench: value %d of %s cannot be verified: it differs from itself (%s): a func or chan that is not nil equals nothing", i, t, self[0])
		}
	}
	return v, cfg, nil
}

// target returns the values as a codec sees them.
func (v *values) target() codec.Target {
	t := v.typ
	return codec.Target{Workload: v.name, Type: t, New: func() any { return reflect.New(t).Interface() }}
}

// job returns the job of codec c on a fresh copy of the values (a codec
// may change its copy; verification then reports it), verified against
// the user's values unless verified is set.
func (v *values) job(c codec.Codec, verified bool) harness.Job {
	j := harness.Job{Workload: v.name, Target: v.target(), Codec: v.withSkips(c), Values: make([]any, len(v.orig)), Verified: verified}
	for i, o := range v.orig {
		j.Values[i] = deepCopy(reflect.ValueOf(o)).Interface()
	}
	if !verified {
		j.Pristine = v.orig
	}
	return j
}

// setup binds, verifies and prepares codec c on the values, on a
// goroutine of its own that it waits for at most timeout. When the codec
// does not return by then, hung is set, the Prepared is nil and the
// verification an error that says so; the goroutine is abandoned (Go
// cannot stop it) and keeps running.
func (v *values) setup(ctx context.Context, c codec.Codec, timeout time.Duration) (p *harness.Prepared, ver result.Verification, hung bool) {
	p, ver, err := harness.Setup(ctx, v.job(c, false), timeout)
	if errors.Is(err, harness.ErrTimeout) {
		ver.Error = fmt.Sprintf("verification ran past the timeout of %s (hung?); its goroutine was abandoned and keeps running", timeout)
		return nil, ver, true
	}
	return p, ver, false
}

// setupTimeout is the timeout of one codec's verification: Timeout's, or
// the default Run uses.
func (c *config) setupTimeout() time.Duration {
	return harness.Config{Timeout: c.timeout}.WithDefaults().Timeout
}

// level returns the level of a verification.
func level(v *result.Verification) Level {
	switch v.Status {
	case result.VerifyLossy:
		return Lossy
	case result.VerifyMismatch, result.VerifyMutated:
		return Fail
	case result.VerifyError:
		return Error
	case result.VerifyUnsupported:
		return Unsupported
	}
	return 0
}

// describe says in one line what verification found, and whether the
// decoded values alias their messages.
func describe(v *result.Verification) string {
	s := status(v)
	if v.Aliased() {
		s += "; unsafe: decoded values alias the message they were decoded from (they change when its buffer is reused)"
		if len(v.Aliases) > 0 {
			s += ", e.g. " + v.Aliases[0]
		}
	}
	return s
}

// status says in one line what verification found of the values.
func status(v *result.Verification) string {
	switch v.Status {
	case result.VerifyExact:
		return fmt.Sprintf("exact (%d values, mean %.0f B)", v.Values, v.MeanSize)
	case result.VerifyLossy:
		s := fmt.Sprintf("lossy (%d values, mean %.0f B): %s", v.Values, v.MeanSize, strings.Join(v.Observed, ", "))
		if len(v.Bounds) > 0 {
			s += " (" + strings.Join(v.Bounds, "; ") + ")"
		}
		return s
	case result.VerifyMismatch:
		return fmt.Sprintf("FAIL: %d of %d values differ: %s", v.DiffValues, v.Values, strings.Join(v.Diffs, "; "))
	case result.VerifyMutated:
		return fmt.Sprintf("FAIL: encoding changed %d of %d values: %s", v.MutatedValues, v.Values, strings.Join(v.Diffs, "; "))
	case result.VerifyUnsupported:
		// The reason Bind gives, without the "bind X to T: unsupported:"
		// that wraps it.
		why := v.Error
		if i := strings.LastIndex(why, "unsupported: "); i >= 0 {
			why = why[i+len("unsupported: "):]
		}
		return "unsupported: " + why
	}
	return v.Status + ": " + v.Error
}

// deepCopy returns a copy of v that shares no pointer, slice or map with
// it, except through unexported struct fields (copied as they are: no
// reflection codec sees them). Shared and cyclic pointers stay shared.
func deepCopy(v reflect.Value) reflect.Value {
	return copier{seen: map[seenKey]reflect.Value{}}.copy(v)
}

type seenKey struct {
	t reflect.Type
	p uintptr
}

type copier struct{ seen map[seenKey]reflect.Value }

func (c copier) copy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		k := seenKey{v.Type(), v.Pointer()}
		if p, ok := c.seen[k]; ok {
			return p
		}
		p := reflect.New(v.Type().Elem())
		c.seen[k] = p
		p.Elem().Set(c.copy(v.Elem()))
		return p
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			s.Index(i).Set(c.copy(v.Index(i)))
		}
		return s
	case reflect.Array:
		a := reflect.New(v.Type()).Elem()
		for i := 0; i < v.Len(); i++ {
			a.Index(i).Set(c.copy(v.Index(i)))
		}
		return a
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		m := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			m.SetMapIndex(c.copy(it.Key()), c.copy(it.Value()))
		}
		return m
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		i := reflect.New(v.Type()).Elem()
		i.Set(c.copy(v.Elem()))
		return i
	case reflect.Struct:
		s := reflect.New(v.Type()).Elem()
		s.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if f := s.Field(i); f.CanSet() {
				f.Set(c.copy(v.Field(i)))
			}
		}
		return s
	}
	return v
}

// cycle returns the path (as verify writes it, such as ".Next.Next") of
// a pointer, map or slice in v that refers back to a value containing it,
// or "" when v has no cycle. Only exported struct fields are followed:
// those are what codecs walk (prepare refuses others). Values shared
// without a cycle are walked once.
func cycle(v reflect.Value) string {
	w := cycleWalker{state: map[cycleKey]bool{}}
	segs, found := w.walk(v)
	if !found {
		return ""
	}
	var b strings.Builder
	for i := len(segs) - 1; i >= 0; i-- {
		b.WriteString(segs[i])
	}
	if b.Len() == 0 {
		return "(root)"
	}
	return b.String()
}

// cycleWalker is a depth-first walk: state holds the references being
// walked (true) and those done (false).
type cycleWalker struct{ state map[cycleKey]bool }

// cycleKey is a reference: a slice is its elements from p, n of them.
type cycleKey struct {
	t reflect.Type
	p uintptr
	n int
}

// walk returns, when v holds a cycle, the path segments to the reference
// that closes it, innermost first.
func (w cycleWalker) walk(v reflect.Value) ([]string, bool) {
	var k cycleKey
	switch v.Kind() {
	case reflect.Pointer, reflect.Map:
		if v.IsNil() {
			return nil, false
		}
		k = cycleKey{v.Type(), v.Pointer(), 0}
	case reflect.Slice:
		if v.Len() == 0 {
			return nil, false
		}
		k = cycleKey{v.Type(), v.Pointer(), v.Len()}
	case reflect.Interface:
		if v.IsNil() {
			return nil, false
		}
		return w.walk(v.Elem())
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if segs, ok := w.walk(v.Index(i)); ok {
				return append(segs, fmt.Sprintf("[%d]", i)), true
			}
		}
		return nil, false
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if segs, ok := w.walk(v.Field(i)); ok {
				return append(segs, "."+v.Type().Field(i).Name), true
			}
		}
		return nil, false
	default:
		return nil, false
	}
	if walking, seen := w.state[k]; seen {
		return nil, walking
	}
	w.state[k] = true
	defer func() { w.state[k] = false }()
	switch v.Kind() {
	case reflect.Pointer:
		return w.walk(v.Elem())
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if segs, ok := w.walk(v.Index(i)); ok {
				return append(segs, fmt.Sprintf("[%d]", i)), true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if segs, ok := w.walk(it.Key()); ok {
				return append(segs, fmt.Sprintf("[key %#v]", it.Key())), true
			}
			if segs, ok := w.walk(it.Value()); ok {
				return append(segs, fmt.Sprintf("[%#v]", it.Key())), true
			}
		}
	}
	return nil, false
}
