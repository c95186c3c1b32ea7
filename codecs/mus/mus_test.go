package mus

import (
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "mus-go", "mus-go-unsafe") }

func TestChecks(t *testing.T) {
	codectest.Checks{BindsOnly: codectest.SchemaTypes, TruncatedFails: true}.Run(t)
}

func TestTimeMapping(t *testing.T) {
	times := []time.Time{
		{},
		time.Unix(0, 0).UTC(),
		time.Date(1900, 1, 1, 0, 0, 0, 1, time.UTC),
		time.Date(2099, 12, 31, 23, 59, 59, 999999999, time.FixedZone("NPT", 5*3600+2700)),
		time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.FixedZone("HST", -10*3600)),
	}
	for _, want := range times {
		bs := make([]byte, timeSer.Size(want))
		if n := timeSer.Marshal(want, bs); n != len(bs) {
			t.Errorf("%v: Marshal wrote %d bytes, Size said %d", want, n, len(bs))
		}
		got, n, err := timeSer.Unmarshal(bs)
		if err != nil || n != len(bs) {
			t.Errorf("%v: Unmarshal read %d of %d bytes: %v", want, n, len(bs), err)
			continue
		}
		_, wantOff := want.Zone()
		_, gotOff := got.Zone()
		if !got.Equal(want) || gotOff != wantOff || got.IsZero() != want.IsZero() {
			t.Errorf("time %v decoded as %v", want, got)
		}
	}
	err := codec.Call("marshal", func() error {
		timeSer.Marshal(time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC), make([]byte, 20))
		return nil
	})
	if err == nil {
		t.Errorf("Marshal of a time before 1678 did not panic")
	}
}
