package harness

import (
	"context"
	"errors"
	"testing"
	"time"
)

// errStop stands for the cause a command gives the cancellation of its
// context (serbench's says which signal stopped it).
var errStop = errors.New("interrupted by SIGINT")

// TestCancelReturnsTheCause: a run stopped by canceling its context
// returns the cancellation's cause, not a bare context.Canceled, so that
// the command can say why it stopped.
func TestCancelReturnsTheCause(t *testing.T) {
	clk := &fakeClock{}
	a := &fake{name: "a", clock: clk, encCost: time.Nanosecond, decCost: time.Nanosecond}
	ctx, cancel := context.WithCancelCause(context.Background())
	s := sink{onSample: func(n int) {
		if n == 3 {
			cancel(errStop)
		}
	}}
	err := runJobs(ctx, Config{Count: 10, SampleTime: time.Microsecond}, clk, jobs(a), &s, nil, false)
	if !errors.Is(err, errStop) {
		t.Fatalf("err = %v; want the cause %v", err, errStop)
	}
}

// TestWithTimeoutReturnsTheCause: WithTimeout, stopped by its context,
// returns the context's cause.
func TestWithTimeoutReturnsTheCause(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errStop)
	err := WithTimeout(ctx, time.Minute, "setup", func() error { time.Sleep(time.Second); return nil })
	if !errors.Is(err, errStop) {
		t.Fatalf("err = %v; want the cause %v", err, errStop)
	}
}
