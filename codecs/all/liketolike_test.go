package all

import (
	"reflect"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// TestLikeForLike checks every codec's GeneratedTypes flag against what
// its instances do, on the first workload it binds among person, nested
// and bigfloat: a codec without the flag must take the canonical value as
// its prepared input and decode into the canonical type (it builds the
// user's own Go value, as the plain rows of every table must), and a
// codec with the flag must really stop at another type (or the flag
// would hide a like-for-like row).
func TestLikeForLike(t *testing.T) {
	var carriers []*workload.Workload
	for _, name := range []string{"person", "nested", "bigfloat"} {
		carriers = append(carriers, codectest.Workload(t, name))
	}
	checked := 0
	for _, c := range codec.All() {
		info := c.Info()
		if info.Reference != "" || info.API == codec.Parse {
			// The parse category (codec.Parse) decodes to the library's
			// own value tree by definition and is never in the
			// like-for-like tables; its package checks that it does.
			continue
		}
		var (
			inst codec.Instance
			w    *workload.Workload
		)
		for _, cw := range carriers {
			if i, ok := codectest.Bound(t, c, cw); ok {
				inst, w = i, cw
				break
			}
		}
		if inst == nil {
			continue
		}
		checked++
		v := w.Values(workload.Options{Count: 1})[0]
		want := reflect.PointerTo(w.Type)
		prepared, err := inst.Prepare(v)
		if err != nil {
			t.Errorf("%s on %s: prepare: %v", info.Name, w.Name, err)
			continue
		}
		data, err := inst.Encode(prepared)
		if err != nil {
			t.Errorf("%s on %s: encode: %v", info.Name, w.Name, err)
			continue
		}
		decoded, err := inst.Decode(append([]byte(nil), data...))
		if err != nil {
			t.Errorf("%s on %s: decode: %v", info.Name, w.Name, err)
			continue
		}
		canonical := reflect.TypeOf(prepared) == want && reflect.TypeOf(decoded) == want
		switch {
		case !info.Flags.GeneratedTypes && !canonical:
			t.Errorf("%s on %s: not flagged gen-types, but it prepares a %T and decodes a %T, not the canonical %v: "+
				"its timed calls skip the conversion a user pays, so its plain row would not compare like for like",
				info.Name, w.Name, prepared, decoded, want)
		case info.Flags.GeneratedTypes && canonical:
			t.Errorf("%s on %s: flagged gen-types, but it prepares and decodes the canonical %v", info.Name, w.Name, want)
		}
		if info.Flags.IncludesConversion && info.Flags.GeneratedTypes {
			t.Errorf("%s: flagged both convert and gen-types", info.Name)
		}
	}
	if checked < 40 {
		t.Fatalf("checked only %d codecs", checked)
	}
}
