package avro

import (
	"math"
	"testing"
	"time"
)

func TestSplitJoinTime(t *testing.T) {
	times := []time.Time{
		{},
		time.Time{}.In(time.FixedZone("X", 3600)),
		time.Unix(0, 0).UTC(),
		time.Unix(0, 0).In(time.FixedZone("", -36000)),
		time.Date(1940, 5, 6, 7, 8, 9, 123456789, time.FixedZone("IST", 5*3600+1800)),
		time.Unix(0, math.MaxInt64).UTC(),
		time.Unix(0, math.MinInt64+1).UTC(),
	}
	for _, want := range times {
		ns, off, err := SplitTime(want)
		if err != nil {
			t.Errorf("SplitTime(%v): %v", want, err)
			continue
		}
		got := JoinTime(ns, off)
		_, wantOff := want.Zone()
		_, gotOff := got.Zone()
		if !got.Equal(want) || gotOff != wantOff || got.IsZero() != want.IsZero() {
			t.Errorf("JoinTime(SplitTime(%v)) = %v", want, got)
		}
	}
	if got := JoinTime(ZeroTimeUnixNano, 0); got != (time.Time{}) {
		t.Errorf("JoinTime(ZeroTimeUnixNano, 0) = %#v, want the zero time.Time", got)
	}
	for _, bad := range []time.Time{
		time.Unix(0, math.MinInt64),
		time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		if _, _, err := SplitTime(bad); err == nil {
			t.Errorf("SplitTime(%v) = nil error, want an error", bad)
		}
	}
}
