package runner

import (
	"context"
	"errors"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
)

// ErrNothingMeasured is the error of a run in which no cell got a single
// sample: every job failed its setup, crashed or was unsupported, or the
// selection held nothing that could be timed. Execute stores such a run
// as incomplete, never as complete. A shard of a sharded run that got no
// jobs at all is not an error: it stores an empty, complete run
// (deploy/README.md).
var ErrNothingMeasured = errors.New("nothing was measured")

// measure runs p's jobs with cfg into r's store (harness.Run) and returns
// ErrNothingMeasured when neither they nor the run before a resume
// produced a sample.
func (r *Run) measure(ctx context.Context, cfg harness.Config, p *Plan) error {
	sink := &countingSink{Sink: r.w}
	if err := harness.Run(ctx, cfg, p.Specs, sink); err != nil {
		return err
	}
	if sink.samples == 0 && !hasSamples(r.stored) && !(p.Sharded() && len(p.Specs) == 0) {
		return ErrNothingMeasured
	}
	return nil
}

// countingSink counts the samples that pass through it.
type countingSink struct {
	harness.Sink
	samples int
}

func (s *countingSink) Sample(c result.Cell) error {
	s.samples++
	return s.Sink.Sample(c)
}

// hasSamples reports whether any of cells has a sample.
func hasSamples(cells []result.Cell) bool {
	for _, c := range cells {
		if len(c.Samples) > 0 {
			return true
		}
	}
	return false
}
