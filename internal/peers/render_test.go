package peers

import (
	"math"
	"testing"
	"time"
)

func TestRender(t *testing.T) {
	type Embedded struct{ A int64 }
	type value struct {
		Embedded
		Big    int64
		Small  int
		U      uint64
		F      float64
		Whole  float64
		NegZ   float64
		NaN    float64
		F32    float32
		B      []byte
		NilB   []byte
		T      time.Time
		Zero   time.Time
		M      map[int]string
		NilM   map[string]int
		S      []string
		Any    any
		hidden int
	}
	v := value{
		Embedded: Embedded{A: 1},
		Big:      1<<53 + 1, Small: -3, U: math.MaxUint64, F: 0.1, Whole: 2, NegZ: math.Copysign(0, -1),
		NaN: math.NaN(), F32: 0.1, B: []byte{1, 2}, T: time.Date(2001, 2, 3, 4, 5, 6, 7, time.FixedZone("", 3600)),
		M: map[int]string{1: "a"}, S: []string{}, Any: int8(4), hidden: 9,
	}
	got, err := Render(&v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Any":4,"B":{"$bytes":"AQI="},"Big":"9007199254740993","Embedded":{"A":1},"F":0.1,"F32":{"$f32":0.10000000149011612},` +
		`"M":{"1":"a"},"NaN":{"$float":"NaN"},"NegZ":-0.0,"NilB":null,"NilM":null,"S":[],"Small":-3,` +
		`"T":{"$time":"2001-02-03T04:05:06.000000007+01:00","nanos":7,"offset":3600,"unix":981169506,"unix_nano":"981169506000000007"},` +
		`"U":"18446744073709551615","Whole":2.0,` +
		`"Zero":{"$time":"0001-01-01T00:00:00Z","nanos":0,"offset":0,"unix":-62135596800,"unix_nano":null}}`
	if string(got) != want {
		t.Errorf("Render:\n got %s\nwant %s", got, want)
	}
}
