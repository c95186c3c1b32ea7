package verify

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
)

type rec struct {
	Name  string
	When  time.Time
	Money float64
	Tags  map[string]string
	List  []int
	Big   *big.Float
}

func base() rec {
	return rec{
		Name:  "Zoë",
		When:  time.Date(2001, 2, 3, 4, 5, 6, 789012345, time.FixedZone("IST", 5*3600+1800)),
		Money: 1234.5678901234567,
		Tags:  map[string]string{},
		List:  []int{1, 2},
		Big:   big.NewFloat(1.5),
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mangle func(*rec)
		class  Class
		path   string
		loss   codec.Loss
	}{
		{"millis", func(r *rec) { r.When = r.When.Truncate(time.Millisecond) }, ClassTimePrecision, ".When",
			codec.Loss{Kind: codec.TimePrecision, Precision: time.Millisecond}},
		{"utc", func(r *rec) { r.When = r.When.UTC() }, ClassTimeZone, ".When", codec.Loss{Kind: codec.TimeZone}},
		{"nil map", func(r *rec) { r.Tags = nil }, ClassNilEmpty, ".Tags", codec.Loss{Kind: codec.NilEmpty}},
		{"float32", func(r *rec) { r.Money = float64(float32(r.Money)) }, ClassFloatPrecision, ".Money",
			codec.Loss{Kind: codec.FloatPrecision, Epsilon: 1e-7}},
		{"missing", func(r *rec) { r.Name = "" }, ClassMissingField, ".Name", codec.Loss{}},
		{"other", func(r *rec) { r.List[1] = 3 }, ClassOther, ".List[1]", codec.Loss{}},
		{"big", func(r *rec) { r.Big = big.NewFloat(2) }, ClassOther, ".Big", codec.Loss{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := base(), base()
			tc.mangle(&got)
			diffs := Compare(&want, &got, nil)
			if len(diffs) == 0 {
				t.Fatal("no difference found")
			}
			d := diffs[0]
			if d.Class != tc.class || d.Path != tc.path {
				t.Errorf("got %s at %s, want %s at %s (%s)", d.Class, d.Path, tc.class, tc.path, d)
			}
			if tc.loss.Kind != "" {
				if rest := Compare(&want, &got, []codec.Loss{tc.loss}); len(rest) != 0 {
					t.Errorf("declared %v did not accept: %v", tc.loss, rest)
				}
			}
		})
	}
}

func TestStrictTimeOffsets(t *testing.T) {
	a := time.Date(2001, 2, 3, 4, 5, 6, 0, time.FixedZone("EST", -5*3600))
	b := a.In(time.FixedZone("", -5*3600)) // same offset, no zone name
	if d := Compare(a, b, nil); len(d) != 0 {
		t.Errorf("same instant and offset differ: %v", d)
	}
	// Both precision and offset lost: two classes.
	c := a.Truncate(time.Second).Add(0).UTC()
	a2 := a.Add(123)
	d := Compare(a2, c, nil)
	if len(d) != 2 || d[0].Class != ClassTimePrecision || d[1].Class != ClassTimeZone {
		t.Errorf("want precision and zone, got %v", d)
	}
	if rest := Compare(a2, c, []codec.Loss{{Kind: codec.TimePrecision, Precision: time.Second}}); len(rest) == 0 {
		t.Error("precision loss alone accepted a zone change")
	}
}

func TestFloatMargin(t *testing.T) {
	if d := Compare(4.2e-5, 0.0, []codec.Loss{{Kind: codec.FloatPrecision, Margin: 5e-5}}); len(d) != 0 {
		t.Errorf("margin not applied: %v", d)
	}
	d := Compare(4.2e-7, 0.0, nil)
	if len(d) != 1 || d[0].Class != ClassFloatPrecision {
		t.Errorf("small absolute error not float precision: %v", d)
	}
	if d := Compare(1.0, 2.0, nil); d[0].Class != ClassOther || !strings.Contains(d[0].String(), "want 1") {
		t.Errorf("far-off float: %v", d)
	}
}
