package bounds

import (
	"fmt"
	"time"
)

// MinSampleTime is the shortest --time serbench run accepts, however
// fine the clock: before every sample the worker collects garbage, which
// leaves the caches cold, and below about a millisecond that and the
// clock's steps weigh on the time (on a 2-core amd64 machine, person's
// JSON decode measured 4.6µs at --time 1ms and 10ms, 6.8µs at 100µs,
// 33µs at 1ns).
const MinSampleTime = time.Millisecond

// ClockSteps is how many of its steps the clock may take in the shortest
// sample: 1,000, so that its resolution costs at most 0.1%.
const ClockSteps = 1000

// ShortestSample returns the shortest sample time this machine can time
// (MinSampleTime, or ClockSteps steps of a coarse clock) and the clock's
// resolution.
func ShortestSample() (shortest, resolution time.Duration) {
	resolution = ClockResolution()
	return max(MinSampleTime, ClockSteps*resolution), resolution
}

// ClockResolution is the smallest step of the monotonic clock that
// successive readings show: over 10,000 of them, or 20ms (0 when the
// clock did not move).
func ClockResolution() time.Duration {
	var step time.Duration
	start := time.Now()
	prev := start
	for i := 0; (i < 10_000 || step == 0) && prev.Sub(start) < 20*time.Millisecond; i++ {
		now := time.Now()
		if d := now.Sub(prev); d > 0 && (step == 0 || d < step) {
			step = d
		}
		prev = now
	}
	return step
}

// CheckSampleTime refuses a sample time d shorter than this machine can
// time (ShortestSample): the error says why, without naming d or the flag
// or option that gave it.
func CheckSampleTime(d time.Duration) error {
	shortest, resolution := ShortestSample()
	if d >= shortest {
		return nil
	}
	if shortest > MinSampleTime {
		return fmt.Errorf("too short to time; want at least %s, %d steps of this machine's clock (it resolves %s)", shortest, ClockSteps, resolution)
	}
	return fmt.Errorf("too short to time; want at least %s (in shorter samples the collection before each sample and the clock's steps weigh on the time, which comes out several times too slow)", shortest)
}
