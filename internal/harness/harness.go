// Package harness is serbench's measurement engine: one scheduler for
// every measurable unit, and the setup of codec jobs.
//
// A unit is anything with a timed loop (Unit): a codec's encode, decode,
// access or zstd cell, a strategy of a workload with a runner of its own,
// or a reference measurement (the noop floor, a memory bandwidth limit).
// Units come in jobs, named by plain data (Spec) and set up by the Kind
// registered under the spec's kind: package suite registers the codec
// kind, which binds a codec, round-trips every value and compares it with
// the original (package verify), and prepares the inputs and pre-encoded
// messages, all outside the timed loops; package floats registers its own.
//
// Run measures jobs the way go test -bench does, one job per process, and
// keeps the interleaving a shared machine needs: each job is set up in a
// worker process of its own (this binary again, see MaybeWorker and the
// protocol at ProtocolVersion), in Config.Forks separate processes, at most
// Config.Workers alive at once. The first worker that measures a cell
// calibrates it to the sample time, as testing.B sizes b.N, and later
// forks take those iterations; the coordinator then asks the
// live workers for one sample at a time, round-robin over all their cells,
// so drift hits every cell alike. A worker collects garbage before each
// sample and its heap holds only its job, so a sample pays for the
// collections its own allocations cause, whatever else was selected. A
// worker that crashes, hangs or eats memory is killed and the cell it was
// measuring marked; its job's other cells go on in a new worker.
//
// Encode rotates through the prepared values and decode through the
// pre-encoded messages, so no codec sees one message over and over.
//
// The harness knows no codec, workload or store by name. It computes no
// statistics and prints nothing: it reports raw samples, with their fork
// and the garbage collections they saw, to a Sink.
package harness

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"sort"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/compress"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/result"
)

// Job is one (workload, codec) pair to verify and time.
type Job struct {
	// Workload is the workload's name.
	Workload string
	// Target is the workload as the codec sees it.
	Target codec.Target
	// Values are the canonical values, pointers to Target.Type: the
	// job's own copy, which its codec is given (no other job sees it).
	Values []any
	// Pristine, when set, is a second copy of Values, equal to it and
	// never given to a codec: verification compares decoded values with
	// it, and checks that preparing and encoding left Values unchanged
	// (a codec that changes its input is reported result.VerifyMutated).
	// Without it, verification compares with Values and cannot tell a
	// codec that changes its input.
	Pristine []any
	// Codec is the codec.
	Codec codec.Codec
	// Access, when set, returns the access fields of a value (see
	// workload.Workload.Access). Codecs whose instances implement
	// codec.Accessor then get a third cell, "access", verified against
	// it for every value.
	Access func(v any) any
	// Verified says an earlier worker of this run verified the job with
	// the same values (Spec.Verified): setup still round-trips every
	// value (an error still fails the job) and prepares the inputs, but
	// compares no values and measures no compressed sizes, whose record
	// the run already holds. Setup of later forks is then a small part of
	// their cost.
	Verified bool
}

// unsupported returns why the codec declares (codec.ExpectUnsupported)
// that it cannot represent the job's workload, or "": such a job is
// reported unsupported, never bound.
func (j Job) unsupported() string {
	return j.Codec.Info().Expected(j.Workload, codec.ExpectUnsupported)
}

// Name returns "workload/codec".
func (j Job) Name() string { return j.Workload + "/" + j.Codec.Info().Name }

// Prepared is a job that passed setup: a bound instance, its prepared
// values and the pre-encoded messages.
type Prepared struct {
	Job      Job
	Instance codec.Instance
	// Inputs are the prepared values, in the order of Job.Values.
	Inputs []any
	// Messages are copies of the encodings of Inputs.
	Messages [][]byte
	// MeanSize is the mean length of Messages.
	MeanSize float64
	// Access is true when the instance implements codec.Accessor, the job
	// has access fields, and Access was verified for every message.
	Access bool
	// Clock times the units' loops; nil means the real clock. Tests set
	// a fake one.
	Clock Clock
}

// ErrTimeout is wrapped by errors of calls that ran past Config.Timeout.
var ErrTimeout = errors.New("timed out")

// WithTimeout runs f on its own goroutine and waits at most d for it, or
// until ctx is done. A panic in f is returned as an error. When d passes,
// the goroutine is abandoned (Go cannot stop it) and an error wrapping
// ErrTimeout returned; when ctx is done, ctx's error.
func WithTimeout(ctx context.Context, d time.Duration, what string, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- codec.Call(what, f) }()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return fmt.Errorf("%s: %w after %s", what, ErrTimeout, d)
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// Loop runs n iterations of a timed operation and returns their wall time.
type Loop func(n int) (time.Duration, error)

// Calibrate returns the iteration count for one sample of about target:
// it grows n until a run lasts a quarter of target, then predicts the
// count for the whole target from that rate, as testing.B predicts b.N.
// It also returns the predicted duration of one sample of that count, so
// callers can budget slow operations. The calibration runs warm up.
func Calibrate(loop Loop, target time.Duration) (n int, perSample time.Duration, err error) {
	n = 1
	for {
		el, err := loop(n)
		if err != nil {
			return 0, 0, err
		}
		if el >= target || n >= 1e9 {
			return n, el, nil
		}
		if el >= target/4 {
			m := min(int(float64(n)*float64(target)/float64(el)), 4*n, 1e9)
			return m, time.Duration(float64(el) * float64(m) / float64(n)), nil
		}
		prev := n
		if el <= 0 {
			n *= 100
		} else {
			n = int(float64(n) * float64(target) / float64(el) * 1.1)
		}
		n = max(n, prev+1)
		n = min(n, prev*100, 1e9)
	}
}

// GCSpan is how many heaps' worth of allocation a sample spans at least
// (CalibrateGC): with a collection before every sample, a sample that
// allocates less than the heap goal would see no collection at all, and a
// codec's garbage would cost it nothing. Spanning one heap goal, every
// sample of a codec that allocates pays for the collections its own
// garbage causes, one at least (a whole number of them: up to one short
// of the amortized count a long go test -bench run pays). Two heap goals
// halve that shortfall but made the default suite's samples twice as long
// (60–80ms instead of 10ms for most codecs).
const GCSpan = 1

// MaxStretch bounds how far CalibrateGC lengthens a sample beyond its
// target duration to span GCSpan heap goals.
const MaxStretch = 10

// CalibrateGC is Calibrate, then, for a loop that allocates, more
// iterations if needed so that one sample allocates at least GCSpan times
// the heap goal the collector sets after a collection (runtime/metrics
// /gc/heap/goal:bytes), but lasts no more than MaxStretch times target.
// ops is the number of operations one iteration makes.
func CalibrateGC(loop Loop, target time.Duration, ops int) (n int, perSample time.Duration, err error) {
	// The bytes the last calibration run allocated, read from the
	// runtime's cumulative count (no stop of the world).
	var lastIters int
	var lastBytes uint64
	counted := func(k int) (time.Duration, error) {
		before := heapAllocs()
		el, err := loop(k)
		lastIters, lastBytes = k, heapAllocs()-before
		return el, err
	}
	n, perSample, err = Calibrate(counted, target)
	if err != nil || n <= 0 || lastIters <= 0 || lastBytes == 0 {
		return n, perSample, err
	}
	bytesPerIter := float64(lastBytes) / float64(lastIters)
	runtime.GC()
	need := int(math.Ceil(GCSpan * float64(heapGoal()) / bytesPerIter))
	if need <= n {
		return n, perSample, nil
	}
	perIter := float64(perSample) / float64(n)
	if most := int(float64(MaxStretch*target) / max(perIter, 1)); need > most {
		need = max(most, n)
	}
	return need, time.Duration(perIter * float64(need)), nil
}

// heapAllocs is the runtime's count of bytes allocated on the heap so far.
func heapAllocs() uint64 { return uint64Metric("/gc/heap/allocs:bytes") }

// heapGoal is the collector's current heap goal in bytes.
func heapGoal() uint64 { return uint64Metric("/gc/heap/goal:bytes") }

// uint64Metric reads one runtime/metrics value of kind uint64 (0 if the
// runtime does not have it).
func uint64Metric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// Measure takes one sample: a garbage collection first, as testing.B does
// before it times, then iters iterations of loop between two reads of the
// allocation counters and of the runtime's GC metrics. ops is the number of
// operations one iteration makes (the goroutines of a parallel cell). The
// collections the loop's own garbage causes fall inside the sample.
func Measure(loop Loop, iters, ops int) (result.Sample, error) {
	runtime.GC()
	var before, after runtime.MemStats
	gcBefore := readGC()
	runtime.ReadMemStats(&before)
	el, err := loop(iters)
	runtime.ReadMemStats(&after)
	gcAfter := readGC()
	if err != nil {
		return result.Sample{}, err
	}
	total := float64(iters * ops)
	return result.Sample{
		Iters:       iters * ops,
		NsPerOp:     float64(el.Nanoseconds()) / total,
		BytesPerOp:  float64(after.TotalAlloc-before.TotalAlloc) / total,
		AllocsPerOp: float64(after.Mallocs-before.Mallocs) / total,
		GCCycles:    int(gcAfter.cycles - gcBefore.cycles),
		GCCPU:       time.Duration((gcAfter.cpu - gcBefore.cpu) * 1e9),
	}, nil
}

// gcState is what runtime/metrics tells of the collector.
type gcState struct {
	cycles uint64
	cpu    float64 // seconds
}

var gcMetrics = []string{"/gc/cycles/total:gc-cycles", "/cpu/classes/gc/total:cpu-seconds"}

func readGC() gcState {
	s := make([]metrics.Sample, len(gcMetrics))
	for i, n := range gcMetrics {
		s[i].Name = n
	}
	metrics.Read(s)
	var g gcState
	if s[0].Value.Kind() == metrics.KindUint64 {
		g.cycles = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindFloat64 {
		g.cpu = s[1].Value.Float64()
	}
	return g
}

// Setup binds the job's codec, verifies a round trip of every value, and
// prepares the inputs and messages of the timed loops. It returns the
// verification record; the Prepared is nil when the codec cannot be timed
// (unsupported, error, panic or timeout), and the error says why. With a
// positive timeout the whole setup runs under it (WithTimeout); with none
// it runs on the calling goroutine, as in a worker process, whose
// coordinator enforces the timeout by killing it.
func Setup(ctx context.Context, j Job, timeout time.Duration) (*Prepared, result.Verification, error) {
	type out struct {
		p *Prepared
		v result.Verification
	}
	var o out
	run := func() error {
		// Only this goroutine writes local; o is read after it returns.
		local := out{v: result.Verification{Workload: j.Workload, Codec: j.Codec.Info().Name, Status: result.VerifyExact}}
		var err error
		local.p, err = setup(j, &local.v)
		o = local
		return err
	}
	var err error
	if timeout > 0 {
		err = WithTimeout(ctx, timeout, "setup", run)
	} else {
		err = codec.Call("setup", run)
	}
	if err != nil {
		v := result.Verification{Workload: j.Workload, Codec: j.Codec.Info().Name, Status: result.VerifyError, Error: err.Error()}
		if errors.Is(err, codec.ErrUnsupported) {
			v.Status = result.VerifyUnsupported
		}
		return nil, v, err
	}
	return o.p, o.v, nil
}

func setup(j Job, v *result.Verification) (*Prepared, error) {
	info := j.Codec.Info()
	if why := j.unsupported(); why != "" {
		return nil, codec.Unsupportedf("%s", why)
	}
	inst, err := j.Codec.Bind(j.Target)
	if err != nil {
		return nil, fmt.Errorf("bind %s to %s: %w", info.Name, j.Workload, err)
	}
	p := &Prepared{Job: j, Instance: inst, Inputs: make([]any, len(j.Values)), Messages: make([][]byte, len(j.Values))}
	if info.Reference != "" {
		// A reference codec carries no data: nothing to verify.
		v.Status = result.VerifyReference
	}
	var (
		tally    verify.Tally
		observed = map[verify.Class]int{}
		total    int
		aliased  []string
		mutated  []string // the first differences of changed inputs
		changed  int      // the inputs prepare or encode changed
		check    = info.Reference == "" && !j.Verified
	)
	if check && j.Pristine != nil && len(j.Pristine) != len(j.Values) {
		return nil, fmt.Errorf("job %s: %d pristine values for %d values", j.Name(), len(j.Pristine), len(j.Values))
	}
	for i, val := range j.Values {
		want := val
		if j.Pristine != nil {
			want = j.Pristine[i]
		}
		got, enc, err := codec.RoundTrip(inst, val)
		if err != nil {
			return nil, fmt.Errorf("value %d: %w", i, err)
		}
		total += len(enc)
		if check {
			before := compareValue(i, want, got, info.Losses, &tally, observed, v)
			// Scribble over the message the value was decoded from: a
			// decoded value that changes with it aliases the input.
			for k := range enc {
				enc[k] ^= 0xa5
			}
			after, broken := compareAliased(want, got)
			switch {
			case broken != nil && len(aliased) < 3:
				aliased = append(aliased, fmt.Sprintf("value %d: the decoded value broke when its message was overwritten (%v): a map key aliases the message", i, broken))
			case broken == nil && !sameDiffs(before, after) && len(aliased) < 3:
				d := firstNew(before, after)
				aliased = append(aliased, fmt.Sprintf("value %d: %s", i, d))
			}
		}
		// Prepare and encode again for the timed loops, so the inputs
		// are exactly what the loops will see.
		if p.Inputs[i], err = inst.Prepare(val); err != nil {
			return nil, fmt.Errorf("value %d: prepare: %w", i, err)
		}
		b, err := inst.Encode(p.Inputs[i])
		if err != nil {
			return nil, fmt.Errorf("value %d: encode: %w", i, err)
		}
		p.Messages[i] = append([]byte(nil), b...)
		if check && j.Pristine != nil {
			// Two prepares and encodes later, the input must be as it
			// was generated.
			if diffs := verify.Compare(want, val, nil); len(diffs) > 0 {
				changed++
				if len(mutated) < 3 {
					mutated = append(mutated, fmt.Sprintf("value %d: input changed by prepare or encode: %s", i, diffs[0]))
				}
			}
		}
	}
	if a, ok := inst.(codec.Accessor); ok && j.Access != nil && info.Reference == "" {
		if err := verifyAccess(a, j, p.Messages, v); err != nil {
			return nil, err
		}
		p.Access = true
	}
	if !j.Verified {
		if v.Compressed, err = compress.Sizes(p.Messages); err != nil {
			return nil, fmt.Errorf("compressed sizes: %w", err)
		}
	}
	v.Values = len(j.Values)
	if len(j.Values) > 0 {
		p.MeanSize = float64(total) / float64(len(j.Values))
	}
	v.MeanSize = p.MeanSize
	for c, n := range observed {
		v.Observed = append(v.Observed, fmt.Sprintf("%s ×%d", c, n))
	}
	sort.Strings(v.Observed)
	if check {
		for _, e := range tally.Extents(info.Losses) {
			v.Bounds = append(v.Bounds, e.String())
			if e.Loose {
				v.LooseBounds++
			}
		}
	}
	if len(aliased) > 0 {
		v.Flags = append(v.Flags, result.FlagUnsafe)
		v.Aliases = aliased
	}
	switch {
	case info.Reference != "":
	case changed > 0:
		v.Status = result.VerifyMutated
		v.MutatedValues = changed
		v.Diffs = append(mutated, v.Diffs...)
	case v.DiffValues > 0:
		v.Status = result.VerifyMismatch
	case len(observed) > 0:
		v.Status = result.VerifyLossy
	}
	// The pristine copy has served: no timed loop reads it. A worker
	// that kept it would hold a second copy of the values that the later
	// forks of the job, set up Verified, do not have: a larger live heap,
	// so fewer and longer collections, in the first fork alone.
	p.Job.Pristine = nil
	if !j.Verified {
		// So would what the comparisons and the compressed sizes left in
		// sync.Pools: with it, a verifying first fork calibrated its cells
		// to up to six times the iterations of a later fork's.
		freePooled()
	}
	return p, nil
}

// freePooled frees what sync.Pools hold: one collection moves it to the
// pools' victim caches, where it is still live, the second frees it.
func freePooled() {
	runtime.GC()
	runtime.GC()
}

// compareValue compares value i with what came back, counting the
// declared losses seen in observed and their extent in tally, and
// recording undeclared differences in v. It returns every difference, as
// verify.Compare(want, got, nil) does.
func compareValue(i int, want, got any, losses []codec.Loss, tally *verify.Tally, observed map[verify.Class]int, v *result.Verification) []verify.Diff {
	all := tally.Add(want, got, losses)
	for _, d := range all {
		observed[d.Class]++
	}
	if len(all) == 0 {
		return nil
	}
	if diffs := verify.Compare(want, got, losses); len(diffs) > 0 {
		v.DiffValues++
		if len(v.Diffs) < 5 {
			for _, d := range diffs[:min(len(diffs), 3)] {
				v.Diffs = append(v.Diffs, fmt.Sprintf("value %d: %s", i, d))
			}
		}
	}
	return all
}

// compareAliased compares a decoded value with its original after the
// message it was decoded from was overwritten. A map whose string keys
// alias the message no longer finds its own keys, and go-cmp panics on it
// ("has map key with NaNs"); that is returned as broken, proof of
// aliasing, rather than ending the setup.
func compareAliased(want, got any) (diffs []verify.Diff, broken any) {
	defer func() { broken = recover() }()
	return verify.Compare(want, got, nil), nil
}

// sameDiffs reports whether a and b are the same differences.
func sameDiffs(a, b []verify.Diff) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// firstNew returns the first difference of after that before does not
// have.
func firstNew(before, after []verify.Diff) verify.Diff {
	seen := map[verify.Diff]bool{}
	for _, d := range before {
		seen[d] = true
	}
	for _, d := range after {
		if !seen[d] {
			return d
		}
	}
	if len(after) > 0 {
		return after[0]
	}
	return verify.Diff{Path: "(root)", Class: verify.ClassOther, Detail: "differences vanished when the input was overwritten"}
}

// verifyAccess checks that the access operation returns exactly the access
// fields of every value; a difference is an undeclared loss of the codec
// (no loss is accepted on these fields).
func verifyAccess(a codec.Accessor, j Job, messages [][]byte, v *result.Verification) error {
	for i, msg := range messages {
		var got any
		if err := codec.Call("access", func() (e error) { got, e = a.Access(msg); return }); err != nil {
			return fmt.Errorf("value %d: access: %w", i, err)
		}
		orig := j.Values[i]
		if j.Pristine != nil {
			orig = j.Pristine[i]
		}
		want := j.Access(orig)
		if diffs := verify.Compare(want, got, nil); len(diffs) > 0 {
			v.DiffValues++
			if len(v.Diffs) < 5 {
				v.Diffs = append(v.Diffs, fmt.Sprintf("value %d: access: %s", i, diffs[0]))
			}
		}
	}
	return nil
}

// EncodeN encodes n values with inst, rotating through inputs from *next.
// It is the whole timed loop of an encode cell: nothing but the codec
// call. The loop makes four calls per turn over consecutive inputs, each
// checked at once, so that what the harness itself costs per operation
// (see the noop floor) is little more than the call.
func EncodeN(inst codec.Instance, inputs []any, next *int, n int) error {
	k := *next
	for n > 0 {
		start, end := k, min(len(inputs), k+n)
		for ; k+4 <= end; k += 4 {
			in := inputs[k : k+4 : k+4]
			if _, err := inst.Encode(in[0]); err != nil {
				return fmt.Errorf("encode value %d: %w", k, err)
			}
			if _, err := inst.Encode(in[1]); err != nil {
				return fmt.Errorf("encode value %d: %w", k+1, err)
			}
			if _, err := inst.Encode(in[2]); err != nil {
				return fmt.Errorf("encode value %d: %w", k+2, err)
			}
			if _, err := inst.Encode(in[3]); err != nil {
				return fmt.Errorf("encode value %d: %w", k+3, err)
			}
		}
		for ; k < end; k++ {
			if _, err := inst.Encode(inputs[k]); err != nil {
				return fmt.Errorf("encode value %d: %w", k, err)
			}
		}
		n -= end - start
		if k == len(inputs) {
			k = 0
		}
	}
	*next = k
	return nil
}

// DecodeN decodes n messages with inst, rotating through messages from
// *next, four calls per turn as EncodeN. It is the whole timed loop of a
// decode cell.
func DecodeN(inst codec.Instance, messages [][]byte, next *int, n int) error {
	k := *next
	for n > 0 {
		start, end := k, min(len(messages), k+n)
		for ; k+4 <= end; k += 4 {
			m := messages[k : k+4 : k+4]
			if _, err := inst.Decode(m[0]); err != nil {
				return fmt.Errorf("decode message %d: %w", k, err)
			}
			if _, err := inst.Decode(m[1]); err != nil {
				return fmt.Errorf("decode message %d: %w", k+1, err)
			}
			if _, err := inst.Decode(m[2]); err != nil {
				return fmt.Errorf("decode message %d: %w", k+2, err)
			}
			if _, err := inst.Decode(m[3]); err != nil {
				return fmt.Errorf("decode message %d: %w", k+3, err)
			}
		}
		for ; k < end; k++ {
			if _, err := inst.Decode(messages[k]); err != nil {
				return fmt.Errorf("decode message %d: %w", k, err)
			}
		}
		n -= end - start
		if k == len(messages) {
			k = 0
		}
	}
	*next = k
	return nil
}

// AccessN reads the access fields of n messages with a, rotating through
// messages from *next. It is the whole timed loop of an access cell.
func AccessN(a codec.Accessor, messages [][]byte, next *int, n int) error {
	k := *next
	for i := 0; i < n; i++ {
		if _, err := a.Access(messages[k]); err != nil {
			return fmt.Errorf("access message %d: %w", k, err)
		}
		if k++; k == len(messages) {
			k = 0
		}
	}
	*next = k
	return nil
}

// ZstdN compresses n messages with z into dst, rotating through messages
// from *next. It is the whole timed loop of a zstd cell.
func ZstdN(z *compress.Zstd, dst *[]byte, messages [][]byte, next *int, n int) error {
	k := *next
	for i := 0; i < n; i++ {
		*dst = z.Compress((*dst)[:0], messages[k])
		if k++; k == len(messages) {
			k = 0
		}
	}
	*next = k
	return nil
}

// Units returns the timed units of a prepared job: encode and decode, access
// when the codec has it, and zstd when asked for, each on every goroutine
// count in goroutines (default 1). Goroutine i of every cell uses its own
// instance, bound here; instance 0 is p.Instance. A reference codec (its
// Info.Reference set) gets encode and decode only, marked with its role;
// a parse-only codec (codec.Parse) no encode.
func (p *Prepared) Units(goroutines []int, zstd bool) ([]Unit, error) {
	if len(goroutines) == 0 {
		goroutines = []int{1}
	}
	info := p.Job.Codec.Info()
	lanes := []codec.Instance{p.Instance}
	for _, gs := range goroutines {
		for len(lanes) < gs {
			inst, err := p.Job.Codec.Bind(p.Job.Target)
			if err != nil {
				return nil, fmt.Errorf("bind %s for goroutine %d: %w", p.Job.Name(), len(lanes), err)
			}
			lanes = append(lanes, inst)
		}
	}
	ops := []string{result.OpEncode, result.OpDecode}
	if info.API == codec.Parse {
		// A parse-only codec cannot encode Go values: its Encode makes
		// the input document with another library, whose time is not the
		// codec's and must not be stored as if it were.
		ops = ops[1:]
	}
	if info.Reference == "" {
		if p.Access {
			ops = append(ops, result.OpAccess)
		}
		if zstd {
			ops = append(ops, result.OpZstd)
		}
	}
	var units []Unit
	for _, gs := range goroutines {
		for _, op := range ops {
			c := &cell{p: p, op: op}
			for g := 0; g < gs; g++ {
				l := lane{inst: lanes[g], next: g * len(p.Inputs) / gs}
				if op == result.OpZstd {
					z, err := compress.NewZstd()
					if err != nil {
						return nil, err
					}
					l.z = z
				}
				c.lanes = append(c.lanes, l)
			}
			units = append(units, Unit{
				Cell: result.Cell{Workload: p.Job.Workload, Codec: info.Name, Op: op, Goroutines: gs,
					MeanSize: p.MeanSize, Reference: info.Reference},
				Loop: c.loop,
				Ops:  gs,
			})
		}
	}
	return units, nil
}

// cell is the timed loop of one (job, operation, goroutines).
type cell struct {
	p     *Prepared
	op    string
	lanes []lane // one per goroutine
}

// lane is the state of one goroutine of a cell.
type lane struct {
	inst codec.Instance
	next int
	// z and dst serve zstd cells.
	z   *compress.Zstd
	dst []byte
}

// loop runs n iterations on every lane at once and returns the wall time.
func (c *cell) loop(n int) (time.Duration, error) {
	run := func(l *lane) error {
		switch c.op {
		case result.OpEncode:
			return EncodeN(l.inst, c.p.Inputs, &l.next, n)
		case result.OpAccess:
			return AccessN(l.inst.(codec.Accessor), c.p.Messages, &l.next, n)
		case result.OpZstd:
			return ZstdN(l.z, &l.dst, c.p.Messages, &l.next, n)
		}
		return DecodeN(l.inst, c.p.Messages, &l.next, n)
	}
	var clock Clock = realClock{}
	if c.p.Clock != nil {
		clock = c.p.Clock
	}
	if len(c.lanes) == 1 {
		start := clock.Now()
		err := run(&c.lanes[0])
		return clock.Now().Sub(start), err
	}
	errs := make(chan error, len(c.lanes))
	start := clock.Now()
	for i := range c.lanes {
		go func(l *lane) { errs <- codec.Call(c.op, func() error { return run(l) }) }(&c.lanes[i])
	}
	var first error
	for range c.lanes {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return clock.Now().Sub(start), first
}
