package schema

import (
	"fmt"
	"math"
	"time"
)

// ZeroTimeUnixNano stands for the zero time.Time in the Unix-nanosecond
// field of the time mapping (README.md): the zero time (year 1) is far
// outside the int64 range of UnixNano, and math.MinInt64 nanoseconds
// (1677-09-21T00:12:43.145224192Z) is the one instant of that range the
// mapping gives up for it.
const ZeroTimeUnixNano = math.MinInt64

// SplitTime returns the two fields of the time mapping of t: Unix
// nanoseconds and UTC offset in seconds. It fails for a time whose Unix
// nanoseconds do not fit an int64 (before 1677-09-21 or after 2262-04-11),
// except the zero time.
func SplitTime(t time.Time) (nanos int64, offset int32, err error) {
	if t.IsZero() {
		return ZeroTimeUnixNano, 0, nil
	}
	_, off := t.Zone()
	nanos = t.UnixNano()
	if sec := t.Unix(); sec <= math.MinInt64/1_000_000_000 || sec >= math.MaxInt64/1_000_000_000 {
		// At the edges of the range: check exactly.
		if !time.Unix(0, nanos).Equal(t) || nanos == ZeroTimeUnixNano {
			return 0, 0, fmt.Errorf("time %s has no int64 Unix nanoseconds (the schemas' time mapping)", t.Format(time.RFC3339Nano))
		}
	}
	return nanos, int32(off), nil
}

// JoinTime returns the time of the mapping's two fields: the zero time for
// ZeroTimeUnixNano, else the instant in time.UTC for offset 0 and in a
// fixed zone with no name otherwise.
func JoinTime(nanos int64, offset int32) time.Time {
	if nanos == ZeroTimeUnixNano {
		return time.Time{}
	}
	t := time.Unix(0, nanos)
	if offset == 0 {
		return t.UTC()
	}
	return t.In(time.FixedZone("", int(offset)))
}
