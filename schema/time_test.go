package schema

import (
	"testing"
	"time"
)

func TestSplitJoinTime(t *testing.T) {
	for _, tc := range []time.Time{
		{},
		time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1900, 3, 4, 5, 6, 7, 8, time.FixedZone("", -5*3600)),
		time.Date(2100, 12, 31, 23, 59, 59, 999999999, time.FixedZone("", 5*3600+2700)),
	} {
		ns, off, err := SplitTime(tc)
		if err != nil {
			t.Fatalf("%v: %v", tc, err)
		}
		got := JoinTime(ns, off)
		_, wantOff := tc.Zone()
		if _, gotOff := got.Zone(); !got.Equal(tc) || gotOff != wantOff || got.IsZero() != tc.IsZero() {
			t.Errorf("%v came back as %v", tc, got)
		}
	}
	for _, bad := range []time.Time{time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC)} {
		if _, _, err := SplitTime(bad); err == nil {
			t.Errorf("%v: no error for a time outside the int64 nanosecond range", bad)
		}
	}
}
