package avro

import (
	"fmt"
	"math"
	"time"
)

// U64Name is the full Avro name of the record U64, the branch of the union
// Value that holds unsigned integers: the name under which hamba/avro must
// have the type U64 registered (API.Register) to encode and decode it in a
// field of type any, and the key of the branch in goavro's native form.
const U64Name = "serbench.U64"

// ZeroTimeUnixNano is the UnixNano field of the zero time.Time, whose Unix
// nanoseconds do not fit in an int64: the minimum long. The one instant
// whose UnixNano it is, 1677-09-21T00:12:43.145224192Z, cannot be written.
const ZeroTimeUnixNano = math.MinInt64

var (
	minTime = time.Unix(0, ZeroTimeUnixNano+1)
	maxTime = time.Unix(0, math.MaxInt64)
)

// SplitTime returns the two fields that hold a time.Time in the schemas
// (BirthDay of Person, T of TestStruc; schema/README.md): its Unix
// nanoseconds and its UTC offset in seconds east of UTC. The zero time.Time
// has ZeroTimeUnixNano. The error says which times cannot be written:
// those whose Unix nanoseconds do not fit in an int64 (before 1677-09-21
// or after 2262-04-11), other than the zero time, and offsets beyond an
// int32.
func SplitTime(t time.Time) (unixNano int64, offset int32, err error) {
	_, off := t.Zone()
	if int(int32(off)) != off {
		return 0, 0, fmt.Errorf("time %v: UTC offset %d s does not fit in an Avro int", t, off)
	}
	if t.IsZero() {
		return ZeroTimeUnixNano, int32(off), nil
	}
	if t.Before(minTime) || t.After(maxTime) {
		return 0, 0, fmt.Errorf("time %v: its Unix nanoseconds do not fit in an Avro long (times from %v to %v, and the zero time, can be written)",
			t, minTime.UTC(), maxTime.UTC())
	}
	return t.UnixNano(), int32(off), nil
}

// JoinTime returns the time.Time of the two fields that SplitTime returns:
// time.Unix(0, unixNano), or the zero time.Time for ZeroTimeUnixNano, in
// time.UTC when offset is 0 and in time.FixedZone("", offset) otherwise.
// The instant and the offset survive; the zone's name does not.
func JoinTime(unixNano int64, offset int32) time.Time {
	var t time.Time
	if unixNano != ZeroTimeUnixNano {
		t = time.Unix(0, unixNano)
	}
	if offset == 0 {
		if t.IsZero() {
			return t
		}
		return t.UTC()
	}
	return t.In(time.FixedZone("", int(offset)))
}
