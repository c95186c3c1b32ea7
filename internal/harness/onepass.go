package harness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/result"
)

// Clock tells the time. Tests pass a fake one.
type Clock interface {
	Now() time.Time
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// onePassClock times the one pass; tests replace it.
var onePassClock Clock = realClock{}

// OnePass runs the one pass of job j: it binds a new instance, prepares the
// first value, and times one Encode and one Decode of it (before anything
// else in the call uses the codec, so the times include first-use costs),
// then compares the decoded value with the original up to the codec's
// declared losses. It then verifies every value with Setup, for the mean
// length and the status. Each step runs under timeout; a codec that is
// unsupported, fails, panics or times out gets a row with Status and
// Error set. When ctx is done, OnePass returns at once (the step under
// way is abandoned, as after a timeout), with ctx's error as the row's.
func OnePass(ctx context.Context, j Job, timeout time.Duration) result.OnePassRow {
	info := j.Codec.Info()
	r := result.OnePassRow{Workload: j.Workload, Codec: info.Name}
	if j.unsupported() == "" && len(j.Values) > 0 {
		// The goroutine reads only base and writes only local, which is
		// read only when it has returned: a goroutine abandoned after
		// the timeout touches nothing the caller uses.
		base, local, clock := r, result.OnePassRow{}, onePassClock
		err := WithTimeout(ctx, timeout, "one pass", func() error {
			l := base
			err := onePass(j, clock, &l)
			local = l
			return err
		})
		if err != nil {
			r.Status = result.VerifyError
			if errors.Is(err, codec.ErrUnsupported) {
				r.Status = result.VerifyUnsupported
			}
			r.Error = err.Error()
			if errors.Is(err, ErrTimeout) || ctx.Err() != nil {
				// Setup would likely hang as well.
				return r
			}
		} else {
			r = local
		}
	}
	_, v, err := Setup(ctx, j, timeout)
	r.Values, r.MeanLen, r.DiffValues = v.Values, v.MeanSize, v.DiffValues
	switch {
	case r.Error != "":
		// The one pass failed; keep its error.
	case err != nil:
		r.Status, r.Error = v.Status, v.Error
	case len(j.Values) == 0:
		r.Status, r.Error = result.VerifyError, "the workload has no values"
	default:
		r.Status = v.Status
	}
	return r
}

// onePass binds, prepares, and times one encode and one decode of the
// first value of j with clock, and compares the result with the original.
func onePass(j Job, clock Clock, r *result.OnePassRow) error {
	info := j.Codec.Info()
	inst, err := j.Codec.Bind(j.Target)
	if err != nil {
		return fmt.Errorf("bind %s to %s: %w", info.Name, j.Workload, err)
	}
	want := j.Values[0]
	if j.Pristine != nil {
		want = j.Pristine[0]
	}
	in, err := inst.Prepare(j.Values[0])
	if err != nil {
		return fmt.Errorf("value 0: prepare: %w", err)
	}
	start := clock.Now()
	b, err := inst.Encode(in)
	r.Encode = clock.Now().Sub(start)
	if err != nil {
		return fmt.Errorf("value 0: encode: %w", err)
	}
	msg := bytes.Clone(b)
	r.Len = len(msg)
	start = clock.Now()
	native, err := inst.Decode(msg)
	r.Decode = clock.Now().Sub(start)
	if err != nil {
		return fmt.Errorf("value 0: decode: %w", err)
	}
	got, err := inst.Canonical(native)
	if err != nil {
		return fmt.Errorf("value 0: canonical: %w", err)
	}
	if info.Reference != "" {
		// A reference (the noop floor) carries no data: nothing to match.
		return nil
	}
	declared := map[verify.Class]bool{}
	for _, l := range info.Losses {
		declared[verify.Class(l.Kind)] = true
	}
	seen := map[string]bool{}
	for _, d := range verify.Compare(want, got, nil) {
		if declared[d.Class] && !seen[string(d.Class)] {
			seen[string(d.Class)] = true
			r.Lossy = append(r.Lossy, string(d.Class))
		}
	}
	sort.Strings(r.Lossy)
	diffs := verify.Compare(want, got, info.Losses)
	r.Match = len(diffs) == 0
	if !r.Match {
		r.FirstDiff = diffs[0].String()
	}
	return nil
}
